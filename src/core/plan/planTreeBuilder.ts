// Builds the operator tree from rows in plan order. Depth comes from the tree glyphs
// (`├─`, `└─`); indentation that was mangled in a paste is repaired from what the glyphs
// promise; rows with neither glyphs nor indentation get a tree inferred from roles,
// `data:` references and which operators can have children.
import type { PlanNode } from './planModel';
import { buildPlanNode, parseIdCell, type PlanRowText } from './planNodeBuilder';
import { isSeparateRootId } from './planRootLinks';

/** An operator and where its id cell places it (one object a row: the parsed id cell is not kept). */
interface PendingRow {
  node: PlanNode;
  glyphColumn: number | null;
  lastChild: boolean;
  indent: number;
}

/**
 * The rows as a list, or as a function handing over the next row (undefined after the last), so a
 * caller holding the rows in another shape can let each go once its operator is made.
 */
export type PlanRows = readonly PlanRowText[] | (() => PlanRowText | undefined);

export function buildPlanTree(rows: PlanRows, warnings: string[]): PlanNode[] {
  const pending = pendingRows(typeof rows === 'function' ? rows : listedRows(rows), warnings);
  const roots = pending.some((row) => row.glyphColumn !== null)
    ? placeByGlyphs(pending, warnings)
    : new Set(pending.map((row) => row.indent)).size > 1
      ? placeByIndentation(pending)
      : placeByInference(pending, warnings);
  return roots;
}

/** Rows without an operator id named one by one in the warnings; the rest are counted. */
const MAX_SKIPPED_ROW_WARNINGS = 10;

/**
 * The rows with an operator id, as operators without children. (A function of its own: the engine
 * optimizes this loop while it runs, and the code after such a loop, run once a plan, had no type
 * feedback there and threw the optimized loop away on every plan. An index loop: until the loop is
 * optimized, for-of allocates an iterator result per row.)
 */
function pendingRows(nextRow: () => PlanRowText | undefined, warnings: string[]): PendingRow[] {
  const pending: PendingRow[] = [];
  let skipped = 0;
  // The count of the rest goes right after the rows named, ahead of the other warnings of the rows.
  let countAt = -1;
  for (let row = nextRow(); row !== undefined; row = nextRow()) {
    const idCell = parseIdCell(row.idCell);
    if (idCell.id === '') {
      if (++skipped <= MAX_SKIPPED_ROW_WARNINGS) {
        warnings.push(`Skipped a row without an operator id: ${abbreviate(row.raw)}`);
        countAt = warnings.length;
      }
      continue;
    }
    pending.push({
      node: buildPlanNode(row, warnings, idCell),
      glyphColumn: idCell.glyphColumn,
      lastChild: idCell.lastChild,
      indent: idCell.indent,
    });
  }
  if (skipped > MAX_SKIPPED_ROW_WARNINGS) {
    warnings.splice(
      countAt,
      0,
      `Skipped ${(skipped - MAX_SKIPPED_ROW_WARNINGS).toLocaleString('en-US')} more rows without an operator id.`,
    );
  }
  return pending;
}

function listedRows(rows: readonly PlanRowText[]): () => PlanRowText | undefined {
  let next = 0;
  return () => (next < rows.length ? rows[next++] : undefined);
}

/** Ranks of the distinct values: re-indented text (4 spaces, tabs) keeps its order of levels. */
function ranks(values: readonly number[]): Map<number, number> {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  return new Map(sorted.map((value, rank) => [value, rank]));
}

function placeByGlyphs(rows: readonly PendingRow[], warnings: string[]): PlanNode[] {
  const glyphColumns: number[] = [];
  for (const row of rows) if (row.glyphColumn !== null) glyphColumns.push(row.glyphColumn);
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
  for (const row of rows) {
    const { node } = row;
    if (row.glyphColumn === null || pathLength === 0) {
      if (row.glyphColumn !== null) orphans++;
      roots.push(node);
      path[0] = node;
      lastChildSeen[0] = false;
      pathLength = 1;
      continue;
    }
    let depth = Math.min((glyphRank.get(row.glyphColumn) ?? 0) + 1, pathLength);
    if (depth < pathLength && lastChildSeen[depth - 1]) {
      depth = pathLength;
      repaired++;
    }
    const parent = path[depth - 1];
    parent.children.push(node);
    if (row.lastChild) lastChildSeen[depth - 1] = true;
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
  const indentRank = ranks(rows.map((row) => row.indent));
  const roots: PlanNode[] = [];
  const path: PlanNode[] = [];
  for (const row of rows) {
    const { node } = row;
    const depth = Math.min(indentRank.get(row.indent) ?? 0, path.length);
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

/** An operator at a position of the current path. */
interface PathEntry {
  node: PlanNode;
  depth: number;
}

/**
 * No glyphs and no indentation (e.g. a GitHub markdown table): infer the tree. Each row goes under the
 * deepest operator on the current path that names it (`data:X`), else (a Probe side) under the deepest
 * one whose Build side is placed, else under the deepest one that takes another child. Linear: the
 * operators naming an id and those with a Build side are kept in stacks, deepest last, and an entry is
 * dropped when it is found off the path (an operator never comes back to it) or full (it never takes
 * another child); the last search removes from the path what it passes.
 */
function placeByInference(rows: readonly PendingRow[], warnings: string[]): PlanNode[] {
  const roots: PlanNode[] = [];
  const path: PlanNode[] = [];
  let newRoots = 0;
  const namedBy = new Map<string, PathEntry[]>();
  const withFirstSide: PathEntry[] = [];
  const hasFirstSide = new Set<PlanNode>();
  const hasSecondSide = new Set<PlanNode>();
  const onPath = (entry: PathEntry) => entry.depth < path.length && path[entry.depth] === entry.node;
  const takesChildren = (node: PlanNode) => !hasSecondSide.has(node) && node.children.length < childCapacity(node);
  const deepest = (entries: PathEntry[] | undefined, usable: (entry: PathEntry) => boolean): number => {
    if (entries === undefined) return -1;
    while (entries.length > 0 && !usable(entries[entries.length - 1])) entries.pop();
    return entries.length > 0 ? entries[entries.length - 1].depth : -1;
  };
  for (const { node } of rows) {
    let parentDepth = -1;
    if (path.length > 0 && !isSeparateRootId(node.id)) {
      parentDepth = deepest(namedBy.get(node.id), onPath);
      if (parentDepth === -1 && node.role !== null && SECOND_SIDE_ROLES.has(node.role)) {
        parentDepth = deepest(withFirstSide, (entry) => onPath(entry) && takesChildren(entry.node));
      }
      if (parentDepth === -1) parentDepth = findLastIndex(path, takesChildren);
      if (parentDepth === -1) newRoots++;
    }
    if (parentDepth === -1) {
      roots.push(node);
      path.length = 0;
    } else {
      const parent = path[parentDepth];
      parent.children.push(node);
      path.length = parentDepth + 1;
      if (node.role !== null && SECOND_SIDE_ROLES.has(node.role)) hasSecondSide.add(parent);
      if (node.role !== null && FIRST_SIDE_ROLES.has(node.role) && !hasFirstSide.has(parent)) {
        hasFirstSide.add(parent);
        withFirstSide.push({ node: parent, depth: parentDepth });
      }
    }
    const entry = { node, depth: path.length };
    path.push(node);
    for (const id of referencedIds(node)) {
      let entries = namedBy.get(id);
      if (entries === undefined) namedBy.set(id, (entries = []));
      entries.push(entry);
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
