// TPC-C in TiDB Lab, as go-tpc runs it. How to call it (the CLI, the extension and `ch` all do so):
//
//   import { runTpcc } from './tpcc/runTpcc';
//   const { result, operations } = await runTpcc(
//     { connection, warehouses: 1, threads: 4, timeSec: 60, count: 0, intervalSec: 10,
//       ignoreError: false, isolation: 0, weights: DEFAULT_WEIGHTS },
//     { signal, onInterval: ({ interval, operations }) => ..., onLog: (message) => ... },
//   );
//
// `connection` is ConnectionOptionValues (benchOptions.ts; its database holds the tables).
// `result` is the RunResult every workload returns (workload 'tpcc'): summary and intervals count
// transactions (tps) and their statements (qps, reads, writes, others); the latency fields are
// New-Order's, the transaction tpmC counts (as the go-tpc importer reads go-tpc logs);
// `result.tpcc` holds tpmC, tpmTotal, efficiency and each transaction's count, errors, tpm and
// latencies under go-tpc's names (new_order, payment, order_status, delivery, stock_level);
// `result.labels` the same per operation as go-tpc prints them (NEW_ORDER.count, NEW_ORDER.p99_ms,
// PAYMENT_ERR.count, tpmC, tpmTotal, efficiency_pct); `result.client` and each interval's `client`
// how busy this process was (loopClientMeter.ts; the rule is results/clientBound.ts); `operationHdr` each operation's exact HDR
// latencies and `latencyHdr` New-Order's (for `tidb-lab bench merge`). `operations` are the
// [Summary] numbers (tpccReport.ts prints them). A cancelled run (signal) returns what it measured,
// status 'cancelled'. Prepare, check and cleanup: prepareTpcc.ts, checkTpcc.ts, cleanupTpcc.ts.
//
// The run: N threads, each on its own connection with the statements prepared, each picking a
// transaction by weight (tpccMix.ts) until --time is up, --count transactions are done or the run
// is cancelled; no keying or think time (go-tpc's default). A failed transaction is rolled back and
// counted as NAME_ERR; the thread stops at it unless --ignore-error, as go-tpc's does (go-tpc
// retries nothing in a run). A lost connection is replaced under --ignore-error (go-tpc pings and
// reconnects before each transaction).
import { randomUUID } from 'node:crypto';
import { RESULT_SCHEMA_VERSION, type ClientLoad, type ResultInterval, type RunResult, type RunStatus } from '../../results/benchmarkResult';
import { emptyLatencySummary } from '../../results/importers/importedRun';
import { TOOL_VERSION } from '../../toolVersion';
import { DatabaseSession } from '../../db/databaseSession';
import { adminProfile } from '../benchConnectionSettings';
import type { ConnectionOptionValues } from '../benchOptions';
import { serverInfoOf } from '../serverInfo';
import { operationLabelsOf, OperationRecorders, type OperationNumbers } from '../rawsql/rawsqlMeasurement';
import type { GoTpcHooks, GoTpcIntervalReport, GoTpcRun } from '../gotpc/goTpcRun';
import { RunClock } from '../gotpc/runClock';
import { LoopClientMeter } from '../loopClientMeter';
import { threadCounts } from '../gotpc/threadCounts';
import { runDelivery } from './delivery';
import { runNewOrder } from './newOrder';
import { runOrderStatus } from './orderStatus';
import { runPayment } from './payment';
import { runStockLevel } from './stockLevel';
import { operationRates } from '../operationRates';
import { TpccConnection, type StatementCounts } from './tpccConnection';
import { DEFAULT_WEIGHTS, operationName, pickTransaction, transactionDeck, type TransactionName } from './tpccMix';
import { TpccRandom } from './tpccRandom';
import { tpccSummaryOf, tpmOf } from './tpccResult';

export const TPCC_WORKLOAD = 'tpcc';

export interface TpccRunConfig {
  connection: ConnectionOptionValues;
  warehouses: number;
  threads: number;
  /** seconds, 0: no time limit */
  timeSec: number;
  /** transactions in all, over every thread; 0: no limit */
  count: number;
  /** seconds between interval reports */
  intervalSec: number;
  /** go-tpc's --ignore-error: a failed transaction does not stop its thread */
  ignoreError: boolean;
  /** go-tpc's --isolation (0: the server's default; 1, 2, 4, 6: see tpccConnection.ts) */
  isolation: number;
  /** go-tpc's --weight: new-order, payment, order-status, delivery, stock-level, summing to 100 */
  weights: readonly number[];
  /** run on every connection after it connects (an experiment variant's SET SESSION) */
  sessionStatements?: readonly string[];
}

/** A timed run with go-tpc's defaults for the rest: no count, an error stops its thread, the server's isolation, the standard mix. */
export function timedTpccRun(
  settings: Pick<TpccRunConfig, 'warehouses' | 'threads' | 'timeSec' | 'intervalSec'>,
): Omit<TpccRunConfig, 'connection'> {
  return { ...settings, count: 0, ignoreError: false, isolation: 0, weights: [...DEFAULT_WEIGHTS] };
}

