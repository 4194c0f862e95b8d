// go-tpc's rawsql run: N threads, each on its own connection, run the queries round-robin (thread
// i starts at query i) until --time is up, --count queries are done, or the run is cancelled.
// The queries go as text-protocol statements on the threads' connections; latencies by query in
// HDR histograms; an interval every --interval for the live view; one RunResult at the end.
// `result.client` and each interval's `client`: how busy this process was (loopClientMeter.ts; the
// rule is results/clientBound.ts), as a TPC-C run measures it.
import { createHash, randomUUID } from 'node:crypto';
import { DatabaseSession } from '../../db/databaseSession';
import type { SqlExecutor } from '../../db/sqlExecutor';
import { RESULT_SCHEMA_VERSION, type ClientLoad, type ResultInterval, type RunResult, type RunStatus } from '../../results/benchmarkResult';
import { TOOL_VERSION } from '../../toolVersion';
import { adminProfile } from '../benchConnectionSettings';
import type { ConnectionOptionValues } from '../benchOptions';
import type { GoTpcHooks, GoTpcIntervalReport, GoTpcRun } from '../gotpc/goTpcRun';
import { RunClock } from '../gotpc/runClock';
import { threadCounts } from '../gotpc/threadCounts';
import { LatencyRecorder } from '../latencyHistogram';
import { LoopClientMeter } from '../loopClientMeter';
import { serverInfoOf } from '../serverInfo';
import { errorOperation, operationLabelsOf, OperationRecorders, type OperationNumbers } from './rawsqlMeasurement';
import type { RawQuery } from './rawsqlQueries';

export const RAWSQL_WORKLOAD = 'rawsql';

export interface RawsqlConfig {
  queries: RawQuery[];
  /** the files as given, for the result's options */
  queryFiles: string[];
  connection: ConnectionOptionValues;
  threads: number;
  /** seconds, 0: no time limit */
  timeSec: number;
  /** queries in all, over every thread; 0: no limit */
  count: number;
  /** seconds between interval reports */
  intervalSec: number;
  /** go-tpc's --ignore-error: a failed query does not stop its thread */
  ignoreError: boolean;
}

export type RawsqlIntervalReport = GoTpcIntervalReport;
export type RawsqlHooks = GoTpcHooks;
export type RawsqlRun = GoTpcRun;

/** The query a thread runs at its n-th step (0-based), as go-tpc picks it. */
export function queryIndex(thread: number, step: number, queries: number): number {
  return (thread + step) % queries;
}

class Counters {
  readonly all = new LatencyRecorder();
  readonly byQuery = new OperationRecorders();
  reads = 0;
  writes = 0;
  others = 0;
  errors = 0;
  reconnects = 0;
}

