// "% change of variant B over A" for an experiment, the table the cached-table study assembled by
// hand: one row per (workload, params, table size, threads), the metric under each variant and the
// change. Also the pivot of that table into a threads x workload matrix for a heatmap.
// A cell run several times ("repeat") compares the medians of its runs and keeps their spread; a
// change whose runs overlap is within the noise (withinSpread).

import type { ExperimentCell, ExperimentResult } from './benchmarkResult';
import { improvementPercent, percentChange, RESULT_METRICS, type MetricKey, type ResultMetric } from './resultMetrics';
import { variantDefinedParams, withoutParams } from './variantParams';

export type CellParams = NonNullable<ExperimentCell['params']>;

export interface VariantChangeRow {
  workload: string;
  params?: CellParams;
  tableSize?: number;
  threads: number;
  /** the workload with its params, e.g. "oltp_read_write point_selects=40" */
  workloadLabel: string;
  /** median of the completed runs of the baseline variant in this cell; null when there are none */
  baseline: number | null;
  candidate: number | null;
  /** lowest and highest of the runs (equal with one run) */
  baselineSpread: Spread | null;
  candidateSpread: Spread | null;
  /**
   * Repeated cells only: the two variants' runs overlap (the lowest of the higher variant is not above
   * the highest of the lower one), so the change is within run-to-run noise.
   */
  withinSpread: boolean;
  /** a cached-table cell whose reads did not come from TiDB's memory (TRACE at its start) */
  notFromMemory: boolean;
  /** (candidate - baseline) / baseline in % */
  changePct: number | null;
  /** changePct signed so that positive means the candidate is better (for latency: lower) */
  improvementPct: number | null;
  baselineRuns: number;
  candidateRuns: number;
}

export interface Spread {
  min: number;
  max: number;
}

export interface VariantChangeTable {
  metric: ResultMetric;
  baseline: string;
  candidate: string;
  rows: VariantChangeRow[];
  warnings: string[];
}

export interface VariantChangeOptions {
  metric: MetricKey;
  /** variant A; the experiment's first variant when left out */
  baseline?: string;
  /** variant B; the experiment's second variant when left out */
  candidate?: string;
}

export function variantChangeTable(experiment: ExperimentResult, options: VariantChangeOptions): VariantChangeTable {
  const metric = RESULT_METRICS[options.metric];
  const baseline = options.baseline ?? experiment.variants[0] ?? '';
  const candidate = options.candidate ?? experiment.variants[1] ?? '';
  const table: VariantChangeTable = { metric, baseline, candidate, rows: [], warnings: [] };
  for (const variant of [baseline, candidate]) {
    if (!experiment.variants.includes(variant))
      table.warnings.push(`the experiment has no variant '${variant}' (it has: ${experiment.variants.join(', ') || 'none'})`);
  }
  if (table.warnings.length > 0) return table;

  const compared = experiment.cells.filter((cell) => cell.variant === baseline || cell.variant === candidate);
  // a bulk-load cell's key_order=ordered is its variant: the cells to pair differ in it
  const variantParams = variantDefinedParams(compared);
  const shared = (cell: ExperimentCell): ExperimentCell => {
    const params = withoutParams(cell.params, variantParams);
    const { params: _all, ...rest } = cell;
    return params === undefined ? rest : { ...rest, params };
  };
  const groups = new Map<string, { cell: ExperimentCell; values: Map<string, number[]>; notFromMemory: boolean }>();
  for (const original of compared) {
    const cell = shared(original);
    const key = cellKey(cell);
    const group = groups.get(key) ?? {
      cell,
      values: new Map([
        [baseline, []],
        [candidate, []],
      ]),
      notFromMemory: false,
    };
    groups.set(key, group);
    if (cell.cacheHit && !cell.cacheHit.servedFromCache) group.notFromMemory = true;
    const value = metric.valueOf(cell.run);
    if (cell.run.status !== 'completed') {
      const outcome = cell.run.status === 'failed' ? 'failed' : `was ${cell.run.status}`;
      table.warnings.push(`${describeCell(cell)}, ${cell.variant}: the run ${outcome}; it is left out`);
    } else if (value === null) {
      table.warnings.push(`${describeCell(cell)}, ${cell.variant}: the run has no ${metric.label}`);
    } else {
      group.values.get(cell.variant)?.push(value);
    }
  }

  for (const { cell, values, notFromMemory } of groups.values()) {
    const a = values.get(baseline) ?? [];
    const b = values.get(candidate) ?? [];
    const changePct = percentChange(median(a), median(b));
    const baselineSpread = spreadOf(a);
    const candidateSpread = spreadOf(b);
    table.rows.push({
      workload: cell.workload,
      ...(cell.params !== undefined ? { params: cell.params } : {}),
      ...(cell.tableSize !== undefined ? { tableSize: cell.tableSize } : {}),
      threads: cell.threads,
      workloadLabel: workloadLabel(cell),
      baseline: median(a),
      candidate: median(b),
      baselineSpread,
      candidateSpread,
      withinSpread:
        (a.length > 1 || b.length > 1) && baselineSpread !== null && candidateSpread !== null && overlaps(baselineSpread, candidateSpread),
      notFromMemory,
      changePct,
      improvementPct: improvementPercent(metric, changePct),
      baselineRuns: a.length,
      candidateRuns: b.length,
    });
  }
  table.rows.sort(compareRows(table.rows));
  return table;
}

