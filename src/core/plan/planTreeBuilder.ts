// Builds the operator tree from rows in plan order. Depth comes from the tree glyphs
// (`├─`, `└─`); indentation that was mangled in a paste is repaired from what the glyphs
// promise; rows with neither glyphs nor indentation get a tree inferred from roles,
// `data:` references and which operators can have children.
import type { PlanNode } from './planModel';
import { buildPlanNode, parseIdCell, type ParsedIdCell, type PlanRowText } from './planNodeBuilder';
import { isSeparateRootId } from './planRootLinks';

interface PendingRow {
  node: PlanNode;
  idCell: ParsedIdCell;
}

export function buildPlanTree(rows: readonly PlanRowText[], warnings: string[]): PlanNode[] {
  const pending = pendingRows(rows, warnings);
  const roots = pending.some((row) => row.idCell.glyphColumn !== null)
    ? placeByGlyphs(pending, warnings)
    : new Set(pending.map((row) => row.idCell.indent)).size > 1
      ? placeByIndentation(pending)
      : placeByInference(pending, warnings);
  return roots;
}

/**
 * The rows with an operator id, as operators without children. (A function of its own: the engine
 * optimizes this loop while it runs, and the code after such a loop, run once a plan, had no type
 * feedback there and threw the optimized loop away on every plan. An index loop: until the loop is
 * optimized, for-of allocates an iterator result per row.)
 */
function pendingRows(rows: readonly PlanRowText[], warnings: string[]): PendingRow[] {
  const pending: PendingRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const idCell = parseIdCell(row.idCell);
    if (idCell.id === '') {
      warnings.push(`Skipped a row without an operator id: ${abbreviate(row.raw)}`);
      continue;
    }
    pending.push({ node: buildPlanNode(row, warnings, idCell), idCell });
  }
  return pending;
}

/** Ranks of the distinct values: re-indented text (4 spaces, tabs) keeps its order of levels. */
function ranks(values: readonly number[]): Map<number, number> {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  return new Map(sorted.map((value, rank) => [value, rank]));
}

function placeByGlyphs(rows: readonly PendingRow[], warnings: string[]): PlanNode[] {
  const glyphColumns: number[] = [];
  for (const row of rows) if (row.idCell.glyphColumn !== null) glyphColumns.push(row.idCell.glyphColumn);
  const glyphRank = ranks(glyphColumns);
  const roots: PlanNode[] = [];
  // path[0 .. pathLength - 1]: the operators from the current root down to the previous row.
  // (A length of its own rather than path.length: shrinking the array would reallocate it on every row.)
  const path: PlanNode[] = [];
  let pathLength = 0;
  // lastChildSeen[d]: the operator at path[d] already had its `└─` child, so it takes no more.
  const lastChildSeen: boolean[] = [];
  let repaired = 0;
  let orphans = 0;
  for (const { node, idCell } of rows) {
    if (idCell.glyphColumn === null || pathLength === 0) {
      if (idCell.glyphColumn !== null) orphans++;
      roots.push(node);
      path[0] = node;
      lastChildSeen[0] = false;
      pathLength = 1;
      continue;
    }
    let depth = Math.min((glyphRank.get(idCell.glyphColumn) ?? 0) + 1, pathLength);
    if (depth < pathLength && lastChildSeen[depth - 1]) {
      depth = pathLength;
      repaired++;
    }
    const parent = path[depth - 1];
    parent.children.push(node);
    if (idCell.lastChild) lastChildSeen[depth - 1] = true;
    path[depth] = node;
    lastChildSeen[depth] = false;
    pathLength = depth + 1;
  }
  if (repaired > 0) {
    warnings.push(
      `The indentation of ${repaired} operator${repaired === 1 ? '' : 's'} did not fit the tree glyphs ` +
        '(the text was probably re-indented); they were placed where the glyphs say.',
    );
  }
  if (orphans > 0) warnings.push(`The plan starts with a child operator; ${orphans} operator(s) were treated as roots.`);
  return roots;
}

