// One chart in a card: a heading, a "Save as PNG" button and a chart.js canvas. chart.js is
// tree-shaken: only the controllers, elements, scales and plugins registered here are bundled.
// Colours are applied from a ChartPalette and re-applied when the theme changes.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Decimation,
  Legend,
  LinearScale,
  LineController,
  LogarithmicScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type ChartDataset,
  type ScaleOptionsByType,
} from 'chart.js';
import { button } from '../shared/components';
import { element } from '../shared/dom';
import { seriesColour, type ChartPalette } from './chartTheme';
import { withAlpha } from './colours';
import { lineLegendLabels } from './lineLegend';
import type { HistogramBar } from './histogramBars';
import { logTicks } from './logAxis';
import { logBarsConfig } from './logBarsChart';
import { timeAxis, type Point } from './timeSeries';

Chart.register(
  LineController,
  LineElement,
  PointElement,
  BarController,
  BarElement,
  LinearScale,
  LogarithmicScale,
  CategoryScale,
  Decimation,
  Legend,
  Tooltip,
);

export type ColourRole = { series: number } | 'red' | 'green' | 'muted';

export interface LineSeries {
  label: string;
  colour: ColourRole;
  /** 'y' on the left, 'y1' on the right */
  axis?: 'y' | 'y1';
  dashed?: boolean;
}

export interface AxisTitles {
  x: string;
  y: string;
  y1?: string;
}

/** Long runs have thousands of intervals: LTTB keeps the shape with about one point per pixel. */
const DECIMATION_THRESHOLD_POINTS = 1000;
const SHOW_POINTS_UP_TO = 60;

/** chart.js's own legend items, drawn as lines (lineLegend.ts). */
const LINE_LEGEND_LABELS = lineLegendLabels((chart) => Chart.defaults.plugins.legend.labels.generateLabels(chart));

let firstChartMarked = false;

/** Saved charts are drawn at twice their on-screen size (sharp on high-DPI screens and in slides). */
const PNG_SCALE = 2;

