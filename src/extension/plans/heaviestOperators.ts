// The operators worth naming in a hover: where the time went (own time for TiDB operators, task
// time for TiKV / TiFlash ones), or, for a plan that did not run, the largest row estimates.
import type { PlanViewNode, PlanViewPlan } from '../../protocol/planView';

export interface HeavyOperator {
  node: PlanViewNode;
  /** what it is ranked by: own time, task time, or estimated rows */
  measure: 'self-time' | 'task-time' | 'est-rows';
  value: number;
}

export function heaviestOperators(plan: PlanViewPlan, count: number): HeavyOperator[] {
  const ranked: HeavyOperator[] = [];
  for (const node of plan.nodes) {
    if (plan.hasRuntimeStats) {
      if (node.timeMs === null) continue;
      if (node.timeKind === 'task-time') ranked.push({ node, measure: 'task-time', value: node.timeMs });
      else ranked.push({ node, measure: 'self-time', value: node.selfTimeMs ?? node.timeMs });
    } else if (node.estRows !== null) {
      ranked.push({ node, measure: 'est-rows', value: node.estRows });
    }
  }
  return ranked.sort((a, b) => b.value - a.value || a.node.index - b.node.index).slice(0, count);
}