function placeByIndentation(rows: readonly PendingRow[]): PlanNode[] {
  const indentRank = ranks(rows.map((row) => row.idCell.indent));
  const roots: PlanNode[] = [];
  const path: PlanNode[] = [];
  for (const { node, idCell } of rows) {
    const depth = Math.min(indentRank.get(idCell.indent) ?? 0, path.length);
    if (depth === 0) roots.push(node);
    else path[depth - 1].children.push(node);
    path.length = depth;
    path.push(node);
  }
  return roots;
}

const LEAF_OPERATOR =
  /^(?:Table(?:Full|Range|RowID)?Scan|Index(?:Full|Range)?Scan|Point_?Get|Batch_?Point_?Get|TableDual|MemTableScan|CTEFullScan|CTETable)$/;
const MULTI_CHILD_OPERATOR = /Join|Apply|IndexLookUp|IndexMerge|Union|Sequence|^CTE$/;
const FIRST_SIDE_ROLES = new Set(['Build', 'Seed Part']);
const SECOND_SIDE_ROLES = new Set(['Probe', 'Recursive Part']);

function childCapacity(node: PlanNode): number {
  if (LEAF_OPERATOR.test(node.operator)) return 0;
  if (MULTI_CHILD_OPERATOR.test(node.operator) || isSeparateRootId(node.id)) return Number.POSITIVE_INFINITY;
  return 1;
}

const CHILD_REFERENCE = /(?:^|[\s,])(?:data|index|inner):(\w+)/g;

/** Ids an operator names as its child: a reader's `data:X` / `index:X`, an index join's `inner:X`. */
function referencedIds(node: PlanNode): Set<string> {
  const ids = new Set<string>();
  for (const match of (node.operatorInfo ?? '').matchAll(CHILD_REFERENCE)) ids.add(match[1]);
  return ids;
}

function takesChildren(node: PlanNode): boolean {
  if (node.children.some((child) => child.role !== null && SECOND_SIDE_ROLES.has(child.role))) return false;
  return node.children.length < childCapacity(node);
}

/** No glyphs and no indentation (e.g. a GitHub markdown table): infer the tree. */
function placeByInference(rows: readonly PendingRow[], warnings: string[]): PlanNode[] {
  const roots: PlanNode[] = [];
  let path: PlanNode[] = [];
  let newRoots = 0;
  const references = new Map<PlanNode, Set<string>>();
  const refersTo = (candidate: PlanNode, id: string): boolean => {
    let ids = references.get(candidate);
    if (ids === undefined) {
      ids = referencedIds(candidate);
      references.set(candidate, ids);
    }
    return ids.has(id);
  };
  for (const { node } of rows) {
    let parentDepth = -1;
    if (path.length > 0 && !isSeparateRootId(node.id)) {
      parentDepth = findLastIndex(path, (candidate) => refersTo(candidate, node.id));
      if (parentDepth === -1 && node.role !== null && SECOND_SIDE_ROLES.has(node.role)) {
        parentDepth = findLastIndex(path, (candidate) =>
          candidate.children.some((child) => child.role !== null && FIRST_SIDE_ROLES.has(child.role)) && takesChildren(candidate));
      }
      if (parentDepth === -1) parentDepth = findLastIndex(path, takesChildren);
      if (parentDepth === -1) newRoots++;
    }
    if (parentDepth === -1) {
      roots.push(node);
      path = [node];
    } else {
      path[parentDepth].children.push(node);
      path = [...path.slice(0, parentDepth + 1), node];
    }
  }
  if (rows.length > 1) {
    warnings.push(
      'The plan has no tree glyphs or indentation; the tree was inferred from operator roles, ' +
        '`data:` references and operator types. Compare it with the original.',
    );
  }
  if (newRoots > 0) warnings.push(`${newRoots} operator(s) could not be placed under another one and were made roots.`);
  return roots;
}

function findLastIndex<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (predicate(items[i])) return i;
  return -1;
}

export function abbreviate(text: string, length = 80): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= length ? line : `${line.slice(0, length - 1)}…`;
}
