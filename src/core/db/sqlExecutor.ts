// The narrow interface the core uses to talk to a server, so core modules can be tested with fakes
// and every statement the extension sends passes one place that logs it.

export type SqlRow = Record<string, unknown>;

export interface SqlRunOutcome {
  affectedRows: number;
  insertId?: number;
  warningStatus?: number;
}

export interface SqlExecutor {
  /** Runs a statement that returns a result set. Placeholders are `?`. */
  query(sql: string, values?: readonly unknown[]): Promise<SqlRow[]>;
  /** Runs a statement that returns no result set (DDL, DML, SET). */
  run(sql: string, values?: readonly unknown[]): Promise<SqlRunOutcome>;
}

export interface SqlLogEntry {
  sql: string;
  durationMs: number;
  /** rows returned or affected */
  rowCount?: number;
  error?: { code?: string; errno?: number; message: string };
}

export type SqlLogger = (entry: SqlLogEntry) => void;
