// The one versioned result model for benchmark runs and experiments. Everything that produces
// numbers (the engine, the importers) writes it; everything that shows or exports numbers reads it.
// It never holds a password.

import type { ServerRegions } from './serverRegions';

export const RESULT_SCHEMA_VERSION = 1;

export type RunStatus = 'completed' | 'cancelled' | 'failed';

export interface LatencySummaryMs {
  min: number | null;
  avg: number | null;
  max: number | null;
  p50: number | null;
  p90: number | null;
  p95: number | null;
  p99: number | null;
  p999: number | null;
}

/** Latency of one report interval; percentiles not known to the source are null. */
export interface IntervalLatencyMs {
  min?: number | null;
  avg?: number | null;
  max?: number | null;
  p50?: number | null;
  p90?: number | null;
  p95: number | null;
  p99?: number | null;
  p999?: number | null;
}

/**
 * How busy the benchmark client itself was, measured by the built-in engine (imported runs have
 * none). The rule that sets `bound` is in clientBound.ts.
 */
export interface ClientLoad {
  /** CPU time of the client process (every thread) over wall time times cores, 0 to 1 */
  cpuUtilization: number;
  /** the cores the client may use (its CPU affinity) */
  cores: number;
  /**
   * the busiest worker's event loop: share of the time it was not waiting for the network, 0 to 1;
   * absent when no worker's loop was sampled (a worker blocked in read(2) at the report tick is
   * read from shared memory, without its loop)
   */
  eventLoopUtilization?: number;
  /**
   * the largest worker event-loop delay, 99th percentile, ms; absent when no worker's loop was
   * sampled (blocking reads: a worker waits inside JavaScript, so its timers' lateness is its own
   * reads, not a want of CPU)
   */
  eventLoopDelayP99Ms?: number;
  /** the busiest worker thread's share of the time it ran or waited for a core, 0 to 1 (Linux only) */
  runnableShare?: number;
  /**
   * of the time the client process's threads (all of them) ran or waited in a run queue for a core,
   * the share they waited, 0 to 1 (Linux only; absent in results written before it was measured)
   */
  waitShare?: number;
  /** per interval: the client was saturated; per run: saturated long enough to have limited the run */
  bound: boolean;
}

export interface ResultInterval {
  /** seconds since the measured start, at the end of the interval */
  t: number;
  threads: number;
  tps: number;
  qps: number;
  /** per second */
  reads: number;
  writes: number;
  others: number;
  errors: number;
  reconnects: number;
  latencyMs: IntervalLatencyMs;
  client?: ClientLoad;
  /**
   * TPC-C and CH-benCHmark: per second by operation as go-tpc names them (new_order, payment, ...,
   * Q1, ...), failures left out; new_order x 60 is the interval's tpmC
   */
  operations?: Record<string, number>;
}

export interface ResultSummary {
  events: number;
  queries: number;
  reads: number;
  writes: number;
  others: number;
  tps: number;
  qps: number;
  errors: number;
  reconnects: number;
  /** the ignored errors by MySQL/TiDB error code ("1213": 10), when the engine recorded them */
  errorCodes?: Record<string, number>;
  latencyMs: LatencySummaryMs;
  /** rows per second and MB per second, for loading workloads */
  rowsPerSec?: number;
  mbPerSec?: number;
}

/** Latency histogram: bucket upper bounds (ms) and counts, as many buckets as carry counts. */
export interface LatencyHistogram {
  bucketsMs: number[];
  counts: number[];
}

/**
 * The exact latencies of a run for merging: the HDR histogram (hdr-histogram-js, 1 µs unit, 3
 * significant digits, compressed base64) with the exact count, sum, min and max beside it.
 */
export interface HdrLatencies {
  histogram: string;
  count: number;
  sumMs: number;
  minMs: number;
  maxMs: number;
}

/** One of the runs a merged result was made of (one load machine). */
export interface MergedSource {
  id: string;
  /** the file it was read from */
  file?: string;
  startTime: string;
  durationSec: number;
  events: number;
  qps: number;
  status: RunStatus;
  /** its client was saturated (built-in engine) */
  clientBound?: boolean;
}

