// One run: throughput and latency over time, errors and reconnects when there were any, latency
// percentiles and histogram, the options and the server. A live run shows the same time charts
// and grows by one point per report interval; the host replaces it with the stored result at the end.
import type { ResultInterval, RunResult } from '../../src/core/results/benchmarkResult';
import { countString, formatString, type LiveRun } from '../../src/protocol/benchmarkResults';
import { button } from '../shared/components';
import { element } from '../shared/dom';
import type { ChartCard, LineSeries } from './chartCard';
import type { ChartPalette } from './chartTheme';
import { clientBoundBanner, clientDetailsRow, LiveClientNote } from './clientLoadNotes';
import { bucketSchemeOf, histogramBars } from './histogramBars';
import { regionsSection } from './regionsSection';
import { serverSection } from './serverSection';
import { runDigestCountNote } from '../../src/core/results/digestCountNote';
import { errorCodesText } from '../../src/core/results/errorCodes';
import { chartIdentity } from '../../src/core/results/chartIdentity';
import { runEngine } from '../../src/core/results/runEngine';
import { clockText, hasErrorsOrReconnects, latencyKeys, pointOf, seriesOf, type IntervalValueKey } from './timeSeries';
import { isOperationLabel, operationRowsOf } from '../../src/core/results/operationRows';
import { tpccFiguresOf } from '../../src/core/results/tpccFigures';
import { ranWithoutWait } from '../../src/core/results/tpccWait';
import { isChWorkload, operationsCard, showsTpcc } from './tpccParts';
import { tpccTiles, updateTpccTiles } from './tpccTiles';
import { timeChartLayout, type TimeChartName } from './timeChartLayout';
import { chartCard, type ResultsView, type ViewContext } from './viewContext';
import { card, dataTable, exportButtons, keyValueTable, pageHeader, serverText, statusBadge, Tiles, warningsCallout } from './viewParts';

interface TimeChart {
  card: ChartCard;
  keys: IntervalValueKey[];
}

export type RunSource = { kind: 'run'; run: RunResult; warnings: string[]; connectionId?: string } | { kind: 'live'; live: LiveRun };

export class RunView implements ResultsView {
  readonly element: HTMLElement;
  private readonly charts: ChartCard[] = [];
  private readonly timeCharts: TimeChart[] = [];
  private readonly tiles: Tiles;
  private readonly intervals: ResultInterval[];
  private readonly progress = element('span', { className: 'progress', attributes: { 'data-progress': '' } });
  private readonly timeSec: number;
  private cancelButton: { element: HTMLElement; disabled: boolean } | undefined;
  private statusHolder = element('span', {});
  private readonly drawers: (() => void)[] = [];
  private readonly liveClientNote: LiveClientNote;
  /** a TPC-C or CH-benCHmark run: tpmC tiles; the warehouses for a live run's efficiency */
  private readonly tpcc: { warehouses: number | null } | undefined;

