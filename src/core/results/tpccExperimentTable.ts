// A TPC-C experiment's cells as one table (the CLI summary, the Markdown and CSV exports): warehouses,
// threads and variant, then what go-tpc reports for a run: tpmC, tpmTotal, efficiency, each
// transaction's count, and New-Order's p95 and p99 (the latencies go-tpc's summary line gives).
import type { ExperimentResult } from './benchmarkResult';
import type { MetricKey } from './resultMetrics';
import { tpccFiguresOf } from './tpccFigures';

/** What an A/B TPC-C experiment is compared on (study tables, exports): tpmC, then New-Order's p95. */
export const TPCC_COMPARED_METRICS: readonly MetricKey[] = ['tpmC', 'p95'];

const TRANSACTIONS = [
  ['new_order', 'New-Order'],
  ['payment', 'Payment'],
  ['order_status', 'Order-Status'],
  ['delivery', 'Delivery'],
  ['stock_level', 'Stock-Level'],
] as const;

export function isTpccExperiment(result: Pick<ExperimentResult, 'cells'>): boolean {
  return result.cells.length > 0 && result.cells.every((cell) => cell.workload === 'tpcc');
}

export interface TpccCellsTable {
  headers: string[];
  /** cell values: numbers stay numbers (null when unknown), so each export formats them its own way */
  rows: (string | number | null)[][];
  /** columns from this index on are numbers */
  numericFrom: number;
}

export function tpccCellsTable(result: Pick<ExperimentResult, 'cells'>): TpccCellsTable {
  const headers = [
    'Variant',
    'Warehouses',
    'Threads',
    'tpmC',
    'tpmTotal',
    'Efficiency %',
    ...TRANSACTIONS.map(([, label]) => label),
    'New-Order p95 ms',
    'New-Order p99 ms',
    'Errors',
    'Status',
  ];
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
      ...TRANSACTIONS.map(
        ([name]) => counts[name]?.count ?? figures.transactions.find((row) => row.name.toLowerCase() === name)?.count ?? null,
      ),
      cell.run.summary.latencyMs.p95,
      cell.run.summary.latencyMs.p99,
      cell.run.summary.errors,
      cell.run.status,
    ];
  });
  return { headers, rows, numericFrom: 1 };
}

/** The table as aligned text (the CLI's summary): one decimal for rates and milliseconds, whole counts. */
export function tpccCellsText(result: Pick<ExperimentResult, 'cells' | 'name'>): string {
  const table = tpccCellsTable(result);
  const decimals = new Set(['tpmC', 'tpmTotal', 'Efficiency %', 'New-Order p95 ms', 'New-Order p99 ms']);
  const text = table.rows.map((row) =>
    row.map((value, column) => {
      if (value === null) return 'n/a';
      if (typeof value === 'number') return decimals.has(table.headers[column]) ? value.toFixed(1) : String(value);
      return value;
    }),
  );
  const widths = table.headers.map((header, column) => Math.max(header.length, ...text.map((row) => row[column].length)));
  const last = table.headers.length - 1;
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 || column === last ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ')
      .trimEnd();
  return `\nTPC-C (${result.name}):\n${[line(table.headers), ...text.map(line)].join('\n')}\n`;
}
