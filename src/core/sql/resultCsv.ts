// A results grid as CSV, written by the one CSV writer (csvWriter.ts, shared with the benchmark
// exports): a header line of column names, then the rows; numbers as the server sent them, text
// that a spreadsheet would run as a formula with a leading quote, SQL NULL an empty field and an
// empty string "".
import { csvField, csvLines } from '../csvWriter';
import type { ResultCell, ResultColumn } from './resultModel';

export function resultCsv(columns: readonly ResultColumn[], rows: readonly (readonly ResultCell[])[]): string {
  return csvLines([
    columns.map((column) => csvField(column.name)),
    ...rows.map((row) => columns.map((column, index) => csvField(row[index] ?? null, { number: column.numeric }))),
  ]);
}
