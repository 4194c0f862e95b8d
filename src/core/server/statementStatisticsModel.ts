// What a read of the server's statement statistics gives, and the units it converts from; shared by
// the readers of each flavour and by statementStatistics.ts, which picks the reader.
import type { MissingGrant } from '../results/benchmarkResult';

export type StatementStatisticsSource =
  | 'information_schema.cluster_statements_summary'
  | 'information_schema.statements_summary'
  | 'performance_schema.events_statements_summary_by_digest'
  | 'none';

export interface StatementStatisticsRow {
  /** SQL digest: TiDB's 64-hex digest, or performance_schema's 32-hex one */
  digest: string;
  /** the normalized statement */
  digestText: string;
  /** the current database when it ran (SCHEMA_NAME) */
  schemaName: string | null;
  /** TiDB: the plan digest of this row (a statement with two plans has two rows) */
  planDigest: string | null;
  /** TiDB cluster table: the TiDB instance (host:status port) that ran it */
  instance: string | null;
  /** TiDB: the summary window this row covers ("YYYY-MM-DD HH:MM:SS", server time) */
  windowBegin: string | null;
  windowEnd: string | null;
  /** TiDB: the row came from the _history table (a window that has closed) */
  fromHistory: boolean;
  execCount: number;
  sumLatencyMs: number;
  avgLatencyMs: number;
  maxLatencyMs: number;
  minLatencyMs: number | null;
  sumErrors: number | null;
  /** TiDB: coprocessor requests sent (SUM_COP_TASK_NUM) */
  copTasks: number | null;
  /** TiDB: keys the coprocessor processed, average and maximum per execution */
  avgProcessedKeys: number | null;
  maxProcessedKeys: number | null;
  /** performance_schema: rows examined and sent over all executions */
  rowsExamined: number | null;
  rowsSent: number | null;
  /** TiDB: one sample plan as the PLAN column gives it (already decoded text) */
  plan: string | null;
  /** TiDB 6.2+: the same plan, binary-encoded (decode with tidb_decode_binary_plan) */
  binaryPlan: string | null;
  /** a sample of the statement as sent (TiDB QUERY_SAMPLE_TEXT) */
  sampleText: string | null;
  firstSeen: string | null;
  lastSeen: string | null;
}

export interface StatementStatistics {
  source: StatementStatisticsSource;
  rows: StatementStatisticsRow[];
  /** what could not be read and how to make it readable */
  warnings: string[];
  /** the account may not read the table (warnings then say so in one sentence, missingGrantText) */
  missingGrant?: MissingGrant;
}

export interface StatementStatisticsQuery {
  /** only statements run with one of these current databases */
  schemas?: readonly string[];
  /** only these digests */
  digests?: readonly string[];
  /**
   * TiDB: also read the closed windows of the _history table that ended after this server time
   * ("YYYY-MM-DD HH:MM:SS", as the server's NOW() gives it); without it only the current window
   * is read.
   */
  historySince?: string;
  /**
   * TiDB: also read every closed window the server still keeps (tidb_stmt_summary_history_size
   * windows), to look one statement up whenever it ran; historySince, when given, still bounds it.
   */
  allHistory?: boolean;
  /**
   * MySQL and MariaDB: only digests last seen at or after this server time ("YYYY-MM-DD HH:MM:SS");
   * their counts stay cumulative since the server started.
   */
  seenSince?: string;
  /** at most this many rows, the largest total time first (default: no limit) */
  limit?: number;
  /** TiDB: also read the PLAN and BINARY_PLAN columns (large; default true) */
  withPlans?: boolean;
}

/** Milliseconds from a TiDB duration column (nanoseconds). */
export function nanosecondsToMs(value: number | null): number | null {
  return value === null ? null : value / 1e6;
}

/** Milliseconds from a performance_schema timer column (picoseconds). */
export function picosecondsToMs(value: number | null): number | null {
  return value === null ? null : value / 1e9;
}

/** The query's databases and digests as WHERE conditions with their values (both statement tables name the columns alike). */
export function schemaAndDigestConditions(query: StatementStatisticsQuery): { conditions: string[]; values: unknown[] } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  if (query.schemas !== undefined && query.schemas.length > 0) {
    conditions.push(`SCHEMA_NAME IN (${query.schemas.map(() => '?').join(', ')})`);
    values.push(...query.schemas);
  }
  if (query.digests !== undefined && query.digests.length > 0) {
    conditions.push(`DIGEST IN (${query.digests.map(() => '?').join(', ')})`);
    values.push(...query.digests);
  }
  return { conditions, values };
}
