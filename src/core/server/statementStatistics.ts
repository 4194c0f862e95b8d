// The server's own statement statistics, read the same way for every caller (benchmark evidence,
// the Statements view, the `statements` CLI): TiDB's statement summary tables or, on MySQL and
// MariaDB, performance_schema's digest summary. Times are milliseconds whatever the server's unit
// (TiDB: nanoseconds; performance_schema: picoseconds). Never throws for a table that cannot be
// read: the result says why in `warnings` and carries no rows.
import type { SqlExecutor } from '../db/sqlExecutor';
import type { ServerFlavor } from '../db/serverFlavor';
import { readPerformanceSchemaDigests } from './performanceSchemaDigests';
import { readTidbStatementsSummary } from './tidbStatementsSummary';
import type { StatementStatistics, StatementStatisticsQuery } from './statementStatisticsModel';

export type {
  StatementStatistics,
  StatementStatisticsQuery,
  StatementStatisticsRow,
  StatementStatisticsSource,
} from './statementStatisticsModel';
export { nanosecondsToMs, picosecondsToMs } from './statementStatisticsModel';

/** Reads the statement statistics of the server behind `executor`. */
export async function readStatementStatistics(
  executor: SqlExecutor,
  flavor: ServerFlavor,
  query: StatementStatisticsQuery = {},
): Promise<StatementStatistics> {
  if (flavor === 'tidb') return readTidbStatementsSummary(executor, query);
  if (flavor === 'mysql' || flavor === 'mariadb') return readPerformanceSchemaDigests(executor, flavor, query);
  return { source: 'none', rows: [], warnings: ['The server is neither TiDB, MySQL nor MariaDB; its statement statistics were not read.'] };
}
