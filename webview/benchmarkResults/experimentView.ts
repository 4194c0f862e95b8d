// An experiment: for sweeps, QPS and p95 against threads with one line per variant (TPC-C: tpmC
// and New-Order's p95 against threads or warehouses); for A/B
// experiments the "% change of B over A" heatmap (threads down, workloads across, as the
// cached-table study printed it) beside the raw numbers; and every cell's run, each one openable.
import type { ExperimentCell, ExperimentResult } from '../../src/core/results/benchmarkResult';
import { errorCodesText } from '../../src/core/results/errorCodes';
import { cellDimensions, cellName, type NameWords } from '../../src/core/results/runNames';
import { RESULT_METRICS, type MetricKey } from '../../src/core/results/resultMetrics';
import { tpccFiguresOf } from '../../src/core/results/tpccFigures';
import { isTpccExperiment, tpccHeatmapMetrics } from '../../src/core/results/tpccExperimentTable';
import {
  pivotChangeMatrix,
  variantChangeTable,
  type ChangeMatrixColumn,
  type VariantChangeTable,
} from '../../src/core/results/variantComparison';
import { countString, formatString } from '../../src/protocol/benchmarkResults';
import { choiceField } from '../shared/components';
import { element } from '../shared/dom';
import type { ChartCard } from './chartCard';
import type { ChartPalette } from './chartTheme';
import { cellRegionsCard } from './cellRegionsView';
import { clientBoundVariantsByCell, heatmapCellKey } from './clientLoadNotes';
import { changeText, heatMixPercent, heatOfCell } from './heatmapScale';
import { bulkLoadRunsTable, rawNumbersTable, tpccRawNumbersTable } from './rawNumbers';
import { studyTablesCard } from './studyTablesView';
import { variantStatementsCard } from './variantStatementsView';
import { cellSettingLabel, cellWarehouses, isBulkLoad, isSweep, sweepGroups, type SweepGroup } from './sweepSeries';
import { chartCard, type ResultsView, type ViewContext } from './viewContext';
import { card, dataTable, exportButtons, pageHeader, serverText, statusBadge, warningsCallout } from './viewParts';

const HEATMAP_METRICS: readonly MetricKey[] = ['qps', 'tps', 'p95', 'p99', 'avg'];
const BULK_HEATMAP_METRICS: readonly MetricKey[] = ['rowsPerSec', 'mbPerSec', 'p95', 'p99'];

export class ExperimentView implements ResultsView {
  readonly element: HTMLElement;
  private readonly charts: ChartCard[] = [];
  private readonly groups: SweepGroup[];
  private readonly heatmapHolder = element('div', { className: 'heatmap-holder' });
  private drawSweep: (() => void) | undefined;

  constructor(
    private readonly context: ViewContext,
    private readonly experiment: ExperimentResult,
    private readonly resultId: string,
    warnings: string[],
  ) {
    const s = context.strings;
    const f = context.format;
    this.groups = sweepGroups(experiment);
    const meta: (HTMLElement | string)[] = [
      statusBadge(context, experiment.status),
      `${s.started}: ${new Date(experiment.startTime).toLocaleString(context.locale)}`,
      `${s.duration}: ${f.seconds(experiment.durationSec)}`,
      countString(experiment.cells.length, s.runsOne, s.experimentCells, f.number(experiment.cells.length)),
      ...(experiment.server ? [`${s.server}: ${serverText(experiment.server)}`] : []),
    ];
    context.identity = [
      experiment.name,
      countString(experiment.cells.length, s.runsOne, s.experimentCells, f.number(experiment.cells.length)),
      experiment.connection ?? '',
      experiment.server ? serverText(experiment.server) : '',
      new Date(experiment.startTime).toLocaleString(context.locale),
    ]
      .filter(Boolean)
      .join(' · ');
    const parts: (HTMLElement | null)[] = [
      pageHeader(experiment.name, meta, exportButtons(context)),
      warningsCallout(context, [...(experiment.message ? [experiment.message] : []), ...warnings]),
    ];
    if (isSweep(this.groups)) parts.push(this.sweepSection());
    if (experiment.variants.length >= 2) {
      parts.push(this.changeSection(), variantStatementsCard(context, experiment));
    }
    parts.push(cellRegionsCard(context, experiment, resultId), this.cellsCard());
    this.element = element('div', { className: 'experiment-view', attributes: { 'data-view': 'experiment' } }, ...parts);
  }

