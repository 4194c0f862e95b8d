// The percentile chart: bars on a logarithmic axis, each with its value written above it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChartPalette } from '../../../webview/benchmarkResults/chartTheme';
import { logBarsConfig } from '../../../webview/benchmarkResults/logBarsChart';

const palette = { foreground: '#ccc', fontSize: 12, fontFamily: 'sans-serif' } as unknown as ChartPalette;

function config() {
  return logBarsConfig({
    categories: ['p50', 'p95', 'p99', 'max'],
    label: 'latency',
    values: [0.12, 0.5, 3.2, 180],
    titles: { x: '', y: 'ms' },
    formatValue: (value) => `${value} ms`,
    palette: () => palette,
  });
}

test('percentiles are drawn on a logarithmic axis from the decade below the lowest bar, with room above the highest', () => {
  const y = config().options?.scales?.y as { type: string; min: number; max: number };
  assert.equal(y.type, 'logarithmic');
  assert.equal(y.min, 0.1);
  assert.ok(y.max > 180, `max ${y.max}`);
});

test('each bar is labelled with its value, formatted as the axis is', () => {
  const drawn: string[] = [];
  const bars = [0.12, 0.5, 3.2, 180].map((_value, index) => ({ x: index * 10, y: 100 }));
  const chart = {
    ctx: { save() {}, restore() {}, fillText: (text: string) => drawn.push(text) },
    data: { datasets: [{ data: [0.12, 0.5, 3.2, 180] }] },
    getDatasetMeta: () => ({ hidden: false, data: bars }),
  };
  const plugins = config().plugins ?? [];
  assert.equal(plugins.length, 1);
  (plugins[0].afterDatasetsDraw as unknown as (chart: unknown) => void)(chart);
  assert.deepEqual(drawn, ['0.12 ms', '0.5 ms', '3.2 ms', '180 ms']);
});
