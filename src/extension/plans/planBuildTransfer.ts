// A built plan as it crosses from the worker thread that parsed it: the operators as a flat list with
// their parents' indices. Posting the nested tree would have the structured clone recurse once per
// level, which a plan thousands of levels deep overflows. No vscode here.
import type { ParsedPlan, PlanAnalysis, PlanNode } from '../../core/plan';
import { planNodes } from '../../core/plan';
import type { PlanSource, PlanViewPlan } from '../../protocol/planView';
import { builtPlan, type BuiltPlan } from './planDocument';

export interface TransferredPlan {
  parsed: Omit<ParsedPlan, 'roots'>;
  /** The operators in row order (PlanNode.index), each without its children. */
  nodes: PlanNode[];
  /** The index of each operator's parent, -1 for a root. */
  parents: number[];
  analysis: PlanAnalysis;
  summary: string;
  view: PlanViewPlan;
}

/** Takes the tree apart: the plan's operators lose their children lists (the worker is done with them). */
export function transferablePlan(plan: BuiltPlan): TransferredPlan {
  const nodes = planNodes(plan.parsed.roots);
  const parents = new Array<number>(nodes.length).fill(-1);
  for (const node of nodes) for (const child of node.children) parents[child.index] = node.index;
  for (const node of nodes) node.children = [];
  const { roots: _roots, ...parsed } = plan.parsed;
  return { parsed, nodes, parents, analysis: plan.analysis, summary: plan.summary, view: plan.view };
}

/** Puts the tree together again on this side. */
export function receivedPlan(source: PlanSource, transferred: TransferredPlan): BuiltPlan {
  const { nodes, parents } = transferred;
  const roots: PlanNode[] = [];
  // Row order is pre-order, so each parent's children arrive in their order.
  for (let i = 0; i < nodes.length; i++) {
    if (parents[i] < 0) roots.push(nodes[i]);
    else nodes[parents[i]].children.push(nodes[i]);
  }
  return builtPlan(source, { ...transferred.parsed, roots }, transferred.analysis, transferred.summary, transferred.view);
}
