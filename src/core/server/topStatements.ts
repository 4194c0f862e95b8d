// The top statements of a server, as the Statements view and `tidb-lab statements` list them:
// statement statistics (statementStatistics.ts) summed per statement (digest and database) over
// summary windows, TiDB instances and plans, ordered by total time, average time or executions.
// Each statement keeps every plan digest it was seen with.
import type { SqlExecutor } from '../db/sqlExecutor';
import type { ServerFlavor } from '../db/serverFlavor';
import { firstColumnText } from '../tidb/rowValues';
import { inFirstSeenOrder } from './planOrder';
import { readStatementStatistics, type StatementStatisticsRow, type StatementStatisticsSource } from './statementStatistics';

export type StatementOrder = 'total' | 'avg' | 'count';

export const STATEMENT_ORDERS: readonly StatementOrder[] = ['total', 'avg', 'count'];

export interface TopStatementsQuery {
  order: StatementOrder;
  /** at most this many statements (default 50) */
  limit?: number;
  /** only statements run with this current database */
  database?: string;
  /**
   * Only the last this many minutes. TiDB: the current summary window and the closed windows that
   * ended in it; MySQL/MariaDB: digests last seen in it (their counts are cumulative). Unset: TiDB's
   * current window, everything performance_schema kept.
   */
  windowMinutes?: number;
}

export interface StatementPlanDigest {
  planDigest: string;
  execCount: number;
  sumLatencyMs: number;
  avgLatencyMs: number;
  maxLatencyMs: number;
  /** the earliest FIRST_SEEN of its rows (TiDB): when this plan started to be used */
  firstSeen: string | null;
  lastSeen: string | null;
}

export interface TopStatement {
  digest: string;
  digestText: string;
  schemaName: string | null;
  execCount: number;
  sumLatencyMs: number;
  avgLatencyMs: number;
  maxLatencyMs: number;
  sumErrors: number | null;
  avgProcessedKeys: number | null;
  sampleText: string | null;
  firstSeen: string | null;
  lastSeen: string | null;
  /** every plan digest seen (TiDB), the first seen first (planOrder.ts); empty on MySQL/MariaDB */
  plans: StatementPlanDigest[];
}

export interface TopStatements {
  source: StatementStatisticsSource;
  /** the server time the window starts at, when a window was asked for */
  since: string | null;
  statements: TopStatement[];
  warnings: string[];
}

export const DEFAULT_STATEMENT_LIMIT = 50;

export async function readTopStatements(executor: SqlExecutor, flavor: ServerFlavor, query: TopStatementsQuery): Promise<TopStatements> {
  const since = query.windowMinutes !== undefined ? await serverTimeMinutesAgo(executor, query.windowMinutes) : null;
  const statistics = await readStatementStatistics(executor, flavor, {
    schemas: query.database !== undefined && query.database !== '' ? [query.database] : undefined,
    withPlans: false,
    ...(since !== null ? (flavor === 'tidb' ? { historySince: since } : { seenSince: since }) : {}),
  });
  return {
    source: statistics.source,
    since,
    statements: topStatements(statistics.rows, query.order, query.limit ?? DEFAULT_STATEMENT_LIMIT),
    warnings: statistics.warnings,
  };
}

/** "YYYY-MM-DD HH:MM:SS" of the server's clock `minutes` ago: summary windows are in server time. */
async function serverTimeMinutesAgo(executor: SqlExecutor, minutes: number): Promise<string> {
  const [row] = await executor.query("SELECT DATE_FORMAT(NOW() - INTERVAL ? MINUTE, '%Y-%m-%d %H:%i:%s') AS since", [
    Math.max(1, Math.round(minutes)),
  ]);
  return row === undefined ? '' : firstColumnText(row);
}

/** Rows summed per (digest, database), ordered and cut to `limit`. */
export function topStatements(rows: readonly StatementStatisticsRow[], order: StatementOrder, limit: number): TopStatement[] {
  const byStatement = new Map<string, { statement: TopStatement; keys: number; plans: Map<string, StatementPlanDigest> }>();
  for (const row of rows) {
    const key = `${row.digest}\u0000${row.schemaName ?? ''}`;
    let entry = byStatement.get(key);
    if (entry === undefined) {
      entry = {
        statement: {
          digest: row.digest,
          digestText: row.digestText,
          schemaName: row.schemaName,
          execCount: 0,
          sumLatencyMs: 0,
          avgLatencyMs: 0,
          maxLatencyMs: 0,
          sumErrors: null,
          avgProcessedKeys: null,
          sampleText: row.sampleText,
          firstSeen: row.firstSeen,
          lastSeen: row.lastSeen,
          plans: [],
        },
        keys: 0,
        plans: new Map(),
      };
      byStatement.set(key, entry);
    }
    const statement = entry.statement;
    statement.execCount += row.execCount;
    statement.sumLatencyMs += row.sumLatencyMs;
    statement.maxLatencyMs = Math.max(statement.maxLatencyMs, row.maxLatencyMs);
    if (row.sumErrors !== null) statement.sumErrors = (statement.sumErrors ?? 0) + row.sumErrors;
    if (row.avgProcessedKeys !== null) entry.keys += row.avgProcessedKeys * row.execCount;
    statement.sampleText ??= row.sampleText;
    statement.firstSeen = earliest(statement.firstSeen, row.firstSeen);
    statement.lastSeen = latest(statement.lastSeen, row.lastSeen);
    if (row.planDigest !== null) {
      const plan = entry.plans.get(row.planDigest) ?? {
        planDigest: row.planDigest,
        execCount: 0,
        sumLatencyMs: 0,
        avgLatencyMs: 0,
        maxLatencyMs: 0,
        firstSeen: null,
        lastSeen: null,
      };
      plan.execCount += row.execCount;
      plan.sumLatencyMs += row.sumLatencyMs;
      plan.maxLatencyMs = Math.max(plan.maxLatencyMs, row.maxLatencyMs);
      plan.firstSeen = earliest(plan.firstSeen, row.firstSeen);
      plan.lastSeen = latest(plan.lastSeen, row.lastSeen);
      entry.plans.set(row.planDigest, plan);
    }
  }
  const statements: TopStatement[] = [];
  for (const { statement, keys, plans } of byStatement.values()) {
    statement.avgLatencyMs = statement.execCount > 0 ? statement.sumLatencyMs / statement.execCount : 0;
    if (rows.some((row) => row.avgProcessedKeys !== null) && statement.execCount > 0)
      statement.avgProcessedKeys = keys / statement.execCount;
    statement.plans = inFirstSeenOrder(
      [...plans.values()].map((plan) => ({ ...plan, avgLatencyMs: plan.execCount > 0 ? plan.sumLatencyMs / plan.execCount : 0 })),
    );
    statements.push(statement);
  }
  const measure = ORDER_MEASURE[order];
  statements.sort((a, b) => measure(b) - measure(a) || b.sumLatencyMs - a.sumLatencyMs || a.digest.localeCompare(b.digest));
  return statements.slice(0, Math.max(0, limit));
}

const ORDER_MEASURE: Record<StatementOrder, (statement: TopStatement) => number> = {
  total: (statement) => statement.sumLatencyMs,
  avg: (statement) => statement.avgLatencyMs,
  count: (statement) => statement.execCount,
};

function earliest(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return b < a ? b : a;
}

function latest(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return b > a ? b : a;
}
