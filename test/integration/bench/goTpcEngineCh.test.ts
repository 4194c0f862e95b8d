// `tidb-lab bench ch --engine=go-tpc run`: the installed go-tpc runs CH-benCHmark (its TPC-C threads
// and its analytical thread) on data TiDB Lab's `ch prepare` loaded; its lines are printed as it
// prints them and --out holds the go-tpc log importer's result of them (source.engine go-tpc, the
// workload ch, go-tpc's QphH). An AP host of its own needs the built-in engine, and says so.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { connectionArgs, db, dropDatabase, runProcess } from './support/benchFixtures';
import { preparedGoTpcDatabase } from './support/detachedGoTpc';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import type { RunResult } from '../../../src/core/results/benchmarkResult';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
const GO_TPC = process.env.TIDB_LAB_GO_TPC ?? '/var/cache/tidb-lab-tools/go-tpc-v1.0.12/go-tpc';
const missing = existsSync(GO_TPC) ? undefined : `go-tpc not found at ${GO_TPC} (set TIDB_LAB_GO_TPC or run scripts/install-go-tpc.sh)`;
if (missing !== undefined && process.env.CI) throw new Error(missing);

const work = mkdtempSync(join(tmpdir(), 'tidblab-gotpc-ch-'));
let database: string;

before(async () => {
  if (missing === undefined) database = await preparedGoTpcDatabase('ch', 'gotpc_cli_ch');
});

after(async () => {
  rmSync(work, { recursive: true, force: true });
  if (database !== undefined) await dropDatabase(database);
});

const ch = (args: string[]) =>
  runProcess(process.execPath, [CLI, 'bench', 'ch', ...connectionArgs(database), ...args], {
    env: { ...process.env, MYSQL_PWD: db.password },
    timeoutMs: 5 * 60_000,
  });

describe('bench ch --engine=go-tpc', { skip: missing ?? false }, () => {
  test("runs go-tpc's ch: its lines printed, --out the importer's result with go-tpc's QphH", async () => {
    const out = join(work, 'ch.json');
    const outcome = await ch([
      '--engine=go-tpc',
      `--go-tpc=${GO_TPC}`,
      '--warehouses=1',
      '--threads=1',
      '--acThreads=1',
      '--queries=q1,q6',
      '--time=8s',
      '--interval=2s',
      `--out=${out}`,
      'run',
    ]);
    assert.equal(outcome.code, 0, outcome.stderr);
    assert.match(outcome.stdout, /^Engine: go-tpc 1\.0\.12 /m);
    assert.match(outcome.stdout, /^\[Summary\] NEW_ORDER - Takes\(s\):/m);
    const qphH = /^QphH: ([\d.]+)/m.exec(outcome.stdout);
    assert.ok(qphH, `go-tpc printed a QphH line:\n${outcome.stdout.slice(-800)}`);
    const parsed = parseBenchmarkResult(readFileSync(out, 'utf8'));
    assert.ok(parsed.ok, parsed.ok ? '' : parsed.errors.join('; '));
    const result = parsed.result as RunResult;
    assert.equal(result.source.engine, 'go-tpc');
    assert.equal(result.workload, 'ch');
    assert.equal(result.status, 'completed');
    assert.equal(result.labels?.qphH, Number(qphH[1]), 'the stored QphH is the one go-tpc printed');
  });

  test('an AP host of its own needs the built-in engine, said before anything runs', async () => {
    const outcome = await ch(['--engine=go-tpc', `--go-tpc=${GO_TPC}`, '--warehouses=1', '--ap-host=127.0.0.1', '--time=2s', 'run']);
    assert.notEqual(outcome.code, 0);
    assert.match(
      outcome.stderr,
      /The go-tpc engine runs the analytical queries where TPC-C runs: --ap-host and --ap-port need the built-in engine/,
    );
    assert.doesNotMatch(outcome.stdout, /^Engine: go-tpc/m);
  });
});
