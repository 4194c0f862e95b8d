// The run verb: starts the worker_threads, starts every thread at once (sysbench's start barrier),
// reports intervals, stops on the limits, on a fatal error or on cancel, and returns one RunResult.
import { availableParallelism } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { SqlLogger } from '../db/sqlExecutor';
import type { DatabaseSession } from '../db/databaseSession';
import { killConnectionStatement } from '../db/queryKill';
import { RESULT_SCHEMA_VERSION, type ClientLoad, type ResultInterval, type RunResult, type RunStatus } from '../results/benchmarkResult';
import { openAdminSession } from './adminSession';
import { leanConnectTargets } from './benchConnectionSettings';
import { optionsRecord, type BenchOptions } from './benchOptions';
import { BenchWorkerPool } from './workers/benchWorkerPool';
import { ClientMeter } from './measurement/clientMeter';
import { chooseClientIo } from './workers/clientIo';
import { ErrorPolicy } from './workers/errorPolicy';
import { threadRandomStates, uniqueSequenceSeed } from './sysbench/randomSeeding';
import { IntervalReporter } from './measurement/intervalReporter';
import { RunStatistics, type IntervalReport } from './measurement/runStatistics';
import { THREAD_SLOTS, epochNow } from './workers/workerRun';
import { SharedWorkerCounters } from './workers/sharedWorkerCounters';
import {
  CONTROL_SLOTS,
  CONTROL_STOP,
  type RunWorkerSetup,
  type WorkerFailure,
  type WorkerLoopLoad,
  type WorkerMessage,
  type WorkerThreadPlan,
} from './workers/workerMessages';
import { serverInfoOf } from './serverInfo';
import { ER_CON_COUNT_ERROR, tooManyConnections } from './connection/tooManyConnections';
import { resolveBenchmarkConfig, type BenchmarkConfig } from './benchmarkConfig';
import { TOOL_VERSION } from '../toolVersion';

export const TOOL_NAME = 'tidb-lab';

const THREAD_INIT_TIMEOUT_MS = 30_000;
const CANCEL_TERMINATE_AFTER_MS = 2_000;
/**
 * How long a hard stop waits for workers whose threads block in read(2) before it KILLs their
 * connections on the server (the workers' own grace for a busy statement is 300 ms).
 */
const BLOCKED_KILL_AFTER_MS = 1_000;
/** how long held connections get to close cleanly before the workers are terminated anyway */
const RELEASE_TIMEOUT_MS = 5_000;

export interface RunHooks {
  signal?: AbortSignal;
  /** every --report-interval seconds */
  onInterval?: (report: IntervalReport) => void;
  /** progress and notices, in sysbench's words */
  onLog?: (message: string) => void;
  /** every thread has connected and prepared its statements, and the run starts (sysbench's "Threads started!") */
  onThreadsStarted?: () => void;
  /** every statement sent on the admin connection (not the benchmark's own statements) */
  onSql?: SqlLogger;
  /** labels for the result, e.g. an experiment cell's variant */
  labels?: Record<string, string | number>;
  /** statements each benchmark connection runs right after connecting (e.g. SET SESSION ...) */
  sessionStatements?: string[];
  /** an admin session to reuse instead of opening one */
  admin?: DatabaseSession;
  /**
   * called once the threads have stopped and before their connections close (they are held open
   * for it): what only lives as long as a connection, such as MariaDB's prepared-statement counts
   */
  beforeConnectionsClose?: () => Promise<void>;
}

export class BenchmarkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BenchmarkError';
  }
}

/**
 * How many worker_threads carry the benchmark threads (each worker multiplexes many connections):
 * one per CPU for a remote server, half the CPUs when the server runs on this machine (it needs
 * the rest), never more than the threads.
 */
export function clientWorkerCount(threads: number, requested: number, serverIsLocal = false, cpus = availableParallelism()): number {
  if (requested > 0) return Math.min(requested, threads);
  // A server on this machine needs CPUs too, so half of them; but never fewer than two: one event
  // loop that carries every connection leaves the CPUs idle while it works through the ready
  // sockets one by one (measured on 2 CPUs: 13% idle and 0.68x the QPS of two loops at 32 threads).
  const available = serverIsLocal ? Math.max(Math.min(2, cpus), Math.floor(cpus / 2)) : cpus;
  return Math.max(1, Math.min(threads, available));
}

export function isLocalHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

/** Runs one benchmark; bad options or an unreachable server throw, a failure once running returns a 'failed' result. */
export function runBenchmark(config: BenchmarkConfig, hooks: RunHooks = {}): Promise<RunResult> {
  return runWithOptions(resolveBenchmarkConfig(config), hooks);
}

