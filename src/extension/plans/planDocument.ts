// From a plan's source (text or EXPLAIN rows) to what the plan view shows: parsed, analysed,
// summarised and flattened. The parsed plan and its analysis are kept for exports and the
// editor's decorations. No vscode here: the benchmark builds the same message.
import {
  analyzePlan,
  comparePlans,
  parsePlanRows,
  parsePlanText,
  planNodes,
  summarizePlan,
  type ParsedPlan,
  type PlanAnalysis,
  type PlanNode,
} from '../../core/plan';
import {
  packPlan,
  type PlanInput,
  type PlanSource,
  type PlanViewContent,
  type PlanViewNode,
  type PlanViewPlan,
  type PlanViewSource,
} from '../../protocol/planView';
import { resultTableText } from './resultTableText';

export interface BuiltPlan {
  source: PlanSource;
  parsed: ParsedPlan;
  analysis: PlanAnalysis;
  summary: string;
  /** the plan as it was read (rows are drawn as the mysql client prints them), made on first use */
  rawText: () => string;
  view: PlanViewPlan;
  /** the parsed operators by PlanNode.index */
  nodesByIndex: () => PlanNode[];
}

export type BuiltDocument =
  | { kind: 'plan'; plan: BuiltPlan; content: PlanViewContent }
  | { kind: 'compare'; before: BuiltPlan; after: BuiltPlan; content: PlanViewContent }
  | { kind: 'foreign'; content: PlanViewContent & { kind: 'foreign' } };

/** The explanation shown above a MySQL / MariaDB plan, e.g. "MariaDB 10.11.6 is not TiDB: …". */
export type ForeignReason = (serverName: string) => string;

export function buildPlan(source: PlanSource): BuiltPlan {
  const parsed = parseInput(source.input);
  const analysis = analyzePlan(parsed);
  const summary = summarizePlan(parsed, analysis);
  return builtPlan(source, parsed, analysis, summary, flattenPlan(parsed, analysis, summary));
}

/** A plan parsed, analysed and flattened here or in a worker thread, with what is made on first use. */
export function builtPlan(source: PlanSource, parsed: ParsedPlan, analysis: PlanAnalysis, summary: string, view: PlanViewPlan): BuiltPlan {
  const input = source.input;
  let raw: string | undefined;
  const rawText = () => (raw ??= input.kind === 'text' ? input.text : resultTableText(input.columns, input.rows));
  let nodes: PlanNode[] | undefined;
  const nodesByIndex = () => (nodes ??= planNodes(parsed.roots));
  return { source, parsed, analysis, summary, rawText, view, nodesByIndex };
}

/** The plan view document of one built plan. */
export function planDocument(plan: BuiltPlan): BuiltDocument {
  return { kind: 'plan', plan, content: { kind: 'plan', origin: plan.source.origin, plan: packPlan(plan.view) } };
}

export function buildDocument(source: PlanViewSource, foreignReason: ForeignReason): BuiltDocument {
  switch (source.kind) {
    case 'plan':
      return planDocument(buildPlan(source.plan));
    case 'compare': {
      const before = buildPlan(source.before);
      const after = buildPlan(source.after);
      return {
        kind: 'compare',
        before,
        after,
        content: {
          kind: 'compare',
          before: { origin: source.before.origin, plan: packPlan(before.view) },
          after: { origin: source.after.origin, plan: packPlan(after.view) },
          comparison: comparePlans(before.parsed, after.parsed),
        },
      };
    }
    case 'foreign': {
      const text = source.columns.length === 1 && source.rows.length === 1 && source.rows[0][0]?.includes('\n') ? source.rows[0][0] : null;
      return {
        kind: 'foreign',
        content: {
          kind: 'foreign',
          origin: source.origin,
          reason: foreignReason(source.serverName),
          columns: source.columns,
          rows: source.rows,
          text,
        },
      };
    }
  }
}

export function parseInput(input: PlanInput): ParsedPlan {
  return input.kind === 'text' ? parsePlanText(input.text) : parsePlanRows(input.rows, input.columns);
}

/** The plan as the plan view models it: nodes in plan order with parent and child indices. */
export function flattenPlan(parsed: ParsedPlan, analysis: PlanAnalysis, summary: string): PlanViewPlan {
  const nodes: PlanViewNode[] = [];
  const parents = new Map<number, number>();
  for (const node of planNodes(parsed.roots)) {
    for (const child of node.children) parents.set(child.index, node.index);
    const operator = analysis.operators[node.index];
    nodes.push({
      index: node.index,
      id: node.id,
      operator: node.operator,
      role: node.role,
      depth: node.depth,
      parent: parents.get(node.index) ?? null,
      children: node.children.map((child) => child.index),
      estRows: node.estRows,
      actRows: node.actRows,
      task: node.task,
      engine: node.engine,
      taskKind: node.taskKind,
      accessObject: node.accessObject,
      operatorInfo: node.operatorInfo,
      hasExecutionInfo: node.executionInfoText !== null && node.executionInfoText !== '',
      timeMs: node.timeMs,
      timeKind: operator?.timeKind ?? null,
      timeShare: operator?.timeShare ?? null,
      selfTimeMs: operator?.selfTimeMs ?? null,
      estimateError: operator?.estimateError ?? null,
      runtimeStatsMissing: operator?.runtimeStatsMissing ?? false,
      memoryBytes: node.memoryBytes,
      diskBytes: node.diskBytes,
      estCost: node.estCost,
      extra: node.extra,
      truncated: node.truncated,
      uses: node.uses,
      usedBy: node.usedBy,
    });
  }
  return {
    format: parsed.format,
    layout: parsed.layout,
    hasRuntimeStats: parsed.hasRuntimeStats,
    roots: parsed.roots.map((root) => root.index),
    nodes,
    findings: analysis.findings,
    warnings: parsed.warnings,
    totalTimeMs: analysis.totalTimeMs,
    engines: analysis.engines,
    summary,
    timeNote: analysis.timeNote,
  };
}
