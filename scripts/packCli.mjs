// Packs the `tidb-lab` command-line tool as an npm package of its own (tidb-lab-cli-<version>.tgz):
// its manifest is written into a staging folder with only what the CLI loads when it runs (the
// bundle dist/cli.js and the benchmark worker dist/benchWorker.js it starts beside itself), the
// license and the third-party notices. esbuild bundles mysql2 and every other dependency, so the
// package has none: `npm install -g ./tidb-lab-cli-*.tgz` needs no network.
// Usage: node scripts/packCli.mjs [--out DIR] (default dist-cli/), after `npm run build`.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What the installed CLI needs at run time, as [file in the repository, file in the package]. */
export const CLI_PACKAGE_FILES = [
  ['dist/cli.js', 'dist/cli.js'],
  ['dist/benchWorker.js', 'dist/benchWorker.js'],
  ['dist/THIRD-PARTY-NOTICES.txt', 'THIRD-PARTY-NOTICES.txt'],
  ['LICENSE', 'LICENSE'],
];

/** The CLI package's manifest, from the extension's package.json (same version, license and addresses). */
export function cliManifest(extensionManifest) {
  const { version, license, repository, bugs, homepage } = extensionManifest;
  return {
    name: 'tidb-lab-cli',
    version,
    description:
      "TiDB Lab's command line: sysbench-compatible benchmarks, go-tpc's TPC-C and CH, EXPLAIN ANALYZE summaries and top statements for TiDB, MySQL and MariaDB.",
    license,
    ...(repository ? { repository } : {}),
    ...(bugs ? { bugs } : {}),
    ...(homepage ? { homepage } : {}),
    keywords: ['tidb', 'mysql', 'mariadb', 'benchmark', 'sysbench', 'tpc-c', 'cli'],
    bin: { 'tidb-lab': 'dist/cli.js' },
    engines: { node: '>=20' },
    files: CLI_PACKAGE_FILES.map(([, packaged]) => packaged).concat('README.md'),
  };
}

const README = `# tidb-lab-cli

The \`tidb-lab\` command line of TiDB Lab, for a load machine with Node.js 20 or later:

    npm install -g ./tidb-lab-cli-*.tgz
    tidb-lab --help

The password may come from \`MYSQL_PWD\` instead of \`--mysql-password\`.
`;

function main(argv) {
  const outIndex = argv.indexOf('--out');
  const outDir = resolve(outIndex >= 0 ? argv[outIndex + 1] : join(repoRoot, 'dist-cli'));
  const missing = CLI_PACKAGE_FILES.map(([source]) => source).filter((source) => !existsSync(join(repoRoot, source)));
  if (missing.length > 0) {
    console.error(`packCli: missing ${missing.join(', ')} (run \`npm run build\` first)`);
    process.exit(1);
  }
  const manifest = cliManifest(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')));
  const staging = join(outDir, 'staging');
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(join(staging, 'dist'), { recursive: true });
  for (const [source, packaged] of CLI_PACKAGE_FILES) copyFileSync(join(repoRoot, source), join(staging, packaged));
  writeFileSync(join(staging, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(staging, 'README.md'), README);
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', outDir], {
      cwd: staging,
      encoding: 'utf8',
      env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' },
    }),
  );
  rmSync(staging, { recursive: true, force: true });
  const tarball = join(outDir, packed[0].filename);
  console.log(`${tarball}: ${packed[0].files.map((file) => file.path).join(', ')}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
