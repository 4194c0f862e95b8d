// The findings a TiDB user should act on, each tied to one operator, naming the numbers
// and saying what to do. Thresholds live in planThresholds.ts.
import { executionGroup, executionNumber, executionText } from './executionInfo';
import type { OperatorAnalysis } from './operatorAnalysis';
import type { ExecutionInfo, ParsedPlan, PlanNode } from './planModel';
import * as limits from './planThresholds';
import { formatBytes, formatCount, formatDurationMs, formatFactor } from './planUnits';
import { walkPlan } from './planWalk';

export type FindingSeverity = 'info' | 'warning' | 'critical';

export type FindingCode =
  | 'misestimate'
  | 'pseudo-stats'
  | 'partial-stats'
  | 'full-table-scan'
  | 'disk-spill'
  | 'cop-task-skew'
  | 'tikv-queueing'
  | 'mvcc-garbage'
  | 'low-copr-cache-hit'
  | 'copr-cache-disabled'
  | 'tiflash-candidate'
  | 'index-lookup-huge-table-side';

export interface PlanFinding {
  code: FindingCode;
  severity: FindingSeverity;
  nodeId: string;
  nodeIndex: number;
  message: string;
  advice: string;
}

interface Context {
  node: PlanNode;
  parent: PlanNode | null;
  /** The operator runs once per outer row (inner side of an index join or Apply). */
  perLoop: boolean;
  perLoopNodes: ReadonlySet<PlanNode>;
  /** Aggregation operators above this one. */
  underAggregation: boolean;
  /** Some operator above this one chose how to run from its row estimate (a join, an aggregation...). */
  estimateUsedAbove: boolean;
  /** The root reader that runs each operator's cop subtree (or the operator itself when it is a root task). */
  readers: ReadonlyMap<PlanNode, PlanNode>;
  /** The tables read below each operator (computed when a finding first asks). */
  tablesBelow: (node: PlanNode) => readonly string[];
  operators: readonly OperatorAnalysis[];
}

const SEVERITY_ORDER: Record<FindingSeverity, number> = { critical: 0, warning: 1, info: 2 };

export function findPlanIssues(plan: ParsedPlan, operators: readonly OperatorAnalysis[]): PlanFinding[] {
  const findings: PlanFinding[] = [];
  const perLoop = new Set<PlanNode>();
  const underAggregation = new Set<PlanNode>();
  const readers = new Map<PlanNode, PlanNode>();
  const estimateUsedAbove = new Set<PlanNode>();
  walkPlan(plan.roots, (node, parent) => {
    if (parent !== null && (estimateUsedAbove.has(parent) || !PASSES_ROWS_ON.test(parent.operator))) estimateUsedAbove.add(node);
    readers.set(node, parent === null || node.taskKind === 'root' ? node : (readers.get(parent) as PlanNode));
    if (parent !== null && (perLoop.has(parent) || (/^(?:Index\w*Join|Apply)$/.test(parent.operator) && node.role === 'Probe'))) {
      perLoop.add(node);
    }
    if (parent !== null && (underAggregation.has(parent) || isAggregation(parent))) underAggregation.add(node);
  });
  let tables: Map<PlanNode, string[]> | undefined;
  walkPlan(plan.roots, (node, parent) => {
    const context: Context = {
      node,
      parent,
      perLoop: perLoop.has(node),
      perLoopNodes: perLoop,
      underAggregation: underAggregation.has(node),
      estimateUsedAbove: estimateUsedAbove.has(node),
      readers,
      tablesBelow: (below) => (tables ??= tablesBelowEach(plan.roots)).get(below) ?? [],
      operators,
    };
    for (const rule of NODE_RULES) {
      const finding = rule(context);
      if (finding !== null) findings.push(finding);
    }
  });
  for (const statistics of statisticsFindings(plan)) findings.push(statistics);
  const disabled = coprCacheDisabled(plan);
  if (disabled !== null) findings.push(disabled);
  return findings.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.nodeIndex - b.nodeIndex);
}

function finding(code: FindingCode, severity: FindingSeverity, node: PlanNode, message: string, advice: string): PlanFinding {
  return { code, severity, nodeId: node.id, nodeIndex: node.index, message, advice };
}

