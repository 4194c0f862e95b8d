// Two or more runs in one chart: QPS and p95 over time with one line per run, and the metrics
// side by side with each run's % change from the first, coloured like the experiment heatmap.
// Each run is listed with its engine and connection; the warnings say when those differ.
import type { RunResult } from '../../src/core/results/benchmarkResult';
import { compareRuns, type ComparedRun } from '../../src/core/results/runComparison';
import { countString, formatString } from '../../src/protocol/benchmarkResults';
import { element } from '../shared/dom';
import type { ChartCard } from './chartCard';
import { seriesColour, type ChartPalette } from './chartTheme';
import { changeText, heatMixPercent, heatOfComparedRun } from './heatmapScale';
import { threadsOf } from './runView';
import { clockText, seriesOf } from './timeSeries';
import { chartCard, type ResultsView, type ViewContext } from './viewContext';
import { card, exportButtons, pageHeader, warningsCallout } from './viewParts';

export class ComparisonView implements ResultsView {
  readonly element: HTMLElement;
  private readonly charts: ChartCard[] = [];
  private readonly drawCharts: () => void;
  /** the colour marks of each run (list and table), recoloured with the theme */
  private readonly swatches: HTMLElement[][] = [];

  constructor(
    private readonly context: ViewContext,
    runs: RunResult[],
    warnings: string[],
  ) {
    const s = context.strings;
    const labels = runs.map((run) => this.label(run));
    const comparison = compareRuns(runs);
    context.identity = `${formatString(s.comparisonHeading, countString(runs.length, s.runsOne, s.experimentCells, context.format.number(runs.length)))}: ${labels.map((label, index) => `${index + 1}. ${label}${runs[index].connection ? ` (${runs[index].connection})` : ''}`).join(' | ')}`;
    const qps = chartCard(context, 'compare-qps', s.qpsOverTime, true);
    const p95 = chartCard(context, 'compare-p95', s.p95OverTime, true);
    this.charts.push(qps, p95);

    // Runs are columns headed by their number and colour (names can be long: they are listed once
    // above the table, cut with an ellipsis, never the numbers); each value cell holds the value
    // and its change on two short lines, and the metric column stays put when the table scrolls.
    const runList = element(
      'ol',
      { className: 'run-list' },
      ...labels.map((label, index) =>
        element(
          'li',
          { attributes: { 'data-run': String(index + 1) } },
          this.swatch(index),
          element('span', { className: 'run-number' }, `${index + 1}`),
          element('span', { className: 'run-label', attributes: { title: label } }, label),
          element('span', { className: 'run-source' }, sourceText(comparison.runs[index])),
        ),
      ),
    );
    const headers = [
      element('th', { className: 'metric', attributes: { scope: 'col' } }, s.metric),
      ...labels.map((label, index) =>
        element(
          'th',
          { className: 'num run-column', attributes: { scope: 'col', title: index === 0 ? label : `${label} (${s.vsFirst})` } },
          this.swatch(index),
          `${index + 1}`,
        ),
      ),
    ];
    const rows = comparison.metrics.map((entry) =>
      element(
        'tr',
        {},
        element('th', { className: 'metric', attributes: { scope: 'row' } }, metricHeading(entry.metric)),
        ...entry.values.map((value, index) => {
          const text = entry.metric.unit === 'ms' ? context.format.ms(value).replace(/ ms$/, '') : context.format.rate(value);
          if (index === 0) return element('td', { className: 'num' }, element('span', { className: 'value' }, text));
          const heat = heatOfComparedRun(entry, index);
          const noise = entry.withinNoise[index] === true;
          const cell = element(
            'td',
            { className: `num heat heat-${heat.tone}`, attributes: { 'data-tone': heat.tone } },
            element('span', { className: 'value' }, text),
            element('span', { className: 'change' }, `${changeText(entry.changePctVsFirst[index], context.locale)}${noise ? ' ~' : ''}`),
          );
          if (noise && comparison.noiseBandPct !== null) cell.title = formatString(s.singleRunNoiseNote, comparison.noiseBandPct);
          const mix = heatMixPercent(heat);
          if (mix > 0)
            cell.style.backgroundColor = `color-mix(in srgb, var(--vscode-charts-${heat.tone === 'better' ? 'green' : 'red'}) ${mix}%, transparent)`;
          return cell;
        }),
      ),
    );
    const table = element(
      'table',
      { className: 'data comparison' },
      element('thead', {}, element('tr', {}, ...headers)),
      element('tbody', {}, ...rows),
    );

    this.element = element(
      'div',
      { className: 'comparison-view', attributes: { 'data-view': 'comparison' } },
      pageHeader(
        formatString(s.comparisonHeading, countString(runs.length, s.runsOne, s.experimentCells, context.format.number(runs.length))),
        [],
        exportButtons(context),
      ),
      warningsCallout(context, [...comparison.warnings, ...warnings]),
      card(
        s.rawNumbers,
        runList,
        element('div', { className: 'scroll' }, table),
        comparison.noiseBandPct === null
          ? null
          : element(
              'p',
              { className: 'comparison-note muted', attributes: { 'data-note': 'single-run-noise' } },
              formatString(s.singleRunNoiseNote, comparison.noiseBandPct),
            ),
      ),
      element('div', { className: 'chart-grid' }, qps.element, p95.element),
    );
    const series = labels.map((label, index) => ({ label: `${index + 1}. ${shortened(label)}`, colour: { series: index } }));
    this.drawCharts = () => {
      qps.showTimeLines(
        series,
        runs.map((run) => seriesOf(run.intervals, 'qps')),
        { x: s.secondsAxis, y: s.queriesPerSecond },
        clockText,
      );
      p95.showTimeLines(
        series,
        runs.map((run) => seriesOf(run.intervals, 'p95')),
        { x: s.secondsAxis, y: s.milliseconds },
        clockText,
      );
    };
  }