/** What sysbench's summary shows beyond the result model. */
export interface RunDetails {
  fairness: { eventsAvg: number; eventsStddev: number; timeAvgSec: number; timeStddevSec: number };
  /** exact sum of event latencies */
  latencySumMs: number;
  /** latency at --percentile over the whole run */
  percentileMs: number | null;
  /** the summary as the engine printed it (sysbench), to be shown as it is */
  reportLines?: string[];
}

export interface MeasuredRun {
  result: RunResult;
  details: RunDetails;
}

export async function runWithOptions(options: BenchOptions, hooks: RunHooks = {}): Promise<RunResult> {
  return (await runMeasured(options, hooks)).result;
}

export async function runMeasured(options: BenchOptions, hooks: RunHooks = {}): Promise<MeasuredRun> {
  const log = hooks.onLog ?? (() => undefined);
  if (hooks.signal?.aborted) throw new BenchmarkError('The benchmark was cancelled before it started.');
  const admin = hooks.admin ?? (await openAdminSession(options.connection, hooks.onSql));
  try {
    return await runOnServer(options, hooks, admin, log);
  } finally {
    if (!hooks.admin) await admin.close();
  }
}

async function runOnServer(
  options: BenchOptions,
  hooks: RunHooks,
  admin: DatabaseSession,
  log: (message: string) => void,
): Promise<MeasuredRun> {
  const limits = options.limits;
  const identity = admin.identity;
  const serverIsTiDB = identity.flavor === 'tidb';
  const policy = ErrorPolicy.fromOptions(
    options.driver.ignoreErrors,
    options.driver.ignoreErrorsExplicit,
    serverIsTiDB,
    options.driver.tidbRetryableErrors,
  );
  if (serverIsTiDB && !options.driver.ignoreErrorsExplicit && options.driver.tidbRetryableErrors && policy.ignoredCodes !== 'all') {
    log(
      `TiDB: events that hit TiDB's retryable errors are restarted too (ignored errors ${policy.ignoredCodes.join(',')}); --tidb-retryable-errors=off behaves exactly like sysbench.`,
    );
  }

  const { setups, threadIdsByWorker, control } = workerSetups(
    options,
    serverIsTiDB,
    hooks.sessionStatements ?? [],
    hooks.beforeConnectionsClose !== undefined,
  );
  const controlView = new Int32Array(control);

  const statistics = new RunStatistics(limits.threads, threadIdsByWorker, limits.percentile);
  // written by message and abort callbacks, so kept in an object the compiler does not narrow
  const state: { failure?: WorkerFailure; cancelled: boolean; forcedShutdown: boolean } = { cancelled: false, forcedShutdown: false };
  let readyCount = 0;
  const blockingConnectionIds = new Map<number, bigint[]>();
  let blockedKill: NodeJS.Timeout | undefined;
  let settleInit: (() => void) | undefined;
  const abandoned: bigint[] = [];
  const checkInit = () => {
    if (readyCount === setups.length || state.failure || state.cancelled) settleInit?.();
  };

  const stopAll = (hard: boolean) => {
    Atomics.store(controlView, CONTROL_STOP, 1);
    pool.broadcast({ type: 'stop', hard });
    if (hard && blockingConnectionIds.size > 0) blockedKill ??= setTimeout(killBlockedStatements, BLOCKED_KILL_AFTER_MS);
  };
  // A worker blocked in read(2) hears no 'stop' until its statement ends (a lock wait can take
  // minutes): KILL makes the server end the statement and close the connection, and the read returns.
  const killBlockedStatements = () => {
    const finished = pool.finishedByWorker();
    for (const [worker, ids] of blockingConnectionIds) {
      if (finished[worker] !== undefined) continue;
      for (const id of ids) void admin.run(killConnectionStatement(id)).catch(() => undefined);
    }
  };
  const pool = new BenchWorkerPool(setups, (worker, message: WorkerMessage) => {
    switch (message.type) {
      case 'ready':
        readyCount++;
        if (message.blockingConnectionIds) blockingConnectionIds.set(worker, message.blockingConnectionIds);
        checkInit();
        break;
      case 'log':
        if (message.level === 'info' || options.driver.debug) log(message.message);
        break;
      case 'finished':
        abandoned.push(...message.abandonedConnectionIds);
        if (message.failure && !state.failure) {
          state.failure = message.failure;
          stopAll(true);
        }
        checkInit();
        break;
      default:
        break;
    }
  });

  const onAbort = () => {
    state.cancelled = true;
    stopAll(true);
    checkInit();
    setTimeout(() => void pool.terminate(), CANCEL_TERMINATE_AFTER_MS).unref();
  };
  hooks.signal?.addEventListener('abort', onAbort, { once: true });

  try {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        if (readyCount < setups.length && !state.failure) {
          state.failure = { message: `Worker threads failed to initialize within ${THREAD_INIT_TIMEOUT_MS / 1000} seconds!` };
        }
        resolve();
      }, THREAD_INIT_TIMEOUT_MS);
      settleInit = () => {
        clearTimeout(timer);
        resolve();
      };
      checkInit();
    });

    if (state.failure || state.cancelled || readyCount < setups.length) {
      stopAll(true);
      await pool.whenFinished();
      await pool.terminate();
      if (state.cancelled) throw new BenchmarkError('The benchmark was cancelled while its threads were connecting.');
      if (state.failure?.errno === ER_CON_COUNT_ERROR)
        throw await tooManyConnections(admin, options.connection, limits.threads, state.failure.message);
      throw new BenchmarkError(explainInitFailure(state.failure?.message ?? 'the benchmark threads did not start', options));
    }

    const startMs = epochNow();
    const measuredStartMs = startMs + limits.warmupTime * 1000;
    const deadlineMs = limits.time > 0 ? measuredStartMs + limits.time * 1000 : 0;
    const startTime = new Date(measuredStartMs).toISOString();
    pool.broadcast({ type: 'start', startMs, deadlineMs });
    hooks.onThreadsStarted?.();
    const meter = new ClientMeter();

    const timers: NodeJS.Timeout[] = [];
    if (limits.warmupTime > 0) {
      timers.push(
        setTimeout(() => {
          pool.reset();
          statistics.reset();
          meter.start();
        }, measuredStartMs - epochNow()),
      );
    }
    if (deadlineMs > 0 && limits.forcedShutdown !== undefined) {
      timers.push(
        setTimeout(
          () => {
            state.forcedShutdown = true;
            stopAll(true);
          },
          deadlineMs - epochNow() + limits.forcedShutdown * 1000,
        ),
      );
    }

    const intervals: ResultInterval[] = [];
    const reporter = new IntervalReporter(pool, statistics, meter, {
      measuredStartMs,
      intervalSec: limits.reportInterval,
      threadsByWorker: threadIdsByWorker.map((ids) => ids.length),
      emit: (report) => {
        intervals.push(report.interval);
        hooks.onInterval?.(report);
      },
    });
    const reporting = limits.reportInterval > 0 ? reporter.run() : Promise.resolve();

    await pool.whenFinished();
    const endMs = epochNow();
    for (const timer of timers) clearTimeout(timer);
    await reporting;
    reporter.finish(endMs, limits.reportInterval > 0 && !state.cancelled);
    if (hooks.beforeConnectionsClose) {
      await hooks.beforeConnectionsClose().catch(() => undefined);
      await pool.release(RELEASE_TIMEOUT_MS);
    }
    await pool.terminate();
    const client = meter.finish(finalLoops(pool), intervals);

    for (const id of abandoned) {
      // The statement was still running when we cut its connection; make the server drop it too.
      await admin.run(killConnectionStatement(id)).catch(() => undefined);
    }

    const failure = state.failure as WorkerFailure | undefined;
    const status: RunStatus = state.cancelled ? 'cancelled' : failure ? 'failed' : 'completed';
    const message = state.cancelled
      ? 'Cancelled; the result holds what was measured until then.'
      : failure
        ? failure.message
        : state.forcedShutdown
          ? 'The --time limit has expired, forcing shutdown.'
          : undefined;
    const result = buildRunResult(options, statistics, {
      startTime,
      durationSec: Math.max(0, (endMs - measuredStartMs) / 1000),
      intervals,
      status,
      message,
      server: serverInfoOf(identity, options),
      labels: hooks.labels,
      client,
    });
    const details: RunDetails = {
      fairness: statistics.fairness(),
      latencySumMs: statistics.cumulative.sumMs,
      percentileMs: limits.percentile > 0 ? statistics.cumulative.percentileMs(limits.percentile) : null,
    };
    return { result, details };
  } finally {
    clearTimeout(blockedKill);
    hooks.signal?.removeEventListener('abort', onAbort);
  }
}

