// The plan view panel: what the host shows in it (a TiDB plan with its analysis, two plans
// compared, or a MySQL/MariaDB plan as a plain table), where that came from (kept by the webview
// so the tab comes back after a reload), and what the webview asks the host to do.
// Plans travel flat (nodes in plan order with parent and child indices): no deep nesting to
// serialise, and the webview indexes rows by PlanNode.index directly.
import type { EstimateError, OperatorTimeKind } from '../core/plan/planAnalysis';
import type { PlanFinding } from '../core/plan/planFindings';
import type { PlanColumnLayout, PlanEngine, PlanFormat, PlanRole, PlanTaskKind } from '../core/plan/planModel';
import type { PlanComparison } from '../core/plan/planComparison';
import type { PanelProtocol } from './webviewProtocol';

/** One operator as the plan view shows it: the parsed node without its nested children, plus its analysis. */
export interface PlanViewNode {
  index: number;
  id: string;
  operator: string;
  role: PlanRole | null;
  depth: number;
  parent: number | null;
  children: number[];
  estRows: number | null;
  actRows: number | null;
  task: string | null;
  engine: PlanEngine | null;
  taskKind: PlanTaskKind | null;
  accessObject: string | null;
  operatorInfo: string | null;
  executionInfoText: string | null;
  timeMs: number | null;
  timeKind: OperatorTimeKind | null;
  /** 0..1 of the statement's time */
  timeShare: number | null;
  selfTimeMs: number | null;
  estimateError: EstimateError | null;
  memoryBytes: number | null;
  diskBytes: number | null;
  estCost: number | null;
  extra: Record<string, string>;
  truncated: boolean;
  raw: string;
  uses: string[];
  usedBy: number[];
}

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
  rawText: string;
}

/** Where a plan came from, for the header and the tab title. No passwords: connection names only. */
export interface PlanOrigin {
  title: string;
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
  plan: PlanViewPlan;
}

export interface PlanViewCompareContent {
  kind: 'compare';
  before: { origin: PlanOrigin; plan: PlanViewPlan };
  after: { origin: PlanOrigin; plan: PlanViewPlan };
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
export type PlanInput =
  | { kind: 'text'; text: string }
  | { kind: 'rows'; columns: string[]; rows: string[][] };

export interface PlanSource {
  origin: PlanOrigin;
  input: PlanInput;
}

/** What a plan view tab needs to be built again after a reload: the host parses it anew. */
export type PlanViewSource =
  | { kind: 'plan'; plan: PlanSource }
  | { kind: 'compare'; before: PlanSource; after: PlanSource }
  | { kind: 'foreign'; origin: PlanOrigin; serverName: string; columns: string[]; rows: string[][] };

export interface PlanViewShow {
  content: PlanViewContent;
  source: PlanViewSource;
  strings: PlanViewStrings;
  /** a plan view that shows a new run of the same statement starts fresh (collapse, search, selection) */
  resetView: boolean;
}

export type PlanExportFormat = 'json' | 'report' | 'raw';

export interface PlanViewToWebview {
  show: PlanViewShow;
  /** select an operator (a hover link in the editor, a test) */
  reveal: { index: number };
}

export interface PlanViewToHost {
  /** copy or save the plan: the host asks how */
  export: { format?: PlanExportFormat; action?: 'copy' | 'save' };
  /** compare this plan with another one: the host asks which */
  compare: null;
  /** the first rows are on screen (for tests and the log) */
  rendered: { rows: number; ms: number };
}

export type PlanViewProtocol = PanelProtocol<PlanViewToWebview, PlanViewToHost>;

/** Checks the shape of what the webview stored (setState), which comes back on reload. */
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
  const optionalText = ['statement', 'connection', 'ranAt', 'note'].every((key) => origin[key] === undefined || typeof origin[key] === 'string');
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
  searchLabel: string;
  searchPlaceholder: string;
  searchMatches: string;
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
  warningsHeading: string;
  estimatesOnly: string;
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
  fragmentLabel: string;
  fragmentTitle: string;
  fragmentToTiDB: string;
  receivesFrom: string;
  mppFragments: string;
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
