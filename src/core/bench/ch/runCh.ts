// CH-benCHmark in TiDB Lab, as go-tpc's `ch run` runs it. How to call it (the CLI does; the
// extension can the same way):
//
//   import { runCh } from './ch/runCh';
//   const { result, transactions, queries, qphH } = await runCh(
//     { tpcc: { connection, warehouses: 1, threads: 4, timeSec: 60, count: 0, intervalSec: 10,
//               ignoreError: false, isolation: 0, weights: DEFAULT_WEIGHTS },
//       acThreads: 1, queries: [...CH_QUERY_NAMES], apSessionStatements: [] },
//     { signal, onInterval: ({ tpcc, queries }) => ..., onLog: (message) => ... },
//   );
//
// `tpcc` is runTpcc's config (tpcc/runTpcc.ts): the TPC-C load beside the queries. `acThreads`
// threads run the analytical queries (analyticalThreads.ts) on their own connections, each with
// `apSessionStatements` run first (--ap-conn-params: SET SESSION tidb_isolation_read_engines =
// 'tiflash' reads through TiFlash on TiDB). Both sides start together (the AP threads connect
// first and go when TPC-C's threads start) and stop at the same deadline, as go-tpc's two
// workloaders under one timeout context; the revenue1 view q15 reads is created again first, as
// go-tpc does before a ch run. The onInterval report carries TPC-C's interval (interval,
// operations) and the queries' numbers of the same interval (`queries`, for the [Current] lines).
//
// `result` is TPC-C's RunResult (throughput, latency and `tpcc` are the transactions', as for a
// tpcc run) with workload 'ch', the AP options (acThreads, queries, ap_conn_params), `ch` (QphH
// and each query's count, errors and latencies), the queries' labels (Q1.count, Q1.p99_ms, ...,
// qphH) beside TPC-C's and each query's exact HDR latencies in operationHdr. `transactions` and
// `queries` are the [Summary] numbers (chReport.ts / tpccReport.ts print them), `qphH` go-tpc's
// (qphH.ts), undefined when no query finished. A cancelled run returns what it measured.
import { randomUUID } from 'node:crypto';
import { DatabaseSession } from '../../db/databaseSession';
import type { SqlLogger } from '../../db/sqlExecutor';
import type { ChQueryNumbers, ChSummary, ResultInterval, RunResult } from '../../results/benchmarkResult';
import type { ServerFlavor } from '../../db/serverFlavor';
import { adminProfile } from '../benchConnectionSettings';
import type { ConnectionOptionValues } from '../benchOptions';
import { operationRates } from '../operationRates';
import { operationLabelsOf, type OperationNumbers } from '../rawsql/rawsqlMeasurement';
import { runTpcc, type TpccIntervalReport, type TpccRunConfig } from '../tpcc/runTpcc';
import { AnalyticalThreads, queryOperation } from './analyticalThreads';
import type { ChQueryName } from './chQueries';
import { CREATE_REVENUE_VIEW } from './chSchema';
import { explainAnalyzePrefix } from './explainAnalyze';
import { qphHOf } from './qphH';

export const CH_WORKLOAD = 'ch';

export interface ChRunConfig {
  tpcc: TpccRunConfig;
  /** go-tpc's --acThreads (-t) */
  acThreads: number;
  /** go-tpc's --queries, in the order the threads go round them */
  queries: readonly ChQueryName[];
  /** --ap-conn-params as SET statements, run on each AP connection first */
  apSessionStatements: readonly string[];
  /** --ap-conn-params as given, for the result's options */
  apConnParams?: string;
  /** go-tpc's --ap-host / --ap-port: where the AP threads connect (default: where TPC-C's do) */
  apHosts?: readonly string[];
  apPorts?: readonly number[];
  /** go-tpc's --use-explain: each query as EXPLAIN ANALYZE, its plan to onExplain */
  useExplain?: boolean;
}

export interface ChIntervalReport {
  tpcc: TpccIntervalReport;
  /** TPC-C's interval with the queries' rates among its operations (Q1: per second), as the result keeps it */
  interval: ResultInterval;
  /** the analytical queries' numbers in the same interval */
  queries: OperationNumbers[];
}

export interface ChHooks {
  signal?: AbortSignal;
  onInterval?: (report: ChIntervalReport) => void;
  onLog?: (message: string) => void;
  onThreadsStarted?: () => void;
  onSql?: SqlLogger;
  /** a query's plan under useExplain, as go-tpc prints it (to stderr) */
  onExplain?: (text: string) => void;
}

export interface ChRun {
  result: RunResult;
  transactions: OperationNumbers[];
  queries: OperationNumbers[];
  qphH?: number;
}