/** Splits a caption into lines that fit `width`, breaking at its " · " separators, else at spaces. */
function wrapText(context: CanvasRenderingContext2D, text: string, font: string, width: number): string[] {
  context.font = font;
  const lines: string[] = [];
  let line = '';
  for (const part of text.split(/(?<= · )|(?<= )/)) {
    if (line !== '' && context.measureText(line + part).width > width) {
      lines.push(line.trimEnd());
      line = '';
    }
    line += part;
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines.length > 0 ? lines : [''];
}

export class ChartCard {
  readonly element: HTMLElement;
  private readonly canvasBox: HTMLElement;
  private canvas: HTMLCanvasElement;
  readonly title: string;
  private readonly note: HTMLElement;
  private chart: Chart | undefined;
  private colours: ColourRole[] = [];
  private palette: ChartPalette;
  /** builds the chart's configuration from its current data; rebuilt whenever the chart is redrawn */
  private build: (() => ChartConfiguration) | undefined;
  /** a time chart's points per series: appended to live, and what a rebuild draws */
  private timeData: Point[][] = [];
  private timeMaxSec = 0;

  constructor(
    readonly name: string,
    title: string,
    options: { savePngLabel: string; onSavePng: (card: ChartCard) => void; tall?: boolean; palette: ChartPalette },
  ) {
    this.palette = options.palette;
    this.title = title;
    this.canvas = element('canvas', { attributes: { role: 'img', 'aria-label': title } });
    this.canvasBox = element(
      'div',
      { className: options.tall ? 'chart-box tall' : 'chart-box', attributes: { 'data-chart': name, 'data-points': '0' } },
      this.canvas,
    );
    this.note = element('p', { className: 'chart-note muted', hidden: true });
    const save = button({
      id: `save-${name}`,
      label: options.savePngLabel,
      appearance: 'secondary',
      onClick: () => options.onSavePng(this),
    });
    save.element.classList.add('save-png');
    this.element = element(
      'section',
      { className: 'card chart-card' },
      element('header', { className: 'card-header' }, element('h2', {}, title), save.element),
      this.canvasBox,
      this.note,
    );
  }

  /**
   * Lines over a linear x axis (seconds from 0 to `maxSec`, e.g. the run's --time so a live chart
   * fills up), with LTTB decimation for long series.
   */
  showTimeLines(
    series: readonly LineSeries[],
    data: readonly Point[][],
    titles: AxisTitles,
    formatX: (value: number) => string,
    maxSec?: number,
  ): void {
    this.colours = series.map((line) => line.colour);
    this.describeAxes(
      titles,
      series.map((line) => line.label),
    );
    this.timeData = data.map((points) => [...points]);
    this.timeMaxSec = Math.max(maxSec ?? 0, ...data.map((points) => points[points.length - 1]?.x ?? 0));
    this.build = () => {
      const count = Math.max(0, ...this.timeData.map((points) => points.length));
      const axis = timeAxis(this.timeMaxSec);
      const datasets: ChartDataset<'line', Point[]>[] = series.map((line, index) => ({
        label: line.label,
        data: this.timeData[index],
        yAxisID: line.axis ?? 'y',
        borderWidth: 1.5,
        pointRadius: count <= SHOW_POINTS_UP_TO ? 2 : 0,
        pointHoverRadius: 3,
        borderDash: line.dashed ? [5, 4] : [],
        tension: 0,
        spanGaps: false,
        // chart.js draws higher orders first: dashed lines (TPS over QPS, which can be equal) stay visible.
        order: line.dashed ? 0 : 1,
      }));
      const config: ChartConfiguration<'line', Point[]> = {
        type: 'line',
        data: { datasets },
        options: {
          animation: false,
          parsing: false,
          normalized: true,
          responsive: true,
          maintainAspectRatio: false,
          interaction: { mode: 'nearest', axis: 'x', intersect: false },
          scales: {
            x: {
              type: 'linear',
              min: axis.min,
              max: axis.max,
              title: { display: true, text: titles.x },
              ticks: { stepSize: axis.stepSize, includeBounds: false, callback: (value) => formatX(Number(value)) },
            },
            y: { type: 'linear', beginAtZero: true, title: { display: true, text: titles.y } },
            ...(titles.y1
              ? {
                  y1: {
                    type: 'linear',
                    position: 'right',
                    beginAtZero: true,
                    title: { display: true, text: titles.y1 },
                    grid: { drawOnChartArea: false },
                  },
                }
              : {}),
          },
          plugins: {
            decimation: { enabled: true, algorithm: 'lttb', threshold: DECIMATION_THRESHOLD_POINTS },
            // Keep the legend in the series' order whatever their drawing order.
            legend: {
              position: 'bottom',
              labels: { ...LINE_LEGEND_LABELS, sort: (a, b) => (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0) },
            },
            tooltip: { callbacks: { title: (items) => (items[0] ? formatX(items[0].parsed.x ?? 0) : '') } },
          },
        },
      };
      return config as unknown as ChartConfiguration;
    };
    this.render();
  }

  /** Adds one point per series to a time chart (a live run's new interval). */
  appendPoints(points: readonly (Point | undefined)[]): void {
    const chart = this.chart;
    if (!chart) return;
    points.forEach((point, index) => {
      const dataset = chart.data.datasets[index];
      const full = this.timeData[index];
      if (!point || !dataset || !full) return;
      full.push(point);
      // After decimation `dataset.data` reads the decimated copy; writing it hands over the full data again.
      dataset.data = full;
      if (full.length > SHOW_POINTS_UP_TO) (dataset as ChartDataset<'line'>).pointRadius = 0;
    });
    const lastX = Math.max(...points.map((point) => point?.x ?? 0));
    const x = chart.options.scales?.x as { max?: number; ticks?: { stepSize?: number } } | undefined;
    if (lastX > this.timeMaxSec) {
      this.timeMaxSec = lastX;
      const axis = timeAxis(lastX);
      if (x) {
        x.max = axis.max;
        if (x.ticks) x.ticks.stepSize = axis.stepSize;
      }
    }
    chart.update('none');
    this.setPointCount(Math.max(0, ...this.timeData.map((series) => series.length)));
    this.setDrawnCount();
  }

  /** Lines over categories (thread counts), one value per category. */
  showCategoryLines(
    categories: readonly string[],
    series: readonly LineSeries[],
    data: readonly (number | null)[][],
    titles: AxisTitles,
  ): void {
    this.colours = series.map((line) => line.colour);
    this.describeAxes(
      titles,
      series.map((line) => line.label),
    );
    this.build = () => {
      const config: ChartConfiguration<'line', (number | null)[], string> = {
        type: 'line',
        data: {
          labels: [...categories],
          datasets: series.map((line, index) => ({
            label: line.label,
            data: [...data[index]],
            borderWidth: 2,
            pointRadius: 3,
            borderDash: line.dashed ? [5, 4] : [],
            spanGaps: true,
          })),
        },
        options: {
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          interaction: { mode: 'index', intersect: false },
          scales: {
            x: { type: 'category', title: { display: true, text: titles.x } },
            y: { type: 'linear', beginAtZero: true, title: { display: true, text: titles.y } },
          },
          plugins: { legend: { position: 'bottom', labels: LINE_LEGEND_LABELS } },
        },
      };
      return config as unknown as ChartConfiguration;
    };
    this.render();
    this.setPointCount(categories.length);
  }

  showBars(categories: readonly string[], label: string, values: readonly number[], titles: AxisTitles, colour: ColourRole): void {
    this.colours = [colour];
    this.describeAxes(titles, [label]);
    this.build = () => {
      const config: ChartConfiguration<'bar', number[], string> = {
        type: 'bar',
        data: {
          labels: [...categories],
          datasets: [{ label, data: [...values], borderWidth: 1, barPercentage: 0.95, categoryPercentage: 0.95 }],
        },
        options: {
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          scales: {
            x: { type: 'category', title: { display: true, text: titles.x }, ticks: { autoSkip: true, maxRotation: 0 } },
            y: { type: 'linear', beginAtZero: true, title: { display: true, text: titles.y } },
          },
          plugins: { legend: { display: false } },
        },
      };
      return config as unknown as ChartConfiguration;
    };
    this.render();
    this.setPointCount(values.length);
  }

  /**
   * Bars on a logarithmic value axis, each labelled with its value (latency percentiles: p50 to
   * max span decades, and a linear axis hides everything below p99).
   */
  showLogBars(
    categories: readonly string[],
    label: string,
    values: readonly number[],
    titles: AxisTitles,
    colour: ColourRole,
    formatValue: (value: number) => string,
  ): void {
    this.colours = [colour];
    this.describeAxes(titles, [label]);
    this.build = () =>
      logBarsConfig({ categories, label, values, titles, formatValue, palette: () => this.palette }) as unknown as ChartConfiguration;
    this.render();
    this.setPointCount(values.length);
  }

  /**
   * A latency histogram: bars of equal width in log10(ms) on an x axis that is logarithmic in ms
   * (drawn as a linear axis over log10 values, so each bar spans exactly its bounds).
   */
  showHistogram(
    bars: readonly HistogramBar[],
    label: string,
    titles: AxisTitles,
    colour: ColourRole,
    formatMs: (value: number) => string,
    formatCount: (value: number) => string,
  ): void {
    this.colours = [colour];
    this.describeAxes(titles, [label]);
    // each bar's bounds in ms, so a reader can check they are one width in log space
    this.canvasBox.dataset.bins = bars.map((bar) => `${bar.fromMs}-${bar.toMs}`).join(' ');
    const low = bars[0].fromMs;
    const high = bars[bars.length - 1].toMs;
    const points = bars.map((bar) => ({ x: (Math.log10(bar.fromMs) + Math.log10(bar.toMs)) / 2, y: bar.count }));
    this.build = () => {
      const config: ChartConfiguration<'bar', { x: number; y: number }[]> = {
        type: 'bar',
        data: { datasets: [{ label, data: points, borderWidth: 1, barPercentage: 1, categoryPercentage: 1 }] },
        options: {
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          parsing: { xAxisKey: 'x', yAxisKey: 'y' },
          scales: {
            x: {
              type: 'linear',
              min: Math.log10(low),
              max: Math.log10(high),
              offset: false,
              grid: { offset: false },
              title: { display: true, text: titles.x },
              afterBuildTicks: (scale) => {
                scale.ticks = logTicks(low, high).map((value) => ({ value: Math.log10(value) }));
              },
              ticks: { callback: (value) => formatMs(10 ** Number(value)), maxRotation: 0 },
            },
            y: { type: 'linear', beginAtZero: true, title: { display: true, text: titles.y } },
          },
          plugins: {
            legend: { display: false },
            tooltip: {
              callbacks: {
                title: (items) => {
                  const bar = bars[items[0]?.dataIndex ?? 0];
                  return bar ? `${formatMs(bar.fromMs)} – ${formatMs(bar.toMs)}` : '';
                },
                label: (item) => formatCount(Number((item.raw as { y: number }).y)),
              },
            },
          },
        },
      };
      return config as unknown as ChartConfiguration;
    };
    this.render();
    this.setPointCount(bars.length);
  }

  setNote(text: string): void {
    this.note.textContent = text;
    this.note.hidden = text === '';
  }

  /** Redraws with the theme's colours (a canvas cannot follow CSS variables by itself). */
  applyPalette(palette: ChartPalette): void {
    this.palette = palette;
    if (this.chart) this.render();
  }

  /**
   * A PNG of the chart at twice its on-screen size, on the editor background (a transparent canvas
   * looks broken in most viewers), under a caption: the chart's title and what it is about.
   */
  toPngDataUrl(identity: string, scale = PNG_SCALE): string {
    const chart = this.chart;
    const palette = this.palette;
    // Draw the chart again at `scale` device pixels per CSS pixel, copy it, and draw it back.
    const previousRatio = chart?.options.devicePixelRatio;
    if (chart) {
      chart.options.devicePixelRatio = scale;
      chart.resize();
    }
    try {
      const source = this.canvas;
      const padding = 12 * scale;
      const titleSize = (palette.fontSize + 2) * scale;
      const captionSize = (palette.fontSize - 1) * scale;
      const measure = document.createElement('canvas').getContext('2d');
      const width = source.width + 2 * padding;
      const captionLines = measure
        ? wrapText(measure, identity, `${captionSize}px ${palette.fontFamily}`, width - 2 * padding)
        : [identity];
      const header = padding + titleSize * 1.3 + captionLines.length * captionSize * 1.4 + padding / 2;
      const copy = document.createElement('canvas');
      copy.width = width;
      copy.height = Math.ceil(header + source.height + padding);
      const context = copy.getContext('2d');
      if (!context) return source.toDataURL('image/png');
      context.fillStyle = palette.background;
      context.fillRect(0, 0, copy.width, copy.height);
      context.textBaseline = 'top';
      context.fillStyle = palette.foreground;
      context.font = `600 ${titleSize}px ${palette.fontFamily}`;
      context.fillText(this.title, padding, padding);
      context.fillStyle = palette.muted;
      context.font = `${captionSize}px ${palette.fontFamily}`;
      captionLines.forEach((line, index) => context.fillText(line, padding, padding + titleSize * 1.3 + index * captionSize * 1.4));
      context.drawImage(source, padding, header);
      return copy.toDataURL('image/png');
    } finally {
      if (chart) {
        chart.options.devicePixelRatio = previousRatio;
        chart.resize();
      }
    }
  }

  destroy(): void {
    this.chart?.destroy();
    this.chart = undefined;
  }

  /** Creates the chart from a fresh configuration with the palette's colours in it. */
  private render(): void {
    if (!this.build) return;
    const config = this.build();
    this.paint(config);
    if (this.chart) {
      this.chart.destroy();
      // A fresh canvas: chart.js restores a reused canvas's style attribute on destroy, which the
      // webview's CSP (no inline styles) refuses.
      const canvas = element('canvas', { attributes: { role: 'img', 'aria-label': this.title } });
      this.canvas.replaceWith(canvas);
      this.canvas = canvas;
    }
    this.chart = new Chart(this.canvas, config);
    this.canvasBox.dataset.rendered = 'true';
    if (this.timeData.length > 0) this.setPointCount(Math.max(0, ...this.timeData.map((series) => series.length)));
    this.setDrawnCount();
    if (!firstChartMarked) {
      firstChartMarked = true;
      performance.mark('benchmarkResults:firstChart');
    }
  }

  private paint(config: ChartConfiguration): void {
    const palette = this.palette;
    const options = (config.options ??= {});
    options.color = palette.foreground;
    options.font = { family: palette.fontFamily, size: palette.fontSize - 1 };
    for (const scale of Object.values(options.scales ?? {}) as Partial<ScaleOptionsByType<'linear'>>[]) {
      scale.ticks = { ...(scale.ticks ?? {}), color: palette.muted } as typeof scale.ticks;
      if (scale.title) scale.title.color = palette.foreground;
      scale.grid = { ...(scale.grid ?? {}), color: palette.grid } as typeof scale.grid;
      scale.border = { ...(scale.border ?? {}), color: palette.grid } as typeof scale.border;
    }
    const isBar = config.type === 'bar';
    config.data.datasets.forEach((dataset, index) => {
      const colour = this.colourOf(this.colours[index] ?? { series: index });
      dataset.borderColor = colour;
      dataset.backgroundColor = isBar ? withAlpha(colour, palette.highContrast ? 0.9 : 0.6) : colour;
      if (palette.highContrast) dataset.borderWidth = 2.5;
    });
  }

  private colourOf(role: ColourRole): string {
    if (role === 'red') return this.palette.red;
    if (role === 'green') return this.palette.green;
    if (role === 'muted') return this.palette.muted;
    return seriesColour(this.palette, role.series);
  }

  private setPointCount(count: number): void {
    this.canvasBox.dataset.points = String(count);
  }

  /** What the canvas draws, in words on its box: axis titles and series names (for tests and tools that read the page). */
  private describeAxes(titles: AxisTitles, series: readonly string[]): void {
    this.canvasBox.dataset.xAxis = titles.x;
    this.canvasBox.dataset.yAxis = titles.y;
    if (titles.y1 !== undefined) this.canvasBox.dataset.y1Axis = titles.y1;
    else delete this.canvasBox.dataset.y1Axis;
    this.canvasBox.dataset.series = series.join(' | ');
  }

  /** How many points the first series really draws (fewer than it has once decimation thins it). */
  private setDrawnCount(): void {
    this.canvasBox.dataset.drawnPoints = String(this.chart?.getDatasetMeta(0).data.length ?? 0);
  }
}
