// Side-by-side comparison of two plans of the same statement (before and after caching a table,
// adding a TiFlash replica, an index, a hint...). Operators are matched by what they read and by
// their shape, never by position or id alone: a reader of t1 is not the reader of t2 even when
// both are called TableReader_7. In order:
//   1. same id, same operator, reading the same objects;
//   2. same operator reading the same objects (the n-th of each side), ids aside;
//   3. joins of the same tables whose algorithm changed (HashJoin -> IndexJoin).
// "What reads" is an operator's own access object, or, for one without (readers, joins,
// aggregations), the access objects of every operator below it.
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

export type MatchedBy = 'id' | 'shape' | 'tables';

export interface MatchedOperator {
  before: OperatorRef;
  after: OperatorRef;
  matchedBy: MatchedBy;
  /** actRows when both plans ran (EXPLAIN ANALYZE), else estRows; present only when it changed. */
  rows?: ValueChange<number | null>;
  /** the optimizer's estimate (estRows), when it changed: the usual reason a plan changes */
  estRows?: ValueChange<number | null>;
  timeMs?: ValueChange<number | null>;
  engine?: ValueChange<PlanEngine | null>;
  task?: ValueChange<string | null>;
  /** the operator type, when a join changed its algorithm */
  operator?: ValueChange<string>;
  changed: boolean;
}

export interface PlanComparison {
  matched: MatchedOperator[];
  added: OperatorRef[];
  removed: OperatorRef[];
  /** Statement time (first root) before and after. */
  timeMs: ValueChange<number | null>;
}

/** Estimates closer than this (relative) are the same estimate: statistics drift by fractions of a row. */
const SAME_ESTIMATE = 0.005;

const JOIN = /(?:Join|^Apply)$/;

export function comparePlans(before: ParsedPlan, after: ParsedPlan): PlanComparison {
  const beforeNodes = planNodes(before.roots);
  const afterNodes = planNodes(after.roots);
  const beforeReads = readsOf(before.roots);
  const afterReads = readsOf(after.roots);
  const pairs: [PlanNode, PlanNode, MatchedBy][] = [];
  const pairedBefore = new Set<PlanNode>();
  const pairedAfter = new Set<PlanNode>();
  const pair = (b: PlanNode, a: PlanNode, by: MatchedBy) => {
    pairs.push([b, a, by]);
    pairedBefore.add(b);
    pairedAfter.add(a);
  };

  const afterById = uniqueById(afterNodes);
  for (const [id, node] of uniqueById(beforeNodes)) {
    const other = afterById.get(id);
    if (other !== undefined && other.operator === node.operator && afterReads.get(other) === beforeReads.get(node)) pair(node, other, 'id');
  }
  matchInOrder(
    beforeNodes,
    afterNodes,
    pairedBefore,
    pairedAfter,
    (node, reads) => `${node.operator}\u0000${reads.get(node)}`,
    beforeReads,
    afterReads,
    (b, a) => pair(b, a, 'shape'),
  );
  matchInOrder(
    beforeNodes,
    afterNodes,
    pairedBefore,
    pairedAfter,
    (node, reads) => (JOIN.test(node.operator) ? `join\u0000${reads.get(node)}` : null),
    beforeReads,
    afterReads,
    (b, a) => pair(b, a, 'tables'),
  );

  const useActual = before.hasRuntimeStats && after.hasRuntimeStats;
  const matched = pairs.sort((a, b) => a[0].index - b[0].index).map(([b, a, matchedBy]) => describeMatch(b, a, matchedBy, useActual));
  return {
    matched,
    added: afterNodes.filter((node) => !pairedAfter.has(node)).map(ref),
    removed: beforeNodes.filter((node) => !pairedBefore.has(node)).map(ref),
    timeMs: { before: before.roots[0]?.timeMs ?? null, after: after.roots[0]?.timeMs ?? null },
  };
}

