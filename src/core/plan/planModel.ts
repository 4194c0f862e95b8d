// The plan model shared by the parser, the analysis, the CLI and the plan webview.
// Plain objects only (no class instances, no parent pointers) so a plan can be posted
// to a webview or written as JSON as it is.

export type PlanEngine = 'TiDB' | 'TiKV' | 'TiFlash';

export type PlanTaskKind = 'root' | 'cop' | 'batchCop' | 'mpp';

export type PlanRole = 'Build' | 'Probe' | 'Seed Part' | 'Recursive Part';

/** Where the plan came from: the text shape that was read. */
export type PlanFormat =
  | 'mysql-table'
  | 'markdown-table'
  | 'pipe-table'
  | 'tab-separated'
  | 'space-aligned'
  | 'vertical'
  | 'result-rows'
  | 'tidb_json'
  | 'dashboard-visual-plan'
  | 'dot'
  | 'unknown';

/** Which columns the plan had. */
export type PlanColumnLayout =
  'explain' | 'explain-analyze' | 'legacy' | 'slow-log' | 'ru' | 'tidb_json' | 'binary-plan' | 'dot' | 'unknown';

/** Durations are numbers of milliseconds, sizes numbers of bytes, counts plain numbers. */
export type ExecutionInfoValue = number | string | ExecutionInfo;

export interface ExecutionInfo {
  [key: string]: ExecutionInfoValue;
}

export interface PlanNode {
  /** Position of the operator in the plan's row order; unique within a plan. */
  index: number;
  /** Operator id without tree glyphs and role, e.g. `TableReader_5`. */
  id: string;
  /** Operator type: the id without its `_N` suffix, e.g. `TableReader`. */
  operator: string;
  role: PlanRole | null;
  depth: number;
  estRows: number | null;
  actRows: number | null;
  task: string | null;
  engine: PlanEngine | null;
  taskKind: PlanTaskKind | null;
  accessObject: string | null;
  operatorInfo: string | null;
  executionInfo: ExecutionInfo | null;
  executionInfoText: string | null;
  /** Root tasks: wall-clock time including children. Cop tasks: the per-task time TiKV/TiFlash reported (not wall-clock). */
  timeMs: number | null;
  memoryBytes: number | null;
  diskBytes: number | null;
  estCost: number | null;
  costFormula: string | null;
  /** Columns the model has no field for (e.g. `selfRU`, `cumRU` of FORMAT='ru'). */
  extra: Record<string, string>;
  /** Some cell of this row was cut off with `...` in the pasted text. */
  truncated: boolean;
  /** The operator's row as it was read. */
  raw: string;
  /** Ids of the CTE / ScalarSubQuery roots this operator reads. */
  uses: string[];
  /** For CTE / ScalarSubQuery roots: indices of the operators that read them. */
  usedBy: number[];
  children: PlanNode[];
}

export interface ParsedPlan {
  format: PlanFormat;
  layout: PlanColumnLayout;
  /** The plan carries EXPLAIN ANALYZE runtime columns (actRows / execution info). */
  hasRuntimeStats: boolean;
  roots: PlanNode[];
  warnings: string[];
}