export type TpccIntervalReport = GoTpcIntervalReport;
export type TpccHooks = GoTpcHooks;
export type TpccRun = GoTpcRun;

export const TRANSACTIONS: Readonly<
  Record<TransactionName, (connection: TpccConnection, random: TpccRandom, warehouses: number) => Promise<'commit' | 'rollback'>>
> = {
  new_order: runNewOrder,
  payment: runPayment,
  order_status: runOrderStatus,
  delivery: runDelivery,
  stock_level: runStockLevel,
};

class Counters {
  readonly byOperation = new OperationRecorders();
  readonly statements: StatementCounts = { reads: 0, writes: 0, others: 0 };
  transactions = 0;
  errors = 0;
  rollbacks = 0;
  reconnects = 0;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function runTpcc(config: TpccRunConfig, hooks: TpccHooks = {}): Promise<TpccRun> {
  const log = hooks.onLog ?? (() => undefined);
  const deck = transactionDeck(config.weights);
  const { threads, warehouses } = config;
  const admin = await DatabaseSession.open(adminProfile(config.connection), config.connection.password, {
    logger: hooks.onSql,
    connectionLimit: 1,
  });
  const server = serverInfoOf(admin.identity, config);
  const total = new Counters();
  const errorCodes = new Map<number, number>();
  const state = { running: 0, failure: undefined as string | undefined };
  const perThread = threadCounts(config.count, threads);
  // every connection lives on this thread's event loop: the client is this process
  const clientMeter = new LoopClientMeter();
  const clock = new RunClock(
    { ...config, signal: hooks.signal },
    () => new Counters(),
    (taken, t, seconds) => {
      const operations = taken.byOperation.numbers(seconds);
      const interval = {
        ...intervalOf(taken, t, seconds, state.running),
        operations: operationRates(operations),
        client: clientMeter.closeInterval(),
      };
      hooks.onInterval?.({ interval, operations });
      return interval;
    },
  );

  const record = (name: TransactionName, ms: number, statements: StatementCounts, outcome: 'commit' | 'rollback' | { error: unknown }) => {
    for (const counters of [total, clock.current]) {
      counters.statements.reads += statements.reads;
      counters.statements.writes += statements.writes;
      counters.statements.others += statements.others;
      if (typeof outcome === 'string') {
        counters.byOperation.record(operationName(name), ms);
        counters.transactions++;
        if (outcome === 'rollback') counters.rollbacks++;
      } else {
        counters.byOperation.record(operationName(name, true), ms);
        counters.errors++;
      }
    }
    if (typeof outcome !== 'string') {
      const errno = (outcome.error as { errno?: unknown }).errno;
      if (typeof errno === 'number') errorCodes.set(errno, (errorCodes.get(errno) ?? 0) + 1);
    }
  };

  const connectAll = async (): Promise<Array<TpccConnection | Error>> =>
    Promise.all(
      Array.from({ length: threads }, (_, thread) =>
        TpccConnection.open(config.connection, config.isolation, thread, config.sessionStatements).catch((error: unknown) =>
          error instanceof Error ? error : new Error(String(error)),
        ),
      ),
    );

  const runThread = async (thread: number, first: TpccConnection): Promise<void> => {
    let connection = first;
    const random = new TpccRandom();
    const limit = perThread[thread];
    let step = 0;
    await clock.started;
    state.running++;
    try {
      while (clock.running() && (limit === 0 || step < limit)) {
        step++;
        const name = pickTransaction(deck, random);
        const before = { ...connection.counts };
        const begin = performance.now();
        let outcome: 'commit' | 'rollback' | { error: unknown };
        try {
          outcome = await TRANSACTIONS[name](connection, random, warehouses);
        } catch (error) {
          outcome = { error };
        }
        const ms = performance.now() - begin;
        const after = connection.counts;
        record(
          name,
          ms,
          { reads: after.reads - before.reads, writes: after.writes - before.writes, others: after.others - before.others },
          outcome,
        );
        if (typeof outcome === 'string') continue;
        const message = `execute run failed, err ${name}: ${describe(outcome.error)}`;
        log(message);
        if (!config.ignoreError) {
          state.failure ??= message;
          return;
        }
        if ((outcome.error as { fatal?: unknown }).fatal === true) {
          connection.destroy();
          connection = await TpccConnection.open(config.connection, config.isolation, thread, config.sessionStatements);
          total.reconnects++;
          clock.current.reconnects++;
        }
      }
    } catch (error) {
      state.failure ??= `connection lost: ${describe(error)}`;
    } finally {
      state.running--;
      await connection.close();
    }
  };

  try {
    const connections = await connectAll();
    const failed = connections.find((c): c is Error => c instanceof Error);
    if (failed !== undefined) {
      for (const c of connections) if (!(c instanceof Error)) await c.close();
      throw failed;
    }
    const threadRuns = (connections as TpccConnection[]).map((connection, thread) => runThread(thread, connection));
    clientMeter.start();
    clock.start();
    hooks.onThreadsStarted?.();
    await Promise.all(threadRuns);
    const { durationSec } = clock.finish((current) => current.transactions > 0 || current.errors > 0);
    const client = clientMeter.finish(clock.intervals);
    const cancelled = hooks.signal?.aborted === true;
    const status: RunStatus = cancelled ? 'cancelled' : state.failure !== undefined ? 'failed' : 'completed';
    const operations = total.byOperation.numbers(durationSec);
    const result = resultOf(config, total, {
      startTime: new Date(clock.startMs).toISOString(),
      durationSec,
      intervals: clock.intervals,
      status,
      message: cancelled ? 'Cancelled; the result holds what was measured until then.' : state.failure,
      server,
      errorCodes,
      operations,
      client,
    });
    return { result, operations };
  } finally {
    clientMeter.stop();
    clock.dispose();
    await admin.close();
  }
}

function intervalOf(c: Counters, t: number, seconds: number, threads: number): ResultInterval {
  const per = (value: number) => (seconds > 0 ? value / seconds : 0);
  const newOrders = c.byOperation.byName.get('NEW_ORDER');
  const latency = newOrders?.summary();
  return {
    t,
    threads,
    tps: per(c.transactions),
    qps: per(c.statements.reads + c.statements.writes + c.statements.others),
    reads: per(c.statements.reads),
    writes: per(c.statements.writes),
    others: per(c.statements.others),
    errors: per(c.errors),
    reconnects: per(c.reconnects),
    latencyMs: latency ?? { p95: null },
  };
}

interface TpccOutcome {
  startTime: string;
  durationSec: number;
  intervals: ResultInterval[];
  status: RunStatus;
  message?: string;
  server: RunResult['server'];
  errorCodes: ReadonlyMap<number, number>;
  operations: OperationNumbers[];
  client: ClientLoad;
}

function resultOf(config: TpccRunConfig, c: Counters, outcome: TpccOutcome): RunResult {
  const per = (value: number) => (outcome.durationSec > 0 ? value / outcome.durationSec : 0);
  const queries = c.statements.reads + c.statements.writes + c.statements.others;
  const connection = config.connection;
  const newOrders = c.byOperation.byName.get('NEW_ORDER');
  const minMs = new Map([...c.byOperation.byName].filter(([, r]) => r.count > 0).map(([name, r]) => [name, r.minMs]));
  const tpm = tpmOf(outcome.operations, config.warehouses);
  return {
    kind: 'run',
    schemaVersion: RESULT_SCHEMA_VERSION,
    id: randomUUID(),
    source: { tool: 'tidb-lab', toolVersion: TOOL_VERSION, engine: 'builtin' },
    workload: TPCC_WORKLOAD,
    options: {
      warehouses: config.warehouses,
      threads: config.threads,
      time: config.timeSec,
      count: config.count,
      interval: config.intervalSec,
      ignore_error: config.ignoreError,
      isolation: config.isolation,
      weight: config.weights.join(','),
      wait: false,
      mysql_host: connection.hosts[0],
      mysql_port: connection.ports[0],
      mysql_user: connection.user,
      mysql_db: connection.database,
    },
    server: outcome.server,
    startTime: outcome.startTime,
    durationSec: outcome.durationSec,
    intervals: outcome.intervals,
    summary: {
      events: c.transactions,
      queries,
      reads: c.statements.reads,
      writes: c.statements.writes,
      others: c.statements.others,
      tps: per(c.transactions),
      qps: per(queries),
      errors: c.errors,
      reconnects: c.reconnects,
      ...(outcome.errorCodes.size > 0
        ? { errorCodes: Object.fromEntries([...outcome.errorCodes].sort((a, b) => b[1] - a[1]).map(([code, n]) => [String(code), n])) }
        : {}),
      latencyMs: newOrders?.summary() ?? emptyLatencySummary(),
    },
    ...(newOrders !== undefined ? { histogram: newOrders.buckets(), latencyHdr: newOrders.exact() } : {}),
    operationHdr: Object.fromEntries([...c.byOperation.byName].map(([name, recorder]) => [name, recorder.exact()])),
    tpcc: tpccSummaryOf(outcome.operations, config.warehouses, c.rollbacks, minMs),
    status: outcome.status,
    ...(outcome.message !== undefined ? { message: outcome.message } : {}),
    client: outcome.client,
    labels: { ...operationLabelsOf(outcome.operations), tpmC: tpm.tpmC, tpmTotal: tpm.tpmTotal, efficiency_pct: tpm.efficiency },
  };
}
