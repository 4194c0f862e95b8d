// `tidb-lab bench tpcc` against the local MariaDB: prepare loads one warehouse as go-tpc does (row
// counts per table) and its check passes; a run's transactions, as the result counts them, are the
// ones the server saw (its general log for the prepared statements, performance_schema's digests for
// START TRANSACTION / COMMIT / ROLLBACK); check passes after the run; the go-tpc lines it prints
// import back to the same numbers; cleanup drops the tables.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  adminConnection,
  connectionArgs,
  dropDatabase,
  freshDatabase,
  query,
  runProcess,
  waitForNoConnections,
} from './support/benchFixtures';
import { waitFor } from '../../support/serverStatements';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import { importBenchmarkLog } from '../../../src/core/results/importers/importBenchmarkLog';
import type { RunResult } from '../../../src/core/results/benchmarkResult';
import { assertClientLineLast, assertClientMeasuredOnMainThread } from './support/mainThreadClient';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
const work = mkdtempSync(join(tmpdir(), 'tidblab-tpcc-'));
let database: string;

const LOAD_TIMEOUT_MS = 15 * 60_000;
const bench = (args: string[], timeoutMs = 5 * 60_000) => runProcess(process.execPath, [CLI, 'bench', ...args], { timeoutMs });

/** Each transaction's first statement: the server's count of it is the count of that transaction. */
const SIGNATURES: Record<string, string> = {
  new_order: 'SELECT c_discount, c_last, c_credit, w_tax FROM customer, warehouse %',
  payment: 'UPDATE district SET d_ytd = d_ytd + %',
  order_status: 'SELECT o_id, o_carrier_id, o_entry_d FROM orders %',
  delivery: 'DELETE FROM new_order WHERE (no_w_id, no_d_id, no_o_id) IN (%',
  stock_level: 'SELECT d_next_o_id FROM district WHERE %',
};

/** Turns the general log on (to its table) for `work`, then puts the server's settings back; returns the log's rows of the time. */
async function withGeneralLog(work: () => Promise<void>): Promise<Array<{ command: string; text: string }>> {
  const admin = await adminConnection();
  try {
    const [[settings]] = (await admin.query(
      'SELECT @@GLOBAL.general_log AS enabled, @@GLOBAL.log_output AS output, NOW(6) AS since',
    )) as unknown as [[{ enabled: number; output: string; since: string }]];
    await admin.query("SET GLOBAL log_output = 'TABLE'");
    await admin.query('SET GLOBAL general_log = ON');
    try {
      await work();
    } finally {
      await admin.query('SET GLOBAL general_log = ?', [Number(settings.enabled) === 1 ? 'ON' : 'OFF']);
      await admin.query('SET GLOBAL log_output = ?', [settings.output]);
    }
    const [rows] = (await admin.query(
      "SELECT command_type AS command, CONVERT(argument USING utf8mb4) AS text FROM mysql.general_log WHERE event_time >= ? AND command_type IN ('Execute', 'Query')",
      [settings.since],
    )) as unknown as [Array<{ command: string; text: string }>];
    return rows;
  } finally {
    await admin.end();
  }
}

function like(text: string, pattern: string): boolean {
  const regex = new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%/g, '[\\s\\S]*')}$`);
  return regex.test(text);
}

async function digestCount(statement: string): Promise<number> {
  const rows = await query<{ n: number }>(
    database,
    'SELECT COALESCE(SUM(COUNT_STAR), 0) AS n FROM performance_schema.events_statements_summary_by_digest WHERE SCHEMA_NAME = ? AND DIGEST_TEXT = ?',
    [database, statement],
  );
  return Number(rows[0].n);
}

async function tableRows(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['item', 'warehouse', 'district', 'customer', 'history', 'orders', 'new_order', 'order_line', 'stock']) {
    const [{ n }] = await query<{ n: number }>(database, `SELECT COUNT(*) AS n FROM \`${table}\``);
    counts[table] = Number(n);
  }
  return counts;
}

before(async () => {
  database = await freshDatabase('tpcc');
});

after(async () => {
  await dropDatabase(database);
  rmSync(work, { recursive: true, force: true });
});

