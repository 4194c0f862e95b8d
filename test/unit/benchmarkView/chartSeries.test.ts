// Series the results panel draws: time series from report intervals, sweep lines from experiments,
// histogram bars, and the colours handed to the canvas.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { withAlpha, parseColour } from '../../../webview/benchmarkResults/colours';
import { histogramBars } from '../../../webview/benchmarkResults/histogramBars';
import { isBulkLoad, isSweep, sweepGroups } from '../../../webview/benchmarkResults/sweepSeries';
import { clockText, hasErrorsOrReconnects, latencyKeys, pointOf, seriesOf, timeAxis } from '../../../webview/benchmarkResults/timeSeries';
import { sampleExperiment, sampleRun } from '../results/support/sampleResults';

describe('time series', () => {
  test('one point per interval at its end time; intervals without the value are left out, not drawn as 0', () => {
    const run = sampleRun();
    assert.deepEqual(seriesOf(run.intervals, 'qps'), [{ x: 1, y: 1000 }, { x: 2, y: 1100 }]);
    assert.deepEqual(seriesOf(run.intervals, 'p99'), [{ x: 1, y: 2.5 }]);
    assert.deepEqual(seriesOf(run.intervals, 'errors'), [{ x: 1, y: 0 }, { x: 2, y: 1 }]);
    assert.equal(pointOf({ ...run.intervals[0], latencyMs: { p95: null } }, 'p95'), undefined);
  });

  test('appended runs that restart at 0 still give an x-ordered line', () => {
    const [a, b] = sampleRun().intervals;
    const points = seriesOf([{ ...a, t: 10 }, { ...b, t: 5 }], 'tps');
    assert.deepEqual(points.map((point) => point.x), [5, 10]);
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

  test('time axes run from 0 to the run\'s length with whole-clock steps, never two ticks with one label', () => {
    assert.deepEqual(timeAxis(15), { min: 0, max: 16, stepSize: 2 });
    assert.deepEqual(timeAxis(41), { min: 0, max: 50, stepSize: 10 });
    assert.deepEqual(timeAxis(2.3), { min: 0, max: 3, stepSize: 1 });
    assert.deepEqual(timeAxis(120), { min: 0, max: 120, stepSize: 15 });
    assert.deepEqual(timeAxis(3600), { min: 0, max: 3600, stepSize: 600 });
    assert.deepEqual(timeAxis(0), { min: 0, max: 1, stepSize: 1 });
    for (const seconds of [7, 59, 61, 599, 86_399]) {
      const axis = timeAxis(seconds);
      assert.ok(axis.max / axis.stepSize <= 8 && axis.max >= seconds && axis.max % axis.stepSize === 0, `${seconds} s`);
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

  test('one group per workload setting and table size, threads ascending, one line per variant in the experiment\'s order', () => {
    const groups = sweepGroups(experiment);
    assert.deepEqual(groups.map((group) => group.label), ['oltp_point_select (5000 rows)', 'oltp_read_write point_selects=40 (50000 rows)']);
    assert.deepEqual(groups[0].threads, [8, 16]);
    assert.deepEqual(groups[0].lines.map((line) => line.variant), ['normal', 'cached']);
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

describe('histogram bars', () => {
  test('dense buckets (8 per doubling, as the engine writes them) are drawn one bar each', () => {
    const bucketsMs = Array.from({ length: 16 }, (_unused, index) => 2 ** ((index + 1) / 8));
    const counts = bucketsMs.map((_bound, index) => index + 1);
    const bars = histogramBars({ bucketsMs, counts });
    assert.equal(bars.length, 16);
    assert.deepEqual(bars.map((bar) => bar.count), counts);
    assert.equal(bars[3].fromMs, bucketsMs[2]);
  });

  test('sparse or many buckets go into at most maxBars log bins; no count is lost and empty bins stay', () => {
    const bucketsMs = [0.1, 0.2, 0.4, 10, 100];
    const counts = [5, 10, 20, 0, 3];
    const bars = histogramBars({ bucketsMs, counts }, 8);
    assert.ok(bars.length <= 8);
    assert.equal(bars.reduce((sum, bar) => sum + bar.count, 0), 38);
    assert.ok(bars.some((bar) => bar.count === 0), 'the gap between 0.4 and 100 ms shows as empty bins');
    assert.equal(bars[bars.length - 1].toMs, 100);
    for (let index = 1; index < bars.length; index++) assert.ok(bars[index].fromMs >= bars[index - 1].fromMs);
  });

  test('no histogram, no bars', () => {
    assert.deepEqual(histogramBars(undefined), []);
    assert.deepEqual(histogramBars({ bucketsMs: [1], counts: [0] }), []);
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
    const base = sampleExperiment([
      { workload: 'bulk_load', threads: 2, variant: 'ordered', params: { rows_per_insert: 2000, rows: 10000 }, qps: 5, p95: 40 },
      { workload: 'bulk_load', threads: 4, variant: 'ordered', params: { rows_per_insert: 2000, rows: 10000 }, qps: 8, p95: 60 },
    ], ['ordered']);
    base.cells.forEach((cell, index) => {
      cell.run.summary.rowsPerSec = [10000, 16000][index];
      cell.run.summary.latencyMs.p99 = [45, 70][index];
    });
    assert.equal(isBulkLoad(base), true);
    const [group] = sweepGroups(base);
    assert.deepEqual(group.threads, [2, 4]);
    assert.deepEqual(group.lines[0].rowsPerSec, [10000, 16000]);
    assert.deepEqual(group.lines[0].p99, [45, 70]);
    assert.equal(isBulkLoad(sampleExperiment([{ workload: 'oltp_point_select', threads: 2, variant: 'normal', qps: 1, p95: 1 }])), false);
  });
});