/** Spreads the threads round-robin over the worker_threads, each with its random state and server. */
function workerSetups(
  options: BenchOptions,
  serverIsTiDB: boolean,
  sessionStatements: string[],
  holdConnections: boolean,
): { setups: RunWorkerSetup[]; threadIdsByWorker: number[][]; control: SharedArrayBuffer } {
  const limits = options.limits;
  const targets = leanConnectTargets(options.connection);
  const seeds = threadRandomStates({
    seed: options.random.seed,
    threads: limits.threads,
    reportThread: limits.reportInterval > 0,
    eventGenerator: limits.rate > 0,
  });
  const serverIsLocal = options.connection.hosts.every(isLocalHost) || options.connection.socket !== undefined;
  const { blocking, workers: workerCount } = chooseClientIo({
    threads: limits.threads,
    io: options.driver.clientIo,
    requestedWorkers: options.driver.clientWorkers,
    eventedWorkers: clientWorkerCount(limits.threads, options.driver.clientWorkers, serverIsLocal),
    rate: limits.rate,
    tls: options.connection.tls !== 'disabled',
    cpus: availableParallelism(),
  });
  const plans: WorkerThreadPlan[][] = Array.from({ length: workerCount }, () => []);
  const threadIdsByWorker: number[][] = Array.from({ length: workerCount }, () => []);
  for (let thread = 0; thread < limits.threads; thread++) {
    const worker = thread % workerCount;
    const target = targets[thread % targets.length];
    plans[worker].push({ threadId: thread, random: seeds.workers[thread], connect: blocking ? { ...target, blocking } : target });
    threadIdsByWorker[worker].push(thread);
  }
  const control = new SharedArrayBuffer(CONTROL_SLOTS * 4);
  const uniqueCounter = new SharedArrayBuffer(4);
  const uniqueSeed = uniqueSequenceSeed(options.random.seed);
  // --rate is split over the workers: each runs a Poisson process of its share, which together
  // are one Poisson process of the whole rate
  const generatorState = (worker: number) =>
    worker === 0
      ? seeds.eventGenerator
      : threadRandomStates({
          seed: options.random.seed === 0 ? 0 : options.random.seed + worker,
          threads: 1,
          reportThread: false,
          eventGenerator: false,
        }).workers[0];
  const setups: RunWorkerSetup[] = plans.map((threads, worker) => ({
    task: 'run',
    options,
    threads,
    rate: limits.rate > 0 ? (limits.rate * threads.length) / limits.threads : 0,
    eventGeneratorRandom: limits.rate > 0 ? generatorState(worker) : undefined,
    serverIsTiDB,
    control,
    uniqueCounter,
    uniqueSeed,
    sessionStatements,
    holdConnections,
    ...(blocking ? { sharedCounters: SharedWorkerCounters.allocate(threads.length, THREAD_SLOTS) } : {}),
  }));
  return { setups, threadIdsByWorker, control };
}

