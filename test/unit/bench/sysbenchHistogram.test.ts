// The sysbench engine's result from real sysbench 1.0.20 output with --histogram
// (test/fixtures/benchmark-logs/sysbench-1.0.20-histogram.log, its first line says how it was made):
// the latency histogram sysbench prints at the end gives the percentiles and the histogram the
// built-in engine gives, computed the built-in engine's way (its HDR recorder), and sysbench's own
// printed numbers stay as it printed them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resolveBenchOptions } from '../../../src/core/bench/benchOptions';
import { LatencyRecorder } from '../../../src/core/bench/latencyHistogram';
import { measuredRun, type Finished } from '../../../src/core/bench/externalSysbench/runSysbench';
import { sysbenchInvocation } from '../../../src/core/bench/externalSysbench/sysbenchInvocation';
import { readBenchmarkLog } from '../results/support/benchmarkLogFixtures';

const FIXTURE = 'sysbench-1.0.20-histogram.log';
/** What sysbench itself printed: the fixture without its '#' line and the command line before it. */
const output = readBenchmarkLog(FIXTURE)
  .split('\n')
  .filter((line) => !line.startsWith('# ') && !line.startsWith('$ '))
  .join('\n');

/** The histogram rows, read here on their own: "      15.832 |*****      12". */
function rowsOf(text: string): { valueMs: number; count: number }[] {
  return [...text.matchAll(/^ +(\d+\.\d{3}) \|\** +(\d+)$/gm)].map((match) => ({ valueMs: Number(match[1]), count: Number(match[2]) }));
}

function resultOf(text: string, extra: Record<string, string> = {}) {
  const options = resolveBenchOptions(
    'oltp_read_write',
    new Map(Object.entries({ threads: '2', time: '3', 'report-interval': '1', tables: '2', table_size: '2000', ...extra })),
  );
  const finished: Finished = { output: text, errors: '', code: 0, signal: null, endMs: Date.UTC(2026, 11, 7, 6, 0, 0) };
  return measuredRun(
    {
      installation: { path: '/usr/bin/sysbench', version: '1.0.20' },
      options,
      serverIsTiDB: false,
      server: { flavor: 'mariadb', version: '11' },
    },
    finished,
    {},
  );
}

describe("the sysbench engine reads sysbench's latency histogram", () => {
  const rows = rowsOf(output);

  test('the fixture is a real run with its histogram', () => {
    assert.ok(rows.length > 50, `${rows.length} rows`);
    assert.match(output, /^Latency histogram \(values are in milliseconds\)$/m);
    assert.match(output, /^ +value +-+ distribution -+ count$/m);
  });

  test("p50, p90, p99 and p99.9 are the built-in engine's, from the same latencies; p95, min, avg and max stay sysbench's", () => {
    const { result } = resultOf(output);
    const latency = result.summary.latencyMs;
    // the built-in engine, had it measured what sysbench's histogram holds
    const builtin = new LatencyRecorder();
    for (const row of rows) for (let i = 0; i < row.count; i++) builtin.record(row.valueMs);
    const expected = builtin.summary();
    assert.equal(latency.p50, expected.p50);
    assert.equal(latency.p90, expected.p90);
    assert.equal(latency.p99, expected.p99);
    assert.equal(latency.p999, expected.p999);
    // and each is the row at its rank, within the HDR recorder's 3 significant digits
    const total = rows.reduce((sum, row) => sum + row.count, 0);
    assert.equal(total, result.summary.events, 'every event is in the histogram');
    for (const [percentile, value] of [
      [50, latency.p50],
      [90, latency.p90],
      [99, latency.p99],
      [99.9, latency.p999],
    ] as const) {
      const rank = Math.ceil((percentile / 100) * total);
      let seen = 0;
      const row = rows.find((candidate) => (seen += candidate.count) >= rank)!;
      assert.ok(
        value !== null && Math.abs(value - row.valueMs) <= row.valueMs * 0.001 + 0.001,
        `p${percentile}: ${value} vs ${row.valueMs}`,
      );
    }
    assert.ok(latency.p50! <= latency.p90! && latency.p90! <= latency.p99! && latency.p99! <= latency.p999!);
    const printed = (pattern: RegExp) => Number(pattern.exec(output)![1]);
    assert.equal(latency.p95, printed(/^ +95th percentile: +([\d.]+)$/m));
    assert.equal(latency.min, printed(/^ +min: +([\d.]+)$/m));
    assert.equal(latency.avg, printed(/^ +avg: +([\d.]+)$/m));
    assert.equal(latency.max, printed(/^ +max: +([\d.]+)$/m));
  });

  test("the result's histogram is laid out as the built-in engine's (8 buckets per doubling, upper bounds)", () => {
    const { result } = resultOf(output);
    const builtin = new LatencyRecorder();
    for (const row of rows) for (let i = 0; i < row.count; i++) builtin.record(row.valueMs);
    assert.deepEqual(result.histogram, builtin.buckets());
    assert.equal(
      result.histogram!.counts.reduce((a, b) => a + b, 0),
      result.summary.events,
    );
    assert.equal(result.latencyHdr, undefined, 'no exact HDR latencies: sysbench printed its buckets, not each event');
  });

  test('the histogram sysbench was asked for by the engine is not printed unless the run asked for --histogram', () => {
    assert.ok(!(resultOf(output).details.reportLines ?? []).some((line) => /Latency histogram/.test(line)));
    const asked = resultOf(output, { histogram: 'on' }).details.reportLines ?? [];
    assert.ok(asked.some((line) => /^Latency histogram \(values are in milliseconds\)$/.test(line)));
    assert.ok(asked.some((line) => /^ +SQL statistics:$/.test(line) || /^SQL statistics:$/.test(line)));
  });

  test('output without a histogram (a run cut short) leaves the percentiles sysbench did not print unknown', () => {
    const cut = output.replace(/^Latency histogram[\s\S]*?\n \n/m, '');
    assert.ok(!/Latency histogram/.test(cut));
    const { result } = resultOf(cut);
    assert.equal(result.summary.latencyMs.p99, null);
    assert.equal(result.histogram, undefined);
    assert.equal(result.summary.latencyMs.p95, Number(/^ +95th percentile: +([\d.]+)$/m.exec(output)![1]));
  });

  test('a run asks sysbench for its histogram whenever it reports a percentile (sysbench refuses --histogram with --percentile=0)', () => {
    const config = (verb: 'run' | 'prepare', extra: Record<string, string>) =>
      sysbenchInvocation(resolveBenchOptions('oltp_point_select', new Map(Object.entries(extra))), verb, false).configText;
    assert.match(config('run', {}), /^histogram=on$/m);
    assert.match(config('run', { percentile: '99' }), /^histogram=on$/m);
    assert.match(config('run', { histogram: 'on' }), /^histogram=on$/m);
    assert.doesNotMatch(config('run', { percentile: '0' }), /^histogram/m);
    assert.doesNotMatch(config('prepare', {}), /^histogram/m);
  });
});
