// Reads the rows mysql2 returns for EXPLAIN / EXPLAIN ANALYZE: objects keyed by column
// name (or arrays, with the column list), in any of the column sets TiDB produces.
import { cellText } from './cellText';
import { guessColumns, layoutOfColumns } from './planColumns';
import type { ParsedPlan } from './planModel';
import type { PlanRowText } from './planNodeBuilder';
import { emptyPlan, finishParsedPlan } from './parsedPlan';
import { parsePlanText } from './planTextParser';
import { buildPlanTree } from './planTreeBuilder';

/** A column as given: its name, or a mysql2 FieldPacket-like `{ name }`. */
export type PlanColumnInput = string | { name: string };

export function parsePlanRows(rows: unknown, columns?: readonly PlanColumnInput[]): ParsedPlan {
  try {
    return readRows(rows, columns);
  } catch (error) {
    return emptyPlan([`Internal error while reading the plan rows: ${error instanceof Error ? error.message : String(error)}`]);
  }
}

function readRows(rows: unknown, columns: readonly PlanColumnInput[] | undefined): ParsedPlan {
  if (!Array.isArray(rows)) return emptyPlan(['The plan rows are not a list of rows.'], 'result-rows');
  if (rows.length === 0) return emptyPlan(['The statement returned no plan rows.'], 'result-rows');
  const warnings: string[] = [];
  let names = (columns ?? []).map((column) => (typeof column === 'string' ? column : String(column?.name ?? '')));
  if (names.length === 0) {
    const first = rows.find((row) => row !== null && typeof row === 'object' && !Array.isArray(row));
    if (first !== undefined) names = Object.keys(first as object);
  }
  const table = rows.map((row) => cellsOf(row, names));
  if (names.length === 0) {
    const guessed = guessColumns(table);
    if (guessed === null) return emptyPlan(['The plan rows have no column names and match no EXPLAIN layout.'], 'result-rows');
    names = guessed;
    warnings.push(`The plan rows came without column names; they were taken to be: ${guessed.join(', ')}.`);
  }

  // FORMAT='tidb_json', FORMAT='dot' and tidb_decode_plan() return the whole plan in one cell.
  if (names.length === 1) {
    const text = table.map((cells) => cells[0] ?? '').join('\n');
    const inner = parsePlanText(text);
    return { ...inner, warnings: [...warnings, ...inner.warnings] };
  }

  const idColumn = names.findIndex((name) => name.trim().toLowerCase() === 'id');
  if (idColumn === -1) return emptyPlan([`The plan rows have no id column (columns: ${names.join(', ')}).`], 'result-rows');
  const planRows: PlanRowText[] = table.map((cells) => ({
    idCell: cells[idColumn] ?? '',
    columns: names,
    values: cells,
    raw: cells.join('\t'),
  }));
  return finishParsedPlan('result-rows', layoutOfColumns(names), buildPlanTree(planRows, warnings), warnings);
}

function cellsOf(row: unknown, names: readonly string[]): string[] {
  if (Array.isArray(row)) return row.map(cellText);
  if (row !== null && typeof row === 'object') {
    const record = row as Record<string, unknown>;
    return names.map((name) => cellText(record[name]));
  }
  return [cellText(row)];
}