  constructor(
    private readonly context: ViewContext,
    source: RunSource,
  ) {
    const s = context.strings;
    const f = context.format;
    const live = source.kind === 'live' ? source.live : undefined;
    const run = source.kind === 'run' ? source.run : undefined;
    this.intervals = [...(live ? live.intervals : (run?.intervals ?? []))];
    // A live chart fills up to --time; a stored one ends where the run ended.
    this.timeSec = live ? live.header.timeSec : (run?.durationSec ?? 0);

    const threads = live ? live.header.threads : threadsOf(run as RunResult);
    const workload = live ? live.header.workload : (run as RunResult).workload;
    const title =
      run?.name ??
      `${workload} · ${threads === undefined ? formatString(s.threadsCount, '–') : countString(threads, s.threadsOne, s.threadsCount, context.format.number(threads))}`;

    context.identity = chartIdentity(
      {
        name: run?.name,
        workload,
        threads,
        connection: live ? live.header.connectionName : run?.connection,
        server: live ? live.header.server : run?.server,
        startTime: run?.startTime ?? new Date().toISOString(),
      },
      {
        threads: (count) => countString(count, s.threadsOne, s.threadsCount, f.number(count)),
        server: serverText,
        date: (iso) => new Date(iso).toLocaleString(context.locale),
      },
    );
    const meta: (HTMLElement | string)[] = [this.statusHolder];
    if (live) {
      this.statusHolder.append(statusBadge(context, live.phase));
      meta.push(this.progress);
      if (live.header.step) meta.push(formatString(s.runStep, live.header.step.index, live.header.step.count, live.header.step.label));
      meta.push(`${s.connection}: ${live.header.connectionName}`);
    } else if (run) {
      this.statusHolder.append(statusBadge(context, run.status));
      meta.push(`${s.started}: ${new Date(run.startTime).toLocaleString(context.locale)}`);
      meta.push(`${s.duration}: ${f.seconds(run.durationSec)}`);
      if (run.connection) meta.push(`${s.connection}: ${run.connection}`);
      meta.push(`${s.source}: ${run.source.tool} ${run.source.toolVersion}`.trim());
      if (run.source.engine) meta.push(`engine: ${engineText(run)}`);
    }
    const rate = Number((live ? live.header.options : run?.options)?.rate ?? 0);
    if (rate > 0) meta.push(formatString(s.fixedRate, f.number(rate)));
    let actions: HTMLElement;
    if (live) {
      const cancel = button({
        id: 'cancel-run',
        label: s.cancelRun,
        appearance: 'secondary',
        onClick: () => {
          cancel.disabled = true;
          context.host.post('cancelRun', { runKey: live.header.runKey });
        },
      });
      cancel.disabled = live.phase === 'stopping';
      this.cancelButton = cancel;
      actions = element('div', { className: 'toolbar' }, cancel.element);
    } else {
      actions = exportButtons(context);
    }

    const summary = run?.summary;
    const tpcc = live ? ['tpcc', 'ch'].includes(live.header.workload) : showsTpcc(run as RunResult);
    const warehouses = Number((live ? live.header.options : run?.options)?.warehouses);
    this.tpcc = tpcc ? { warehouses: Number.isFinite(warehouses) ? warehouses : null } : undefined;
    const figures = run && tpcc ? tpccFiguresOf(run) : undefined;
    this.tiles = new Tiles([
      ...(tpcc
        ? tpccTiles(
            context,
            figures,
            isChWorkload(workload),
            ranWithoutWait({ options: (live ? live.header.options : run?.options) ?? {} }),
          )
        : [
            { key: 'tps', label: s.tps, value: f.rate(summary?.tps) },
            { key: 'qps', label: s.qps, value: f.rate(summary?.qps) },
          ]),
      // a TPC-C run's latencies are New-Order's, as go-tpc's summary line is
      { key: 'p95', label: tpcc ? s.newOrderP95 : s.latencyP95, value: f.ms(summary?.latencyMs.p95) },
      { key: 'p99', label: tpcc ? s.newOrderP99 : s.latencyP99, value: f.ms(summary?.latencyMs.p99) },
      { key: 'avg', label: tpcc ? s.newOrderAvg : s.latencyAvg, value: f.ms(summary?.latencyMs.avg) },
      { key: 'max', label: tpcc ? s.newOrderMax : s.latencyMax, value: f.ms(summary?.latencyMs.max) },
      { key: 'errors', label: s.errors, value: f.number(summary?.errors ?? 0) },
      { key: 'reconnects', label: s.reconnects, value: f.number(summary?.reconnects ?? 0) },
    ]);

    const timeGrid = element('div', { className: 'chart-grid' });
    // TPC-C: tpmC and each transaction's rate, when the run kept rates by transaction
    const byTransaction = tpcc && (live !== undefined || this.intervals.some((interval) => interval.operations !== undefined));
    const titles: Record<TimeChartName, string> = {
      throughput: s.qpsOverTime,
      tps: s.tpsOverTime,
      tpmC: s.tpmCOverTime,
      transactions: s.transactionsOverTime,
      analytical: s.analyticalQueriesOverTime,
      latency: tpcc ? s.newOrderLatencyOverTime : s.latencyOverTime,
      errors: s.errorsOverTime,
    };
    const layout = timeChartLayout({
      byTransaction,
      analytical: isChWorkload(workload),
      latencyKeys: live ? ['p95', 'p99', 'avg'] : latencyKeys(this.intervals),
      errors: live !== undefined || hasErrorsOrReconnects(this.intervals, run),
    });
    for (const { name, keys } of layout) {
      const chart = chartCard(context, name, titles[name], name !== 'errors');
      timeGrid.append(chart.element);
      this.timeCharts.push({ card: chart, keys });
    }
    this.charts.push(...this.timeCharts.map((chart) => chart.card));

    const noIntervals = element('p', { className: 'callout', hidden: this.intervals.length > 0 || Boolean(live) }, s.noIntervals);
    const codes = run ? errorCodesText(run.summary, context.locale) : '';
    const errorCodes =
      codes === ''
        ? null
        : element(
            'p',
            { className: 'error-codes muted', attributes: { 'data-error-codes': '' } },
            `${formatString(s.errorCodesHeading, f.number(run?.summary.errors ?? 0))} ${codes}`,
          );
    this.liveClientNote = new LiveClientNote(context, workload);
    const parts: (HTMLElement | null)[] = [
      pageHeader(title, meta, actions),
      run ? clientBoundBanner(context, run) : this.liveClientNote.element,
      run ? warningsCallout(context, [...(run.message ? [run.message] : []), ...(source.kind === 'run' ? source.warnings : [])]) : null,
      this.tiles.element,
      errorCodes,
      noIntervals,
      timeGrid,
    ];
    if (run)
      parts.push(
        ...(figures
          ? [operationsCard(context, 'transactions', figures.transactions), operationsCard(context, 'queries', figures.queries)]
          : [operationsCard(context, 'queries', operationRowsOf(run))]),
        this.distributionGrid(run),
        serverSection(context, run.server?.activity, source.kind === 'run' && source.connectionId !== undefined, runDigestCountNote(run)),
        regionsSection(context, run.server?.regions),
        this.detailsCard(run),
      );
    else if (live) parts.push(this.liveDetailsCard(live));
    this.element = element('div', { className: 'run-view', attributes: { 'data-view': live ? 'live' : 'run' } }, ...parts);
    if (live) this.updateLiveFigures();
  }

