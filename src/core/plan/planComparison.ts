// Side-by-side comparison of two plans of the same statement (before and after caching
// a table, adding a TiFlash replica, an index, a hint...). Operators are matched by id;
// those whose id changed are matched by operator type + access object, in plan order.
import type { PlanEngine, PlanNode, ParsedPlan } from './planModel';
import { planNodes } from './planWalk';

export interface OperatorRef {
  index: number;
  id: string;
}

export interface ValueChange<T> {
  before: T;
  after: T;
}

export interface MatchedOperator {
  before: OperatorRef;
  after: OperatorRef;
  matchedBy: 'id' | 'shape';
  /** actRows when both plans ran (EXPLAIN ANALYZE), else estRows; present only when it changed. */
  rows?: ValueChange<number | null>;
  timeMs?: ValueChange<number | null>;
  engine?: ValueChange<PlanEngine | null>;
  task?: ValueChange<string | null>;
  changed: boolean;
}

export interface PlanComparison {
  matched: MatchedOperator[];
  added: OperatorRef[];
  removed: OperatorRef[];
  /** Statement time (first root) before and after. */
  timeMs: ValueChange<number | null>;
}

export function comparePlans(before: ParsedPlan, after: ParsedPlan): PlanComparison {
  const beforeNodes = planNodes(before.roots);
  const afterNodes = planNodes(after.roots);
  const pairs: [PlanNode, PlanNode, 'id' | 'shape'][] = [];
  const pairedBefore = new Set<PlanNode>();
  const pairedAfter = new Set<PlanNode>();

  const afterById = uniqueById(afterNodes);
  for (const [id, node] of uniqueById(beforeNodes)) {
    const other = afterById.get(id);
    if (other !== undefined && (other.accessObject ?? '') === (node.accessObject ?? '')) {
      pairs.push([node, other, 'id']);
      pairedBefore.add(node);
      pairedAfter.add(other);
    }
  }
  // Same operator type on the same object, the n-th unmatched one on each side.
  const waiting = new Map<string, PlanNode[]>();
  for (const node of afterNodes) {
    if (pairedAfter.has(node)) continue;
    const key = shapeKey(node);
    const list = waiting.get(key) ?? [];
    list.push(node);
    waiting.set(key, list);
  }
  // A read position per list rather than shift(), which moves the whole list: quadratic for one shape repeated.
  const taken = new Map<string, number>();
  for (const node of beforeNodes) {
    if (pairedBefore.has(node)) continue;
    const key = shapeKey(node);
    const list = waiting.get(key);
    const next = taken.get(key) ?? 0;
    if (list === undefined || next >= list.length) continue;
    const other = list[next];
    taken.set(key, next + 1);
    pairs.push([node, other, 'shape']);
    pairedBefore.add(node);
    pairedAfter.add(other);
  }

  const useActual = before.hasRuntimeStats && after.hasRuntimeStats;
  const matched = pairs
    .sort((a, b) => a[0].index - b[0].index)
    .map(([b, a, matchedBy]) => describeMatch(b, a, matchedBy, useActual));
  return {
    matched,
    added: afterNodes.filter((node) => !pairedAfter.has(node)).map(ref),
    removed: beforeNodes.filter((node) => !pairedBefore.has(node)).map(ref),
    timeMs: { before: before.roots[0]?.timeMs ?? null, after: after.roots[0]?.timeMs ?? null },
  };
}

function describeMatch(before: PlanNode, after: PlanNode, matchedBy: 'id' | 'shape', useActual: boolean): MatchedOperator {
  const match: MatchedOperator = { before: ref(before), after: ref(after), matchedBy, changed: false };
  const rowsBefore = useActual ? before.actRows : before.estRows;
  const rowsAfter = useActual ? after.actRows : after.estRows;
  if (rowsBefore !== rowsAfter) match.rows = { before: rowsBefore, after: rowsAfter };
  if (before.timeMs !== after.timeMs) match.timeMs = { before: before.timeMs, after: after.timeMs };
  if (before.engine !== after.engine) match.engine = { before: before.engine, after: after.engine };
  if (before.task !== after.task) match.task = { before: before.task, after: after.task };
  match.changed = match.rows !== undefined || match.timeMs !== undefined || match.engine !== undefined || match.task !== undefined;
  return match;
}

function uniqueById(nodes: readonly PlanNode[]): Map<string, PlanNode> {
  const byId = new Map<string, PlanNode>();
  const repeated = new Set<string>();
  for (const node of nodes) {
    if (byId.has(node.id)) repeated.add(node.id);
    byId.set(node.id, node);
  }
  for (const id of repeated) byId.delete(id);
  return byId;
}

function shapeKey(node: PlanNode): string {
  return `${node.operator}\u0000${node.accessObject ?? ''}`;
}

function ref(node: PlanNode): OperatorRef {
  return { index: node.index, id: node.id };
}
