// The plan view panel: what the host shows in it (a TiDB plan with its analysis, two plans
// compared, or a MySQL/MariaDB plan as a plain table) and what the webview asks of the host.
// Plans travel flat and packed: one array per field, nodes in plan order, so that a plan of
// thousands of operators crosses to the webview quickly (no deep nesting, no repeated keys).
// Execution info and the raw text are large and read one operator at a time: the webview asks.
// The webview keeps only a view id and its UI state; the host keeps the plan's source under
// that id, so the tab is rebuilt after a window reload.
import type { EstimateError, OperatorTimeKind } from '../core/plan/planAnalysis';
import type { PlanFinding } from '../core/plan/planFindings';
import type { PlanColumnLayout, PlanEngine, PlanFormat, PlanNode, PlanRole, PlanTaskKind } from '../core/plan/planModel';
import type { PlanComparison } from '../core/plan/planComparison';
import type { PanelProtocol } from './webviewProtocol';

/** One operator as the plan view shows it: the parsed node without its nested children, plus its analysis. */
export type PlanViewNode = Pick<
  PlanNode,
  | 'index'
  | 'id'
  | 'operator'
  | 'role'
  | 'depth'
  | 'estRows'
  | 'actRows'
  | 'task'
  | 'engine'
  | 'taskKind'
  | 'accessObject'
  | 'operatorInfo'
  | 'timeMs'
  | 'memoryBytes'
  | 'diskBytes'
  | 'estCost'
  | 'extra'
  | 'truncated'
  | 'uses'
  | 'usedBy'
> & {
  parent: number | null;
  children: number[];
  /** the execution info text is sent on request (nodeDetails) */
  hasExecutionInfo: boolean;
  timeKind: OperatorTimeKind | null;
  /** 0..1 of the statement's time */
  timeShare: number | null;
  selfTimeMs: number | null;
  estimateError: EstimateError | null;
  /** `loops:0` and no rows: the operator did not run, its row count is not a measurement */
  runtimeStatsMissing: boolean;
};

export interface PlanViewPlan {
  format: PlanFormat;
  layout: PlanColumnLayout;
  hasRuntimeStats: boolean;
  /** the first operator of each tree (the main tree, then CTE / ScalarSubQuery trees) */
  roots: number[];
  /** indexed by PlanViewNode.index */
  nodes: PlanViewNode[];
  findings: PlanFinding[];
  warnings: string[];
  totalTimeMs: number | null;
  engines: PlanEngine[];
  /** the one-line gist, e.g. "12.4 ms · 3 rows · TiKV · 1 finding" */
  summary: string;
  timeNote: string;
}

/** PlanViewNode[] as one array per field (children follow from parent: nodes are in plan order). */
export interface PackedPlanNodes {
  id: string[];
  operator: string[];
  role: (PlanRole | null)[];
  depth: number[];
  /** -1 for a root */
  parent: number[];
  estRows: (number | null)[];
  actRows: (number | null)[];
  task: (string | null)[];
  engine: (PlanEngine | null)[];
  taskKind: (PlanTaskKind | null)[];
  accessObject: (string | null)[];
  operatorInfo: (string | null)[];
  hasExecutionInfo: boolean[];
  timeMs: (number | null)[];
  timeKind: (OperatorTimeKind | null)[];
  timeShare: (number | null)[];
  selfTimeMs: (number | null)[];
  estimateError: (EstimateError | null)[];
  runtimeStatsMissing: boolean[];
  memoryBytes: (number | null)[];
  diskBytes: (number | null)[];
  estCost: (number | null)[];
  /** null where a node has no extra columns */
  extra: (Record<string, string> | null)[];
  truncated: boolean[];
  uses: (string[] | null)[];
  usedBy: (number[] | null)[];
}

export type PackedPlanViewPlan = Omit<PlanViewPlan, 'nodes'> & { nodes: PackedPlanNodes };

/** Where a plan came from, for the header and the tab title. No passwords: connection names only. */
export interface PlanOrigin {
  /** the tab title, e.g. "Explain Analyze: SELECT COUNT(*) FROM trips…" */
  title: string;
  /** the page heading when it differs from the title, e.g. "Explain Analyze" above the statement */
  heading?: string;
  statement?: string;
  /** connection name and server, e.g. "staging · TiDB v8.5.1" */
  connection?: string;
  /** ISO time of the run */
  ranAt?: string;
  /** EXPLAIN ANALYZE of DML ran in a transaction that was rolled back */
  rolledBack?: boolean;
  /** e.g. "from the clipboard" */
  note?: string;
}

export interface PlanViewPlanContent {
  kind: 'plan';
  origin: PlanOrigin;
  plan: PackedPlanViewPlan;
}

export interface PlanViewCompareContent {
  kind: 'compare';
  before: { origin: PlanOrigin; plan: PackedPlanViewPlan };
  after: { origin: PlanOrigin; plan: PackedPlanViewPlan };
  comparison: PlanComparison;
}

