// The benchmark results panel: one webview bundle (benchmarkResults) shows a live run, a stored
// run, an experiment or a comparison of runs. The host always sends the whole document (`show`),
// again on every `ready` (a hidden tab's webview is rebuilt), and during a live run one message
// per report interval. What the webview keeps with setState is only the PanelTarget (which result
// the tab shows, so the serializer can bring it back after a reload) and its own view choices.
import type { ExperimentResult, ResultInterval, RunResult, ServerInfo } from '../core/results/benchmarkResult';
import type { PanelProtocol } from './webviewProtocol';

export const BENCHMARK_RESULTS_VIEW_TYPE = 'tidbLab.benchmarkResults';

export type ExportFormat = 'csv' | 'markdown' | 'json';

/** Which result a tab shows. */
export type PanelTarget =
  | { kind: 'result'; resultId: string }
  | { kind: 'cell'; resultId: string; cellIndex: number }
  | { kind: 'comparison'; resultIds: string[] }
  | { kind: 'live'; runKey: string };

export interface LiveRunHeader {
  runKey: string;
  workload: string;
  threads: number;
  /** the --time limit in seconds; 0 when the run is limited by events only */
  timeSec: number;
  reportIntervalSec: number;
  connectionName: string;
  server?: ServerInfo;
  options: Record<string, string | number | boolean>;
  /** within a sweep or experiment: which run this is */
  step?: { index: number; count: number; label: string };
}

export interface LiveRun {
  header: LiveRunHeader;
  intervals: ResultInterval[];
  /** 'stopping' once the user asked to cancel */
  phase: 'running' | 'stopping';
}

export type ResultsDocument =
  | { kind: 'live'; live: LiveRun }
  /** connectionId: the connection profile the run's server is, when one matches (the Server section's "Show in Statements view") */
  | { kind: 'run'; target: PanelTarget; run: RunResult; warnings: string[]; connectionId?: string }
  | { kind: 'experiment'; target: PanelTarget; experiment: ExperimentResult; warnings: string[] }
  | { kind: 'comparison'; target: PanelTarget; runs: RunResult[]; warnings: string[] }
  /** a result that cannot be shown, or a run that could not start: a title and what to do */
  | { kind: 'message'; target: PanelTarget; title: string; message: string };

export interface ResultsShowMessage {
  document: ResultsDocument;
  strings: BenchmarkResultsStrings;
  /** BCP 47 language for number formatting */
  locale: string;
}

export interface BenchmarkResultsToWebview {
  show: ResultsShowMessage;
  liveInterval: { runKey: string; interval: ResultInterval };
  livePhase: { runKey: string; phase: LiveRun['phase'] };
}

export interface BenchmarkResultsToHost {
  cancelRun: { runKey: string };
  export: { format: ExportFormat };
  /** a chart drawn at twice its size under a caption; `title` and `identity` also go into the file's text chunks */
  savePng: { chartName: string; dataUrl: string; title?: string; identity?: string };
  openCell: { resultId: string; cellIndex: number };
  /** the Server section: a statement's plan in the plan view, or the statement in the Statements view */
  openServerPlan: { digest: string };
  revealServerStatement: { digest: string };
  /** the Regions section: a finding's statement to the clipboard, by its place in the run's server.regions */
  copyRegionStatement: { finding: number; statement: number };
}

export type BenchmarkResultsProtocol = PanelProtocol<BenchmarkResultsToWebview, BenchmarkResultsToHost>;

/** What the webview keeps with setState (VS Code writes it to disk: never a secret). */
export interface BenchmarkResultsState {
  target: PanelTarget;
  /** the experiment view's choices */
  metric?: string;
  group?: string;
  baseline?: string;
  candidate?: string;
}