  draw(): void {
    this.drawTimeCharts();
    for (const drawer of this.drawers.splice(0)) drawer();
  }

  /** A live run's next report interval. */
  appendInterval(interval: ResultInterval): void {
    this.intervals.push(interval);
    for (const chart of this.timeCharts) chart.card.appendPoints(chart.keys.map((key) => pointOf(interval, key)));
    this.updateLiveFigures();
  }

  setPhase(phase: LiveRun['phase']): void {
    this.statusHolder.replaceChildren(statusBadge(this.context, phase));
    if (this.cancelButton) this.cancelButton.disabled = phase === 'stopping';
  }

  applyPalette(palette: ChartPalette): void {
    for (const chart of this.charts) chart.applyPalette(palette);
  }

  dispose(): void {
    for (const chart of this.charts) chart.destroy();
  }

  private drawTimeCharts(): void {
    const s = this.context.strings;
    const labels: Record<IntervalValueKey, string> = {
      qps: s.qps,
      tps: s.tps,
      p95: 'p95',
      p99: 'p99',
      avg: s.latencyAvg,
      errors: s.errorsPerSecond,
      reconnects: s.reconnectsPerSecond,
      tpmC: s.tpmC,
      new_order: 'new_order',
      payment: 'payment',
      order_status: 'order_status',
      delivery: 'delivery',
      stock_level: 'stock_level',
      analytical: s.queriesHeading,
    };
    const styles: Record<IntervalValueKey, Omit<LineSeries, 'label'>> = {
      qps: { colour: { series: 0 } },
      tps: { colour: { series: 1 } },
      p95: { colour: { series: 0 } },
      p99: { colour: { series: 3 } },
      avg: { colour: { series: 2 }, dashed: true },
      errors: { colour: 'red' },
      reconnects: { colour: { series: 4 }, dashed: true },
      tpmC: { colour: { series: 0 } },
      new_order: { colour: { series: 0 } },
      payment: { colour: { series: 1 } },
      order_status: { colour: { series: 2 } },
      delivery: { colour: { series: 3 } },
      stock_level: { colour: { series: 4 } },
      analytical: { colour: { series: 0 } },
    };
    const titles = {
      throughput: { x: s.secondsAxis, y: s.queriesPerSecond },
      tps: { x: s.secondsAxis, y: s.transactionsPerSecond },
      latency: { x: s.secondsAxis, y: s.milliseconds },
      errors: { x: s.secondsAxis, y: s.perSecond },
      tpmC: { x: s.secondsAxis, y: s.newOrdersPerMinute },
      transactions: { x: s.secondsAxis, y: s.transactionsPerSecond },
      analytical: { x: s.secondsAxis, y: s.queriesPerSecond },
    };
    for (const chart of this.timeCharts) {
      const series = chart.keys.map((key) => ({ label: labels[key], ...styles[key] }));
      const data = chart.keys.map((key) => seriesOf(this.intervals, key));
      chart.card.showTimeLines(series, data, titles[chart.card.name as keyof typeof titles], clockText, this.timeSec);
      const total = this.intervals.length;
      if (total > 1000) chart.card.setNote(formatString(s.decimated, this.context.format.number(total)));
    }
  }