describe('tidb-lab bench tpcc', () => {
  test('prepare loads one warehouse as go-tpc does, with parallel load threads, and checks it', { timeout: LOAD_TIMEOUT_MS }, async () => {
    const outcome = await bench(['tpcc', '--warehouses=1', '--threads=4', ...connectionArgs(database), 'prepare'], LOAD_TIMEOUT_MS);
    assert.equal(outcome.code, 0, outcome.stderr + outcome.stdout.slice(-2000));
    assert.match(outcome.stdout, /^# tidb-lab bench tpcc /);
    assert.match(outcome.stdout, /\ncreating table warehouse\n/);
    assert.match(outcome.stdout, /\nload to item\n/);
    assert.match(outcome.stdout, /\nload to order_line in warehouse 1 district 10\n/);
    assert.match(outcome.stdout, /begin to check warehouse 1 at condition 3\.3\.2\.11\n/);
    assert.doesNotMatch(outcome.stdout, /failed/);
    const counts = await tableRows();
    const [{ line_count: lineCount }] = await query<{ line_count: number }>(database, 'SELECT SUM(o_ol_cnt) AS line_count FROM orders');
    assert.deepEqual(
      { ...counts, order_line: counts.order_line === Number(lineCount) },
      {
        item: 100_000,
        warehouse: 1,
        district: 10,
        customer: 30_000,
        history: 30_000,
        orders: 30_000,
        new_order: 9_000,
        order_line: true,
        stock: 100_000,
      },
    );
    assert.ok(counts.order_line >= 150_000 && counts.order_line <= 450_000, String(counts.order_line));
    const [{ named }] = await query<{ named: number }>(
      database,
      "SELECT COUNT(*) AS named FROM customer WHERE c_id <= 1000 AND c_last = 'PRICALLYOUGHT' AND c_id = 372",
    );
    assert.equal(Number(named), 10, 'the first 1,000 customers of each district are named after their number (spec 4.3.3.1)');
  });

  test(
    'run --count on one thread: the transactions and statements the server saw are the ones counted, and check passes',
    { timeout: LOAD_TIMEOUT_MS },
    async () => {
      const out = join(work, 'run.json');
      const transactionsBefore = await digestCount('START TRANSACTION');
      const commitsBefore = await digestCount('COMMIT');
      const rollbacksBefore = await digestCount('ROLLBACK');
      let outcome = { code: null as number | null, stdout: '', stderr: '' };
      const log = await withGeneralLog(async () => {
        outcome = await bench([
          'tpcc',
          '--warehouses=1',
          '--threads=1',
          '--count=400',
          '--interval=1s',
          ...connectionArgs(database),
          `--out=${out}`,
          'run',
        ]);
      });
      assert.equal(outcome.code, 0, outcome.stderr);
      const parsed = parseBenchmarkResult(readFileSync(out, 'utf8'));
      assert.ok(parsed.ok, JSON.stringify(parsed));
      const result = parsed.result as RunResult;
      assert.equal(result.workload, 'tpcc');
      assert.equal(result.status, 'completed');
      assert.equal(result.summary.events, 400);
      assert.equal(result.summary.errors, 0);
      assert.ok(result.intervals.length > 0);
      assert.ok(
        result.intervals.every((interval) => interval.operations !== undefined && 'NEW_ORDER' in interval.operations),
        'each interval keeps the rate of each transaction (tpmC over time)',
      );
      const tpcc = result.tpcc!;
      const counted = Object.fromEntries(Object.entries(tpcc.transactions).map(([name, n]) => [name, n.count]));
      assert.equal(
        Object.values(counted).reduce((sum, n) => sum + n, 0),
        400,
      );

      const executed = log.filter((row) => row.command === 'Execute').map((row) => row.text);
      const seen = Object.fromEntries(
        Object.entries(SIGNATURES).map(([name, pattern]) => [name, executed.filter((text) => like(text, pattern)).length]),
      );
      assert.deepEqual(seen, counted, 'each transaction as often as the server ran its first statement');
      assert.equal(executed.length, result.summary.reads + result.summary.writes, 'every prepared statement counted as a read or a write');
      for (const [name, share] of [
        ['new_order', 0.45],
        ['payment', 0.43],
      ] as const)
        assert.ok(Math.abs(counted[name] / 400 - share) < 0.1, `${name}: ${counted[name]} of 400`);
      assert.ok(counted.new_order > 0 && counted.payment > 0);

      const rollbacks = (await digestCount('ROLLBACK')) - rollbacksBefore;
      assert.equal((await digestCount('START TRANSACTION')) - transactionsBefore, 400);
      assert.equal((await digestCount('COMMIT')) - commitsBefore, 400 - rollbacks);
      assert.equal(tpcc.transactions.new_order.rollbacks, rollbacks, "New-Order's deliberate rollbacks, as the server saw them");
      assert.equal(result.summary.others, 400 + 400, 'START TRANSACTION and COMMIT or ROLLBACK per transaction');
      assert.ok(Math.abs(tpcc.tpmC - (counted.new_order / result.durationSec) * 60) < 1e-6 * tpcc.tpmC + 1e-9);
      assert.ok(Math.abs(tpcc.efficiency - (100 * tpcc.tpmC) / 12.86) < 1e-6 * tpcc.efficiency + 1e-9);

      // the client measured as a sysbench workload's run measures it, and said after go-tpc's summary
      assertClientMeasuredOnMainThread(result);
      assert.match(
        outcome.stdout,
        /\ntpmC: [\d.]+, tpmTotal: [\d.]+, efficiency: [\d.]+%\nClient: \d+% of \d+ cores?, event loop busy \d+%.*(limit)/,
      );
      assertClientLineLast(outcome.stdout);

      // the printed go-tpc lines read back to the result's numbers
      assert.match(outcome.stdout, /\nFinished\n\[Summary\] DELIVERY - Takes\(s\): /);
      assert.match(outcome.stdout, /\ntpmC: [\d.]+, tpmTotal: [\d.]+, efficiency: [\d.]+%\n/);
      const imported = importBenchmarkLog(outcome.stdout, 'tpcc.log');
      assert.equal(imported.format, 'go-tpc');
      const run = imported.results[0] as RunResult;
      assert.equal(run.workload, 'tpcc');
      assert.equal(run.summary.events, 400);
      assert.equal(run.labels?.tpmC, Number(tpcc.tpmC.toFixed(1)));
      assert.equal(run.labels?.efficiency_pct, Number(tpcc.efficiency.toFixed(1)));
      for (const [name, numbers] of Object.entries(tpcc.transactions)) {
        const op = name.toUpperCase();
        if (numbers.count === 0) continue;
        assert.equal(run.labels?.[`${op}.count`], numbers.count, op);
        assert.equal(run.labels?.[`${op}.p99_ms`], Number(Number(result.labels?.[`${op}.p99_ms`]).toFixed(1)), op);
      }

      const check = await bench(['tpcc', '--warehouses=1', ...connectionArgs(database), 'check']);
      assert.equal(check.code, 0, check.stdout + check.stderr);
      assert.match(check.stdout, /begin to check warehouse 1 at condition 3\.3\.2\.12\n/);
      assert.doesNotMatch(check.stdout, /3\.3\.2\.11/, 'condition 11 only with --check-all');
      const checkAll = await bench(['tpcc', '--warehouses=1', '--check-all', ...connectionArgs(database), '--json', 'check']);
      assert.equal(checkAll.code, 1, 'orders were added and delivered: 3.3.2.11 no longer holds');
      const failures = (JSON.parse(checkAll.stdout) as { failures: Array<{ condition: string }> }).failures.map((f) => f.condition);
      assert.deepEqual(failures, ['3.3.2.11']);
    },
  );

  test(
    'Ctrl-C during a run: the summary of what ran is printed, --out holds the partial result marked cancelled, exit code 130',
    { timeout: LOAD_TIMEOUT_MS },
    async () => {
      const out = join(work, 'interrupted.json');
      let pid = 0;
      let stdout = '';
      let exited = false;
      const running = runProcess(
        process.execPath,
        [
          CLI,
          'bench',
          'tpcc',
          '--warehouses=1',
          '--threads=2',
          '--time=10m',
          '--interval=1s',
          ...connectionArgs(database),
          `--out=${out}`,
          'run',
        ],
        { timeoutMs: LOAD_TIMEOUT_MS, onStart: (started) => (pid = started), onStdout: (soFar) => (stdout = soFar) },
      );
      void running.then(() => (exited = true));
      await waitFor(
        'an interval with New-Orders',
        async () => {
          assert.ok(!exited, `the run ended before it was interrupted: ${stdout}`);
          return /\[Current\] NEW_ORDER - Takes\(s\): [\d.]+, Count: [1-9]/.test(stdout) ? true : undefined;
        },
        120_000,
      );
      process.kill(pid, 'SIGINT');
      const outcome = await running;
      assert.equal(outcome.code, 130, outcome.stderr);
      assert.match(outcome.stderr, /Interrupted \(SIGINT\)/);
      assert.match(outcome.stdout, /\nFinished\n\[Summary\] /);
      assert.match(outcome.stdout, /\ntpmC: [\d.]+, tpmTotal: [\d.]+, efficiency: [\d.]+%\n/);
      const parsed = parseBenchmarkResult(readFileSync(out, 'utf8'));
      assert.ok(parsed.ok, JSON.stringify(parsed));
      const result = parsed.result as RunResult;
      assert.equal(result.status, 'cancelled');
      assert.ok(result.durationSec < 600, 'stopped before --time');
      const counted = Object.values(result.tpcc!.transactions).reduce((sum, n) => sum + n.count, 0);
      assert.ok(counted > 0 && counted === result.summary.events, `${counted} transactions counted, ${result.summary.events} events`);
      const imported = importBenchmarkLog(outcome.stdout, 'interrupted.log').results[0] as RunResult;
      assert.equal(imported.summary.events, result.summary.events, 'the printed summary is the partial result');
      assert.equal(await waitForNoConnections(database), 0);
    },
  );

  test('cleanup drops the tables', { timeout: LOAD_TIMEOUT_MS }, async () => {
    const outcome = await bench(['tpcc', ...connectionArgs(database), 'cleanup']);
    assert.equal(outcome.code, 0, outcome.stderr);
    const [{ n }] = await query<{ n: number }>(database, 'SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?', [
      database,
    ]);
    assert.equal(Number(n), 0);
  });
});
