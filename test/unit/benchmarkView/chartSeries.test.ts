// Series the results panel draws: time series from report intervals, sweep lines from experiments,
// histogram bars, and the colours handed to the canvas.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { withAlpha, parseColour } from '../../../webview/benchmarkResults/colours';
import {
  ENGINE_BUCKETS,
  histogramBars,
  sourceBuckets,
  SYSBENCH_BUCKETS,
  type HistogramBar,
} from '../../../webview/benchmarkResults/histogramBars';
import { decadeBelow, logTicks } from '../../../webview/benchmarkResults/logAxis';
import { isBulkLoad, isSweep, sweepGroups } from '../../../webview/benchmarkResults/sweepSeries';
import { clockText, hasErrorsOrReconnects, latencyKeys, pointOf, seriesOf, timeAxis } from '../../../webview/benchmarkResults/timeSeries';
import { sampleExperiment, sampleRun } from '../results/support/sampleResults';
import { tpccEvents, tpccRunOf } from '../results/support/tpccRuns';
import type { ExperimentCell, ExperimentResult } from '../../../src/core/results/benchmarkResult';

function tpccCell(
  variant: string,
  warehouses: number,
  threads: number,
  events: number,
  status: 'completed' | 'failed' = 'completed',
): ExperimentCell {
  const run = tpccRunOf(tpccEvents(events, warehouses * 31 + threads), {
    warehouses,
    threads,
    durationSec: 60,
    startTime: '2026-12-01T18:00:00.000Z',
  });
  return { workload: 'tpcc', threads, variant, params: { warehouses }, run: { ...run, status } };
}

function tpccExperiment(cells: ExperimentCell[], variants: string[]): ExperimentResult {
  return { ...sampleExperiment([], variants), cells };
}

describe('time series', () => {
  test('one point per interval at its end time; intervals without the value are left out, not drawn as 0', () => {
    const run = sampleRun();
    assert.deepEqual(seriesOf(run.intervals, 'qps'), [
      { x: 1, y: 1000 },
      { x: 2, y: 1100 },
    ]);
    assert.deepEqual(seriesOf(run.intervals, 'p99'), [{ x: 1, y: 2.5 }]);
    assert.deepEqual(seriesOf(run.intervals, 'errors'), [
      { x: 1, y: 0 },
      { x: 2, y: 1 },
    ]);
    assert.equal(pointOf({ ...run.intervals[0], latencyMs: { p95: null } }, 'p95'), undefined);
  });

  test('appended runs that restart at 0 still give an x-ordered line', () => {
    const [a, b] = sampleRun().intervals;
    const points = seriesOf(
      [
        { ...a, t: 10 },
        { ...b, t: 5 },
      ],
      'tps',
    );
    assert.deepEqual(
      points.map((point) => point.x),
      [5, 10],
    );
  });

  test('latency lines: p95 always, p99 and avg only when the source has them', () => {
    const run = sampleRun();
    assert.deepEqual(latencyKeys(run.intervals), ['p95', 'p99', 'avg']);
    const sysbenchLike = run.intervals.map((interval) => ({ ...interval, latencyMs: { p95: interval.latencyMs.p95 } }));
    assert.deepEqual(latencyKeys(sysbenchLike), ['p95']);
  });

  test('the errors chart shows when the run saw an error or a reconnect', () => {
    const run = sampleRun();
    assert.equal(hasErrorsOrReconnects(run.intervals, run), true);
    const clean = run.intervals.map((interval) => ({ ...interval, errors: 0 }));
    assert.equal(hasErrorsOrReconnects(clean, { summary: { ...run.summary, errors: 0 } }), false);
  });

  test('time axes run from 0 to exactly where the run ended, with whole-clock steps', () => {
    assert.deepEqual(timeAxis(15), { min: 0, max: 15, stepSize: 2 });
    assert.deepEqual(timeAxis(41), { min: 0, max: 41, stepSize: 10 });
    assert.deepEqual(timeAxis(2.3), { min: 0, max: 2.3, stepSize: 1 });
    assert.deepEqual(timeAxis(120), { min: 0, max: 120, stepSize: 15 });
    assert.deepEqual(timeAxis(3600), { min: 0, max: 3600, stepSize: 600 });
    assert.deepEqual(timeAxis(0), { min: 0, max: 1, stepSize: 1 });
    for (const seconds of [7, 59, 61, 599, 86_399]) {
      const axis = timeAxis(seconds);
      assert.ok(axis.max / axis.stepSize <= 8 && axis.max === seconds, `${seconds} s`);
    }
  });

  test('time axis labels read as a clock', () => {
    assert.equal(clockText(0), '0:00');
    assert.equal(clockText(41), '0:41');
    assert.equal(clockText(120), '2:00');
    assert.equal(clockText(3600), '1:00:00');
    assert.equal(clockText(3725.4), '1:02:05');
  });
});

