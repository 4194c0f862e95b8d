// A line chart's legend: each series as a short stretch of its line, dashed where the line is,
// instead of chart.js's filled box with a dashed border (which reads as a smudge at legend size).
// Only chart.js types are imported, so the labels can be checked without a canvas.
import type { Chart, LegendItem } from 'chart.js';

/**
 * Legend items drawn as lines. Once the legend draws point styles, chart.js takes each item's style
 * from the series' first point, and points have no dash: the dash comes back from the dataset.
 */
export function asLineLegendItems(items: readonly LegendItem[], datasets: readonly { borderDash?: number[] }[]): LegendItem[] {
  return items.map((item) => ({
    ...item,
    pointStyle: 'line',
    lineWidth: 2,
    lineDash: datasets[item.datasetIndex ?? 0]?.borderDash ?? [],
  }));
}

/** The legend's `labels` options for a line chart (chart.js's own items, drawn as lines). */
export function lineLegendLabels(defaultItems: (chart: Chart) => LegendItem[]) {
  return {
    usePointStyle: true,
    pointStyleWidth: 28,
    generateLabels: (chart: Chart) => asLineLegendItems(defaultItems(chart), chart.data.datasets as { borderDash?: number[] }[]),
  };
}