  private updateLiveFigures(): void {
    const f = this.context.format;
    const s = this.context.strings;
    const last = this.intervals[this.intervals.length - 1];
    const elapsed = last?.t ?? 0;
    this.liveClientNote.update(this.intervals);
    this.progress.textContent =
      last === undefined
        ? s.waitingForFirstInterval
        : this.timeSec > 0
          ? formatString(s.elapsedOf, clockText(elapsed), clockText(this.timeSec))
          : formatString(s.elapsed, clockText(elapsed));
    if (!last) return;
    if (this.tpcc) updateTpccTiles(this.context, this.tiles, last, this.tpcc.warehouses);
    this.tiles.set('tps', f.rate(last.tps));
    this.tiles.set('qps', f.rate(last.qps));
    this.tiles.set('p95', f.ms(last.latencyMs.p95));
    this.tiles.set('p99', f.ms(last.latencyMs.p99));
    this.tiles.set('avg', f.ms(last.latencyMs.avg));
    this.tiles.set('max', f.ms(last.latencyMs.max));
    const totals = this.intervals.reduce(
      (sum, interval, index) => {
        const seconds = interval.t - (index === 0 ? 0 : this.intervals[index - 1].t);
        return { errors: sum.errors + interval.errors * seconds, reconnects: sum.reconnects + interval.reconnects * seconds };
      },
      { errors: 0, reconnects: 0 },
    );
    this.tiles.set('errors', f.number(Math.round(totals.errors)));
    this.tiles.set('reconnects', f.number(Math.round(totals.reconnects)));
  }

