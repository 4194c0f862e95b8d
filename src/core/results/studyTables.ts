// The cached-table study's own tabulation of an A/B experiment: one "% change of B over A" table per
// workload group and table size, threads down and workloads (or a workload's options) across.
// Workloads run without options of their own share one table, its columns the workload names (the
// study's "threads/request type"); a workload with a matrix of options gets a table of its own, its
// columns the option values (the study's "threads/--point_selects", 10 40 160 640).
//
// The numbers follow the study's arithmetic, worked out from its raw QPS: (B - A) / A x 100, cut
// (not rounded) to two decimals, printed as "612.73%" and "-35.77%" (74 of its 80 cells reproduce
// exactly this way; the other six are typos in the write-up, see test/unit/results/studyTables.test.ts).

import type { ExperimentResult } from './benchmarkResult';
import type { MetricKey } from './resultMetrics';
import { variantChangeTable, type VariantChangeRow, type VariantChangeTable } from './variantComparison';

export interface StudyTableColumn {
  /** the header: a workload name, or the option value ("10") */
  label: string;
  workload: string;
}

export interface StudyTableCell {
  /** (B - A) / A x 100 cut to two decimals, as the study printed it; null when a side is missing */
  changePct: number | null;
  row: VariantChangeRow;
}

export interface StudyTable {
  /** "read workloads" or the workload with its matrix option, e.g. "oltp_read_write, --point_selects" */
  group: string;
  tableSize?: number;
  /** the corner header: "threads/request type" or "threads/--point_selects" */
  corner: string;
  columns: StudyTableColumn[];
  threads: number[];
  /** cells[thread row][column] */
  cells: (StudyTableCell | null)[][];
}

export interface StudyTables {
  baseline: string;
  candidate: string;
  metricLabel: string;
  tables: StudyTable[];
  warnings: string[];
  /** the comparison the tables were made from */
  comparison: VariantChangeTable;
}

const READ_GROUP = 'workloads';

/** (candidate - baseline) / baseline x 100, cut toward zero at two decimals as the study did. */
export function studyPercentChange(baseline: number | null, candidate: number | null): number | null {
  if (baseline === null || candidate === null || baseline === 0) return null;
  const percent = ((candidate - baseline) / Math.abs(baseline)) * 100;
  // The nudge keeps 12.34 (held as 12.33999...) from being cut to 12.33.
  const hundredths = Math.trunc(percent * 100 + Math.sign(percent) * 1e-6);
  return hundredths / 100 || 0;
}

/** "612.73%", "-35.77%", "9.00%": two decimals, a minus sign only, as the study printed them. */
export function formatStudyPercent(value: number | null): string {
  return value === null ? '–' : `${value.toFixed(2)}%`;
}

