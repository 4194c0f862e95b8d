// Which operators the plan table shows, top-down, and how each row's tree lines are drawn.
// Pure functions over the flat plan (nodes in plan order, i.e. pre-order), so that a plan of
// thousands of operators costs one pass, and tree lines are worked out only for rows on screen.
import type { PlanViewNode } from '../../src/protocol/planView';

/** One column of tree lines left of an operator: `│ `, `  `, `├─` or `└─`. */
export type TreeGuide = 'pipe' | 'blank' | 'tee' | 'elbow';

export function isLastChild(nodes: readonly PlanViewNode[], node: PlanViewNode): boolean {
  if (node.parent === null) return true;
  const siblings = nodes[node.parent].children;
  return siblings[siblings.length - 1] === node.index;
}

/**
 * Rows are indented this many levels at most: a plan thousands of levels deep would otherwise draw
 * thousands of tree lines in each row (the innermost levels are drawn; the row's aria-level keeps its depth).
 */
export const MAX_DRAWN_LEVELS = 50;

/** The tree lines of one row, outermost first (one per level below the root, the innermost MAX_DRAWN_LEVELS). */
export function treeGuides(nodes: readonly PlanViewNode[], index: number): TreeGuide[] {
  const guides: TreeGuide[] = [];
  let node = nodes[index];
  let own = true;
  while (node !== undefined && node.parent !== null && guides.length < MAX_DRAWN_LEVELS) {
    const last = isLastChild(nodes, node);
    guides.push(own ? (last ? 'elbow' : 'tee') : last ? 'blank' : 'pipe');
    own = false;
    node = nodes[node.parent];
  }
  return guides.reverse();
}

/** The rows shown when the operators in `collapsed` have their children hidden. */
export function visibleRows(nodes: readonly PlanViewNode[], collapsed: ReadonlySet<number>): number[] {
  const rows: number[] = [];
  let hiddenBelowDepth = Number.POSITIVE_INFINITY;
  for (const node of nodes) {
    if (node.depth > hiddenBelowDepth) continue;
    hiddenBelowDepth = Number.POSITIVE_INFINITY;
    rows.push(node.index);
    if (node.children.length > 0 && collapsed.has(node.index)) hiddenBelowDepth = node.depth;
  }
  return rows;
}

/** The operators above `index`, nearest first. */
export function ancestorsOf(nodes: readonly PlanViewNode[], index: number): number[] {
  const ancestors: number[] = [];
  let parent = nodes[index]?.parent ?? null;
  while (parent !== null) {
    ancestors.push(parent);
    parent = nodes[parent].parent;
  }
  return ancestors;
}

/** The collapsed set without the ancestors of `index`, so that its row is shown. */
export function expandTo(nodes: readonly PlanViewNode[], collapsed: ReadonlySet<number>, index: number): Set<number> {
  const next = new Set(collapsed);
  for (const ancestor of ancestorsOf(nodes, index)) next.delete(ancestor);
  return next;
}

/** Every operator with children: "collapse all" keeps the roots open so the tops stay readable. */
export function collapseAll(nodes: readonly PlanViewNode[]): Set<number> {
  const collapsed = new Set<number>();
  for (const node of nodes) if (node.children.length > 0 && node.parent !== null) collapsed.add(node.index);
  return collapsed;
}

/** Pixels the operator column needs so that its deepest, longest row fits (capped). */
export function operatorColumnWidth(
  nodes: readonly PlanViewNode[],
  metrics: { levelPx: number; characterPx: number; paddingPx: number; maxPx: number },
  decorationPx: (node: PlanViewNode) => number = () => 0,
): number {
  let widest = 0;
  for (const node of nodes) {
    const characters = node.id.length + (node.role === null ? 0 : node.role.length + 3);
    widest = Math.max(
      widest,
      Math.min(node.depth, MAX_DRAWN_LEVELS) * metrics.levelPx + characters * metrics.characterPx + decorationPx(node),
    );
  }
  return Math.min(metrics.maxPx, Math.ceil(widest + metrics.paddingPx));
}