  draw(): void {
    this.drawSweep?.();
  }

  applyPalette(palette: ChartPalette): void {
    for (const chart of this.charts) chart.applyPalette(palette);
  }

  dispose(): void {
    for (const chart of this.charts) chart.destroy();
  }

  private sweepSection(): HTMLElement {
    const s = this.context.strings;
    const sweeping = this.groups.filter((group) => group.points.length > 1);
    const chosen = sweeping.find((group) => group.key === this.context.state.group) ?? sweeping[0];
    const bulk = isBulkLoad(this.experiment);
    const tpcc = isTpccExperiment(this.experiment);
    const byWarehouses = chosen.axis === 'warehouses';
    const throughputTitle = bulk
      ? s.bulkThroughput
      : tpcc
        ? byWarehouses
          ? s.tpmCAgainstWarehouses
          : s.tpmCAgainstThreads
        : s.sweepThroughput;
    const latencyTitle = bulk
      ? s.bulkLatency
      : tpcc
        ? byWarehouses
          ? s.newOrderP95AgainstWarehouses
          : s.newOrderP95AgainstThreads
        : s.sweepLatency;
    const throughput = chartCard(this.context, tpcc ? 'sweep-tpmC' : 'sweep-qps', throughputTitle, true);
    const latency = chartCard(this.context, 'sweep-p95', latencyTitle, true);
    this.charts.push(throughput, latency);
    const draw = (group: SweepGroup) => {
      const categories = group.points.map(String);
      const series = group.lines.map((line, index) => ({ label: line.variant, colour: { series: index } }));
      const x = group.axis === 'warehouses' ? s.warehousesAxis : bulk ? s.writersAxis : s.threadsAxis;
      const [values, unit] = bulk
        ? [group.lines.map((line) => line.rowsPerSec), s.rowsPerSecondAxis]
        : tpcc
          ? [group.lines.map((line) => line.tpmC), s.newOrdersPerMinute]
          : [group.lines.map((line) => line.qps), s.queriesPerSecond];
      throughput.showCategoryLines(categories, series, values, { x, y: unit });
      latency.showCategoryLines(
        categories,
        series,
        group.lines.map((line) => (bulk ? line.p99 : line.p95)),
        { x, y: s.milliseconds },
      );
    };
    const groupLabel = (group: SweepGroup) =>
      bulk ? formatString(s.rowsPerStatement, String(bulkRowsPerStatement(group))) : (this.fixedText(group) ?? group.label);
    const picker =
      sweeping.length > 1
        ? choiceField({
            id: 'sweep-group',
            // a bulk-load study's charts are one per rows per statement, a TPC-C one's per warehouse (or thread) count
            label: bulk
              ? s.rowsPerStatementHeader
              : chosen.fixed
                ? chosen.fixed.axis === 'warehouses'
                  ? s.warehousesHeader
                  : s.threads
                : s.workloadGroup,
            style: 'dropdown',
            value: chosen.key,
            choices: sweeping.map((group) => ({ value: group.key, label: groupLabel(group) })),
          })
        : undefined;
    picker?.onChange((key) => {
      const group = sweeping.find((candidate) => candidate.key === key);
      if (!group) return;
      this.context.saveState({ group: key });
      draw(group);
    });
    const section = element(
      'section',
      { className: 'sweep' },
      picker ? element('div', { className: 'controls' }, picker.element) : element('p', { className: 'muted' }, groupLabel(chosen)),
      element('div', { className: 'chart-grid' }, throughput.element, latency.element),
    );
    this.drawSweep = () => draw(chosen);
    return section;
  }