const NODE_RULES: readonly ((context: Context) => PlanFinding | null)[] = [
  misestimate,
  fullTableScan,
  diskSpill,
  copTaskSkew,
  tikvQueueing,
  mvccGarbage,
  lowCoprCacheHit,
  tiflashCandidate,
  indexLookupHugeTableSide,
];

function isAggregation(node: PlanNode): boolean {
  return /Agg$/.test(node.operator);
}

function tableOf(node: PlanNode): string | null {
  return /(?:^|[\s,])table:([^,\s]+)/.exec(node.accessObject ?? '')?.[1] ?? null;
}

function rowsOf(node: PlanNode): number | null {
  return node.actRows ?? node.estRows;
}

/**
 * Operators that pass rows on without choosing anything by how many there are: an estimate error
 * below them only reaches the client. Readers and exchanges hand a cop / MPP subtree's rows to TiDB.
 */
const PASSES_ROWS_ON =
  /^(?:Projection|Selection|Sort|TopN|Limit|MaxOneRow|TableReader|IndexReader|ExchangeSender|ExchangeReceiver|Insert|Update|Delete)$/;

function misestimate({ node, perLoop, perLoopNodes, operators, tablesBelow, estimateUsedAbove }: Context): PlanFinding | null {
  // Operators without runtime statistics (loops:0) have no estimate error: they did not run.
  const error = operators[node.index]?.estimateError;
  if (!error || error.factor < limits.MISESTIMATE_FACTOR || perLoop) return null;
  if (Math.max(node.estRows ?? 0, node.actRows ?? 0) < limits.MISESTIMATE_MIN_ROWS) return null;
  // Report where the error starts, not every operator that passes it on. The inner side of
  // an index join estimates per lookup, so it explains nothing about the join's own error.
  const inherited = node.children.some((child) => {
    if (perLoopNodes.has(child)) return false;
    const childError = operators[child.index]?.estimateError;
    return childError && childError.direction === error.direction && childError.factor >= limits.MISESTIMATE_FACTOR;
  });
  if (inherited) return null;
  const est = formatCount(node.estRows ?? 0);
  const act = formatCount(node.actRows ?? 0);
  const message =
    error.direction === 'under'
      ? `${node.id} was estimated at ${est} rows but produced ${act}: ${formatFactor(error.factor)} more than the optimizer expected.`
      : `${node.id} was estimated at ${est} rows but produced ${act}: ${formatFactor(error.factor)} fewer than the optimizer expected.`;
  const tables = tablesBelow(node);
  const analyze =
    tables.length === 0
      ? 'ANALYZE TABLE on the tables below this operator'
      : `ANALYZE TABLE ${tables.slice(0, MAX_NAMED_TABLES).join(', ')}${tables.length > MAX_NAMED_TABLES ? ' and the other tables below this operator' : ''}`;
  if (!estimateUsedAbove) {
    // The root, or a final aggregation under projections: no choice of this plan rests on the estimate.
    return finding(
      'misestimate',
      'warning',
      node,
      message,
      `Nothing above ${node.id} chooses how to run from its estimate, so the error did not shape this plan, but the ` +
        `statistics behind it can mislead other queries. Run ${analyze}; if the error stays, the predicate or expression ` +
        'is one the statistics cannot estimate.',
    );
  }
  const advice =
    `Estimates this far off lead to the wrong join order, join type or index. Run ${analyze}; ` +
    'if the error stays, the predicate or expression is one the statistics ' +
    'cannot estimate: consider a hint (e.g. /*+ HASH_JOIN(...) */, /*+ USE_INDEX(...) */) or a plan binding.';
  const severity = error.factor >= limits.MISESTIMATE_CRITICAL_FACTOR ? 'critical' : 'warning';
  return finding('misestimate', severity, node, message, advice);
}

/** Tables a misestimate's advice names; more are mentioned as "the other tables below". */
const MAX_NAMED_TABLES = 20;

/**
 * For every operator, the first MAX_NAMED_TABLES distinct tables of its subtree in plan order (one more
 * marks that there are others). Built bottom-up from the children's lists, so a deep plan with a
 * misestimate on every level costs no walk of each subtree.
 */