/** Pairs the n-th unpaired operator of each side that has the same key (null: not matched this way). */
function matchInOrder(
  beforeNodes: readonly PlanNode[],
  afterNodes: readonly PlanNode[],
  pairedBefore: ReadonlySet<PlanNode>,
  pairedAfter: ReadonlySet<PlanNode>,
  keyOf: (node: PlanNode, reads: ReadonlyMap<PlanNode, string>) => string | null,
  beforeReads: ReadonlyMap<PlanNode, string>,
  afterReads: ReadonlyMap<PlanNode, string>,
  pair: (before: PlanNode, after: PlanNode) => void,
): void {
  const waiting = new Map<string, PlanNode[]>();
  for (const node of afterNodes) {
    if (pairedAfter.has(node)) continue;
    const key = keyOf(node, afterReads);
    if (key === null) continue;
    const list = waiting.get(key) ?? [];
    list.push(node);
    waiting.set(key, list);
  }
  // A read position per list rather than shift(), which moves the whole list: quadratic for one shape repeated.
  const taken = new Map<string, number>();
  for (const node of beforeNodes) {
    if (pairedBefore.has(node)) continue;
    const key = keyOf(node, beforeReads);
    if (key === null) continue;
    const list = waiting.get(key);
    const next = taken.get(key) ?? 0;
    if (list === undefined || next >= list.length) continue;
    taken.set(key, next + 1);
    pair(node, list[next]);
  }
}

/**
 * What each operator reads: its access object, else the sorted access objects below it. Built
 * bottom-up, and capped, so a deep or wide plan costs one pass.
 */
function readsOf(roots: readonly PlanNode[]): Map<PlanNode, string> {
  const order = planNodes(roots);
  const below = new Map<PlanNode, string[]>();
  const reads = new Map<PlanNode, string>();
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i];
    const own = normalizedAccess(node.accessObject);
    const objects = new Set<string>(own === '' ? [] : [own]);
    for (const child of node.children) {
      for (const object of below.get(child) ?? []) {
        if (objects.size >= MAX_OBJECTS) break;
        objects.add(object);
      }
    }
    const list = [...objects].sort();
    below.set(node, list);
    reads.set(node, own !== '' ? own : list.join('\u0001'));
  }
  return reads;
}

const MAX_OBJECTS = 32;

function normalizedAccess(accessObject: string | null): string {
  return (accessObject ?? '').trim();
}

function describeMatch(before: PlanNode, after: PlanNode, matchedBy: MatchedBy, useActual: boolean): MatchedOperator {
  const match: MatchedOperator = { before: ref(before), after: ref(after), matchedBy, changed: false };
  const rowsBefore = useActual ? before.actRows : before.estRows;
  const rowsAfter = useActual ? after.actRows : after.estRows;
  if (rowsBefore !== rowsAfter) match.rows = { before: rowsBefore, after: rowsAfter };
  // Without runtime statistics the rows already are the estimates.
  if (useActual && estimateChanged(before.estRows, after.estRows)) match.estRows = { before: before.estRows, after: after.estRows };
  if (before.timeMs !== after.timeMs) match.timeMs = { before: before.timeMs, after: after.timeMs };
  if (before.engine !== after.engine) match.engine = { before: before.engine, after: after.engine };
  if (before.task !== after.task) match.task = { before: before.task, after: after.task };
  if (before.operator !== after.operator) match.operator = { before: before.operator, after: after.operator };
  match.changed =
    match.rows !== undefined ||
    match.estRows !== undefined ||
    match.timeMs !== undefined ||
    match.engine !== undefined ||
    match.task !== undefined ||
    match.operator !== undefined;
  return match;
}

function estimateChanged(before: number | null, after: number | null): boolean {
  if (before === null || after === null) return before !== after;
  const larger = Math.max(Math.abs(before), Math.abs(after));
  return larger > 0 && Math.abs(before - after) / larger >= SAME_ESTIMATE;
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

function ref(node: PlanNode): OperatorRef {
  return { index: node.index, id: node.id };
}
