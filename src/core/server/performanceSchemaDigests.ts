// MySQL's and MariaDB's statement statistics: performance_schema.events_statements_summary_by_digest,
// cumulative since the server started (or the table was truncated), timers in picoseconds. It
// counts statements sent as text; MariaDB does not count server-side prepared executions there
// (COM_STMT_EXECUTE): those are in prepared_statements_instances while their connection is open
// (preparedStatementInstances.ts).
import type { SqlExecutor } from '../db/sqlExecutor';
import { rowNumber, rowText } from '../tidb/rowValues';
import { missingGrantText } from '../results/missingGrantText';
import { isAccessDenied, missingPerformanceSchemaGrant } from './missingGrant';
import { serverTimeText } from './serverTimeText';
import {
  picosecondsToMs,
  schemaAndDigestConditions,
  type StatementStatistics,
  type StatementStatisticsQuery,
} from './statementStatisticsModel';

const SOURCE = 'performance_schema.events_statements_summary_by_digest' as const;

/** What to put in the server's option file to have statement digests (both need a restart). */
export function performanceSchemaAdvice(flavor: 'mysql' | 'mariadb'): string {
  const consumers =
    flavor === 'mariadb'
      ? ', performance_schema_consumer_events_statements_current=ON and performance_schema_consumer_statements_digest=ON'
      : '';
  return `performance_schema is off on this server, so its statements were not read. Turn it on with performance_schema=ON${consumers} under [mysqld] in the server's option file, then restart the server.`;
}

export async function readPerformanceSchemaDigests(
  executor: SqlExecutor,
  flavor: 'mysql' | 'mariadb',
  query: StatementStatisticsQuery,
): Promise<StatementStatistics> {
  const warnings: string[] = [];
  try {
    const [state] = await executor.query('SELECT @@GLOBAL.performance_schema AS enabled');
    if (rowNumber(state ?? {}, 'enabled') !== 1) return { source: 'none', rows: [], warnings: [performanceSchemaAdvice(flavor)] };
  } catch (error) {
    return { source: 'none', rows: [], warnings: [`Could not tell whether performance_schema is on: ${messageOf(error)}`] };
  }
  const filter = schemaAndDigestConditions(query);
  const conditions = ['DIGEST IS NOT NULL', ...filter.conditions];
  const values = [...filter.values];
  if (query.seenSince !== undefined) {
    conditions.push('LAST_SEEN >= ?');
    values.push(query.seenSince);
  }
  const limit = query.limit !== undefined ? ` LIMIT ${Math.max(0, Math.floor(query.limit))}` : '';
  let rows;
  try {
    rows = await executor.query(
      'SELECT SCHEMA_NAME AS schema_name, DIGEST AS digest, DIGEST_TEXT AS digest_text, COUNT_STAR AS exec_count, ' +
        'SUM_TIMER_WAIT AS sum_timer, MIN_TIMER_WAIT AS min_timer, AVG_TIMER_WAIT AS avg_timer, MAX_TIMER_WAIT AS max_timer, ' +
        'SUM_ERRORS AS sum_errors, SUM_ROWS_EXAMINED AS rows_examined, SUM_ROWS_SENT AS rows_sent, ' +
        'CAST(FIRST_SEEN AS CHAR) AS first_seen, CAST(LAST_SEEN AS CHAR) AS last_seen ' +
        `FROM performance_schema.events_statements_summary_by_digest WHERE ${conditions.join(' AND ')} ORDER BY SUM_TIMER_WAIT DESC${limit}`,
      values,
    );
  } catch (error) {
    if (isAccessDenied(error)) {
      // not "no statements": the account may not look
      const missingGrant = await missingPerformanceSchemaGrant(executor, error);
      return { source: 'none', rows: [], warnings: [missingGrantText(missingGrant)], missingGrant };
    }
    return { source: 'none', rows: [], warnings: [`${SOURCE} could not be read: ${messageOf(error)}`] };
  }
  if (rows.length === 0 && query.digests === undefined) {
    const consumer = await digestConsumerOff(executor);
    if (consumer) warnings.push(consumer);
  }
  return {
    source: SOURCE,
    rows: rows.map((row) => {
      const execCount = rowNumber(row, 'exec_count') ?? 0;
      const sumLatencyMs = picosecondsToMs(rowNumber(row, 'sum_timer')) ?? 0;
      return {
        digest: rowText(row, 'digest'),
        digestText: rowText(row, 'digest_text'),
        schemaName: rowText(row, 'schema_name') || null,
        planDigest: null,
        instance: null,
        windowBegin: null,
        windowEnd: null,
        fromHistory: false,
        execCount,
        sumLatencyMs,
        avgLatencyMs: picosecondsToMs(rowNumber(row, 'avg_timer')) ?? (execCount > 0 ? sumLatencyMs / execCount : 0),
        maxLatencyMs: picosecondsToMs(rowNumber(row, 'max_timer')) ?? 0,
        minLatencyMs: picosecondsToMs(rowNumber(row, 'min_timer')),
        sumErrors: rowNumber(row, 'sum_errors'),
        copTasks: null,
        avgProcessedKeys: null,
        maxProcessedKeys: null,
        rowsExamined: rowNumber(row, 'rows_examined'),
        rowsSent: rowNumber(row, 'rows_sent'),
        plan: null,
        binaryPlan: null,
        sampleText: null,
        firstSeen: serverTimeText(row.first_seen),
        lastSeen: serverTimeText(row.last_seen),
      };
    }),
    warnings,
  };
}

/** Says so when the statements_digest consumer is off (the table then stays empty). */
async function digestConsumerOff(executor: SqlExecutor): Promise<string | undefined> {
  try {
    const rows = await executor.query(
      "SELECT NAME AS name, ENABLED AS enabled FROM performance_schema.setup_consumers WHERE NAME IN ('statements_digest', 'global_instrumentation')",
    );
    const off = rows.filter((row) => rowText(row, 'enabled').toUpperCase() !== 'YES').map((row) => rowText(row, 'name'));
    if (off.length === 0) return undefined;
    return `performance_schema's consumer ${off.join(' and ')} is off, so no statement digests are kept: UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME IN (${off.map((name) => `'${name}'`).join(', ')}) turns it on until the next restart.`;
  } catch {
    return undefined;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