describe('sweep lines', () => {
  const experiment = sampleExperiment([
    { workload: 'oltp_point_select', threads: 16, variant: 'normal', qps: 200, p95: 2, tableSize: 5000 },
    { workload: 'oltp_point_select', threads: 8, variant: 'normal', qps: 100, p95: 1, tableSize: 5000 },
    { workload: 'oltp_point_select', threads: 8, variant: 'cached', qps: 150, p95: 0.8, tableSize: 5000 },
    { workload: 'oltp_point_select', threads: 8, variant: 'cached', qps: 250, p95: 0.6, tableSize: 5000 },
    { workload: 'oltp_point_select', threads: 16, variant: 'cached', qps: 999, p95: 9, tableSize: 5000, status: 'cancelled' },
    { workload: 'oltp_read_write', threads: 8, variant: 'normal', qps: 50, p95: 5, tableSize: 50000, params: { point_selects: 40 } },
  ]);

  test("one group per workload setting and table size, threads ascending, one line per variant in the experiment's order", () => {
    const groups = sweepGroups(experiment);
    assert.deepEqual(
      groups.map((group) => group.label),
      ['oltp_point_select (5000 rows)', 'oltp_read_write point_selects=40 (50000 rows)'],
    );
    assert.deepEqual(groups[0].points, [8, 16]);
    assert.equal(groups[0].axis, 'threads');
    assert.deepEqual(
      groups[0].lines.map((line) => line.variant),
      ['normal', 'cached'],
    );
    assert.deepEqual(groups[0].lines[0].qps, [100, 200]);
    assert.deepEqual(groups[0].lines[0].p95, [1, 2]);
  });

  test('repeated runs are averaged and runs that did not complete are left out (a gap, not a number)', () => {
    const cached = sweepGroups(experiment)[0].lines[1];
    assert.deepEqual(cached.qps, [200, null]);
    assert.deepEqual(cached.p95, [0.7, null]);
  });

  test('a sweep chart is worth drawing only with more than one thread count', () => {
    assert.equal(isSweep(sweepGroups(experiment)), true);
    const single = sampleExperiment([
      { workload: 'oltp_point_select', threads: 16, variant: 'normal', qps: 1, p95: 1 },
      { workload: 'oltp_point_select', threads: 16, variant: 'cached', qps: 2, p95: 1 },
    ]);
    assert.equal(isSweep(sweepGroups(single)), false);
  });
});

describe('TPC-C sweep lines', () => {
  test('threads varied: x is threads, one group per warehouse count, the lines are tpmC; a failed cell is a gap', () => {
    const cells = [
      tpccCell('default', 1, 2, 600),
      tpccCell('default', 1, 4, 900),
      tpccCell('tuned', 1, 2, 700),
      tpccCell('tuned', 1, 4, 0, 'failed'),
      tpccCell('default', 2, 2, 500),
      tpccCell('default', 2, 4, 800),
    ];
    const groups = sweepGroups(tpccExperiment(cells, ['default', 'tuned']));
    assert.deepEqual(
      groups.map((group) => [group.axis, group.points, group.fixed]),
      [
        ['threads', [2, 4], { axis: 'warehouses', value: 1 }],
        ['threads', [2, 4], { axis: 'warehouses', value: 2 }],
      ],
    );
    const [defaultLine, tunedLine] = groups[0].lines;
    assert.deepEqual(defaultLine.tpmC, [cells[0].run.tpcc!.tpmC, cells[1].run.tpcc!.tpmC]);
    assert.deepEqual(tunedLine.tpmC, [cells[2].run.tpcc!.tpmC, null]);
    assert.ok(isSweep(groups));
  });

  test('only warehouses varied (one thread count): x is warehouses, one group per thread count', () => {
    const cells = [tpccCell('default', 1, 8, 600), tpccCell('default', 2, 8, 900), tpccCell('default', 4, 8, 1000)];
    const groups = sweepGroups(tpccExperiment(cells, ['default']));
    assert.equal(groups.length, 1);
    assert.equal(groups[0].axis, 'warehouses');
    assert.deepEqual(groups[0].points, [1, 2, 4]);
    assert.deepEqual(groups[0].fixed, { axis: 'threads', value: 8 });
    assert.deepEqual(
      groups[0].lines[0].tpmC,
      cells.map((cell) => cell.run.tpcc!.tpmC),
    );
    assert.ok(isSweep(groups));
  });
});

