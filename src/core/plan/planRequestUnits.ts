// Request units (RU, TiDB's resource-control measure of read/write/CPU cost) in a plan: the
// per-operator columns of EXPLAIN ANALYZE FORMAT='ru' (selfRU, cumRU, cumRU%), or the statement's
// total that other EXPLAIN ANALYZE formats print in the root's execution info (`RU:1159.679690`).
import { executionNumber } from './executionInfo';
import type { ParsedPlan, PlanNode } from './planModel';

export interface OperatorRequestUnits {
  /** RU of this operator alone */
  self: number | null;
  /** RU of this operator and everything below it */
  cumulative: number | null;
  /** cumulative as a share (0..1) of the statement's RU */
  share: number | null;
}

export function operatorRequestUnits(extra: Readonly<Record<string, string>>): OperatorRequestUnits | null {
  const self = numberOf(extra.selfRU);
  const cumulative = numberOf(extra.cumRU);
  const percent = numberOf(extra['cumRU%']?.replace(/%$/, ''));
  if (self === null && cumulative === null) return null;
  return { self, cumulative, share: percent === null ? null : Math.min(1, Math.max(0, percent / 100)) };
}

/** The statement's RU: the first root's cumRU (FORMAT='ru'), else the RU in the first root's execution info. */
export function statementRequestUnits(plan: ParsedPlan): number | null {
  const root: PlanNode | undefined = plan.roots[0];
  if (root === undefined) return null;
  return operatorRequestUnits(root.extra)?.cumulative ?? executionNumber(root.executionInfo, 'RU');
}

/** Whether any operator has its own RU columns (FORMAT='ru'). */
export function hasOperatorRequestUnits(nodes: Iterable<{ extra: Readonly<Record<string, string>> }>): boolean {
  for (const node of nodes) if (operatorRequestUnits(node.extra) !== null) return true;
  return false;
}

/** "547", "1,159.7": RU to one decimal at most. */
export function formatRequestUnits(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: value >= 100 ? 1 : 2 });
}

function numberOf(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text.trim());
  return Number.isFinite(value) ? value : null;
}
