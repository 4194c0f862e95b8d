// The rows of an experiment's tables of numbers, as text (the view puts them into the DOM): the
// raw numbers beside the heatmap, with each side's min–max over repeated runs, and the list of
// runs, which for a bulk-load study says what it measured (rows per statement, writers, rows/s,
// MB/s, p95 and p99 statement time) instead of a sysbench run's threads and QPS.
import type { ExperimentCell } from '../../src/core/results/benchmarkResult';
import type { Spread, VariantChangeRow, VariantChangeTable } from '../../src/core/results/variantComparison';
import { formatString, type BenchmarkResultsStrings } from '../../src/protocol/benchmarkResults';
import { changeText } from './heatmapScale';
import type { NumberFormatter } from './numberFormat';

export interface TextTable {
  headers: string[];
  rows: string[][];
  /** columns from this index on are numbers (right-aligned) */
  numericFrom: number;
}

type Strings = Pick<
  BenchmarkResultsStrings,
  | 'workload'
  | 'tableSize'
  | 'threads'
  | 'change'
  | 'spreadOfRuns'
  | 'rowsPerStatement'
  | 'rowsPerStatementHeader'
  | 'writersColumn'
  | 'keyOrder'
  | 'variant'
  | 'qps'
  | 'latencyP95'
  | 'latencyP99'
  | 'rowsPerSecondAxis'
  | 'mbPerSecond'
  | 'status'
  | 'warehousesHeader'
>;

/** True when some row of the table holds more than one run on a side (repeats: a spread to show). */
export function hasRepeats(table: VariantChangeTable): boolean {
  return table.rows.some((row) => row.baselineRuns > 1 || row.candidateRuns > 1);
}

/** "1,200–1,300 (3)": min–max of the runs and how many; '–' for a single run or none. */
export function spreadText(spread: Spread | null, runs: number, format: NumberFormatter): string {
  if (spread === null || runs < 2) return '–';
  return `${format.number(spread.min, 2)}–${format.number(spread.max, 2)} (${runs})`;
}

function bulkWorkloadLabel(row: VariantChangeRow, s: Strings): string {
  return formatString(s.rowsPerStatement, String(row.params?.rows_per_insert ?? '–'));
}

export function rawNumbersTable(table: VariantChangeTable, bulk: boolean, s: Strings, format: NumberFormatter, locale?: string): TextTable {
  const unit = table.metric.unit;
  const repeats = hasRepeats(table);
  const headers = [
    s.workload,
    ...(bulk ? [] : [s.tableSize]),
    bulk ? s.writersColumn : s.threads,
    `${table.baseline} (${unit})`,
    ...(repeats ? [formatString(s.spreadOfRuns, table.baseline)] : []),
    `${table.candidate} (${unit})`,
    ...(repeats ? [formatString(s.spreadOfRuns, table.candidate)] : []),
    s.change,
  ];
  const rows = table.rows.map((row) => [
    bulk ? bulkWorkloadLabel(row, s) : row.workloadLabel,
    ...(bulk ? [] : [row.tableSize === undefined ? '–' : format.number(row.tableSize)]),
    String(row.threads),
    format.number(row.baseline, 2),
    ...(repeats ? [spreadText(row.baselineSpread, row.baselineRuns, format)] : []),
    format.number(row.candidate, 2),
    ...(repeats ? [spreadText(row.candidateSpread, row.candidateRuns, format)] : []),
    changeText(row.changePct, locale),
  ]);
  return { headers, rows, numericFrom: 1 };
}

/**
 * A TPC-C experiment's raw numbers: placed by warehouses and threads (its cells have no table size,
 * and their workload is always tpcc), then each side's value and the change.
 */
export function tpccRawNumbersTable(table: VariantChangeTable, s: Strings, format: NumberFormatter, locale?: string): TextTable {
  const raw = rawNumbersTable(table, false, s, format, locale);
  const warehouses = table.rows.map((row) => {
    const value = row.params?.warehouses;
    return typeof value === 'number' ? format.number(value) : '–';
  });
  return {
    headers: [s.warehousesHeader, ...raw.headers.slice(2)],
    rows: raw.rows.map((row, index) => [warehouses[index], ...row.slice(2)]),
    numericFrom: 0,
  };
}

/** The runs of a bulk-load study: one row a cell (the view adds its status badge and Open button). */
export function bulkLoadRunsTable(cells: readonly ExperimentCell[], s: Strings, format: NumberFormatter): TextTable {
  return {
    // a study of key orders alone names its cells by key order; table layouts and the index option make longer variant names
    headers: [
      cells.every((cell) => cell.variant === 'ordered' || cell.variant === 'shuffled') ? s.keyOrder : s.variant,
      s.rowsPerStatementHeader,
      s.writersColumn,
      s.rowsPerSecondAxis,
      s.mbPerSecond,
      s.latencyP95,
      s.latencyP99,
    ],
    rows: cells.map((cell) => [
      cell.variant,
      String(cell.params?.rows_per_insert ?? '–'),
      String(cell.threads),
      format.number(cell.run.summary.rowsPerSec, 0),
      format.number(cell.run.summary.mbPerSec, 2),
      format.ms(cell.run.summary.latencyMs.p95),
      format.ms(cell.run.summary.latencyMs.p99),
    ]),
    numericFrom: 1,
  };
}