  /** A TPC-C group's shared count in words ("1 warehouse", "8 threads"); undefined for other groups. */
  private fixedText(group: SweepGroup): string | undefined {
    if (!group.fixed) return undefined;
    const s = this.context.strings;
    const f = this.context.format;
    const { axis, value } = group.fixed;
    return axis === 'warehouses'
      ? countString(value, s.warehousesOne, s.warehousesCount, f.number(value))
      : countString(value, s.threadsOne, s.threadsCount, f.number(value));
  }

  private changeSection(): HTMLElement {
    const s = this.context.strings;
    const state = this.context.state;
    const variants = this.experiment.variants;
    const metrics = isBulkLoad(this.experiment)
      ? BULK_HEATMAP_METRICS
      : isTpccExperiment(this.experiment)
        ? tpccHeatmapMetrics(this.experiment)
        : HEATMAP_METRICS;
    let metric: MetricKey = metrics.includes(state.metric as MetricKey) ? (state.metric as MetricKey) : metrics[0];
    let baseline = variants.includes(state.baseline ?? '') ? (state.baseline as string) : variants[0];
    let candidate =
      variants.includes(state.candidate ?? '') && state.candidate !== baseline
        ? (state.candidate as string)
        : (variants.find((variant) => variant !== baseline) ?? variants[1]);

    const controls = element('div', { className: 'controls' });
    const metricField = choiceField<MetricKey>({
      id: 'heatmap-metric',
      label: s.metric,
      style: 'dropdown',
      value: metric,
      choices: metrics.map((key) => ({ value: key, label: RESULT_METRICS[key].label })),
    });
    metricField.onChange((value) => {
      metric = value;
      this.context.saveState({ metric });
      redraw();
    });
    controls.append(metricField.element);
    if (variants.length > 2) {
      const variantChoices = variants.map((variant) => ({ value: variant, label: variant }));
      const baselineField = choiceField({
        id: 'heatmap-baseline',
        label: s.baseline,
        style: 'dropdown',
        value: baseline,
        choices: variantChoices,
      });
      const candidateField = choiceField({
        id: 'heatmap-candidate',
        label: s.candidate,
        style: 'dropdown',
        value: candidate,
        choices: variantChoices,
      });
      baselineField.onChange((value) => {
        baseline = value;
        this.context.saveState({ baseline });
        redraw();
      });
      candidateField.onChange((value) => {
        candidate = value;
        this.context.saveState({ candidate });
        redraw();
      });
      controls.append(baselineField.element, candidateField.element);
    }
    const redraw = () => {
      const studyCard = studyTablesCard(this.context, this.experiment, { metric, baseline, candidate });
      this.heatmapHolder.replaceChildren(
        ...this.heatmap(variantChangeTable(this.experiment, { metric, baseline, candidate })),
        ...(studyCard ? [studyCard] : []),
      );
    };
    redraw();
    return element('section', { className: 'change' }, controls, this.heatmapHolder);
  }