  private distributionGrid(run: RunResult): HTMLElement {
    const s = this.context.strings;
    const f = this.context.format;
    const grid = element('div', { className: 'chart-grid' });
    const latency = run.summary.latencyMs;
    const percentiles: [string, number | null][] = [
      ['p50', latency.p50],
      ['p90', latency.p90],
      ['p95', latency.p95],
      ['p99', latency.p99],
      ['p99.9', latency.p999],
      ['max', latency.max],
    ];
    const known = percentiles.filter((entry): entry is [string, number] => entry[1] !== null && entry[1] > 0);
    if (known.length > 0) {
      const chart = chartCard(this.context, 'percentiles', this.tpcc ? s.newOrderPercentiles : s.latencyPercentiles);
      grid.append(chart.element);
      this.drawers.push(() =>
        chart.showLogBars(
          known.map(([label]) => label),
          s.milliseconds,
          known.map(([, value]) => value),
          { x: '', y: s.latencyLogAxis },
          { series: 0 },
          (value) => f.ms(value),
        ),
      );
      this.charts.push(chart);
    }
    const bars = histogramBars(run.histogram, bucketSchemeOf(run.source.tool));
    if (bars.length > 0) {
      const chart = chartCard(this.context, 'histogram', this.tpcc ? s.newOrderHistogram : s.latencyHistogram);
      grid.append(chart.element);
      this.drawers.push(() =>
        chart.showHistogram(
          bars,
          s.eventsAxis,
          { x: s.latencyLogAxis, y: s.eventsAxis },
          { series: 3 },
          (value) => f.ms(value),
          (value) => f.number(value),
        ),
      );
      this.charts.push(chart);
    }
    return grid;
  }

  private detailsCard(run: RunResult): HTMLElement {
    const s = this.context.strings;
    const server = run.server;
    const serverRows: [string, string][] = server
      ? [
          [s.server, serverText(server)],
          ...(server.versionString ? [['VERSION()', server.versionString] as [string, string]] : []),
          ...(server.host ? [['host', `${server.host}${server.port ? `:${server.port}` : ''}`] as [string, string]] : []),
        ]
      : [];
    const sourceRows: [string, string][] = [
      [s.source, `${run.source.tool} ${run.source.toolVersion}`.trim()],
      ...(run.source.importedFrom ? [['file', run.source.importedFrom] as [string, string]] : []),
      ...(run.source.engine ? [['engine', engineText(run)] as [string, string]] : []),
      ...(run.source.engineNote ? [['engine note', run.source.engineNote] as [string, string]] : []),
    ];
    // the per-operation numbers are in the transactions / queries table above
    const shownAbove = operationRowsOf(run).length > 0;
    const labels = Object.entries(run.labels ?? {})
      .filter(([key]) => !shownAbove || !isOperationLabel(key))
      .map(([key, value]): [string, string] => [key, String(value)]);
    return card(
      s.options,
      element(
        'div',
        { className: 'details' },
        optionsTable(run.options),
        keyValueTable([...serverRows, ...sourceRows, ...clientDetailsRow(this.context, run), ...labels]),
      ),
    );
  }

  private liveDetailsCard(live: LiveRun): HTMLElement {
    const s = this.context.strings;
    const server = live.header.server;
    return card(
      s.options,
      element(
        'div',
        { className: 'details' },
        optionsTable(live.header.options),
        keyValueTable([
          [s.connection, live.header.connectionName],
          ...(server ? [[s.server, serverText(server)] as [string, string]] : []),
        ]),
      ),
    );
  }
}

function optionsTable(options: Record<string, string | number | boolean>): HTMLElement {
  const rows = Object.entries(options)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => [key, typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value)]);
  return dataTable(['option', 'value'], rows, { className: 'options', numericFrom: 2 });
}

export function threadsOf(run: RunResult): number | undefined {
  const threads = run.options.threads;
  if (typeof threads === 'number') return threads;
  if (typeof threads === 'string' && /^\d+$/.test(threads)) return Number(threads);
  return run.intervals[0]?.threads;
}

/** "sysbench 1.0.20", "go-tpc 1.0.12" or "built-in": the engine that made the load of a TiDB Lab run. */
function engineText(run: RunResult): string {
  return runEngine(run).text;
}