/** Every text the panel shows, localized by the host. `{0}` marks a value filled in by the webview. */
export interface BenchmarkResultsStrings {
  statusCompleted: string;
  statusCancelled: string;
  statusFailed: string;
  statusRunning: string;
  statusStopping: string;
  cancelRun: string;
  runStep: string;
  /** a run with sysbench's --rate: its throughput is the load asked for, not the most the server can do */
  fixedRate: string;
  elapsedOf: string;
  elapsed: string;
  waitingForFirstInterval: string;
  noIntervals: string;
  tps: string;
  qps: string;
  latencyP95: string;
  latencyP99: string;
  latencyAvg: string;
  latencyMax: string;
  errors: string;
  /** before the codes of a run's ignored errors: {0} the count */
  errorCodesHeading: string;
  reconnects: string;
  events: string;
  duration: string;
  throughputOverTime: string;
  tpsOverTime: string;
  latencyOverTime: string;
  errorsOverTime: string;
  latencyPercentiles: string;
  latencyHistogram: string;
  secondsAxis: string;
  queriesPerSecond: string;
  transactionsPerSecond: string;
  milliseconds: string;
  perSecond: string;
  eventsAxis: string;
  /** an axis of latencies on a logarithmic scale */
  latencyLogAxis: string;
  threadsAxis: string;
  writersAxis: string;
  rowsPerSecondAxis: string;
  rowsPerStatement: string;
  rowsPerStatementHeader: string;
  writersColumn: string;
  keyOrder: string;
  mbPerSecond: string;
  /** the header of a side's min–max over repeated runs: {0} the variant */
  spreadOfRuns: string;
  bulkThroughput: string;
  bulkLatency: string;
  errorsPerSecond: string;
  reconnectsPerSecond: string;
  savePng: string;
  exportCsv: string;
  exportMarkdown: string;
  exportJson: string;
  options: string;
  server: string;
  source: string;
  started: string;
  connection: string;
  warnings: string;
  decimated: string;
  sweepThroughput: string;
  sweepLatency: string;
  workloadGroup: string;
  changeHeading: string;
  metric: string;
  baseline: string;
  candidate: string;
  higherIsBetter: string;
  lowerIsBetter: string;
  better: string;
  worse: string;
  noChangeData: string;
  rawNumbers: string;
  /** the experiment's statement-by-statement comparison of its variants (server statistics) */
  statementsByVariant: string;
  statementsByVariantNote: string;
  studyTables: string;
  studyTablesNote: string;
  notFromMemoryNote: string;
  withinSpreadNote: string;
  withinSpread: string;
  runs: string;
  variant: string;
  workload: string;
  threads: string;
  threadsCount: string;
  threadsOne: string;
  /** a table size: "{0} rows" */
  rowsCount: string;
  rowsOne: string;
  /** the n-th run of a repeated cell */
  repetition: string;
  tableSize: string;
  status: string;
  change: string;
  openRun: string;
  comparisonHeading: string;
  vsFirst: string;
  /** {0}: the band in percent */
  singleRunNoiseNote: string;
  /** {0}: TPC-C's most tpmC per warehouse (12.86) */
  tpccNoWaitNote: string;
  qpsOverTime: string;
  p95OverTime: string;
  run: string;
  experimentCells: string;
  runsOne: string;
  /** the client's load: {0} % CPU, {1} cores text */
  clientLoad: string;
  /** appended to clientLoad where a worker's event loop was sampled: {0} % */
  clientLoopBusy: string;
  /** appended to clientLoad where a worker's event-loop delay was sampled: {0} ms */
  clientDelay: string;
  /** appended to clientLoad where the system tells: {0} % */
  clientRunnable: string;
  /** clientRunnable for a run whose connections all live on the main thread (TPC-C, CH-benCHmark, rawsql): {0} % */
  clientMainThreadRunnable: string;
  clientOneCore: string;
  clientCores: string;
  client: string;
  clientNotBound: string;
  clientBoundTitle: string;
  clientSaturatedIntervals: string;
  clientBoundAdvice: string;
  /** clientBoundAdvice for TPC-C, CH-benCHmark and rawsql runs, which the sysbench engine cannot run */
  clientBoundAdviceMainThread: string;
  clientLiveSaturated: string;
  heatmapClientBound: string;
  legendClientBound: string;
  /** the Server section's heading: {0} where the numbers come from */
  serverStatements: string;
  serverStatementsNone: string;
  /** instead of serverStatementsNone when the account may not read them: {0} the account (CURRENT_USER()), {1} the privilege, {2} the GRANT */
  serverStatementsNotRead: string;
  statement: string;
  execCount: string;
  serverAvg: string;
  serverMax: string;
  serverTotal: string;
  engines: string;
  plan: string;
  planChanged: string;
  /** a plan of a statement whose plan changed: its digest and executions, in the badge's hover */
  planListEntry: string;
  planFirstSeen: string;
  planOne: string;
  openPlan: string;
  showInStatements: string;
  preparedCounted: string;
  /** TPC-C and CH-benCHmark (go-tpc's words) */
  tpmC: string;
  tpmTotal: string;
  efficiency: string;
  qphH: string;
  tpmCOverTime: string;
  tpmCAgainstThreads: string;
  tpmCAgainstWarehouses: string;
  newOrderP95AgainstThreads: string;
  newOrderP95AgainstWarehouses: string;
  warehousesAxis: string;
  warehousesHeader: string;
  warehousesOne: string;
  warehousesCount: string;
  newOrderP95: string;
  newOrderP99: string;
  newOrderAvg: string;
  newOrderMax: string;
  newOrderLatencyOverTime: string;
  newOrderPercentiles: string;
  newOrderHistogram: string;
  transactionsOverTime: string;
  analyticalQueriesOverTime: string;
  newOrdersPerMinute: string;
  transactionsHeading: string;
  queriesHeading: string;
  transaction: string;
  query: string;
  count: string;
  /** the Regions section's heading: {0} the TiKV stores text, or '' */
  regionsTitle: string;
  regionsStores: string;
  /** the same for one store: '; 1 TiKV store' */
  regionsStoresOne: string;
  table: string;
  tableKey: string;
  leadersChange: string;
  writtenLastHeartbeat: string;
  /** {0} where the hot regions come from */
  hotRegionsTitle: string;
  hotRegionsNone: string;
  hotIndex: string;
  regionId: string;
  hotType: string;
  hotFlow: string;
  hotDegree: string;
  store: string;
  regionFindingsTitle: string;
  regionFindingsNone: string;
  copyStatement: string;
  /** the experiment's regions card */
  regionsByCell: string;
  regionsByCellNote: string;
  regionsChange: string;
  hotRegionsCount: string;
  findings: string;
}

