// The legend of a line chart: each series drawn as a stretch of its line, with the line's dash.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Chart, LegendItem } from 'chart.js';
import { asLineLegendItems, lineLegendLabels } from '../../../webview/benchmarkResults/lineLegend';

const item = (text: string, datasetIndex: number, hidden = false): LegendItem =>
  ({ text, datasetIndex, hidden, fillStyle: '#111', strokeStyle: '#222', lineDash: undefined, pointStyle: 'circle' }) as LegendItem;

test('each series is a line in the legend, dashed as its line is; text, colour and hidden state are kept', () => {
  const items = asLineLegendItems([item('p95', 0), item('avg latency', 1, true)], [{ borderDash: [] }, { borderDash: [5, 4] }]);
  assert.deepEqual(
    items.map((legend) => [legend.text, legend.pointStyle, legend.lineDash, legend.lineWidth, legend.hidden, legend.strokeStyle]),
    [
      ['p95', 'line', [], 2, false, '#222'],
      ['avg latency', 'line', [5, 4], 2, true, '#222'],
    ],
  );
});

test("the legend draws point styles, with chart.js's own items, from the chart's datasets", () => {
  const labels = lineLegendLabels(() => [item('QPS', 0), item('TPS', 1)]);
  assert.equal(labels.usePointStyle, true);
  const chart = { data: { datasets: [{ borderDash: [] }, { borderDash: [5, 4] }] } } as unknown as Chart;
  assert.deepEqual(
    labels.generateLabels(chart).map((legend) => legend.lineDash),
    [[], [5, 4]],
  );
});
