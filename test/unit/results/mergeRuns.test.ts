// tidb-lab bench merge: one benchmark run on several load machines, as one result.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LatencyRecorder } from '../../../src/core/bench/latencyHistogram';
import type { ResultInterval, RunResult } from '../../../src/core/results/benchmarkResult';
import { mergeRuns, MergeError } from '../../../src/core/results/mergeRuns';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import { importBenchmarkLog } from '../../../src/core/results/importers/importBenchmarkLog';

/** Latencies that add up exactly in binary (quarter milliseconds), so sums do not depend on order. */
function latencies(count: number, seed: number): number[] {
  let x = seed;
  return Array.from({ length: count }, () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return 0.25 * (1 + (x % 4000));
  });
}

function interval(t: number, tps: number, latency: { min: number; avg: number; max: number }): ResultInterval {
  return {
    t,
    threads: 4,
    tps,
    qps: tps * 2,
    reads: tps,
    writes: tps,
    others: 0,
    errors: 0,
    reconnects: 0,
    latencyMs: { ...latency, p95: latency.max },
  };
}

function run(values: number[], startTime: string, intervals: ResultInterval[], overrides: Partial<RunResult> = {}): RunResult {
  const recorder = new LatencyRecorder();
  for (const value of values) recorder.record(value);
  const durationSec = 10;
  return {
    kind: 'run',
    schemaVersion: 1,
    id: `run-${startTime}-${values.length}`,
    source: { tool: 'tidb-lab', toolVersion: '0.1.0', engine: 'builtin' },
    workload: 'oltp_point_select',
    options: { threads: 4, time: 10, report_interval: 1, mysql_host: 'a', table_size: 1000 },
    startTime,
    durationSec,
    intervals,
    summary: {
      events: values.length,
      queries: values.length * 2,
      reads: values.length,
      writes: values.length,
      others: 0,
      tps: values.length / durationSec,
      qps: (values.length * 2) / durationSec,
      errors: 0,
      reconnects: 0,
      latencyMs: recorder.summary(),
    },
    histogram: recorder.buckets(),
    latencyHdr: recorder.exact(),
    status: 'completed',
    ...overrides,
  };
}

