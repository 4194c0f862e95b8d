// The JSON shape of `tidb-lab plan --json`: {format, roots: [node], findings, warnings},
// null wherever the plan has no value.
import type { PlanAnalysis } from './planAnalysis';
import type { PlanFinding } from './planFindings';
import type { ExecutionInfo, ParsedPlan, PlanNode } from './planModel';

export interface PlanJsonNode {
  id: string;
  role: string | null;
  estRows: number | null;
  actRows: number | null;
  task: string | null;
  engine: string | null;
  accessObject: string | null;
  operatorInfo: string | null;
  executionInfo: ExecutionInfo | null;
  timeMs: number | null;
  memoryBytes: number | null;
  diskBytes: number | null;
  children: PlanJsonNode[];
}

export interface PlanJson {
  format: string;
  layout: string;
  summary: string;
  timeNote: string;
  roots: PlanJsonNode[];
  findings: PlanFinding[];
  warnings: string[];
}

export function planToJson(plan: ParsedPlan, analysis: PlanAnalysis, summary: string): PlanJson {
  return {
    format: plan.format,
    layout: plan.layout,
    summary,
    timeNote: analysis.timeNote,
    roots: plan.roots.map(jsonNode),
    findings: analysis.findings,
    warnings: plan.warnings,
  };
}

function jsonNode(root: PlanNode): PlanJsonNode {
  const convert = (node: PlanNode): PlanJsonNode => ({
    id: node.id,
    role: node.role,
    estRows: node.estRows,
    actRows: node.actRows,
    task: node.task,
    engine: node.engine,
    accessObject: node.accessObject,
    operatorInfo: node.operatorInfo,
    executionInfo: node.executionInfo,
    timeMs: node.timeMs,
    memoryBytes: node.memoryBytes,
    diskBytes: node.diskBytes,
    children: [],
  });
  // Iterative, so a plan thousands of levels deep cannot exhaust the stack here.
  const top = convert(root);
  const stack: [PlanNode, PlanJsonNode][] = [[root, top]];
  while (stack.length > 0) {
    const [node, json] = stack.pop() as [PlanNode, PlanJsonNode];
    for (const child of node.children) {
      const childJson = convert(child);
      json.children.push(childJson);
      stack.push([child, childJson]);
    }
  }
  return top;
}