function tablesBelowEach(roots: readonly PlanNode[]): Map<PlanNode, string[]> {
  const order: PlanNode[] = [];
  walkPlan(roots, (node) => order.push(node));
  const below = new Map<PlanNode, string[]>();
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i];
    const tables: string[] = [];
    const own = tableOf(node);
    if (own !== null) tables.push(own);
    for (const child of node.children) {
      for (const table of below.get(child) ?? []) {
        if (tables.length > MAX_NAMED_TABLES) break;
        if (!tables.includes(table)) tables.push(table);
      }
    }
    below.set(node, tables);
  }
  return below;
}

function isFullTableScan(node: PlanNode): boolean {
  if (node.operator === 'TableFullScan') return true;
  return node.operator === 'TableScan' && /range:\[-inf,\+inf\]/.test(node.operatorInfo ?? '');
}

function fullTableScan({ node }: Context): PlanFinding | null {
  if (!isFullTableScan(node) || node.engine !== 'TiKV' || !/keep order:false/.test(node.operatorInfo ?? '')) return null;
  const table = tableOf(node);
  const rows = rowsOf(node);
  if (table === null || rows === null || rows < limits.LARGE_TABLE_ROWS) return null;
  const counted = node.actRows !== null ? `${formatCount(rows)} rows` : `an estimated ${formatCount(rows)} rows`;
  return finding(
    'full-table-scan',
    'warning',
    node,
    `${node.id} reads the whole table ${table} in TiKV: ${counted}.`,
    `If the query needs only part of ${table}, add an index on the columns of its WHERE clause (or check why an ` +
      'existing one is not used, e.g. a function on the column or a type mismatch). For analytical queries over ' +
      `the whole table, a TiFlash replica (ALTER TABLE ${table} SET TIFLASH REPLICA 1) scans far fewer bytes.`,
  );
}

function diskSpill({ node }: Context): PlanFinding | null {
  if (node.diskBytes === null || node.diskBytes <= 0) return null;
  const memory = node.memoryBytes === null ? '' : ` after holding ${formatBytes(node.memoryBytes)} in memory`;
  return finding(
    'disk-spill',
    'warning',
    node,
    `${node.id} spilled ${formatBytes(node.diskBytes)} to disk${memory}.`,
    'The operator went over the memory quota of the statement (tidb_mem_quota_query) and wrote to temporary ' +
      'disk, which is much slower. Raise the quota for this session if the server has memory to spare, or make ' +
      'it hold fewer rows: filter earlier, put the smaller table on the build side, or aggregate before joining.',
  );
}

function copTaskSkew({ node }: Context): PlanFinding | null {
  const copTask = executionGroup(node.executionInfo, 'cop_task');
  const num = executionNumber(copTask, 'num');
  if (copTask === null || num === null || num < 2) return null;
  const max = executionNumber(copTask, 'max');
  const p95 = executionNumber(copTask, 'p95');
  const maxKeys = executionNumber(copTask, 'max_proc_keys');
  const p95Keys = executionNumber(copTask, 'p95_proc_keys');
  const slow = max !== null && p95 !== null && p95 > 0 && max >= limits.COP_SKEW_MIN_MS && max >= limits.COP_SKEW_RATIO * p95;
  const heavy =
    maxKeys !== null &&
    p95Keys !== null &&
    p95Keys > 0 &&
    maxKeys >= limits.COP_KEY_SKEW_MIN_KEYS &&
    maxKeys >= limits.COP_KEY_SKEW_RATIO * p95Keys;
  if (!slow && !heavy) return null;
  const parts: string[] = [];
  if (slow && max !== null && p95 !== null) {
    parts.push(`the slowest took ${formatDurationMs(max)} while 95% finished within ${formatDurationMs(p95)} (${formatFactor(max / p95)})`);
  }
  if (heavy && maxKeys !== null && p95Keys !== null) {
    parts.push(
      `the largest processed ${formatCount(maxKeys)} keys against ${formatCount(p95Keys)} at p95 (${formatFactor(maxKeys / p95Keys)})`,
    );
  }
  return finding(
    'cop-task-skew',
    'warning',
    node,
    `The ${formatCount(num)} coprocessor tasks of ${node.id} are uneven: ${parts.join('; ')}.`,
    'One slow task holds back the whole reader. Look for a hot or oversized Region ' +
      '(information_schema.tidb_hot_regions, SHOW TABLE ... REGIONS) or a busy TiKV store; splitting the Region ' +
      '(SPLIT TABLE) or scattering the hot data spreads the work.',
  );
}