  draw(): void {
    this.drawCharts();
  }

  applyPalette(palette: ChartPalette): void {
    for (const chart of this.charts) chart.applyPalette(palette);
    this.swatches.forEach((marks, index) => {
      for (const mark of marks) mark.style.backgroundColor = seriesColour(palette, index);
    });
  }

  dispose(): void {
    for (const chart of this.charts) chart.destroy();
  }

  private swatch(index: number): HTMLElement {
    const swatch = element('span', { className: 'series-swatch', attributes: { 'aria-hidden': 'true' } });
    swatch.style.backgroundColor = seriesColour(this.context.palette, index);
    (this.swatches[index] ??= []).push(swatch);
    return swatch;
  }

  private label(run: RunResult): string {
    if (run.name) return run.name;
    const threads = threadsOf(run);
    const parts = [run.workload];
    if (threads !== undefined)
      parts.push(
        countString(threads, this.context.strings.threadsOne, this.context.strings.threadsCount, this.context.format.number(threads)),
      );
    parts.push(new Date(run.startTime).toLocaleTimeString(this.context.locale, { hour: '2-digit', minute: '2-digit' }));
    return parts.join(' · ');
  }
}

/** "p95 latency (ms)"; "errors/s" once, not "errors/s (errors/s)", when the name is the unit. */
function metricHeading(metric: { label: string; unit: string }): string {
  return metric.label === metric.unit ? metric.label : `${metric.label} (${metric.unit})`;
}

/** "sysbench 1.0.20 · local (127.0.0.1:4000)": what made the run's load and where it ran. */
function sourceText(run: ComparedRun): string {
  return run.connection === null ? run.engine : `${run.engine} · ${run.connection}`;
}

/** A run's name in a chart legend: at most 48 characters (the full name is in the list above the table). */
function shortened(label: string): string {
  return label.length > 48 ? `${label.slice(0, 47)}…` : label;
}
