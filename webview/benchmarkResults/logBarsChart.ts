// Latency percentiles as bars on a logarithmic value axis, each labelled with its value: p50 to max
// span decades, and a linear axis hides everything below p99. Only chart.js types are imported, so
// the configuration can be checked without a canvas.
import type { ChartConfiguration, Plugin } from 'chart.js';
import type { ChartPalette } from './chartTheme';
import { decadeBelow, logTicks } from './logAxis';

export interface LogBarsInput {
  categories: readonly string[];
  label: string;
  values: readonly number[];
  titles: { x: string; y: string };
  formatValue: (value: number) => string;
  palette: () => ChartPalette;
}

/** The bar chart's configuration: a logarithmic y axis from the decade below the lowest bar. */
export function logBarsConfig(input: LogBarsInput): ChartConfiguration<'bar', number[], string> {
  const { formatValue } = input;
  const positive = input.values.filter((value) => value > 0);
  const low = decadeBelow(Math.min(...positive));
  // Room above the highest bar for its label.
  const high = Math.max(...positive) * 1.8;
  return {
    type: 'bar',
    data: {
      labels: [...input.categories],
      datasets: [{ label: input.label, data: [...input.values], borderWidth: 1, barPercentage: 0.8, categoryPercentage: 0.9 }],
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        x: { type: 'category', title: { display: input.titles.x !== '', text: input.titles.x } },
        y: {
          type: 'logarithmic',
          min: low,
          max: high,
          title: { display: true, text: input.titles.y },
          afterBuildTicks: (scale) => {
            scale.ticks = logTicks(low, high).map((value) => ({ value }));
          },
          ticks: { callback: (value) => formatValue(Number(value)) },
        },
      },
      plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item) => formatValue(Number(item.raw)) } } },
    },
    plugins: [valueLabels(formatValue, input.palette)],
  };
}

/** Draws each bar's value above it, in the theme's text colour (on the canvas: no inline styles). */
export function valueLabels(formatValue: (value: number) => string, palette: () => ChartPalette): Plugin<'bar'> {
  return {
    id: 'tidbLabValueLabels',
    afterDatasetsDraw(chart) {
      const context = chart.ctx;
      const colours = palette();
      context.save();
      context.fillStyle = colours.foreground;
      context.font = `${colours.fontSize - 1}px ${colours.fontFamily}`;
      context.textAlign = 'center';
      context.textBaseline = 'bottom';
      chart.data.datasets.forEach((dataset, datasetIndex) => {
        const meta = chart.getDatasetMeta(datasetIndex);
        if (meta.hidden) return;
        meta.data.forEach((bar, index) => {
          const value = dataset.data[index];
          if (typeof value !== 'number' || !Number.isFinite(value)) return;
          context.fillText(formatValue(value), bar.x, bar.y - 3);
        });
      });
      context.restore();
    },
  };
}
