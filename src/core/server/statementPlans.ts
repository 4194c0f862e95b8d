// The plans of one statement, for the Statements view: every plan digest the statement summary
// kept for it, each decoded to text on the server (statementPlan.ts).
import type { SqlExecutor } from '../db/sqlExecutor';
import type { ServerFlavor } from '../db/serverFlavor';
import { resolveStatementPlan, type StatementPlan } from './statementPlan';
import { readStatementStatistics } from './statementStatistics';

export interface DigestPlan {
  planDigest: string;
  plan: StatementPlan | null;
}

/**
 * The plans of `digest`, one per plan digest, from every window the server still keeps: a plan
 * listed a moment ago may be in a window that has closed since.
 */
export async function readStatementPlans(
  executor: SqlExecutor,
  flavor: ServerFlavor,
  digest: string,
): Promise<{ plans: DigestPlan[]; warnings: string[] }> {
  const statistics = await readStatementStatistics(executor, flavor, { digests: [digest], withPlans: true, allHistory: true });
  const seen = new Map<string, DigestPlan>();
  for (const row of statistics.rows) {
    if (row.planDigest === null || (seen.get(row.planDigest)?.plan ?? null) !== null) continue;
    seen.set(row.planDigest, { planDigest: row.planDigest, plan: await resolveStatementPlan(executor, row) });
  }
  return { plans: [...seen.values()], warnings: statistics.warnings };
}