function tikvQueueing({ node }: Context): PlanFinding | null {
  const copTask = executionGroup(node.executionInfo, 'cop_task');
  const timeDetail = executionGroup(node.executionInfo, 'time_detail');
  const wait = executionNumber(copTask, 'tot_wait') ?? executionNumber(timeDetail, 'total_wait_time');
  const proc = executionNumber(copTask, 'tot_proc') ?? executionNumber(timeDetail, 'total_process_time');
  if (wait === null || proc === null || wait < limits.TIKV_QUEUE_WAIT_MIN_MS || wait < limits.TIKV_QUEUE_WAIT_RATIO * proc) {
    return null;
  }
  return finding(
    'tikv-queueing',
    'warning',
    node,
    `The coprocessor tasks of ${node.id} waited ${formatDurationMs(wait)} in TiKV before running, against ` +
      `${formatDurationMs(proc)} of processing (totals over all tasks).`,
    'TiKV read threads were busy with other work. Check TiKV CPU and the unified read pool ' +
      '(readpool.unified.max-thread-count) while this query runs, and look for other heavy queries at the same time.',
  );
}

function mvccGarbage({ node }: Context): PlanFinding | null {
  const scan = executionGroup(node.executionInfo, 'scan_detail');
  const processed = executionNumber(scan, 'total_process_keys');
  if (scan === null || processed === null) return null;
  const total = executionNumber(scan, 'total_keys');
  const deleted = executionNumber(executionGroup(scan, 'rocksdb'), 'delete_skipped_count');
  const visible = Math.max(processed, 1);
  const oldVersions = total !== null && total - processed >= limits.MVCC_GARBAGE_MIN_KEYS && total >= limits.MVCC_GARBAGE_RATIO * visible;
  const tombstones = deleted !== null && deleted >= limits.MVCC_GARBAGE_MIN_KEYS && deleted >= visible;
  if (!oldVersions && !tombstones) return null;
  const parts: string[] = [];
  if (oldVersions && total !== null) parts.push(`iterated ${formatCount(total)} keys to return ${formatCount(processed)}`);
  if (tombstones && deleted !== null) {
    parts.push(`skipped ${formatCount(deleted)} deleted keys (tombstones) while returning ${formatCount(processed)}`);
  }
  return finding(
    'mvcc-garbage',
    'warning',
    node,
    `TiKV ${parts.join(' and ')} for ${node.id}: old MVCC versions and delete marks are slowing the scan.`,
    'They go away once GC has run and RocksDB has compacted them. Check that GC is not stuck or held back ' +
      '(tidb_gc_life_time, a long-running transaction); after a large DELETE or UPDATE, a manual compaction of ' +
      "the table's Regions helps.",
  );
}

function coprCacheHitRatio(info: ExecutionInfo | null): number | null {
  const copTask = executionGroup(info, 'cop_task');
  return executionNumber(copTask, 'copr_cache_hit_ratio') ?? executionNumber(copTask, 'copr_cache_hit_rate');
}

function lowCoprCacheHit({ node }: Context): PlanFinding | null {
  const ratio = coprCacheHitRatio(node.executionInfo);
  const num = executionNumber(executionGroup(node.executionInfo, 'cop_task'), 'num');
  if (ratio === null || num === null || num < limits.COPR_CACHE_MIN_TASKS || ratio >= limits.COPR_CACHE_LOW_HIT_RATIO) return null;
  return finding(
    'low-copr-cache-hit',
    'info',
    node,
    `The coprocessor cache answered ${Math.round(ratio * 100)}% of the ${formatCount(num)} cop tasks of ${node.id}.`,
    'That is normal the first time a query runs or when its Regions change often. If the same query repeats ' +
      'on data that rarely changes, check that the cache is on and big enough (tikv-client.copr-cache.capacity-mb).',
  );
}