export function studyTables(
  experiment: ExperimentResult,
  options: { metric: MetricKey; baseline?: string; candidate?: string },
): StudyTables {
  const comparison = variantChangeTable(experiment, options);
  const tables: StudyTable[] = [];
  const byKey = new Map<string, StudyTable>();
  const columnIndex = new Map<StudyTable, Map<string, number>>();
  for (const row of comparison.rows) {
    const optionNames = Object.keys(row.params ?? {}).sort();
    const group = optionNames.length === 0 ? READ_GROUP : `${row.workload}, ${optionNames.map((name) => `--${name}`).join(' ')}`;
    const key = JSON.stringify([group, row.tableSize ?? null]);
    let table = byKey.get(key);
    if (!table) {
      table = {
        group,
        ...(row.tableSize !== undefined ? { tableSize: row.tableSize } : {}),
        corner: optionNames.length === 0 ? 'threads/request type' : `threads/${optionNames.map((name) => `--${name}`).join(' ')}`,
        columns: [],
        threads: [],
        cells: [],
      };
      byKey.set(key, table);
      columnIndex.set(table, new Map());
      tables.push(table);
    }
    const label = optionNames.length === 0 ? row.workload : optionNames.map((name) => String(row.params?.[name])).join(' ');
    const columns = columnIndex.get(table) as Map<string, number>;
    if (!columns.has(label)) {
      columns.set(label, table.columns.length);
      table.columns.push({ label, workload: row.workload });
    }
    if (!table.threads.includes(row.threads)) table.threads.push(row.threads);
  }
  for (const table of tables) {
    table.threads.sort((a, b) => a - b);
    table.cells = table.threads.map(() => table.columns.map(() => null));
  }
  for (const row of comparison.rows) {
    const optionNames = Object.keys(row.params ?? {}).sort();
    const group = optionNames.length === 0 ? READ_GROUP : `${row.workload}, ${optionNames.map((name) => `--${name}`).join(' ')}`;
    const table = byKey.get(JSON.stringify([group, row.tableSize ?? null])) as StudyTable;
    const label = optionNames.length === 0 ? row.workload : optionNames.map((name) => String(row.params?.[name])).join(' ');
    const column = (columnIndex.get(table) as Map<string, number>).get(label) as number;
    table.cells[table.threads.indexOf(row.threads)][column] = { changePct: studyPercentChange(row.baseline, row.candidate), row };
  }
  // The study's order: the read workloads' table before the read/write mix, smaller tables first.
  const groupOrder = new Map<string, number>();
  for (const table of tables) if (!groupOrder.has(table.group)) groupOrder.set(table.group, groupOrder.size);
  tables.sort(
    (a, b) => (groupOrder.get(a.group) as number) - (groupOrder.get(b.group) as number) || (a.tableSize ?? 0) - (b.tableSize ?? 0),
  );
  const skipped = (experiment.skipped ?? [])
    .filter((entry) => entry.variant === comparison.baseline || entry.variant === comparison.candidate)
    .map((entry) => `${entry.variant}${entry.tableSize !== undefined ? ` at ${entry.tableSize} rows` : ''} did not run: ${entry.reason}`);
  return {
    baseline: comparison.baseline,
    candidate: comparison.candidate,
    metricLabel: comparison.metric.label,
    tables,
    warnings: [...skipped, ...comparison.warnings],
    comparison,
  };
}

/** "% change of QPS, cached over normal: read workloads, 5000 rows" */
export function studyTableTitle(tables: Pick<StudyTables, 'metricLabel' | 'baseline' | 'candidate'>, table: StudyTable): string {
  const what = table.group === READ_GROUP ? table.columns.map((column) => column.workload).join(', ') : table.group;
  const size = table.tableSize !== undefined ? `, ${table.tableSize} rows` : '';
  return `% change of ${tables.metricLabel}, ${tables.candidate} over ${tables.baseline}: ${what}${size}`;
}

/** The cell text of a table: the study's number, marked when the cached reads were not from memory or the change is noise. */
export function studyCellText(cell: StudyTableCell | null): string {
  if (cell === null) return '–';
  const marks = `${cell.row.notFromMemory ? ' †' : ''}${cell.row.withinSpread ? ' ~' : ''}`;
  return `${formatStudyPercent(cell.changePct)}${marks}`;
}

export const STUDY_MARK_NOT_FROM_MEMORY =
  "† the cached variant's reads did not come from TiDB's memory at the start of this cell (TRACE shows a TiKV request)";
export const STUDY_MARK_WITHIN_SPREAD = '~ within the spread of the repeated runs: not an effect';

/** Fixed-width text tables for the CLI, one after another. */
export function studyTablesText(tables: StudyTables): string {
  const lines: string[] = [];
  let marks = { memory: false, spread: false };
  for (const table of tables.tables) {
    const header = [table.corner, ...table.columns.map((column) => column.label)];
    const rows = table.threads.map((threads, index) => [String(threads), ...table.cells[index].map(studyCellText)]);
    const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column].length)));
    lines.push('', `${studyTableTitle(tables, table)}:`);
    lines.push(header.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '));
    for (const row of rows)
      lines.push(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '));
    for (const row of table.cells.flat()) {
      if (row?.row.notFromMemory) marks = { ...marks, memory: true };
      if (row?.row.withinSpread) marks = { ...marks, spread: true };
    }
  }
  if (marks.memory) lines.push(STUDY_MARK_NOT_FROM_MEMORY);
  if (marks.spread) lines.push(STUDY_MARK_WITHIN_SPREAD);
  return `${lines.join('\n')}\n`;
}