/** A MySQL or MariaDB plan: their own EXPLAIN output as returned, without TiDB analysis. */
export interface PlanViewForeignContent {
  kind: 'foreign';
  origin: PlanOrigin;
  /** why there is no TiDB analysis, e.g. "MariaDB 10.11.6 is not TiDB: …" */
  reason: string;
  columns: string[];
  rows: string[][];
  /** MySQL's EXPLAIN ANALYZE / FORMAT=TREE: one cell of indented text, shown as text */
  text: string | null;
}

export type PlanViewContent = PlanViewPlanContent | PlanViewCompareContent | PlanViewForeignContent;

/** The plan as it was read: text, or the result set of EXPLAIN (column names and cells). */
export type PlanInput = { kind: 'text'; text: string } | { kind: 'rows'; columns: string[]; rows: string[][] };

export interface PlanSource {
  origin: PlanOrigin;
  input: PlanInput;
}

/** What a plan view tab is built from, again after a reload: the host keeps it and parses it anew. */
export type PlanViewSource =
  | { kind: 'plan'; plan: PlanSource }
  | { kind: 'compare'; before: PlanSource; after: PlanSource }
  | { kind: 'foreign'; origin: PlanOrigin; serverName: string; columns: string[]; rows: string[][] };

export interface PlanViewShow {
  /** the id the host keeps this tab's plan source under; the webview stores it for the reload */
  viewId: string;
  content: PlanViewContent;
  strings: PlanViewStrings;
  /** a new plan in the tab (a new run of the same statement) starts with a fresh view */
  resetView: boolean;
}

export type PlanExportFormat = 'json' | 'report' | 'raw';

export interface PlanViewToWebview {
  show: PlanViewShow;
  /** select an operator (a hover link in the editor, a test) */
  reveal: { index: number };
  /** answers `details`: one operator's execution info and its row as read */
  nodeDetails: { index: number; executionInfoText: string | null; raw: string };
  /** answers `rawText`: the plan as it was read */
  rawText: { text: string };
}

export interface PlanViewToHost {
  /** copy or save the plan: the host asks how */
  export: null;
  /** compare this plan with another one: the host asks which */
  compare: null;
  /** the first rows are on screen (for tests and the log) */
  rendered: { rows: number; ms: number };
  details: { index: number };
  rawText: null;
}

/** What the webview keeps with setState: small, it is saved on every change. */
export interface PlanViewState<Ui = unknown> {
  viewId: string;
  ui: Ui;
}

export type PlanViewProtocol = PanelProtocol<PlanViewToWebview, PlanViewToHost>;

export function packPlan(plan: PlanViewPlan): PackedPlanViewPlan {
  const nodes = plan.nodes;
  const column = <T>(read: (node: PlanViewNode) => T): T[] => nodes.map(read);
  return {
    ...plan,
    nodes: {
      id: column((node) => node.id),
      operator: column((node) => node.operator),
      role: column((node) => node.role),
      depth: column((node) => node.depth),
      parent: column((node) => node.parent ?? -1),
      estRows: column((node) => node.estRows),
      actRows: column((node) => node.actRows),
      task: column((node) => node.task),
      engine: column((node) => node.engine),
      taskKind: column((node) => node.taskKind),
      accessObject: column((node) => node.accessObject),
      operatorInfo: column((node) => node.operatorInfo),
      hasExecutionInfo: column((node) => node.hasExecutionInfo),
      timeMs: column((node) => node.timeMs),
      timeKind: column((node) => node.timeKind),
      timeShare: column((node) => node.timeShare),
      selfTimeMs: column((node) => node.selfTimeMs),
      estimateError: column((node) => node.estimateError),
      runtimeStatsMissing: column((node) => node.runtimeStatsMissing),
      memoryBytes: column((node) => node.memoryBytes),
      diskBytes: column((node) => node.diskBytes),
      estCost: column((node) => node.estCost),
      extra: column((node) => (Object.keys(node.extra).length === 0 ? null : node.extra)),
      truncated: column((node) => node.truncated),
      uses: column((node) => (node.uses.length === 0 ? null : node.uses)),
      usedBy: column((node) => (node.usedBy.length === 0 ? null : node.usedBy)),
    },
  };
}

export function unpackPlan(packed: PackedPlanViewPlan): PlanViewPlan {
  const p = packed.nodes;
  const nodes: PlanViewNode[] = p.id.map((id, i) => ({
    index: i,
    id,
    operator: p.operator[i],
    role: p.role[i],
    depth: p.depth[i],
    parent: p.parent[i] < 0 ? null : p.parent[i],
    children: [],
    estRows: p.estRows[i],
    actRows: p.actRows[i],
    task: p.task[i],
    engine: p.engine[i],
    taskKind: p.taskKind[i],
    accessObject: p.accessObject[i],
    operatorInfo: p.operatorInfo[i],
    hasExecutionInfo: p.hasExecutionInfo[i],
    timeMs: p.timeMs[i],
    timeKind: p.timeKind[i],
    timeShare: p.timeShare[i],
    selfTimeMs: p.selfTimeMs[i],
    estimateError: p.estimateError[i],
    runtimeStatsMissing: p.runtimeStatsMissing[i],
    memoryBytes: p.memoryBytes[i],
    diskBytes: p.diskBytes[i],
    estCost: p.estCost[i],
    extra: p.extra[i] ?? {},
    truncated: p.truncated[i],
    uses: p.uses[i] ?? [],
    usedBy: p.usedBy[i] ?? [],
  }));
  // Plan order is pre-order, so children come out in their order.
  for (const node of nodes) if (node.parent !== null) nodes[node.parent]?.children.push(node.index);
  return { ...packed, nodes };
}