function coprCacheDisabled(plan: ParsedPlan): PlanFinding | null {
  let first: PlanNode | null = null;
  walkPlan(plan.roots, (node) => {
    if (first === null && executionText(executionGroup(node.executionInfo, 'cop_task'), 'copr_cache') === 'disabled') first = node;
  });
  if (first === null) return null;
  const node: PlanNode = first;
  return finding(
    'copr-cache-disabled',
    'info',
    node,
    `The coprocessor cache is disabled on this TiDB server (${node.id} reports copr_cache: disabled).`,
    'Repeated pushed-down reads of data that rarely changes are answered from the cache when it is on ' +
      '(tikv-client.copr-cache.capacity-mb > 0 in the TiDB configuration).',
  );
}

function statisticsFindings(plan: ParsedPlan): PlanFinding[] {
  const pseudo = new Map<string, PlanNode>();
  const partial = new Map<string, PlanNode>();
  walkPlan(plan.roots, (node) => {
    const info = node.operatorInfo ?? '';
    const table = tableOf(node) ?? node.id;
    if (/stats:pseudo/.test(info) && !pseudo.has(table)) pseudo.set(table, node);
    if (/stats:partial/.test(info) && !partial.has(table)) partial.set(table, node);
  });
  const findings: PlanFinding[] = [];
  for (const [table, node] of pseudo) {
    findings.push(
      finding(
        'pseudo-stats',
        'warning',
        node,
        `Table ${table} has no usable statistics (stats:pseudo on ${node.id}), so the optimizer guessed its row counts.`,
        `Run ANALYZE TABLE ${table}; and check that automatic analyze is on (tidb_enable_auto_analyze) and keeping up ` +
          'with changes to the table.',
      ),
    );
  }
  for (const [table, node] of partial) {
    findings.push(
      finding(
        'partial-stats',
        'info',
        node,
        `Some statistics of table ${table} were not loaded or are missing (stats:partial on ${node.id}).`,
        'TiDB loads column and index statistics when a query first needs them, so this is common right after a ' +
          `restart. If it persists, run ANALYZE TABLE ${table}.`,
      ),
    );
  }
  return findings;
}

function tiflashCandidate({ node, underAggregation, readers }: Context): PlanFinding | null {
  if (node.engine !== 'TiKV' || !/^Table(?:Full|Range)?Scan$/.test(node.operator) || !underAggregation) return null;
  const rows = rowsOf(node);
  const table = tableOf(node);
  if (rows === null || table === null || rows < limits.TIFLASH_CANDIDATE_ROWS) return null;
  return finding(
    'tiflash-candidate',
    'warning',
    readers.get(node) ?? node,
    `${node.id} scans ${formatCount(rows)} rows of ${table} in TiKV to feed an aggregation: an analytical ` +
      'query running on the row store.',
    `A TiFlash replica reads only the columns it needs and can aggregate in MPP: ALTER TABLE ${table} SET ` +
      'TIFLASH REPLICA 1; then, once information_schema.tiflash_replica shows AVAILABLE = 1, compare with ' +
      `/*+ READ_FROM_STORAGE(TIFLASH[${table}]) */.`,
  );
}

function indexLookupHugeTableSide({ node }: Context): PlanFinding | null {
  if (node.operator !== 'IndexLookUp') return null;
  const probe = node.children.find((child) => child.role === 'Probe') ?? node.children[1];
  const build = node.children.find((child) => child.role === 'Build') ?? node.children[0];
  if (probe === undefined) return null;
  const looked =
    node.actRows !== null || probe.actRows !== null ? Math.max(probe.actRows ?? 0, build?.actRows ?? 0, node.actRows ?? 0) : probe.estRows;
  if (looked === null || looked < limits.INDEX_LOOKUP_HUGE_ROWS) return null;
  const table = tableOf(probe) ?? tableOf(build ?? probe) ?? 'the table';
  const index = /index:([^,(]+(?:\([^)]*\))?)/.exec(build?.accessObject ?? '')?.[1] ?? 'the index';
  return finding(
    'index-lookup-huge-table-side',
    'warning',
    node,
    `${node.id} reads ${formatCount(looked)} row ids from ${index} and then fetches each of those rows from ` + `${table} by its id.`,
    'For this many rows the lookups cost more than they save. Add the columns the query reads to the index ' +
      `(a covering index needs no lookup), or compare with a full scan: /*+ IGNORE_INDEX(${table}, ...) */ or ` +
      `/*+ USE_INDEX(${table}) */.`,
  );
}
