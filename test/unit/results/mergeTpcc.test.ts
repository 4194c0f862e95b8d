// `tidb-lab bench merge` of TPC-C runs: one run's transactions split between two "machines" (its
// histograms and its intervals split in two) merge back to that run's numbers: counts, errors and
// rollbacks, tpmC, tpmTotal and efficiency, each transaction's percentiles, tpmC over time.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runBenchCommand, type BenchCommandIo } from '../../../src/cli/benchCommand';
import type { ResultInterval, RunResult, TpccTransactionNumbers } from '../../../src/core/results/benchmarkResult';
import { mergeRuns } from '../../../src/core/results/mergeRuns';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import { intervalTpmC, tpccFiguresOf } from '../../../src/core/results/tpccFigures';
import { tpccEvents, tpccRunOf, type TpccEvent } from './support/tpccRuns';

const START = '2026-12-01T18:00:00.000Z';
const SECONDS = 20;

/** Event i happened in second (i mod 20) + 1: each second's rates by operation, as runTpcc reports them. */
function intervalsOf(events: readonly { event: TpccEvent; second: number }[]): ResultInterval[] {
  return Array.from({ length: SECONDS }, (_, index) => {
    const inSecond = events.filter((entry) => entry.second === index + 1).map((entry) => entry.event);
    const operations: Record<string, number> = {};
    for (const event of inSecond) operations[event.name] = (operations[event.name] ?? 0) + 1;
    const ok = inSecond.filter((event) => !event.name.endsWith('_ERR')).length;
    return {
      t: index + 1,
      threads: 4,
      tps: ok,
      qps: ok * 10,
      reads: ok * 6,
      writes: ok * 2,
      others: ok * 2,
      errors: inSecond.length - ok,
      reconnects: 0,
      latencyMs: { p95: null },
      operations,
    };
  });
}

function runOf(entries: readonly { event: TpccEvent; second: number }[], rollbacks: number): RunResult {
  return tpccRunOf(
    entries.map((entry) => entry.event),
    { warehouses: 4, threads: 4, durationSec: SECONDS, startTime: START, rollbacks, intervals: intervalsOf(entries) },
  );
}

const close = (actual: number | null | undefined, expected: number | null | undefined, what: string) =>
  assert.ok(
    typeof actual === 'number' && typeof expected === 'number' && Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)),
    `${what}: ${String(actual)} vs ${String(expected)}`,
  );

describe('merge of TPC-C runs', () => {
  const entries = tpccEvents(8_000, 11).map((event, index) => ({ event, second: (index % SECONDS) + 1 }));
  const whole = runOf(entries, 37);
  // one machine got the slow transactions, the other the fast ones: neither's percentiles are the run's
  const a = runOf(
    entries.filter((entry) => entry.event.ms < 500),
    15,
  );
  const b = runOf(
    entries.filter((entry) => entry.event.ms >= 500),
    22,
  );
  const merged = mergeRuns([
    { result: a, file: 'a.json' },
    { result: b, file: 'b.json' },
  ]);

  test("a run split in two merges back to its counts, tpmC and every transaction's percentiles", () => {
    const tpcc = merged.tpcc;
    assert.ok(tpcc !== undefined, 'the merged run keeps its tpcc summary');
    const expected = whole.tpcc!;
    assert.equal(tpcc.warehouses, 4);
    close(tpcc.tpmC, expected.tpmC, 'tpmC');
    close(tpcc.tpmTotal, expected.tpmTotal, 'tpmTotal');
    close(tpcc.efficiency, expected.efficiency, 'efficiency');
    for (const [name, numbers] of Object.entries(expected.transactions)) {
      const got: TpccTransactionNumbers = tpcc.transactions[name];
      assert.equal(got.count, numbers.count, `${name} count`);
      assert.equal(got.errors, numbers.errors, `${name} errors`);
      assert.equal(got.rollbacks, numbers.rollbacks, `${name} rollbacks`);
      close(got.tpm, numbers.tpm, `${name} tpm`);
      assert.deepEqual(got.latencyMs, numbers.latencyMs, `${name} latencies`);
    }
    assert.ok(expected.transactions.new_order.count > 1000 && expected.transactions.new_order.errors > 0);
    for (const key of ['p50', 'p95', 'p99'] as const)
      assert.notEqual(a.tpcc!.transactions.payment.latencyMs[key], expected.transactions.payment.latencyMs[key]);
    // the run's latency is New-Order's, merged exactly too
    assert.deepEqual(merged.summary.latencyMs, whole.summary.latencyMs);
    // go-tpc's headline labels and the per-operation labels read back to the same figures
    const figures = tpccFiguresOf(merged);
    const wholeFigures = tpccFiguresOf(whole);
    close(figures.tpmC, wholeFigures.tpmC, 'tpmC label');
    close(figures.efficiencyPct, wholeFigures.efficiencyPct, 'efficiency label');
    assert.equal(merged.labels?.['NEW_ORDER.count'], whole.labels?.['NEW_ORDER.count']);
    assert.equal(merged.labels?.['PAYMENT_ERR.count'], whole.labels?.['PAYMENT_ERR.count']);
  });

  test("the intervals' rates by transaction are summed: tpmC over time is the run's", () => {
    assert.equal(merged.intervals.length, whole.intervals.length);
    merged.intervals.forEach((interval, index) => {
      const expected = whole.intervals[index];
      assert.equal(interval.t, expected.t);
      assert.equal(interval.tps, expected.tps);
      assert.equal(intervalTpmC(interval), intervalTpmC(expected));
      assert.deepEqual(Object.entries(interval.operations ?? {}).sort(), Object.entries(expected.operations ?? {}).sort());
    });
  });

  test('the merged result reads back, and the command prints its tpmC and transactions', () => {
    const parsed = parseBenchmarkResult(JSON.parse(JSON.stringify(merged)));
    assert.ok(parsed.ok, parsed.ok ? '' : parsed.errors.join('; '));
    const out: string[] = [];
    const files: Record<string, string> = { 'a.json': JSON.stringify(a), 'b.json': JSON.stringify(b) };
    const io = {
      stdout: (text: string) => out.push(text),
      stderr: (text: string) => out.push(text),
      readFile: (path: string) => files[path],
      writeFile: () => undefined,
      fileModifiedTime: () => undefined,
      env: {},
      onInterrupt: () => () => undefined,
      exit: () => undefined,
    } as unknown as BenchCommandIo;
    return runBenchCommand(['merge', 'a.json', 'b.json'], io).then((code) => {
      assert.equal(code, 0, out.join(''));
      const text = out.join('');
      assert.match(text, new RegExp(`tpmC: ${whole.tpcc!.tpmC.toFixed(1)}, tpmTotal: ${whole.tpcc!.tpmTotal.toFixed(1)}`));
      assert.match(text, new RegExp(`transactions: new_order ${whole.tpcc!.transactions.new_order.count}, payment `));
    });
  });
});