export interface ServerInfo {
  flavor: 'tidb' | 'mysql' | 'mariadb' | 'unknown';
  version: string;
  /** the raw VERSION() string */
  versionString?: string;
  host?: string;
  port?: number;
  /** what the server counted for the run's statements (before and after, the difference) */
  activity?: ServerActivity;
  /** TiDB, write runs and cells: regions and leaders per table before and after, hot regions, findings (serverRegions.ts) */
  regions?: ServerRegions;
}

/** One plan of a statement during the run (TiDB: one plan digest). */
export interface ServerStatementPlan {
  planDigest: string;
  execCount: number;
  /** TiDB: when the server first saw this plan ("YYYY-MM-DD HH:MM:SS", server time); statement.plans lists the first seen first */
  firstSeen?: string;
  /** TiDB, TiKV, TiFlash (cop), TiFlash (batchCop), TiFlash (MPP); plain TiFlash when the plan does not say which */
  engines: string[];
  /** the plan as text the plan view reads */
  plan?: string;
}

export interface ServerStatement {
  /** the server's SQL digest; statements known only as prepared (MariaDB) carry "prepared:" and a hash of their text */
  digest: string;
  /** the normalized statement (or the prepared text) */
  text: string;
  schema?: string;
  execCount: number;
  sumLatencyMs: number;
  avgLatencyMs: number;
  /** the largest single execution the server saw in the window the run fell in (may predate the run when the statement ran before it in the same window) */
  maxLatencyMs: number;
  planDigests: string[];
  /** union of the engines of its plans */
  engines: string[];
  /** the plan of the most-executed plan digest */
  plan?: string;
  /** more than one plan digest during the run */
  planChanged?: boolean;
  /** first seen first, as the Statements view lists them (planOrder.ts); planDigests in the same order */
  plans?: ServerStatementPlan[];
  /** TiDB: coprocessor tasks sent during the run */
  copTasks?: number;
  /** TiDB: keys processed per execution, average over the run's windows */
  avgProcessedKeys?: number;
  /** 'digest' (statement summary / performance_schema digests) or 'prepared' (prepared_statements_instances) */
  counted?: 'digest' | 'prepared';
}

/** The account the run's server evidence was read as may not read it (server errors 1142, 1143, 1227). */
export interface MissingGrant {
  /** CURRENT_USER(), "user@host" as the server matched the login */
  account: string;
  /** what it lacks, e.g. "SELECT on performance_schema" */
  privilege: string;
  /** the statement that gives it, e.g. GRANT SELECT ON performance_schema.* TO 'user'@'host' */
  grant: string;
}

export interface ServerActivity {
  /** where the numbers come from, e.g. information_schema.cluster_statements_summary */
  source: string;
  /** by server time, the largest first */
  statements: ServerStatement[];
  /** what could not be read or counted */
  warnings: string[];
  /** the statistics (or the prepared statements) were not read: the account lacks this grant, so "none counted" would be false */
  missingGrant?: MissingGrant;
}

export type BenchEngineName = 'builtin' | 'sysbench' | 'go-tpc';

/** One CH-benCHmark query's numbers over a run (q1..q22). */
export interface ChQueryNumbers {
  /** runs that returned every row */
  count: number;
  /** runs that failed (go-tpc's Q1_ERR, ...) */
  errors: number;
  /** every run's latency added up, failures included (what QphH divides by) */
  sumMs: number;
  latencyMs: LatencySummaryMs;
}

export interface ChSummary {
  acThreads: number;
  /** go-tpc's QphH: 3600000 / (summed query ms) * queries; null when no query was measured */
  qphH: number | null;
  queries: Record<string, ChQueryNumbers>;
}