export async function runRawsql(config: RawsqlConfig, hooks: RawsqlHooks = {}): Promise<RawsqlRun> {
  const log = hooks.onLog ?? (() => undefined);
  const { queries, threads } = config;
  const admin = await DatabaseSession.open(adminProfile(config.connection), config.connection.password, {
    logger: hooks.onSql,
    connectionLimit: 1,
  });
  const pool = await DatabaseSession.open(adminProfile(config.connection), config.connection.password, {
    connectionLimit: threads,
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
      const interval = { ...intervalOf(taken, t, seconds, state.running), client: clientMeter.closeInterval() };
      hooks.onInterval?.({ interval, operations: taken.byQuery.numbers(seconds) });
      return interval;
    },
  );
  let connected = 0;
  let allConnected: () => void = () => undefined;
  const connectedPromise = new Promise<void>((resolve) => (allConnected = resolve));

  const record = (query: RawQuery, ms: number, error?: unknown) => {
    for (const counters of [total, clock.current]) {
      if (error === undefined) {
        counters.all.record(ms);
        counters.byQuery.record(query.name, ms);
        if (query.kind === 'read') counters.reads++;
        else if (query.kind === 'write') counters.writes++;
        else counters.others++;
      } else {
        counters.byQuery.record(errorOperation(query.name), ms);
        counters.errors++;
      }
    }
    if (error !== undefined) {
      const errno = (error as { errno?: unknown }).errno;
      if (typeof errno === 'number') errorCodes.set(errno, (errorCodes.get(errno) ?? 0) + 1);
    }
  };

  const runThread = async (thread: number): Promise<void> => {
    let step = 0;
    let firstConnection = true;
    const limit = perThread[thread];
    const more = () => clock.running() && (limit === 0 || step < limit);
    while (firstConnection || more()) {
      try {
        await pool.withDedicatedConnection(async (executor: SqlExecutor) => {
          if (firstConnection) {
            firstConnection = false;
            if (++connected === threads) allConnected();
            await clock.started;
          }
          state.running++;
          try {
            while (more()) {
              const query = queries[queryIndex(thread, step, queries.length)];
              step++;
              const begin = performance.now();
              try {
                await executor.query(query.sql);
                record(query, performance.now() - begin);
              } catch (error) {
                record(query, performance.now() - begin, error);
                if ((error as { fatal?: unknown }).fatal === true) throw error;
                const message = `execute ${query.name} failed, err ${error instanceof Error ? error.message : String(error)}`;
                log(message);
                if (!config.ignoreError) {
                  state.failure ??= message;
                  return;
                }
              }
            }
          } finally {
            state.running--;
          }
        });
        return;
      } catch (error) {
        // the connection is gone (withDedicatedConnection destroyed it): a new one, as go-tpc refreshes it
        if (firstConnection) {
          firstConnection = false;
          state.failure ??= error instanceof Error ? error.message : String(error);
          clock.stopped = true;
          if (++connected === threads) allConnected();
          return;
        }
        if (!config.ignoreError) {
          state.failure ??= `connection lost: ${error instanceof Error ? error.message : String(error)}`;
          return;
        }
        total.reconnects++;
        clock.current.reconnects++;
      }
    }
  };

  try {
    const threadRuns = Array.from({ length: threads }, (_, thread) => runThread(thread));
    await connectedPromise;
    if (state.failure !== undefined && clock.stopped && total.all.count === 0 && !hooks.signal?.aborted) {
      clock.stop();
      await Promise.all(threadRuns);
      throw new Error(state.failure);
    }
    clientMeter.start();
    clock.start();
    hooks.onThreadsStarted?.();
    await Promise.all(threadRuns);
    const { durationSec } = clock.finish((current) => current.all.count > 0 || current.errors > 0);
    const client = clientMeter.finish(clock.intervals);
    const cancelled = hooks.signal?.aborted === true;
    const status: RunStatus = cancelled ? 'cancelled' : state.failure !== undefined ? 'failed' : 'completed';
    const operations = total.byQuery.numbers(durationSec);
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
    await pool.close();
    await admin.close();
  }
}

function intervalOf(c: Counters, t: number, seconds: number, threads: number): ResultInterval {
  const per = (value: number) => (seconds > 0 ? value / seconds : 0);
  const latency = c.all.summary();
  return {
    t,
    threads,
    tps: per(c.all.count),
    qps: per(c.all.count),
    reads: per(c.reads),
    writes: per(c.writes),
    others: per(c.others),
    errors: per(c.errors),
    reconnects: per(c.reconnects),
    latencyMs: latency,
  };
}

/** Q1=<sha-256 of its text, 16 hex>: what tells two runs of the same files from runs of different queries. */
export function queryFingerprints(queries: readonly RawQuery[]): string {
  return queries.map((query) => `${query.name}=${createHash('sha256').update(query.sql).digest('hex').slice(0, 16)}`).join(',');
}

interface RawsqlOutcome {
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

function resultOf(config: RawsqlConfig, c: Counters, outcome: RawsqlOutcome): RunResult {
  const events = c.all.count;
  const per = (value: number) => (outcome.durationSec > 0 ? value / outcome.durationSec : 0);
  const connection = config.connection;
  return {
    kind: 'run',
    schemaVersion: RESULT_SCHEMA_VERSION,
    id: randomUUID(),
    source: { tool: 'tidb-lab', toolVersion: TOOL_VERSION, engine: 'builtin' },
    workload: RAWSQL_WORKLOAD,
    options: {
      threads: config.threads,
      time: config.timeSec,
      count: config.count,
      interval: config.intervalSec,
      ignore_error: config.ignoreError,
      query_files: config.queryFiles.join(','),
      queries: queryFingerprints(config.queries),
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
      events,
      queries: events,
      reads: c.reads,
      writes: c.writes,
      others: c.others,
      tps: per(events),
      qps: per(events),
      errors: c.errors,
      reconnects: c.reconnects,
      ...(outcome.errorCodes.size > 0
        ? { errorCodes: Object.fromEntries([...outcome.errorCodes].sort((a, b) => b[1] - a[1]).map(([code, n]) => [String(code), n])) }
        : {}),
      latencyMs: c.all.summary(),
    },
    histogram: c.all.buckets(),
    latencyHdr: c.all.exact(),
    operationHdr: Object.fromEntries([...c.byQuery.byName].map(([name, recorder]) => [name, recorder.exact()])),
    status: outcome.status,
    ...(outcome.message !== undefined ? { message: outcome.message } : {}),
    client: outcome.client,
    labels: operationLabelsOf(outcome.operations),
  };
}