export async function runCh(config: ChRunConfig, hooks: ChHooks = {}): Promise<ChRun> {
  const connection = config.tpcc.connection;
  const admin = await DatabaseSession.open(adminProfile(connection), connection.password, { logger: hooks.onSql, connectionLimit: 1 });
  let flavor: ServerFlavor;
  try {
    await admin.run(CREATE_REVENUE_VIEW);
    flavor = admin.identity.flavor;
  } finally {
    await admin.close();
  }
  const ap = await AnalyticalThreads.connect(
    {
      connection: apConnectionOf(config),
      threads: config.acThreads,
      queries: config.queries,
      sessionStatements: config.apSessionStatements,
      ignoreError: config.tpcc.ignoreError,
      ...(config.useExplain === true ? { explainPrefix: explainAnalyzePrefix(flavor) } : {}),
    },
    { onLog: hooks.onLog, onExplain: hooks.onExplain },
  );
  const onAbort = () => ap.stop();
  hooks.signal?.addEventListener('abort', onAbort, { once: true });
  let lastIntervalMs = 0;
  // each TPC-C interval's analytical rates, put beside its transactions' in the result too
  const withQueries = new Map<ResultInterval, ResultInterval>();
  let tpRun;
  try {
    tpRun = await runTpcc(config.tpcc, {
      signal: hooks.signal,
      onLog: hooks.onLog,
      onSql: hooks.onSql,
      onThreadsStarted: () => {
        const now = Date.now();
        lastIntervalMs = now;
        ap.start(config.tpcc.timeSec > 0 ? now + config.tpcc.timeSec * 1000 : Number.POSITIVE_INFINITY);
        hooks.onThreadsStarted?.();
      },
      onInterval: (report) => {
        const now = Date.now();
        const queries = ap.takeInterval((now - lastIntervalMs) / 1000);
        lastIntervalMs = now;
        const interval = { ...report.interval, operations: { ...report.interval.operations, ...operationRates(queries) } };
        withQueries.set(report.interval, interval);
        hooks.onInterval?.({ tpcc: report, interval, queries });
      },
    });
  } finally {
    ap.stop();
    await ap.finish();
    hooks.signal?.removeEventListener('abort', onAbort);
  }
  const tp = tpRun.result;
  const queries = ap.total.numbers(tp.durationSec);
  const qphH = qphHOf(queries);
  const apFailure = ap.failure !== undefined ? `analytical queries: ${ap.failure}` : undefined;
  const message = [tp.message, apFailure].filter((text): text is string => text !== undefined).join('\n');
  const errorCodes = { ...(tp.summary.errorCodes ?? {}) };
  for (const [code, n] of ap.errorCodesSeen()) errorCodes[String(code)] = (errorCodes[String(code)] ?? 0) + n;
  const result: RunResult = {
    ...tp,
    id: randomUUID(),
    workload: CH_WORKLOAD,
    options: {
      ...tp.options,
      acThreads: config.acThreads,
      queries: config.queries.join(','),
      ap_conn_params: config.apConnParams ?? '',
      ...(config.apHosts !== undefined && config.apHosts.length > 0 ? { ap_host: config.apHosts.join(',') } : {}),
      ...(config.apPorts !== undefined && config.apPorts.length > 0 ? { ap_port: config.apPorts.join(',') } : {}),
      ...(config.useExplain === true ? { use_explain: true } : {}),
    },
    intervals: tp.intervals.map((interval) => withQueries.get(interval) ?? interval),
    summary: { ...tp.summary, ...(Object.keys(errorCodes).length > 0 ? { errorCodes } : {}) },
    operationHdr: {
      ...(tp.operationHdr ?? {}),
      ...Object.fromEntries([...ap.total.byName].map(([name, recorder]) => [name, recorder.exact()])),
    },
    ch: chSummaryOf(config, queries, qphH),
    status: tp.status === 'completed' && apFailure !== undefined ? 'failed' : tp.status,
    ...(message !== '' ? { message } : {}),
    labels: { ...(tp.labels ?? {}), ...operationLabelsOf(queries), ...(qphH !== undefined ? { qphH } : {}) },
  };
  return { result, transactions: tpRun.operations, queries, ...(qphH !== undefined ? { qphH } : {}) };
}

/** The AP threads' connection: TPC-C's, at --ap-host / --ap-port where given (go-tpc's PreRun defaults). */
function apConnectionOf(config: ChRunConfig): ConnectionOptionValues {
  const connection = config.tpcc.connection;
  return {
    ...connection,
    hosts: config.apHosts !== undefined && config.apHosts.length > 0 ? [...config.apHosts] : connection.hosts,
    ports: config.apPorts !== undefined && config.apPorts.length > 0 ? [...config.apPorts] : connection.ports,
  };
}

function chSummaryOf(config: ChRunConfig, operations: readonly OperationNumbers[], qphH: number | undefined): ChSummary {
  const queries: Record<string, ChQueryNumbers> = {};
  for (const name of config.queries) {
    if (name in queries) continue;
    const ok = operations.find((o) => o.name === queryOperation(name));
    const failed = operations.find((o) => o.name === `${queryOperation(name)}_ERR`);
    queries[name] = {
      count: ok?.count ?? 0,
      errors: failed?.count ?? 0,
      sumMs: (ok?.sumMs ?? 0) + (failed?.sumMs ?? 0),
      latencyMs:
        ok === undefined
          ? { min: null, avg: null, max: null, p50: null, p90: null, p95: null, p99: null, p999: null }
          : { min: null, avg: ok.avgMs, max: ok.maxMs, p50: ok.p50Ms, p90: ok.p90Ms, p95: ok.p95Ms, p99: ok.p99Ms, p999: ok.p999Ms },
    };
  }
  return { acThreads: config.acThreads, qphH: qphH ?? null, queries };
}
