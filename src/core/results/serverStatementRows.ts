// The run's statements as the Server section shows them (result tab, Markdown, CLI): by server
// time, the largest first, with the total and what their plans did. One ordering for every reader,
// so the tab and the export never disagree about which statement cost the most.
import type { ServerActivity, ServerStatement } from './benchmarkResult';

export interface ServerStatementRow {
  statement: ServerStatement;
  /** server time over the run: exec count × average, as the server summed it */
  totalMs: number;
  /** "changed" when more than one plan digest ran, "one" for a single plan, "none" when the server named no plan */
  plan: 'changed' | 'one' | 'none';
  /** the plan text is kept, so it can be opened in the plan view */
  hasPlanText: boolean;
}

/** Statements by server time (sum of latencies), the largest first; ties by executions, then digest. */
export function serverStatementRows(activity: ServerActivity | undefined): ServerStatementRow[] {
  if (activity === undefined) return [];
  return [...activity.statements]
    .sort((a, b) => b.sumLatencyMs - a.sumLatencyMs || b.execCount - a.execCount || a.digest.localeCompare(b.digest))
    .map((statement) => ({
      statement,
      totalMs: statement.sumLatencyMs,
      plan: statement.planChanged ? 'changed' : statement.planDigests.length >= 1 ? 'one' : 'none',
      hasPlanText: typeof statement.plan === 'string' && statement.plan.trim() !== '',
    }));
}

/** The statement a Server-section action names, looked up in the result the host loaded (never taken from the webview). */
export function serverStatementByDigest(activity: ServerActivity | undefined, digest: unknown): ServerStatement | undefined {
  if (typeof digest !== 'string' || activity === undefined) return undefined;
  return activity.statements.find((statement) => statement.digest === digest);
}