  private heatmap(table: VariantChangeTable): HTMLElement[] {
    const s = this.context.strings;
    const f = this.context.format;
    const metric = table.metric;
    const heading = formatString(s.changeHeading, metric.label, table.candidate, table.baseline);
    const compactFormat = new Intl.NumberFormat(this.context.locale, { notation: 'compact', maximumSignificantDigits: 3 });
    const compact = (value: number | null) => (value === null ? '–' : compactFormat.format(value));
    const direction = metric.better === 'higher' ? s.higherIsBetter : s.lowerIsBetter;
    if (table.rows.length === 0) {
      return [card(heading, element('p', { className: 'muted' }, s.noChangeData), warningsCallout(this.context, table.warnings))];
    }
    const improvement = pivotChangeMatrix(table, 'improvementPct');
    const change = pivotChangeMatrix(table, 'changePct');
    const values = new Map(table.rows.map((row) => [JSON.stringify([row.workloadLabel, row.tableSize ?? null, row.threads]), row]));
    const clientBound = clientBoundVariantsByCell(this.experiment, [table.baseline, table.candidate]);
    const headerRow = element(
      'tr',
      {},
      element('th', { attributes: { scope: 'col' } }, s.threads),
      ...change.columns.map((column) => element('th', { attributes: { scope: 'col' } }, this.columnLabel(column))),
    );
    const bodyRows = change.threads.map((threads, rowIndex) =>
      element(
        'tr',
        {},
        element('th', { className: 'num', attributes: { scope: 'row' } }, String(threads)),
        ...change.columns.map((column, columnIndex) => {
          const row = values.get(JSON.stringify([cellSettingLabel(column), column.tableSize ?? null, threads]));
          const heat = heatOfCell(improvement.cells[rowIndex][columnIndex], row?.withinSpread ?? false);
          // a change measured against a saturated client is the client's, not an effect: hatched, not coloured
          const boundVariants = row ? clientBound.get(heatmapCellKey(cellSettingLabel(row), row.tableSize, row.threads)) : undefined;
          const cell = element(
            'td',
            {
              className: boundVariants ? 'heat heat-client-bound' : `heat heat-${heat.tone}`,
              attributes: { 'data-tone': heat.tone, ...(boundVariants ? { 'data-client-bound': boundVariants.join(',') } : {}) },
            },
            element(
              'span',
              { className: 'change' },
              `${changeText(change.cells[rowIndex][columnIndex], this.context.locale)}${row?.notFromMemory ? ' †' : ''}`,
            ),
            row ? element('span', { className: 'values' }, `${compact(row.baseline)} → ${compact(row.candidate)}`) : null,
          );
          const mix = heatMixPercent(heat);
          if (mix > 0 && !boundVariants)
            cell.style.backgroundColor = `color-mix(in srgb, var(--vscode-charts-${heat.tone === 'better' ? 'green' : 'red'}) ${mix}%, transparent)`;
          if (row)
            cell.title =
              `${table.baseline}: ${f.number(row.baseline, 2)} ${metric.unit} → ${table.candidate}: ${f.number(row.candidate, 2)} ${metric.unit}${row.withinSpread ? ` (${s.withinSpread})` : ''}` +
              (boundVariants ? `\n${formatString(s.heatmapClientBound, boundVariants.join(', '))}` : '');
          return cell;
        }),
      ),
    );
    const heatTable = element(
      'table',
      { className: 'heatmap', attributes: { 'data-metric': metric.key } },
      element('thead', {}, headerRow),
      element('tbody', {}, ...bodyRows),
    );
    const legend = element(
      'p',
      { className: 'legend muted' },
      element('span', { className: 'swatch better' }),
      s.better,
      ' ',
      element('span', { className: 'swatch worse' }),
      s.worse,
      ` · ${metric.label}: ${direction}`,
      ...(clientBound.size > 0 ? [' · ', element('span', { className: 'swatch client-bound' }), s.legendClientBound] : []),
    );
    const rawText = isTpccExperiment(this.experiment)
      ? tpccRawNumbersTable(table, s, f, this.context.locale)
      : rawNumbersTable(table, isBulkLoad(this.experiment), s, f, this.context.locale);
    const raw = dataTable(rawText.headers, rawText.rows, { className: 'raw-numbers', numericFrom: rawText.numericFrom });
    return [
      card(heading, element('div', { className: 'scroll' }, heatTable), legend),
      element(
        'details',
        { className: 'card raw' },
        element('summary', {}, `${s.rawNumbers} (${table.rows.length})`),
        element('div', { className: 'scroll' }, raw),
      ),
      ...(table.warnings.length > 0 ? [warningsCallout(this.context, table.warnings) as HTMLElement] : []),
    ];
  }

  /** A heatmap column: a TPC-C experiment's are its warehouse counts ("1 warehouse"), others their workload setting. */
  private columnLabel(column: ChangeMatrixColumn): string {
    const warehouses = column.params?.warehouses;
    if (!isTpccExperiment(this.experiment) || typeof warehouses !== 'number') return column.label;
    const s = this.context.strings;
    return countString(warehouses, s.warehousesOne, s.warehousesCount, this.context.format.number(warehouses));
  }