export interface ResultSource {
  /** 'tidb-lab' for runs TiDB Lab made; 'sysbench', 'go-tpc', 'go-ycsb' for imports */
  tool: string;
  toolVersion: string;
  /** for TiDB Lab's runs: which engine made the load, its own, the installed sysbench or the installed go-tpc */
  engine?: BenchEngineName;
  /** the sysbench or go-tpc version, when one of them ran */
  engineVersion?: string;
  /** why the engine is not the one asked for (auto fell back to the built-in engine) */
  engineNote?: string;
  /** for imports: the file it came from */
  importedFrom?: string;
}

export interface RunResult {
  kind: 'run';
  schemaVersion: number;
  id: string;
  name?: string;
  source: ResultSource;
  workload: string;
  /** every option, sysbench names (threads, time, tables, table_size, rand_type, ...), no password */
  options: Record<string, string | number | boolean>;
  /** the name of the connection it ran on, in the editor (not where the server is: that is `server`) */
  connection?: string;
  server?: ServerInfo;
  /** ISO 8601 */
  startTime: string;
  durationSec: number;
  intervals: ResultInterval[];
  summary: ResultSummary;
  histogram?: LatencyHistogram;
  /** the whole run's latencies, exactly (built-in engine and rawsql), for `tidb-lab bench merge` */
  latencyHdr?: HdrLatencies;
  /** rawsql: each query's (and NAME_ERR's) latencies, exactly */
  operationHdr?: Record<string, HdrLatencies>;
  /** tpcc (and what runs TPC-C's transactions): tpmC, efficiency and each transaction's numbers, as go-tpc reports them */
  tpcc?: TpccSummary;
  /** a merged result: the runs it was made of, one per load machine */
  mergedFrom?: MergedSource[];
  status: RunStatus;
  message?: string;
  /** ch: QphH and each analytical query's numbers, as go-tpc reports them (TPC-C's transactions are tpcc's) */
  ch?: ChSummary;
  /** for experiment cells: which variant / setting this run was */
  labels?: Record<string, string | number>;
  /** the client's own load, when the built-in engine measured it */
  client?: ClientLoad;
}

/** One TPC-C transaction's numbers over a run, under go-tpc's name for it (new_order, payment, ...). */
export interface TpccTransactionNumbers {
  /** transactions that ended without error (go-tpc counts New-Order's 1% rollbacks here) */
  count: number;
  /** transactions that failed (go-tpc's NEW_ORDER_ERR, ...) */
  errors: number;
  /** New-Order's deliberate rollbacks (the unused item), part of count */
  rollbacks: number;
  /** count per minute */
  tpm: number;
  latencyMs: LatencySummaryMs;
}

export interface TpccSummary {
  warehouses: number;
  /** New-Order transactions per minute */
  tpmC: number;
  /** every transaction (errors excluded) per minute */
  tpmTotal: number;
  /** tpmC against the spec's maximum of 12.86 per warehouse, in percent */
  efficiency: number;
  transactions: Record<string, TpccTransactionNumbers>;
}

export interface ExperimentCell {
  workload: string;
  threads: number;
  tableSize?: number;
  variant: string;
  /** further matrix dimensions, e.g. point_selects, rows_per_insert */
  params?: Record<string, string | number | boolean>;
  /**
   * Cached-table variants: what a TRACE at the start of the cell showed. false marks a cell whose
   * reads did not come from TiDB's memory (the cache was not loaded or kept reloading).
   */
  cacheHit?: { servedFromCache: boolean; detail: string };
  run: RunResult;
}

/** A variant that did not run at a table size, and why (e.g. a table too large to cache). */
export interface SkippedVariant {
  variant: string;
  tableSize?: number;
  reason: string;
  /** how many cells it would have had */
  cells: number;
}

export interface ExperimentResult {
  kind: 'experiment';
  schemaVersion: number;
  id: string;
  name: string;
  source: ResultSource;
  /** the name of the connection it ran on, in the editor */
  connection?: string;
  server?: ServerInfo;
  startTime: string;
  durationSec: number;
  /** the experiment definition as given (JSON), no password */
  definition: unknown;
  variants: string[];
  cells: ExperimentCell[];
  skipped?: SkippedVariant[];
  status: RunStatus;
  message?: string;
}

export type BenchmarkResult = RunResult | ExperimentResult;