export interface ChangeMatrixColumn {
  workload: string;
  params?: CellParams;
  tableSize?: number;
  label: string;
}

export interface ChangeMatrix {
  metric: ResultMetric;
  baseline: string;
  candidate: string;
  /** what the cells hold */
  value: 'changePct' | 'improvementPct';
  /** the rows, ascending */
  threads: number[];
  columns: ChangeMatrixColumn[];
  /** cells[row][column]; null where the experiment has no such cell or no number for it */
  cells: (number | null)[][];
}

/**
 * Rows: thread counts; columns: workload (with params, and the table size when the experiment has more
 * than one). By default the cells hold improvementPct, so a heatmap can colour positive green for every metric.
 */
export function pivotChangeMatrix(table: VariantChangeTable, value: ChangeMatrix['value'] = 'improvementPct'): ChangeMatrix {
  const manySizes = new Set(table.rows.map((row) => row.tableSize)).size > 1;
  const threads = [...new Set(table.rows.map((row) => row.threads))].sort((a, b) => a - b);
  const columns: ChangeMatrixColumn[] = [];
  const columnIndex = new Map<string, number>();
  for (const row of table.rows) {
    const key = JSON.stringify([row.workloadLabel, row.tableSize ?? null]);
    if (columnIndex.has(key)) continue;
    columnIndex.set(key, columns.length);
    const label = manySizes && row.tableSize !== undefined ? `${row.workloadLabel} (${row.tableSize} rows)` : row.workloadLabel;
    columns.push({
      workload: row.workload,
      ...(row.params ? { params: row.params } : {}),
      ...(row.tableSize !== undefined ? { tableSize: row.tableSize } : {}),
      label,
    });
  }
  const cells = threads.map(() => columns.map((): number | null => null));
  for (const row of table.rows) {
    const column = columnIndex.get(JSON.stringify([row.workloadLabel, row.tableSize ?? null])) as number;
    cells[threads.indexOf(row.threads)][column] = row[value];
  }
  return { metric: table.metric, baseline: table.baseline, candidate: table.candidate, value, threads, columns, cells };
}

function cellKey(cell: ExperimentCell): string {
  return JSON.stringify([cell.workload, sortedParams(cell.params), cell.tableSize ?? null, cell.threads]);
}

function sortedParams(params: CellParams | undefined): [string, string | number | boolean][] {
  return Object.entries(params ?? {}).sort(([a], [b]) => a.localeCompare(b));
}

function workloadLabel(cell: ExperimentCell): string {
  const params = sortedParams(cell.params).map(([key, value]) => `${key}=${String(value)}`);
  return [cell.workload, ...params].join(' ');
}

function describeCell(cell: ExperimentCell): string {
  const size = cell.tableSize !== undefined ? `, ${cell.tableSize} rows` : '';
  return `${workloadLabel(cell)}, ${cell.threads} threads${size}`;
}

/** The middle run (the mean of the two middle ones for an even count): one slow run does not move it. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function spreadOf(values: readonly number[]): Spread | null {
  return values.length === 0 ? null : { min: Math.min(...values), max: Math.max(...values) };
}

function overlaps(a: Spread, b: Spread): boolean {
  return a.min <= b.max && b.min <= a.max;
}

/** Rows keep the experiment's workload order (first appearance), then table size and threads ascending. */
function compareRows(rows: readonly VariantChangeRow[]): (a: VariantChangeRow, b: VariantChangeRow) => number {
  const order = new Map<string, number>();
  for (const row of rows) if (!order.has(row.workloadLabel)) order.set(row.workloadLabel, order.size);
  return (a, b) =>
    (order.get(a.workloadLabel) as number) - (order.get(b.workloadLabel) as number) ||
    (a.tableSize ?? 0) - (b.tableSize ?? 0) ||
    a.threads - b.threads;
}
