// Where the time went and how far the optimizer's estimates were off, per operator,
// plus the findings. Root operator times are wall-clock and include their children;
// cop operator times are what TiKV / TiFlash reported per task and are never subtracted
// from the reader above them.
import type { ParsedPlan, PlanEngine, PlanNode } from './planModel';
import { executionNumber } from './executionInfo';
import { findPlanIssues, type PlanFinding } from './planFindings';
import { planNodes } from './planWalk';
import type { EstimateError, OperatorAnalysis } from './operatorAnalysis';

export type { EstimateDirection, EstimateError, OperatorAnalysis, OperatorTimeKind } from './operatorAnalysis';

export interface PlanAnalysis {
  totalTimeMs: number | null;
  /** Indexed by PlanNode.index. */
  operators: OperatorAnalysis[];
  findings: PlanFinding[];
  /** Engines whose operators appear in the plan, TiDB first. */
  engines: PlanEngine[];
  timeNote: string;
}

export const COP_TIME_NOTE =
  'Times of cop[tikv] / cop[tiflash] operators are what TiKV or TiFlash reported per task; tasks run in ' +
  'parallel and the cop_task totals (tot_proc, tot_wait) are sums over tasks, not wall-clock time, so they ' +
  'are shown beside the reader above them and never subtracted from its time.';

export function analyzePlan(plan: ParsedPlan): PlanAnalysis {
  const nodes = planNodes(plan.roots);
  const totalTimeMs = statementTimeMs(plan.roots, nodes);
  const operators = nodes.map((node) => analyzeOperator(node, totalTimeMs));
  const engineSet = new Set(nodes.flatMap((node) => (node.engine === null ? [] : [node.engine])));
  const engines = (['TiDB', 'TiKV', 'TiFlash'] as const).filter((engine) => engineSet.has(engine));
  return {
    totalTimeMs,
    operators,
    findings: findPlanIssues(plan, operators),
    engines,
    timeNote: COP_TIME_NOTE,
  };
}

function statementTimeMs(roots: readonly PlanNode[], nodes: readonly PlanNode[]): number | null {
  const first = roots[0]?.timeMs ?? null;
  if (first !== null) return first;
  let longest: number | null = null;
  for (const node of nodes) {
    if (node.taskKind === 'root' && node.timeMs !== null && (longest === null || node.timeMs > longest)) longest = node.timeMs;
  }
  return longest;
}

/**
 * `loops:0` with no rows: TiDB collected no runtime statistics for this operator, e.g. the table
 * side of an IndexLookUp that was never asked for rows. Its actRows 0 is not a measurement.
 */
export function runtimeStatsMissing(node: PlanNode): boolean {
  return node.actRows === 0 && executionNumber(node.executionInfo, 'loops') === 0;
}

function analyzeOperator(node: PlanNode, totalTimeMs: number | null): OperatorAnalysis {
  const missing = runtimeStatsMissing(node);
  const wallClock = node.taskKind === 'root' || node.taskKind === null;
  let selfTimeMs: number | null = null;
  if (wallClock && node.timeMs !== null) {
    const childTime = node.children
      .filter((child) => child.taskKind === 'root' || child.taskKind === null)
      .reduce((sum, child) => sum + (child.timeMs ?? 0), 0);
    selfTimeMs = Math.max(0, node.timeMs - childTime);
  }
  return {
    index: node.index,
    id: node.id,
    timeMs: node.timeMs,
    timeKind: node.timeMs === null ? null : wallClock ? 'wall-clock' : 'task-time',
    timeShare: share(node.timeMs, totalTimeMs),
    selfTimeMs,
    selfTimeShare: share(selfTimeMs, totalTimeMs),
    estimateError: missing ? null : estimateError(node.estRows, node.actRows),
    runtimeStatsMissing: missing,
  };
}

function share(part: number | null, whole: number | null): number | null {
  if (part === null || whole === null || whole <= 0) return null;
  return Math.min(1, Math.max(0, part / whole));
}

export function estimateError(estRows: number | null, actRows: number | null): EstimateError | null {
  if (estRows === null || actRows === null) return null;
  const est = Math.max(estRows, 1);
  const act = Math.max(actRows, 1);
  if (Math.abs(est - act) < 1e-9) return { factor: 1, direction: 'exact' };
  return act > est ? { factor: act / est, direction: 'under' } : { factor: est / act, direction: 'over' };
}
