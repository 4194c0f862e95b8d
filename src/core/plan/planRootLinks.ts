// A plan can have several roots: the main tree, then `CTE_N` and `ScalarSubQuery_N` trees.
// Operators reach a CTE through `data:CTE_0` and a scalar subquery through its output
// column (`ScalarQueryCol#5`). Links are ids and indices, never object references.
import type { PlanNode } from './planModel';
import { walkPlan } from './planWalk';

const CTE_ID = /^CTE_\d+$/;
const SCALAR_SUBQUERY_ID = /^ScalarSubQuery_\d+$/;
const CTE_REFERENCE = /\bdata:(CTE_\d+)\b/g;
const SCALAR_COLUMN = /ScalarQueryCol#\d+/g;

export function isSeparateRootId(id: string): boolean {
  return CTE_ID.test(id) || SCALAR_SUBQUERY_ID.test(id);
}

export function linkPlanRoots(roots: readonly PlanNode[]): void {
  const cteRoots = new Map<string, PlanNode>();
  const scalarRootByColumn = new Map<string, PlanNode>();
  for (const root of roots) {
    if (CTE_ID.test(root.id)) cteRoots.set(root.id, root);
    if (SCALAR_SUBQUERY_ID.test(root.id)) {
      for (const column of (root.operatorInfo ?? '').match(SCALAR_COLUMN) ?? []) scalarRootByColumn.set(column, root);
    }
  }
  if (cteRoots.size === 0 && scalarRootByColumn.size === 0) return;

  for (const tree of roots) {
    walkPlan([tree], (node) => {
      if (node.operatorInfo === null) return;
      for (const match of node.operatorInfo.matchAll(CTE_REFERENCE)) {
        link(node, cteRoots.get(match[1]), tree);
      }
      if (tree.id.startsWith('ScalarSubQuery_') && node === tree) return;
      for (const column of node.operatorInfo.match(SCALAR_COLUMN) ?? []) {
        link(node, scalarRootByColumn.get(column), tree);
      }
    });
  }
}

function link(node: PlanNode, target: PlanNode | undefined, ownTree: PlanNode): void {
  if (target === undefined || target === ownTree || node.uses.includes(target.id)) return;
  node.uses.push(target.id);
  target.usedBy.push(node.index);
}