const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'markdown', 'json'];

export function isExportFormat(value: unknown): value is ExportFormat {
  return EXPORT_FORMATS.includes(value as ExportFormat);
}

/** Checks a target read back from webview state or a message: a webview is not trusted. */
export function isPanelTarget(value: unknown): value is PanelTarget {
  if (typeof value !== 'object' || value === null) return false;
  const target = value as Record<string, unknown>;
  switch (target.kind) {
    case 'result':
      return typeof target.resultId === 'string';
    case 'cell':
      return typeof target.resultId === 'string' && Number.isInteger(target.cellIndex) && (target.cellIndex as number) >= 0;
    case 'comparison':
      return Array.isArray(target.resultIds) && target.resultIds.length > 0 && target.resultIds.every((id) => typeof id === 'string');
    case 'live':
      return typeof target.runKey === 'string';
    default:
      return false;
  }
}

/** "1 thread" / "8 threads": the singular template for 1, else the plural one filled with the count. */
export function countString(count: number, one: string, many: string, shown: string | number = count): string {
  return count === 1 ? formatString(one, shown) : formatString(many, shown);
}

/** Fills `{0}`, `{1}`... in a string the host localized. */
export function formatString(template: string, ...values: (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = values[Number(index)];
    return value === undefined ? whole : String(value);
  });
}
