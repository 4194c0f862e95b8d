// Two or more runs in one chart: QPS and p95 over time with one line per run, and the metrics
// side by side with each run's % change from the first, coloured like the experiment heatmap.
import type { RunResult } from '../../src/core/results/benchmarkResult';
import { compareRuns } from '../../src/core/results/runComparison';
import { formatString } from '../../src/protocol/benchmarkResults';
import { element } from '../shared/dom';
import type { ChartCard } from './chartCard';
import type { ChartPalette } from './chartTheme';
import { changeText, heatMixPercent, heatOf } from './heatmapScale';
import { threadsOf } from './runView';
import { clockText, seriesOf } from './timeSeries';
import { chartCard, type ResultsView, type ViewContext } from './viewContext';
import { card, exportButtons, pageHeader, warningsCallout } from './viewParts';

export class ComparisonView implements ResultsView {
  readonly element: HTMLElement;
  private readonly charts: ChartCard[] = [];
  private readonly drawCharts: () => void;

  constructor(private readonly context: ViewContext, runs: RunResult[], warnings: string[]) {
    const s = context.strings;
    const labels = runs.map((run, index) => this.label(run, index));
    const comparison = compareRuns(runs);
    const qps = chartCard(context, 'compare-qps', s.qpsOverTime, true);
    const p95 = chartCard(context, 'compare-p95', s.p95OverTime, true);
    this.charts.push(qps, p95);

    const headers = [s.metric, ...labels.map((label, index) => (index === 0 ? label : `${label} (${s.vsFirst})`))];
    const rows = comparison.metrics.map((entry) => element('tr', {},
      element('th', { attributes: { scope: 'row' } }, `${entry.metric.label} (${entry.metric.unit})`),
      ...entry.values.map((value, index) => {
        const text = entry.metric.unit === 'ms' ? context.format.ms(value) : context.format.rate(value);
        if (index === 0) return element('td', { className: 'num' }, text);
        const heat = heatOf(entry.improvementPctVsFirst[index]);
        const cell = element('td', { className: `num heat heat-${heat.tone}`, attributes: { 'data-tone': heat.tone } }, `${text} (${changeText(entry.changePctVsFirst[index], context.locale)})`);
        const mix = heatMixPercent(heat);
        if (mix > 0) cell.style.backgroundColor = `color-mix(in srgb, var(--vscode-charts-${heat.tone === 'better' ? 'green' : 'red'}) ${mix}%, transparent)`;
        return cell;
      }),
    ));
    const table = element('table', { className: 'data comparison' },
      element('thead', {}, element('tr', {}, ...headers.map((header, index) => element('th', { className: index > 0 ? 'num' : '', attributes: { scope: 'col' } }, header)))),
      element('tbody', {}, ...rows));

    this.element = element('div', { className: 'comparison-view', attributes: { 'data-view': 'comparison' } },
      pageHeader(formatString(s.comparisonHeading, runs.length), labels, exportButtons(context)),
      warningsCallout(context, [...comparison.warnings, ...warnings]),
      element('div', { className: 'chart-grid' }, qps.element, p95.element),
      card(s.rawNumbers, element('div', { className: 'scroll' }, table)),
    );
    const series = labels.map((label, index) => ({ label, colour: { series: index } }));
    this.drawCharts = () => {
      qps.showTimeLines(series, runs.map((run) => seriesOf(run.intervals, 'qps')), { x: s.secondsAxis, y: s.queriesPerSecond }, clockText);
      p95.showTimeLines(series, runs.map((run) => seriesOf(run.intervals, 'p95')), { x: s.secondsAxis, y: s.milliseconds }, clockText);
    };
  }

  draw(): void {
    this.drawCharts();
  }

  applyPalette(palette: ChartPalette): void {
    for (const chart of this.charts) chart.applyPalette(palette);
  }

  dispose(): void {
    for (const chart of this.charts) chart.destroy();
  }

  private label(run: RunResult, index: number): string {
    if (run.name) return run.name;
    const threads = threadsOf(run);
    const parts = [`${index + 1}. ${run.workload}`];
    if (threads !== undefined) parts.push(formatString(this.context.strings.threadsCount, threads));
    parts.push(new Date(run.startTime).toLocaleTimeString(this.context.locale, { hour: '2-digit', minute: '2-digit' }));
    return parts.join(' · ');
  }
}
