// The `tidb-lab` CLI as a package of its own: scripts/packCli.mjs packs tidb-lab-cli-<version>.tgz
// from the built bundles, `npm install --offline` puts it into a clean temporary prefix (it has no
// dependencies, so nothing is fetched), and the installed `tidb-lab` prints its version and runs a
// short benchmark against the local MariaDB, the password coming from MYSQL_PWD. A runtime file
// left out of the package (the benchmark worker, say) fails the run here. Needs `npm run build`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { db, dropDatabase, freshDatabase, runProcess } from '../bench/support/benchFixtures';
import { repoRoot } from '../../support/fixtureFolders';

const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
const work = mkdtempSync(join(tmpdir(), 'tidb-lab-cli-package-'));
const prefix = join(work, 'prefix');
const installedBin = join(prefix, 'node_modules', '.bin', 'tidb-lab');
// the installed bin starts with `#!/usr/bin/env node`: the node running the tests comes first on PATH
const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`, MYSQL_PWD: db.password };
let database: string;
let tarball: string;

function tidbLab(args: string[]) {
  return runProcess(installedBin, args, { env, timeoutMs: 120_000 });
}

const connection = () => [`--mysql-host=${db.host}`, `--mysql-port=${db.port}`, `--mysql-user=${db.user}`, `--mysql-db=${database}`];

before(async () => {
  assert.ok(existsSync(join(repoRoot, 'dist', 'cli.js')), 'dist/cli.js is missing: run `npm run build`');
  execFileSync(process.execPath, [join(repoRoot, 'scripts', 'packCli.mjs'), '--out', work], { encoding: 'utf8' });
  const packed = readdirSync(work).filter((name) => /^tidb-lab-cli-.*\.tgz$/.test(name));
  assert.deepEqual(packed, [`tidb-lab-cli-${version}.tgz`]);
  tarball = join(work, packed[0]);
  execFileSync('npm', ['install', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], {
    encoding: 'utf8',
    env: { ...env, npm_config_update_notifier: 'false' },
  });
  database = await freshDatabase('clipackage');
});

after(async () => {
  if (database) await dropDatabase(database);
  rmSync(work, { recursive: true, force: true });
});

test('the package is tidb-lab-cli with a tidb-lab bin, Node 20 or later, no dependencies and only the runtime files', () => {
  const installed = join(prefix, 'node_modules', 'tidb-lab-cli');
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
  assert.equal(manifest.name, 'tidb-lab-cli');
  assert.equal(manifest.version, version);
  assert.deepEqual(manifest.bin, { 'tidb-lab': 'dist/cli.js' });
  assert.deepEqual(manifest.engines, { node: '>=20' });
  assert.equal(manifest.dependencies, undefined);
  assert.deepEqual(readdirSync(join(prefix, 'node_modules')).sort(), ['.bin', '.package-lock.json', 'tidb-lab-cli']);
  const listing = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();
  assert.deepEqual(listing, [
    'package/LICENSE',
    'package/README.md',
    'package/THIRD-PARTY-NOTICES.txt',
    'package/dist/benchWorker.js',
    'package/dist/cli.js',
    'package/package.json',
  ]);
});

test('the installed tidb-lab prints its version', async () => {
  const outcome = await tidbLab(['--version']);
  assert.equal(outcome.code, 0, outcome.stderr);
  assert.equal(outcome.stdout, `tidb-lab ${version}\n`);
});

test('the installed tidb-lab prepares, runs a short benchmark and cleans up on MariaDB (password from MYSQL_PWD)', async () => {
  const common = ['bench', ...connection(), '--engine=builtin', '--tables=1', '--table-size=200'];
  const prepared = await tidbLab([...common, 'oltp_point_select', 'prepare']);
  assert.equal(prepared.code, 0, prepared.stderr);
  const run = await tidbLab([...common, '--threads=2', '--time=2', '--report-interval=1', 'oltp_point_select', 'run']);
  assert.equal(run.code, 0, run.stderr);
  const transactions = /transactions:\s+(\d+)/.exec(run.stdout);
  assert.ok(transactions, run.stdout);
  assert.ok(Number(transactions[1]) > 0, run.stdout);
  assert.ok(!`${run.stdout}${run.stderr}`.includes(db.password), 'the password is not printed');
  const cleaned = await tidbLab([...common, 'oltp_point_select', 'cleanup']);
  assert.equal(cleaned.code, 0, cleaned.stderr);
});