function finalLoops(pool: BenchWorkerPool): Array<WorkerLoopLoad | undefined> {
  return pool.finishedByWorker().map((message) => message?.snapshot.loop);
}

function explainInitFailure(message: string, options: BenchOptions): string {
  if (/Table '.*' doesn't exist/i.test(message) || /\b1146\b/.test(message)) {
    return `${message}. Run '${options.workload} prepare' first (with the same --tables and --mysql-db).`;
  }
  return message;
}

export interface RunOutcome {
  startTime: string;
  durationSec: number;
  intervals: ResultInterval[];
  status: RunStatus;
  message?: string;
  server: RunResult['server'];
  labels?: Record<string, string | number>;
  client?: ClientLoad;
}

/** { "1213": 10, "2013": 2 }, most frequent first. */
function errorCodesRecord(codes: ReadonlyMap<number, number>): Record<string, number> {
  return Object.fromEntries([...codes].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([code, count]) => [String(code), count]));
}

export function buildRunResult(options: BenchOptions, statistics: RunStatistics, outcome: RunOutcome): RunResult {
  const totals = statistics.totals();
  const queries = totals.reads + totals.writes + totals.others;
  const seconds = outcome.durationSec;
  const per = (count: number) => (seconds > 0 ? count / seconds : 0);
  const latency = statistics.cumulative;
  return {
    kind: 'run',
    schemaVersion: RESULT_SCHEMA_VERSION,
    id: randomUUID(),
    source: { tool: TOOL_NAME, toolVersion: TOOL_VERSION, engine: 'builtin' },
    workload: options.workload,
    options: optionsRecord(options),
    server: outcome.server,
    startTime: outcome.startTime,
    durationSec: seconds,
    intervals: outcome.intervals,
    summary: {
      events: totals.events,
      queries,
      reads: totals.reads,
      writes: totals.writes,
      others: totals.others,
      tps: per(totals.events),
      qps: per(queries),
      errors: totals.errors,
      reconnects: totals.reconnects,
      ...(statistics.errorCodes.size > 0 ? { errorCodes: errorCodesRecord(statistics.errorCodes) } : {}),
      latencyMs: latency.summary(),
    },
    histogram: latency.buckets(),
    latencyHdr: latency.exact(),
    status: outcome.status,
    message: outcome.message,
    labels: outcome.labels,
    ...(outcome.client ? { client: outcome.client } : {}),
  };
}
