// What running one statement returned, as the results grid, the CSV export and the tests see it.
// Cells are the text the server sent (numbers and dates exactly as sent), null for SQL NULL, and
// binary values that are not text as 0x-prefixed hex. Shared by the host and the webview: no Node.

/** A cell: the server's text for the value, or null for SQL NULL. */
export type ResultCell = string | null;

export interface ResultColumn {
  name: string;
  /** the server's type name for the column (e.g. LONGLONG, NEWDECIMAL, VAR_STRING) */
  type: string;
  /** numbers: sorted by value, right-aligned, written to CSV as sent */
  numeric: boolean;
}

export interface ResultWarning {
  level: string;
  code: number;
  message: string;
}

export interface RowsResult {
  kind: 'rows';
  columns: ResultColumn[];
  /** the rows kept: at most the row limit, in the server's order */
  rows: ResultCell[][];
  /** rows the statement returned: counted to the end, or up to countLimit */
  totalRows: number;
  /** false when counting stopped at the count limit (there are more than totalRows) */
  totalKnown: boolean;
  rowLimit: number;
}

export interface OutcomeResult {
  kind: 'outcome';
  affectedRows: number;
  /** the AUTO_INCREMENT value the statement generated, when it did */
  insertId?: number;
  /** the server's info text, e.g. "Rows matched: 3  Changed: 2  Warnings: 0" */
  info?: string;
}

/** One result set of a statement, or its outcome (a statement without a result set). */
export type StatementAnswer = RowsResult | OutcomeResult;

export interface StatementRunResult {
  /** what the statement answered: its first result set (or its outcome) */
  answer: StatementAnswer;
  /**
   * the result sets after the first, in the order the server sent them (a CALL of a procedure
   * with several SELECTs); absent when there was one
   */
  moreAnswers?: StatementAnswer[];
  /** milliseconds from sending the statement to its last row (or to the count limit) */
  elapsedMs: number;
  /** SHOW WARNINGS after the statement; empty when it left none */
  warnings: ResultWarning[];
  /** the statement ran inside a transaction that was rolled back */
  rolledBack: boolean;
}

/** Every result set of a run, in the order the server sent them. */
export function answersOf(result: Pick<StatementRunResult, 'answer' | 'moreAnswers'>): StatementAnswer[] {
  return [result.answer, ...(result.moreAnswers ?? [])];
}

/** The statement failed: the server's code and message. */
export interface StatementRunError {
  code?: string;
  errno?: number;
  sqlState?: string;
  message: string;
}

const NUMERIC_TYPES = new Set(['DECIMAL', 'NEWDECIMAL', 'TINY', 'SHORT', 'LONG', 'FLOAT', 'DOUBLE', 'LONGLONG', 'INT24', 'YEAR']);

/** Whether a column of this server type holds numbers. */
export function isNumericType(type: string): boolean {
  return NUMERIC_TYPES.has(type.toUpperCase());
}