describe('merge', () => {
  const all = latencies(20_000, 7);
  const whole = run(all, '2026-12-01T18:00:00.000Z', []);

  test("a run split in two merges back to the run's counts and percentiles exactly", () => {
    // one machine got the fast events, the other the slow ones: neither's percentiles are the run's
    const threshold = 700;
    const a = run(
      all.filter((value) => value < threshold),
      '2026-12-01T18:00:00.000Z',
      [],
    );
    const b = run(
      all.filter((value) => value >= threshold),
      '2026-12-01T18:00:00.000Z',
      [],
    );
    const merged = mergeRuns([
      { result: a, file: 'a.json' },
      { result: b, file: 'b.json' },
    ]);
    assert.equal(merged.summary.events, whole.summary.events);
    assert.equal(merged.summary.queries, whole.summary.queries);
    assert.deepEqual(merged.summary.latencyMs, whole.summary.latencyMs);
    assert.deepEqual(merged.histogram, whole.histogram);
    assert.equal(merged.summary.tps, whole.summary.tps);
    assert.deepEqual(
      merged.mergedFrom?.map((source) => [source.file, source.events]),
      [
        ['a.json', a.summary.events],
        ['b.json', b.summary.events],
      ],
    );
    assert.ok(a.summary.events > 1000 && b.summary.events > 1000);
    for (const key of ['p50', 'p95', 'p99'] as const) {
      assert.notEqual(a.summary.latencyMs[key], whole.summary.latencyMs[key]);
      assert.notEqual(b.summary.latencyMs[key], whole.summary.latencyMs[key]);
    }
  });

  test('intervals are summed by wall-clock time from the earliest start', () => {
    const lat = { min: 1, avg: 2, max: 5 };
    const a = run(latencies(10, 1), '2026-12-01T18:00:00.000Z', [interval(1, 100, lat), interval(2, 100, lat), interval(3, 100, lat)]);
    // started one second later (its clock a little off): its first interval ends when a's second does
    const b = run(latencies(10, 2), '2026-12-01T18:00:01.040Z', [
      interval(1.01, 300, { min: 0.5, avg: 4, max: 9 }),
      interval(2.02, 300, lat),
    ]);
    const merged = mergeRuns([
      { result: a, file: 'a.json' },
      { result: b, file: 'b.json' },
    ]);
    assert.deepEqual(
      merged.intervals.map((i) => [i.t, i.tps, i.qps, i.threads]),
      [
        [1, 100, 200, 4],
        [2, 400, 800, 8],
        [3, 400, 800, 8],
      ],
    );
    assert.deepEqual(merged.intervals[1].latencyMs, {
      min: 0.5,
      avg: (2 * 100 + 4 * 300) / 400,
      max: 9,
      p50: null,
      p90: null,
      p95: null,
      p99: null,
      p999: null,
    });
    assert.equal(merged.startTime, '2026-12-01T18:00:00.000Z');
  });

  test('counts, rates and error codes are summed; the worst status wins and says which run', () => {
    const a = run(latencies(100, 3), '2026-12-01T18:00:00.000Z', []);
    a.summary.errors = 3;
    a.summary.errorCodes = { '1213': 3 };
    const b = run(latencies(50, 4), '2026-12-01T18:00:00.000Z', [], { status: 'cancelled' });
    b.summary.errors = 2;
    b.summary.errorCodes = { '1213': 1, '8028': 1 };
    const merged = mergeRuns([
      { result: a, file: 'a.json' },
      { result: b, file: 'b.json' },
    ]);
    assert.equal(merged.summary.errors, 5);
    assert.deepEqual(merged.summary.errorCodes, { '1213': 4, '8028': 1 });
    assert.equal(merged.summary.qps, a.summary.qps + b.summary.qps);
    assert.equal(merged.status, 'cancelled');
    assert.match(merged.message ?? '', /b\.json: cancelled/);
  });

  test('refuses runs of different workloads or options, and runs without HDR data', () => {
    const a = run(latencies(10, 5), '2026-12-01T18:00:00.000Z', []);
    const other = run(latencies(10, 6), '2026-12-01T18:00:00.000Z', [], { workload: 'oltp_read_only' });
    assert.throws(
      () =>
        mergeRuns([
          { result: a, file: 'a.json' },
          { result: other, file: 'b.json' },
        ]),
      (error: unknown) =>
        error instanceof MergeError && /b\.json ran workload 'oltp_read_only', a\.json ran 'oltp_point_select'/.test(error.message),
    );
    const bigger = run(latencies(10, 6), '2026-12-01T18:00:00.000Z', [], { options: { ...a.options, table_size: 5000 } });
    assert.throws(
      () =>
        mergeRuns([
          { result: a, file: 'a.json' },
          { result: bigger, file: 'b.json' },
        ]),
      /different options.*table_size: 1000 in a\.json, 5000 in b\.json/,
    );
    // where each machine connected may differ
    const elsewhere = run(latencies(10, 6), '2026-12-01T18:00:00.000Z', [], { options: { ...a.options, mysql_host: 'b' } });
    assert.equal(
      mergeRuns([
        { result: a, file: 'a.json' },
        { result: elsewhere, file: 'b.json' },
      ]).summary.events,
      20,
    );
    const noHdr = run(latencies(10, 6), '2026-12-01T18:00:00.000Z', [], { latencyHdr: undefined });
    assert.throws(
      () =>
        mergeRuns([
          { result: a, file: 'a.json' },
          { result: noHdr, file: 'sysbench.json' },
        ]),
      /sysbench\.json has no HDR latency data/,
    );
    assert.throws(() => mergeRuns([{ result: a, file: 'a.json' }]), /two or more/);
  });

  test('the merged result reads back (Open / Import) with its HDR data and sources', () => {
    const a = run(latencies(100, 8), '2026-12-01T18:00:00.000Z', []);
    const b = run(latencies(100, 9), '2026-12-01T18:00:00.000Z', []);
    const merged = mergeRuns([
      { result: a, file: 'a.json' },
      { result: b, file: 'b.json' },
    ]);
    const imported = importBenchmarkLog(JSON.stringify(merged), 'merged.json');
    assert.equal(imported.format, 'tidb-lab-json');
    assert.deepEqual(imported.results[0], JSON.parse(JSON.stringify(merged)));
    const parsed = parseBenchmarkResult({ ...merged, latencyHdr: { ...merged.latencyHdr, histogram: 'not base64!' } });
    assert.equal(parsed.ok, false);
  });
});
