// A results grid as CSV (RFC 4180): a header line of column names, CRLF line ends, a field quoted
// when it holds a comma, a quote, a line break or surrounding spaces, quotes doubled. Numbers are
// written as the server sent them. SQL NULL is an empty field; an empty string is "" (quoted), so
// the two stay apart when the file is read back.
import type { ResultCell, ResultColumn } from './resultModel';

export function resultCsv(columns: readonly ResultColumn[], rows: readonly (readonly ResultCell[])[]): string {
  const lines = [columns.map((column) => csvField(column.name)).join(',')];
  for (const row of rows) lines.push(columns.map((_column, index) => csvCell(row[index] ?? null)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

function csvCell(value: ResultCell): string {
  if (value === null) return '';
  if (value === '') return '""';
  return csvField(value);
}

export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