describe('histogram bars', () => {
  const logWidths = (bars: readonly HistogramBar[]) => bars.map((bar) => Math.log10(bar.toMs) - Math.log10(bar.fromMs));
  const total = (bars: readonly HistogramBar[]) => bars.reduce((sum, bar) => sum + bar.count, 0);

  test("a uniform distribution over sysbench's log-spaced buckets (printed to 0.001 ms) gives flat bars", () => {
    // sysbench: 1024 buckets from 0.001 to 100,000 ms; 1 to 100 ms holds about 256 of them.
    const step = Math.log(1e8) / 1023;
    const bucketsMs: number[] = [];
    for (let index = 0; index < 1024; index++) {
      const value = Math.exp(Math.log(0.001) + index * step);
      if (value >= 1 && value <= 100) bucketsMs.push(Math.round(value * 1000) / 1000);
    }
    const bars = histogramBars({ bucketsMs, counts: bucketsMs.map(() => 50) }, SYSBENCH_BUCKETS);
    assert.ok(bars.length >= 10 && bars.length <= 40, `${bars.length} bars`);
    const widths = logWidths(bars);
    for (const width of widths) assert.ok(Math.abs(width - widths[0]) < 1e-9, 'every bar is as wide in log10(ms)');
    const inner = bars.slice(1, -1).map((bar) => bar.count);
    const mean = inner.reduce((sum, value) => sum + value, 0) / inner.length;
    for (const value of inner) assert.ok(Math.abs(value - mean) / mean < 0.02, `flat: ${inner.map((v) => v.toFixed(1)).join(' ')}`);
    assert.ok(Math.abs(total(bars) - 50 * bucketsMs.length) < 1e-6, 'no count is lost');
  });

  test('buckets of uneven widths with an even density make no peak', () => {
    // Edges alternate a narrow and a wide step; each bucket holds events in proportion to its width.
    const edges = [1];
    for (let index = 0; index < 40; index++) edges.push(edges[edges.length - 1] * (index % 2 === 0 ? 1.05 : 1.3));
    const bucketsMs = edges.slice(1);
    const counts = bucketsMs.map((upper, index) => Math.round(Math.log10(upper / edges[index]) * 1e6));
    const bars = histogramBars({ bucketsMs, counts });
    // Bars wholly inside the buckets' range (the first bucket's width cannot be known from its upper bound alone).
    const inner = bars.filter((bar) => bar.fromMs >= edges[1] && bar.toMs <= edges[edges.length - 1]).map((bar) => bar.count);
    assert.ok(inner.length >= 10, `${inner.length} bars inside`);
    const mean = inner.reduce((sum, value) => sum + value, 0) / inner.length;
    for (const value of inner)
      assert.ok(Math.abs(value - mean) / mean < 0.15, `no peak or dip: ${inner.map((v) => v.toFixed(0)).join(' ')}`);
  });

  test("the engine's buckets (8 per doubling): bars no finer than a bucket, decades on bar edges, one peak stays one peak", () => {
    const bucketsMs = Array.from({ length: 64 }, (_unused, index) => Math.round(2 ** ((index + 60) / 8)) / 1000);
    const counts = bucketsMs.map((_bound, index) => (index === 30 ? 1000 : 10));
    const bars = histogramBars({ bucketsMs, counts }, ENGINE_BUCKETS);
    assert.ok(logWidths(bars)[0] >= Math.log10(2 ** (1 / 8)) - 1e-9);
    assert.ok(
      bars.some((bar) => Math.abs(Math.log10(bar.fromMs) - Math.round(Math.log10(bar.fromMs))) < 1e-9),
      'a decade is a bar edge',
    );
    const high = bars.flatMap((bar, index) => (bar.count > 100 ? [index] : []));
    assert.ok(
      high.length >= 1 && high.length <= 2 && high[high.length - 1] - high[0] <= 1,
      'one bucket spreads over at most the two bars it overlaps',
    );
    assert.ok(Math.abs(total(bars) - 1630) < 1e-9);
  });

  test('sparse buckets: at most maxBars bars, no count lost, the empty range between shows as empty bars', () => {
    const bucketsMs = [0.1, 0.2, 0.4, 10, 100];
    const counts = [5, 10, 20, 0, 3];
    const bars = histogramBars({ bucketsMs, counts }, undefined, 8);
    assert.ok(bars.length <= 8);
    assert.ok(Math.abs(total(bars) - 38) < 1e-9);
    assert.ok(
      bars.some((bar) => bar.count === 0),
      'the gap between 0.4 and 100 ms shows as empty bars',
    );
    assert.ok(bars[0].fromMs <= 0.1 / 2 && bars[bars.length - 1].toMs >= 100);
    for (let index = 1; index < bars.length; index++) assert.ok(Math.abs(bars[index].fromMs - bars[index - 1].toMs) < 1e-12, 'bars touch');
  });

  test("bucket bounds: the engine's are upper bounds, sysbench's are log-centres, an unknown source's neighbours touch unless a gap", () => {
    const bounds = (buckets: ReturnType<typeof sourceBuckets>) =>
      buckets.map((bucket) => [bucket.fromMs, bucket.toMs].map((value) => Number(value.toFixed(4))));
    assert.deepEqual(bounds(sourceBuckets({ bucketsMs: [2, 1, 4, 64], counts: [1, 1, 1, 1] }, { ratio: 2, value: 'upper' })), [
      [0.5, 1],
      [1, 2],
      [2, 4],
      [32, 64],
    ]);
    assert.deepEqual(bounds(sourceBuckets({ bucketsMs: [1, 4, 16], counts: [1, 1, 1] }, { ratio: 4, value: 'centre' })), [
      [0.5, 2],
      [2, 8],
      [8, 32],
    ]);
    assert.deepEqual(bounds(sourceBuckets({ bucketsMs: [1, 2, 4, 8, 1024], counts: [1, 0, 1, 1, 1] })), [
      [0.5, 1],
      [2, 4],
      [4, 8],
      [512, 1024],
    ]);
  });

  test('no histogram, no bars', () => {
    assert.deepEqual(histogramBars(undefined), []);
    assert.deepEqual(histogramBars({ bucketsMs: [1], counts: [0] }), []);
  });
});

