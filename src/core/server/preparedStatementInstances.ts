// Server-side prepared statements and their executions, from
// performance_schema.prepared_statements_instances (MySQL 5.7+, MariaDB 10.5+). A row lives only
// as long as the statement stays prepared: read it before the connections that prepared it close.
// Timers in picoseconds. Rows carry the statement text as prepared (with ? placeholders), no digest.
import type { SqlExecutor } from '../db/sqlExecutor';
import type { MissingGrant } from '../results/benchmarkResult';
import { rowNumber, rowText } from '../tidb/rowValues';
import { isAccessDenied, missingPerformanceSchemaGrant } from './missingGrant';
import { picosecondsToMs } from './statementStatisticsModel';

export interface PreparedStatementInstance {
  /** identifies the prepared statement while it lives (OBJECT_INSTANCE_BEGIN) */
  instance: string;
  ownerThreadId: number | null;
  sqlText: string;
  executions: number;
  sumExecuteMs: number;
  maxExecuteMs: number;
}

export interface PreparedStatementsRead {
  rows: PreparedStatementInstance[];
  warnings: string[];
  /** the account may not read the table (then no warning: the caller says it once, with the grant) */
  missingGrant?: MissingGrant;
}

export async function readPreparedStatementInstances(executor: SqlExecutor): Promise<PreparedStatementsRead> {
  try {
    const rows = await executor.query(
      'SELECT CAST(OBJECT_INSTANCE_BEGIN AS CHAR) AS instance, OWNER_THREAD_ID AS owner_thread_id, SQL_TEXT AS sql_text, ' +
        'COUNT_EXECUTE AS executions, SUM_TIMER_EXECUTE AS sum_timer, MAX_TIMER_EXECUTE AS max_timer ' +
        'FROM performance_schema.prepared_statements_instances',
    );
    return {
      rows: rows.map((row) => ({
        instance: rowText(row, 'instance'),
        ownerThreadId: rowNumber(row, 'owner_thread_id'),
        sqlText: rowText(row, 'sql_text'),
        executions: rowNumber(row, 'executions') ?? 0,
        sumExecuteMs: picosecondsToMs(rowNumber(row, 'sum_timer')) ?? 0,
        maxExecuteMs: picosecondsToMs(rowNumber(row, 'max_timer')) ?? 0,
      })),
      warnings: [],
    };
  } catch (error) {
    if (isAccessDenied(error)) return { rows: [], warnings: [], missingGrant: await missingPerformanceSchemaGrant(executor, error) };
    return {
      rows: [],
      warnings: [
        `performance_schema.prepared_statements_instances could not be read: ${error instanceof Error ? error.message : String(error)}`,
      ],
    };
  }
}
