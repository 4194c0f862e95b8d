// The words of the Statements view (no vscode here, so they are unit-tested): one line per
// statement, slow query, plan and binding, and the view's description of what it lists.
import { formatDurationMs } from '../../core/plan';
import type { SlowQuery } from '../../core/server/slowQueries';
import type { StatementPlanDigest, StatementOrder, TopStatement } from '../../core/server/topStatements';
import type { PlanBinding } from '../../core/tidb/planBindings';

export const ORDER_LABELS: Record<StatementOrder, string> = { total: 'by total time', avg: 'by average time', count: 'by executions' };

/** The windows offered, in minutes; undefined = TiDB's current summary window / everything performance_schema kept. */
export const WINDOW_CHOICES: readonly (number | undefined)[] = [undefined, 10, 30, 60, 360, 1440];

export function windowLabel(minutes: number | undefined): string {
  if (minutes === undefined) return 'current window';
  if (minutes % 60 === 0) return `last ${minutes / 60} h`;
  return `last ${minutes} min`;
}

export function viewDescription(order: StatementOrder, windowMinutes: number | undefined, database: string | undefined): string {
  return [ORDER_LABELS[order], windowLabel(windowMinutes), database ? `db ${database}` : 'all databases'].join(' · ');
}

export function oneLine(text: string, max = 90): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function statementDescription(statement: TopStatement, order: StatementOrder): string {
  const parts = {
    total: `${formatDurationMs(statement.sumLatencyMs)} total`,
    avg: `${formatDurationMs(statement.avgLatencyMs)} avg`,
    count: `${statement.execCount.toLocaleString('en-US')}×`,
  };
  const first = parts[order];
  const rest = (['total', 'avg', 'count'] as const).filter((key) => key !== order).map((key) => parts[key]);
  const plans = statement.plans.length > 1 ? ` · ${statement.plans.length} plans` : '';
  return `${[first, ...rest].join(' · ')}${plans}`;
}

/**
 * A statement found by digest outside the listed ones ("Show in Statements view"), pinned above them.
 * On TiDB it was read from every summary window TiDB keeps, so its numbers do not share the
 * list's window and say so.
 */
export function pinnedStatementDescription(statement: TopStatement, order: StatementOrder, allKeptWindows: boolean): string {
  return allKeptWindows ? `${statementDescription(statement, order)} · all kept windows` : statementDescription(statement, order);
}

export function planLabel(plan: StatementPlanDigest): string {
  return `plan ${plan.planDigest.slice(0, 12)}`;
}

export function planDescription(plan: StatementPlanDigest): string {
  const counts = `${plan.execCount.toLocaleString('en-US')}× · ${formatDurationMs(plan.avgLatencyMs)} avg · ${formatDurationMs(plan.maxLatencyMs)} max`;
  // plans are listed first seen first: the time says why this one is where it is
  return plan.firstSeen !== null ? `${counts} · first seen ${plan.firstSeen}` : counts;
}

export function slowQueryDescription(slow: SlowQuery): string {
  return [formatDurationMs(slow.queryTimeMs), slow.database ?? '-', slow.time.replace(/\.\d+$/, ''), slow.instance ?? '']
    .filter((part) => part !== '')
    .join(' · ');
}

export function bindingDescription(binding: PlanBinding): string {
  return [binding.source, binding.status, binding.defaultDb].filter((part) => part !== '').join(' · ');
}
