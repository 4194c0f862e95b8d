// The server part of a result for people: the run's statements by server time (exec count, avg and
// max latency, engines, plan changes) as CLI lines; exportMarkdown.ts writes the same as Markdown.
import { missingGrantText } from './missingGrantText';
import type { ServerActivity } from './benchmarkResult';
import type { DigestCountNote } from './digestCountNote';
import { serverStatementRows } from './serverStatementRows';

const MAX_TEXT = 90;

export function shortText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT - 1)}…` : flat;
}

export function ms(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(2) : value.toFixed(3);
}

/**
 * A few lines after the run's summary: the top statements by server time, what could not be read
 * (first a missing grant: "Not read: ... has no SELECT on performance_schema", never "none counted"),
 * and performance_schema's count note (digestCountNote.ts) when there is one.
 */
export function serverActivityLines(activity: ServerActivity | undefined, limit = 5, countNote: DigestCountNote | null = null): string[] {
  if (activity === undefined) return [];
  const lines: string[] = [];
  if (activity.statements.length > 0) {
    lines.push(`Server statements (${activity.source}), by server time:`);
    lines.push(`    ${'exec'.padStart(9)}  ${'avg ms'.padStart(8)}  ${'max ms'.padStart(8)}  engines / statement`);
    for (const { statement } of serverStatementRows(activity).slice(0, limit)) {
      const engines = statement.engines.length > 0 ? `[${statement.engines.join(' + ')}] ` : '';
      const changed = statement.planChanged ? ` (plan changed: ${statement.planDigests.length} plans)` : '';
      const counted = statement.counted === 'prepared' ? ' (prepared)' : '';
      lines.push(
        `    ${String(statement.execCount).padStart(9)}  ${ms(statement.avgLatencyMs).padStart(8)}  ${ms(statement.maxLatencyMs).padStart(8)}  ${engines}${shortText(statement.text)}${counted}${changed}`,
      );
    }
    if (activity.statements.length > limit)
      lines.push(`    ... and ${activity.statements.length - limit} more statements (--json has them all)`);
  } else if (activity.warnings.length === 0 && activity.missingGrant === undefined) {
    lines.push(`Server statements (${activity.source}): none of the run's statements were counted.`);
  }
  if (activity.missingGrant !== undefined) lines.push(`Server: ${missingGrantText(activity.missingGrant)}`);
  for (const warning of activity.warnings) lines.push(`Server: ${warning}`);
  if (countNote !== null) lines.push(`${countNote.kind === 'short' ? 'Server' : 'Note'}: ${countNote.text}`);
  return lines;
}
