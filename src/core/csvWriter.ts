// The one CSV writer of TiDB Lab (RFC 4180), for the results grid's export and the benchmark
// exports: CRLF line ends; a field quoted when it holds a comma, a quote, a line break or
// surrounding spaces, quotes doubled; SQL NULL / an unknown value is an empty field and an empty
// string is "" (quoted), so the two stay apart when the file is read back. Text that a
// spreadsheet would run as a formula (=, +, -, @, a tab or CR first) gets a leading quote
// (OWASP's advice); numbers stay as they are: a number value, or the server's text of a number
// in a numeric column of the grid.

export type CsvValue = string | number | boolean | null | undefined;

/** What Excel, LibreOffice and Sheets take as the start of a formula when a cell begins with it. */
const FORMULA_START = /^[=+\-@\t\r]/;

export interface CsvFieldOptions {
  /** the text is a number as the server sent it (a numeric column): no formula guard, -3.5 stays -3.5 */
  number?: boolean;
}

export function csvField(value: CsvValue, options: CsvFieldOptions = {}): string {
  if (value === null || value === undefined) return '';
  if (value === '') return '""';
  const text = typeof value === 'string' && !options.number && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines of fields, each line ended by CRLF. */
export function csvLines(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.join(',')}\r\n`).join('');
}
