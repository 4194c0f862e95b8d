// Why performance_schema may count a few executions fewer than the client sent: it adds to a
// digest's counters without atomic updates (MariaDB), so two threads that finish the same statement
// at once can lose one increment. Measured in our CI: two threads at ~16,000 queries/s, 98,218
// counted of 98,221 run. TiDB's statement summary is not read this way, so it never gets the note.
import type { RunResult, ServerActivity } from './benchmarkResult';

export const PERFORMANCE_SCHEMA_DIGESTS = 'performance_schema.events_statements_summary_by_digest';

/** A shortfall larger than this share is not a few lost increments (prepared executions not counted, say): no numbers then. */
const SLIGHT_SHARE = 0.01;

export interface DigestCountNote {
  /** 'short': the server counted slightly fewer than the client sent; 'footnote': no client count to compare with */
  kind: 'short' | 'footnote';
  /** in kind 'short': the server's count for the run's statements and the client's */
  serverCount?: number;
  clientCount?: number;
  text: string;
}

/**
 * The note for a run's Server section and CLI summary, or null: only for performance_schema; with
 * the numbers when the server's count for the run's statements is slightly below the statements the
 * client sent (`clientStatements`, when known), a short footnote when the client's count is unknown.
 */
export function digestCountNote(activity: ServerActivity | undefined, clientStatements?: number): DigestCountNote | null {
  if (activity === undefined || activity.source !== PERFORMANCE_SCHEMA_DIGESTS) return null;
  const digested = activity.statements.filter((statement) => statement.counted !== 'prepared');
  const serverCount = digested.reduce((sum, statement) => sum + statement.execCount, 0);
  // comparable only when every statement was counted by digest: prepared executions are counted elsewhere
  const comparable =
    clientStatements !== undefined && clientStatements > 0 && digested.length === activity.statements.length && serverCount > 0;
  if (!comparable) return { kind: 'footnote', text: FOOTNOTE };
  if (serverCount >= clientStatements) return null;
  if (clientStatements - serverCount > clientStatements * SLIGHT_SHARE) return { kind: 'footnote', text: FOOTNOTE };
  return {
    kind: 'short',
    serverCount,
    clientCount: clientStatements,
    text:
      `performance_schema counted ${serverCount.toLocaleString('en-US')} of the ${clientStatements.toLocaleString('en-US')} ` +
      "statements the client sent: it adds to a digest's counters without atomic updates, so at high concurrency " +
      "a few executions go uncounted. The client's count is the exact one.",
  };
}

/** A run's note: TiDB Lab's own runs know the statements their client sent (summary.queries). */
export function runDigestCountNote(run: RunResult): DigestCountNote | null {
  const known = run.source.tool === 'tidb-lab' && run.mergedFrom === undefined && run.summary.queries > 0;
  return digestCountNote(run.server?.activity, known ? run.summary.queries : undefined);
}

const FOOTNOTE =
  "At high concurrency performance_schema's digest counts can be slightly lower than the client's (it adds to them without atomic updates).";