/** Checks the shape of a stored plan source (it is read back from disk after a reload). */
export function isPlanViewSource(value: unknown): value is PlanViewSource {
  if (typeof value !== 'object' || value === null) return false;
  const source = value as Record<string, unknown>;
  switch (source.kind) {
    case 'plan':
      return isPlanSource(source.plan);
    case 'compare':
      return isPlanSource(source.before) && isPlanSource(source.after);
    case 'foreign':
      return isOrigin(source.origin) && typeof source.serverName === 'string' && isStringList(source.columns) && isStringTable(source.rows);
    default:
      return false;
  }
}

function isPlanSource(value: unknown): value is PlanSource {
  if (typeof value !== 'object' || value === null) return false;
  const { origin, input } = value as { origin?: unknown; input?: unknown };
  if (!isOrigin(origin) || typeof input !== 'object' || input === null) return false;
  const plan = input as Record<string, unknown>;
  if (plan.kind === 'text') return typeof plan.text === 'string';
  return plan.kind === 'rows' && isStringList(plan.columns) && isStringTable(plan.rows);
}

function isOrigin(value: unknown): value is PlanOrigin {
  if (typeof value !== 'object' || value === null) return false;
  const origin = value as Record<string, unknown>;
  const optionalText = ['heading', 'statement', 'connection', 'ranAt', 'note'].every(
    (key) => origin[key] === undefined || typeof origin[key] === 'string',
  );
  return typeof origin.title === 'string' && optionalText && (origin.rolledBack === undefined || typeof origin.rolledBack === 'boolean');
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isStringTable(value: unknown): value is string[][] {
  return Array.isArray(value) && value.every(isStringList);
}

/** Every text the plan view shows besides plan data, localized by the host (no vscode.l10n in a webview). */
export interface PlanViewStrings {
  operators: string;
  /** "1 operator": the count of a one-operator plan */
  operatorsOne: string;
  searchLabel: string;
  searchPlaceholder: string;
  searchMatches: string;
  /** the same in a one-operator plan */
  searchMatchesOne: string;
  searchNoMatch: string;
  expandAll: string;
  collapseAll: string;
  exportPlan: string;
  compare: string;
  tabPlan: string;
  tabRaw: string;
  planTableLabel: string;
  columnOperator: string;
  columnEngine: string;
  columnTime: string;
  columnRows: string;
  columnEstRows: string;
  columnEstimate: string;
  columnMemory: string;
  columnDisk: string;
  columnAccessObject: string;
  columnOperatorInfo: string;
  findingsHeading: string;
  noFindings: string;
  severityCritical: string;
  severityWarning: string;
  severityInfo: string;
  showOperator: string;
  showAllFindings: string;
  warningsHeading: string;
  estimatesOnly: string;
  copTimeNote: string;
  rolledBack: string;
  underEstimated: string;
  overEstimated: string;
  asEstimated: string;
  estimateTitle: string;
  taskTimeTitle: string;
  timeShareTitle: string;
  detailsHeading: string;
  detailsEmpty: string;
  detailsClose: string;
  fieldTask: string;
  fieldRole: string;
  fieldEstRows: string;
  fieldActRows: string;
  fieldTime: string;
  fieldSelfTime: string;
  fieldEstimate: string;
  fieldMemory: string;
  fieldDisk: string;
  fieldAccessObject: string;
  fieldEstCost: string;
  fieldFragment: string;
  fieldOperatorInfo: string;
  fieldExecutionInfo: string;
  fieldRawRow: string;
  fieldReads: string;
  fieldReadBy: string;
  truncatedRow: string;
  didNotRun: string;
  columnActRows: string;
  underEstimatedShort: string;
  overEstimatedShort: string;
  didNotRunTitle: string;
  columnRuOwn: string;
  columnRuOwnTitle: string;
  columnRuTotal: string;
  columnRuTotalTitle: string;
  ruShareTitle: string;
  sortTitle: string;
  sortedBy: string;
  backToTree: string;
  rolledBackEstimatesOnly: string;
  compareEstimate: string;
  fragmentLabel: string;
  fragmentTitle: string;
  fragmentToTiDB: string;
  receivesFrom: string;
  mppFragments: string;
  mppFragmentsOne: string;
  compareHeading: string;
  compareBefore: string;
  compareAfter: string;
  compareStatementTime: string;
  compareFaster: string;
  compareSlower: string;
  compareChangesHeading: string;
  compareNoChanges: string;
  compareChanged: string;
  compareAdded: string;
  compareRemoved: string;
  compareRows: string;
  compareTime: string;
  compareEngine: string;
  compareTask: string;
  foreignHeading: string;
  rawPlanLabel: string;
  /** short explanations of execution info keys, shown as tooltips */
  glossary: Record<string, string>;
}
