// A TPC-C experiment's cells as one table (the CLI summary, the Markdown and CSV exports): warehouses,
// threads and variant, then what go-tpc reports for a run: tpmC, tpmTotal, efficiency, each
// transaction's count under go-tpc's name (new_order, payment, ...), and New-Order's p95 and p99
// (the latencies go-tpc's summary line gives). Also what the experiment tab compares such cells on.
import type { ExperimentResult } from './benchmarkResult';
import { RESULT_METRICS, type MetricKey, type TransactionLatencyKey } from './resultMetrics';
import { TPCC_TRANSACTIONS } from './operationRows';
import { tpccFiguresOf } from './tpccFigures';

/** What an A/B TPC-C experiment is compared on (study tables, exports): tpmC, then New-Order's p95. */
export const TPCC_COMPARED_METRICS: readonly MetricKey[] = ['tpmC', 'new_order_p95'];

/**
 * The heatmap's metric choices for a TPC-C experiment: tpmC first (go-tpc's headline), efficiency,
 * then each transaction's p95 and p99 where some cell has it. QPS and TPS count statements and
 * transactions of every kind alike, which says nothing TPC-C compares on, so they are not offered.
 */
export function tpccHeatmapMetrics(result: Pick<ExperimentResult, 'cells'>): MetricKey[] {
  const latencies = TPCC_TRANSACTIONS.flatMap((name): TransactionLatencyKey[] => [`${name}_p95`, `${name}_p99`]).filter((key) =>
    result.cells.some((cell) => RESULT_METRICS[key].valueOf(cell.run) !== null),
  );
  return ['tpmC', 'efficiency', ...latencies];
}
export function isTpccExperiment(result: Pick<ExperimentResult, 'cells'>): boolean {
  return result.cells.length > 0 && result.cells.every((cell) => cell.workload === 'tpcc');
}

export interface TpccCellsTable {
  /** for people (Markdown, the CLI) */
  headers: string[];
  /** the same columns as CSV names: go-tpc's words, snake_case */
  keys: string[];
  /** cell values: numbers stay numbers (null when unknown), so each export formats them its own way */
  rows: (string | number | null)[][];
  /** columns from this index on are numbers */
  numericFrom: number;
}

const COLUMNS: readonly (readonly [header: string, key: string])[] = [
  ['Variant', 'variant'],
  ['Warehouses', 'warehouses'],
  ['Threads', 'threads'],
  ['tpmC', 'tpmC'],
  ['tpmTotal', 'tpmTotal'],
  ['Efficiency %', 'efficiency_pct'],
  ...TPCC_TRANSACTIONS.map((name) => [name, name] as const),
  ['New-Order p95 ms', 'new_order_p95_ms'],
  ['New-Order p99 ms', 'new_order_p99_ms'],
  ['Errors', 'errors'],
  ['Status', 'status'],
];

/** Columns given to one decimal in text (rates, percentages, milliseconds); the rest are whole counts. */
const DECIMAL_KEYS = new Set(['tpmC', 'tpmTotal', 'efficiency_pct', 'new_order_p95_ms', 'new_order_p99_ms']);

export function tpccCellsTable(result: Pick<ExperimentResult, 'cells'>): TpccCellsTable {
  const headers = COLUMNS.map(([header]) => header);
  const keys = COLUMNS.map(([, key]) => key);
  const rows = result.cells.map((cell) => {
    const figures = tpccFiguresOf(cell.run);
    const counts = cell.run.tpcc?.transactions ?? {};
    const warehouses = cell.params?.warehouses ?? figures.warehouses;
    return [
      cell.variant,
      typeof warehouses === 'number' ? warehouses : null,
      cell.threads,
      figures.tpmC,
      figures.tpmTotal,
      figures.efficiencyPct,
      ...TPCC_TRANSACTIONS.map(
        (name) => counts[name]?.count ?? figures.transactions.find((row) => row.name.toLowerCase() === name)?.count ?? null,
      ),
      cell.run.summary.latencyMs.p95,
      cell.run.summary.latencyMs.p99,
      cell.run.summary.errors,
      cell.run.status,
    ];
  });
  return { headers, keys, rows, numericFrom: 1 };
}

/** One value of the table as text: one decimal for rates and milliseconds, whole counts, `missing` when unknown. */
export function tpccCellText(table: TpccCellsTable, column: number, value: string | number | null, missing: string): string {
  if (value === null) return missing;
  if (typeof value === 'number') return DECIMAL_KEYS.has(table.keys[column]) ? value.toFixed(1) : String(value);
  return value;
}

/** The table as aligned text (the CLI's summary): one decimal for rates and milliseconds, whole counts. */
export function tpccCellsText(result: Pick<ExperimentResult, 'cells' | 'name'>): string {
  const table = tpccCellsTable(result);
  const text = table.rows.map((row) => row.map((value, column) => tpccCellText(table, column, value, 'n/a')));
  const widths = table.headers.map((header, column) => Math.max(header.length, ...text.map((row) => row[column].length)));
  const last = table.headers.length - 1;
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 || column === last ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ')
      .trimEnd();
  return `\nTPC-C (${result.name}):\n${[line(table.headers), ...text.map(line)].join('\n')}\n`;
}
