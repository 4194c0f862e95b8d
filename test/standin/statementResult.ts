// What a statement produced in the TiDB stand-in (test code): result sets as text-protocol cells,
// OK packets, or a server error with its SQLSTATE, ready to be written to the client.

import type { Cell, ColumnDefinition } from './mysqlPackets';

export interface RowsResult {
  kind: 'rows';
  columns: ColumnDefinition[];
  rows: Cell[][];
}

export interface OkResult {
  kind: 'ok';
  affectedRows: number;
  insertId: number;
  warningCount: number;
  info: string;
}

export type StatementResult = RowsResult | OkResult;

export class StandInSqlError extends Error {
  constructor(
    readonly errno: number,
    readonly sqlState: string,
    message: string,
  ) {
    super(message);
    this.name = 'StandInSqlError';
  }
}

export function ok(fields: Partial<Omit<OkResult, 'kind'>> = {}): OkResult {
  return { kind: 'ok', affectedRows: 0, insertId: 0, warningCount: 0, info: '', ...fields };
}

/**
 * The stand-in answers only what tidb-facts.md documents. Where TiDB's behaviour is not in the
 * facts it refuses with this error rather than invent an answer.
 */
export function notInTheFacts(what: string): StandInSqlError {
  return new StandInSqlError(
    1105,
    'HY000',
    `TiDB stand-in: what TiDB does for ${what} is not in tidb-facts.md, so the stand-in refuses instead of guessing.`,
  );
}