describe('log axes in ms', () => {
  test('1-2-5 ticks across a few decades, whole decades across more, never outside the axis', () => {
    assert.deepEqual(logTicks(1, 110), [1, 2, 5, 10, 20, 50, 100]);
    assert.deepEqual(logTicks(0.03, 400), [0.1, 1, 10, 100]);
    assert.deepEqual(logTicks(0.3, 0.9), [0.5]);
    assert.deepEqual(logTicks(0, 1), []);
    assert.equal(decadeBelow(3.4), 1);
    assert.equal(decadeBelow(0.05), 0.01);
    assert.equal(decadeBelow(10), 10);
  });
});

describe('canvas colours from theme variables', () => {
  test('hex and rgb notations become rgba with the alpha applied', () => {
    assert.deepEqual(parseColour('#3794ff'), [55, 148, 255, 1]);
    assert.deepEqual(parseColour('#fff'), [255, 255, 255, 1]);
    assert.deepEqual(parseColour('#00000080'), [0, 0, 0, 128 / 255]);
    assert.deepEqual(parseColour('rgba(204, 204, 204, 0.5)'), [204, 204, 204, 0.5]);
    assert.equal(withAlpha('#3794ff', 0.5), 'rgba(55, 148, 255, 0.5)');
    assert.equal(withAlpha('rgba(204, 204, 204, 0.5)', 0.5), 'rgba(204, 204, 204, 0.25)');
    assert.equal(withAlpha('canvastext', 0.5), 'canvastext', 'unknown notations pass through');
  });

  test('a bulk-load experiment reads as rows/s and p99 against writers', () => {
    const base = sampleExperiment(
      [
        { workload: 'bulk_load', threads: 2, variant: 'ordered', params: { rows_per_insert: 2000, rows: 10000 }, qps: 5, p95: 40 },
        { workload: 'bulk_load', threads: 4, variant: 'ordered', params: { rows_per_insert: 2000, rows: 10000 }, qps: 8, p95: 60 },
      ],
      ['ordered'],
    );
    base.cells.forEach((cell, index) => {
      cell.run.summary.rowsPerSec = [10000, 16000][index];
      cell.run.summary.latencyMs.p99 = [45, 70][index];
    });
    assert.equal(isBulkLoad(base), true);
    const [group] = sweepGroups(base);
    assert.deepEqual(group.points, [2, 4]);
    assert.deepEqual(group.lines[0].rowsPerSec, [10000, 16000]);
    assert.deepEqual(group.lines[0].p99, [45, 70]);
    assert.equal(isBulkLoad(sampleExperiment([{ workload: 'oltp_point_select', threads: 2, variant: 'normal', qps: 1, p95: 1 }])), false);
  });
});
