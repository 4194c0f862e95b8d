// The JSON shape of `tidb-lab plan --json`: {format, roots: [node], findings, warnings},
// null wherever the plan has no value. A plan deeper than MAX_NESTED_JSON_DEPTH lists its
// operators flat instead ({..., operators: [{index, parent, ...}]}): nested, JSON.stringify
// recurses once per level (and overflows the stack from about 2,500), and the indentation of
// the pretty-printed text grows with the depth, so its size with the square of it.
import type { PlanAnalysis } from './planAnalysis';
import type { PlanFinding } from './planFindings';
import type { ExecutionInfo, ParsedPlan, PlanNode } from './planModel';
import { walkPlan } from './planWalk';

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

/** An operator of a plan listed flat: its row-order index and its parent's, instead of its children. */
export interface PlanJsonOperator extends Omit<PlanJsonNode, 'children'> {
  index: number;
  parent: number | null;
}

interface PlanJsonCommon {
  format: string;
  layout: string;
  summary: string;
  timeNote: string;
  findings: PlanFinding[];
  warnings: string[];
}

export type PlanJson = PlanJsonCommon & ({ roots: PlanJsonNode[] } | { operators: PlanJsonOperator[] });

/** Plans up to this many levels deep are written nested (`roots`), deeper ones flat (`operators`). */
export const MAX_NESTED_JSON_DEPTH = 100;

export function planToJson(plan: ParsedPlan, analysis: PlanAnalysis, summary: string): PlanJson {
  const common = { format: plan.format, layout: plan.layout, summary, timeNote: analysis.timeNote };
  let depth = 0;
  walkPlan(plan.roots, (node) => {
    depth = Math.max(depth, node.depth + 1);
  });
  if (depth <= MAX_NESTED_JSON_DEPTH)
    return { ...common, roots: plan.roots.map(jsonNode), findings: analysis.findings, warnings: plan.warnings };
  const operators: PlanJsonOperator[] = [];
  walkPlan(plan.roots, (node, parent) => {
    const { children: _children, ...fields } = jsonFields(node);
    operators.push({ index: node.index, parent: parent === null ? null : parent.index, ...fields });
  });
  const note =
    `The plan is ${depth.toLocaleString('en-US')} levels deep, more than ${MAX_NESTED_JSON_DEPTH}: its operators are listed ` +
    'flat in `operators`, each with the index of its `parent`, instead of nested in `roots`.';
  return { ...common, operators, findings: analysis.findings, warnings: [...plan.warnings, note] };
}

function jsonFields(node: PlanNode): PlanJsonNode {
  return {
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
  };
}

function jsonNode(root: PlanNode): PlanJsonNode {
  const convert = jsonFields;
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
