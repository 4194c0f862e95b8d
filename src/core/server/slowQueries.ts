// TiDB's slow queries: information_schema.cluster_slow_query (every TiDB instance), or slow_query
// (this instance) where the cluster table cannot be read. Columns and units from
// docs.pingcap.com/tidb/stable/identify-slow-queries and information-schema-slow-query: Query_time
// in seconds, Time a timestamp with microseconds, Plan encoded (tidb_decode_plan), Binary_plan
// (v6.2+, tidb_decode_binary_plan). TiDB logs a statement as slow from tidb_slow_log_threshold
// (300 ms by default), which is also TiDB Dashboard's first filter.
import type { SqlExecutor, SqlRow } from '../db/sqlExecutor';
import { rowNumber, rowText } from '../tidb/rowValues';

export const DEFAULT_SLOW_QUERY_THRESHOLD_MS = 300;

export interface SlowQuery {
  /** "YYYY-MM-DD HH:MM:SS.ffffff", server time */
  time: string;
  instance: string | null;
  queryTimeMs: number;
  database: string | null;
  digest: string;
  planDigest: string | null;
  query: string;
  processKeys: number | null;
  totalKeys: number | null;
  memMaxBytes: number | null;
  succeeded: boolean;
}

export interface SlowQueriesQuery {
  thresholdMs?: number;
  /** the last this many minutes (default 30) */
  windowMinutes?: number;
  database?: string;
  digest?: string;
  limit?: number;
}

export interface SlowQueries {
  source: 'information_schema.cluster_slow_query' | 'information_schema.slow_query' | 'none';
  thresholdMs: number;
  queries: SlowQuery[];
  warnings: string[];
}

const TABLES = [
  { source: 'information_schema.cluster_slow_query', instance: true },
  { source: 'information_schema.slow_query', instance: false },
] as const;

export async function readSlowQueries(executor: SqlExecutor, query: SlowQueriesQuery = {}): Promise<SlowQueries> {
  const thresholdMs = query.thresholdMs ?? DEFAULT_SLOW_QUERY_THRESHOLD_MS;
  const warnings: string[] = [];
  for (const table of TABLES) {
    const conditions = ['Is_internal = 0', 'Query_time >= ?', 'Time >= NOW() - INTERVAL ? MINUTE'];
    const values: unknown[] = [thresholdMs / 1000, Math.max(1, Math.round(query.windowMinutes ?? 30))];
    if (query.database !== undefined && query.database !== '') {
      conditions.push('DB = ?');
      values.push(query.database);
    }
    if (query.digest !== undefined) {
      conditions.push('Digest = ?');
      values.push(query.digest);
    }
    const columns = [
      "DATE_FORMAT(Time, '%Y-%m-%d %H:%i:%s.%f') AS time",
      table.instance ? 'INSTANCE AS instance' : 'NULL AS instance',
      'Query_time AS query_time',
      'DB AS db',
      'Digest AS digest',
      'Plan_digest AS plan_digest',
      'Query AS query',
      'Process_keys AS process_keys',
      'Total_keys AS total_keys',
      'Mem_max AS mem_max',
      'Succ AS succ',
    ];
    let rows: SqlRow[];
    try {
      rows = await executor.query(
        `SELECT ${columns.join(', ')} FROM ${table.source} WHERE ${conditions.join(' AND ')} ORDER BY Query_time DESC LIMIT ${Math.max(1, Math.floor(query.limit ?? 100))}`,
        values,
      );
    } catch (error) {
      warnings.push(`${table.source} could not be read: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    return { source: table.source, thresholdMs, queries: rows.map(slowQuery), warnings };
  }
  return { source: 'none', thresholdMs, queries: [], warnings };
}

/** The encoded plans of one slow query (decode them with resolveStatementPlan). */
export async function readSlowQueryPlan(
  executor: SqlExecutor,
  slow: Pick<SlowQuery, 'time' | 'digest' | 'instance'>,
): Promise<{ plan: string | null; binaryPlan: string | null } | null> {
  const table = slow.instance !== null ? 'information_schema.cluster_slow_query' : 'information_schema.slow_query';
  const instance = slow.instance !== null ? ' AND INSTANCE = ?' : '';
  const rows = await executor.query(
    `SELECT Plan AS plan, Binary_plan AS binary_plan FROM ${table} WHERE Time = ? AND Digest = ?${instance} LIMIT 1`,
    [slow.time, slow.digest, ...(slow.instance !== null ? [slow.instance] : [])],
  );
  const [row] = rows;
  if (row === undefined) return null;
  return { plan: rowText(row, 'plan') || null, binaryPlan: rowText(row, 'binary_plan') || null };
}

function slowQuery(row: SqlRow): SlowQuery {
  return {
    time: rowText(row, 'time'),
    instance: rowText(row, 'instance') || null,
    queryTimeMs: (rowNumber(row, 'query_time') ?? 0) * 1000,
    database: rowText(row, 'db') || null,
    digest: rowText(row, 'digest'),
    planDigest: rowText(row, 'plan_digest') || null,
    query: rowText(row, 'query'),
    processKeys: rowNumber(row, 'process_keys'),
    totalKeys: rowNumber(row, 'total_keys'),
    memMaxBytes: rowNumber(row, 'mem_max'),
    succeeded: rowNumber(row, 'succ') !== 0,
  };
}
