// TiDB's statement summary (information_schema.cluster_statements_summary, falling back to
// statements_summary where the cluster table cannot be read, and the _history tables for windows
// that closed). Columns and units from docs.pingcap.com/tidb/stable/statement-summary-tables:
// latencies in nanoseconds, one row per (window, digest, plan digest) and, in the cluster table,
// per TiDB instance. SELECT * because the columns differ between versions (BINARY_PLAN came in
// v6.2, INSTANCE only in the cluster tables); each is read by name when present.
import type { SqlExecutor, SqlRow } from '../db/sqlExecutor';
import { rowNumber, rowText } from '../tidb/rowValues';
import { serverTimeText } from './serverTimeText';
import {
  nanosecondsToMs,
  schemaAndDigestConditions,
  type StatementStatistics,
  type StatementStatisticsQuery,
  type StatementStatisticsRow,
  type StatementStatisticsSource,
} from './statementStatisticsModel';

const TABLES: ReadonlyArray<{ source: StatementStatisticsSource; current: string; history: string }> = [
  {
    source: 'information_schema.cluster_statements_summary',
    current: 'information_schema.cluster_statements_summary',
    history: 'information_schema.cluster_statements_summary_history',
  },
  {
    source: 'information_schema.statements_summary',
    current: 'information_schema.statements_summary',
    history: 'information_schema.statements_summary_history',
  },
];

export async function readTidbStatementsSummary(executor: SqlExecutor, query: StatementStatisticsQuery): Promise<StatementStatistics> {
  const warnings: string[] = [];
  for (const table of TABLES) {
    let current: SqlRow[];
    try {
      current = await executor.query(...summarySelect(table.current, query, false));
    } catch (error) {
      warnings.push(`${table.current} could not be read: ${messageOf(error)}`);
      continue;
    }
    let history: SqlRow[] = [];
    if (query.historySince !== undefined || query.allHistory === true) {
      try {
        history = await executor.query(...summarySelect(table.history, query, true));
      } catch (error) {
        warnings.push(`${table.history} could not be read (statements of windows that closed are missing): ${messageOf(error)}`);
      }
    }
    const rows = [...current.map((row) => summaryRow(row, false, query)), ...history.map((row) => summaryRow(row, true, query))];
    rows.sort((a, b) => b.sumLatencyMs - a.sumLatencyMs);
    return { source: table.source, rows: query.limit !== undefined ? rows.slice(0, query.limit) : rows, warnings };
  }
  warnings.push(
    'The statement summary may be off: SET GLOBAL tidb_enable_stmt_summary = ON turns it on (it is on by default). TiDB Cloud Starter does not offer these tables.',
  );
  return { source: 'none', rows: [], warnings };
}

function summarySelect(table: string, query: StatementStatisticsQuery, history: boolean): [string, unknown[]] {
  const { conditions, values } = schemaAndDigestConditions(query);
  if (history && query.historySince !== undefined) {
    conditions.push('SUMMARY_END_TIME > ?');
    values.push(query.historySince);
  }
  const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
  const limit = query.limit !== undefined ? ` ORDER BY SUM_LATENCY DESC LIMIT ${Math.max(0, Math.floor(query.limit))}` : '';
  return [`SELECT * FROM ${table}${where}${limit}`, values];
}

/** A column by name whatever case the server gave it. */
function column(row: SqlRow, name: string): string {
  if (name in row) return name;
  const upper = name.toUpperCase();
  if (upper in row) return upper;
  return Object.keys(row).find((key) => key.toLowerCase() === name) ?? name;
}

function text(row: SqlRow, name: string): string | null {
  const key = column(row, name);
  if (!(key in row) || row[key] === null || row[key] === undefined) return null;
  return rowText(row, key);
}

function num(row: SqlRow, name: string): number | null {
  return rowNumber(row, column(row, name));
}

function summaryRow(row: SqlRow, fromHistory: boolean, query: StatementStatisticsQuery): StatementStatisticsRow {
  const execCount = num(row, 'exec_count') ?? 0;
  const sumLatencyMs = nanosecondsToMs(num(row, 'sum_latency')) ?? 0;
  const withPlans = query.withPlans !== false;
  const plan = withPlans ? text(row, 'plan') : null;
  const binaryPlan = withPlans ? text(row, 'binary_plan') : null;
  return {
    digest: text(row, 'digest') ?? '',
    digestText: text(row, 'digest_text') ?? '',
    schemaName: text(row, 'schema_name') || null,
    planDigest: text(row, 'plan_digest') || null,
    instance: text(row, 'instance') || null,
    windowBegin: serverTimeText(row[column(row, 'summary_begin_time')]),
    windowEnd: serverTimeText(row[column(row, 'summary_end_time')]),
    fromHistory,
    execCount,
    sumLatencyMs,
    avgLatencyMs: nanosecondsToMs(num(row, 'avg_latency')) ?? (execCount > 0 ? sumLatencyMs / execCount : 0),
    maxLatencyMs: nanosecondsToMs(num(row, 'max_latency')) ?? 0,
    minLatencyMs: nanosecondsToMs(num(row, 'min_latency')),
    sumErrors: num(row, 'sum_errors'),
    copTasks: num(row, 'sum_cop_task_num'),
    avgProcessedKeys: num(row, 'avg_processed_keys'),
    maxProcessedKeys: num(row, 'max_processed_keys'),
    rowsExamined: null,
    rowsSent: null,
    plan: plan || null,
    binaryPlan: binaryPlan || null,
    sampleText: text(row, 'query_sample_text') || null,
    firstSeen: serverTimeText(row[column(row, 'first_seen')]),
    lastSeen: serverTimeText(row[column(row, 'last_seen')]),
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
