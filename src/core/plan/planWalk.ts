import type { PlanNode } from './planModel';

/** Visits every operator in pre-order (plan row order) without recursion, so very deep plans are safe. */
export function walkPlan(roots: readonly PlanNode[], visit: (node: PlanNode, parent: PlanNode | null) => void): void {
  // Two stacks rather than one of [node, parent] pairs: no pair to allocate per operator.
  const nodes: PlanNode[] = [];
  const parents: (PlanNode | null)[] = [];
  for (let i = roots.length - 1; i >= 0; i--) {
    nodes.push(roots[i]);
    parents.push(null);
  }
  while (nodes.length > 0) {
    const node = nodes.pop() as PlanNode;
    const parent = parents.pop() as PlanNode | null;
    visit(node, parent);
    for (let i = node.children.length - 1; i >= 0; i--) {
      nodes.push(node.children[i]);
      parents.push(node);
    }
  }
}

export function planNodes(roots: readonly PlanNode[]): PlanNode[] {
  const nodes: PlanNode[] = [];
  walkPlan(roots, (node) => nodes.push(node));
  return nodes;
}

/** Gives every operator its row-order index and depth; call once the tree is complete. */
export function numberPlanNodes(roots: readonly PlanNode[]): void {
  let index = 0;
  walkPlan(roots, (node, parent) => {
    node.index = index++;
    node.depth = parent === null ? 0 : parent.depth + 1;
  });
}
