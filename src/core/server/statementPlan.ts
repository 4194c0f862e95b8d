// The readable plan of a statement-summary row. BINARY_PLAN (TiDB v6.2+, when
// tidb_generate_binary_plan is on) is decoded with tidb_decode_binary_plan and keeps TiFlash task
// kinds (batchCop, mpp); the PLAN column is already decoded text in the older format, where every
// TiFlash task reads cop[tiflash]. A PLAN value that is still encoded (base64, no tabs or line
// breaks, as the slow log keeps it) goes through tidb_decode_plan. Docs: functions-and-operators/
// tidb-functions.md (TIDB_DECODE_PLAN, TIDB_DECODE_BINARY_PLAN).
import type { SqlExecutor } from '../db/sqlExecutor';
import { firstColumnText } from '../tidb/rowValues';
import { enginesOfPlan, statementPlanText, type StatementEngine, type StatementPlanSource } from './planEngines';
import type { StatementStatisticsRow } from './statementStatistics';

export interface StatementPlan {
  text: string;
  source: StatementPlanSource;
  engines: StatementEngine[];
}

/** TiDB's marker for a plan it did not keep because it was too long (plancodec.PlanDiscardedEncoded). */
const DISCARDED = '[discard]';

export function looksEncoded(plan: string): boolean {
  const trimmed = plan.trim();
  return trimmed.length > 0 && !/[\t\n ]/.test(trimmed) && /^[A-Za-z0-9+/]+=*$/.test(trimmed);
}

/** The plan of a row, decoded on the server where needed; null when the row has none. */
export async function resolveStatementPlan(
  executor: SqlExecutor,
  row: Pick<StatementStatisticsRow, 'plan' | 'binaryPlan'>,
): Promise<StatementPlan | null> {
  if (row.binaryPlan && row.binaryPlan !== DISCARDED) {
    const decoded = await decodeOnServer(executor, 'tidb_decode_binary_plan', row.binaryPlan);
    if (decoded) return { text: decoded, source: 'binary_plan', engines: enginesOfPlan(decoded, 'binary_plan') };
  }
  if (!row.plan) return null;
  let text = row.plan;
  if (looksEncoded(text)) {
    const decoded = await decodeOnServer(executor, 'tidb_decode_plan', text);
    if (!decoded) return null;
    text = decoded;
  }
  text = statementPlanText(text);
  return { text, source: 'plan', engines: enginesOfPlan(text, 'plan') };
}

async function decodeOnServer(
  executor: SqlExecutor,
  fn: 'tidb_decode_binary_plan' | 'tidb_decode_plan',
  encoded: string,
): Promise<string | null> {
  try {
    const [row] = await executor.query(`SELECT ${fn}(?) AS plan`, [encoded]);
    const text = row ? firstColumnText(row) : '';
    return text.trim() === '' ? null : text.replace(/^\n+|\n+$/g, '');
  } catch {
    return null;
  }
}