  private cellsCard(): HTMLElement {
    const s = this.context.strings;
    const f = this.context.format;
    const openButton = (index: number) => {
      const open = element('button', { className: 'link-button', attributes: { type: 'button', 'data-cell': String(index) } }, s.openRun);
      open.addEventListener('click', () => this.context.host.post('openCell', { resultId: this.resultId, cellIndex: index }));
      return open;
    };
    let table: HTMLTableElement;
    let rows: readonly unknown[];
    if (isBulkLoad(this.experiment)) {
      const text = bulkLoadRunsTable(this.experiment.cells, s, f);
      rows = text.rows;
      table = dataTable(
        [...text.headers, s.status, ''],
        text.rows.map((row, index) => [...row, statusBadge(this.context, this.experiment.cells[index].run.status), openButton(index)]),
        { className: 'cells', numericFrom: text.numericFrom },
      );
    } else {
      const words: NameWords = {
        threads: (count) => countString(count, s.threadsOne, s.threadsCount, f.number(count)),
        rows: (count) => countString(count, s.rowsOne, s.rowsCount, f.number(count)),
        repetition: (index) => formatString(s.repetition, index),
      };
      // a TPC-C cell is placed by its warehouses and measured by go-tpc's tpmC and New-Order's p95
      const tpcc = isTpccExperiment(this.experiment);
      const setting = (cell: ExperimentCell) => {
        const warehouses = tpcc ? cellWarehouses(cell) : null;
        return warehouses === null ? cellSettingLabel(cell) : f.number(warehouses);
      };
      const dimensions = this.experiment.cells.map(cellDimensions);
      const cellRows = this.experiment.cells.map((cell, index) => {
        const codes = errorCodesText(cell.run.summary, this.context.locale);
        const errors = element(
          'span',
          { attributes: { 'data-errors': String(cell.run.summary.errors) } },
          f.number(cell.run.summary.errors),
        );
        if (codes !== '') {
          errors.title = codes;
          errors.classList.add('has-codes');
        }
        const name = cell.run.name ?? cellName(dimensions, dimensions[index], words);
        return [
          element('span', { className: 'run-name', attributes: { title: name } }, name),
          cell.variant,
          setting(cell),
          cell.tableSize === undefined ? '–' : f.number(cell.tableSize),
          String(cell.threads),
          tpcc ? f.number(tpccFiguresOf(cell.run).tpmC, 1) : f.rate(cell.run.summary.qps),
          f.ms(cell.run.summary.latencyMs.p95),
          errors,
          statusBadge(this.context, cell.run.status),
          openButton(index),
        ];
      });
      rows = cellRows;
      // A column that is the same for every run (the one variant of a thread sweep) says nothing.
      const varies = (pick: (cell: ExperimentCell) => string) => new Set(this.experiment.cells.map(pick)).size > 1;
      const keep = [
        true,
        varies((cell) => cell.variant),
        varies((cell) => cellSettingLabel(cell)),
        !tpcc,
        true,
        true,
        true,
        true,
        true,
        true,
      ];
      const headers = [
        s.run,
        s.variant,
        tpcc ? s.warehousesHeader : s.workload,
        s.tableSize,
        s.threads,
        tpcc ? s.tpmC : s.qps,
        tpcc ? s.newOrderP95 : s.latencyP95,
        s.errors,
        s.status,
        '',
      ].filter((_header, index) => keep[index]);
      table = dataTable(
        headers,
        cellRows.map((row) => row.filter((_cell, index) => keep[index])),
        // a TPC-C cell's warehouses are a number, right-aligned with the rest
        { className: 'cells', numericFrom: 1 + Number(keep[1]) + Number(keep[2] && !tpcc) },
      );
    }
    const details = element(
      'details',
      { className: 'card raw' },
      element('summary', {}, `${s.runs} (${rows.length})`),
      element('div', { className: 'scroll' }, table),
    );
    // Short experiments show their runs; long ones (the cached-table study has 160) keep them folded.
    details.open = rows.length <= 20;
    return details;
  }
}

/** The rows per statement of a bulk-load sweep group ("bulk_load rows=... rows_per_insert=2000"). */
function bulkRowsPerStatement(group: SweepGroup): string {
  return /rows_per_insert=(\d+)/.exec(group.label)?.[1] ?? group.label;
}
