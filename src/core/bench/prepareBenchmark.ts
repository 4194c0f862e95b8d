// The prepare verb: creates the workload's tables and rows the way sysbench does (tables spread
// over the threads, each table created, filled and indexed by one thread), then, on TiDB only,
// PingCAP's recipe per table: warm the k index up and ANALYZE TABLE.
import type { SqlLogger } from '../db/sqlExecutor';
import type { DatabaseSession } from '../db/databaseSession';
import { openAdminSession } from './adminSession';
import { leanConnectTargets } from './benchConnectionSettings';
import { resolveBenchmarkConfig, type BenchmarkConfig } from './benchmarkConfig';
import type { BenchOptions } from './benchOptions';
import { BenchWorkerPool } from './benchWorkerPool';
import { BenchmarkError, clientWorkerCount, isLocalHost } from './runBenchmark';
import { threadRandomStates } from './randomSeeding';
import { createBulkInsertTableSql, tidbWarmupSql } from './sysbenchSql';
import { CONTROL_SLOTS, type PrepareWorkerSetup, type WorkerFailure, type WorkerThreadPlan } from './workerMessages';

export interface PrepareHooks {
  signal?: AbortSignal;
  onLog?: (message: string) => void;
  onSql?: SqlLogger;
  /** rows inserted so far into one table */
  onProgress?: (table: string, rows: number, of: number) => void;
}

export interface PrepareOutcome {
  tables: string[];
  rowsPerTable: number;
  seconds: number;
  /** the TiDB steps that ran after loading, if any */
  tidbSteps: string[];
}

export async function prepareWithOptions(options: BenchOptions, hooks: PrepareHooks = {}): Promise<PrepareOutcome> {
  const log = hooks.onLog ?? (() => undefined);
  const started = performance.now();
  const admin = await openAdminSession(options.connection, hooks.onSql);
  try {
    if (options.workload === 'bulk_insert') return await prepareBulkInsert(options, admin, log, started);
    await loadTables(options, hooks);
    const tables = Array.from({ length: options.workloadOptions.tables }, (_unused, index) => index + 1);
    const tidbSteps: string[] = [];
    if (admin.identity.flavor === 'tidb' && options.driver.tidbPrepareWarmup) {
      for (const table of tables) {
        if (hooks.signal?.aborted) throw new BenchmarkError('Prepare was cancelled.');
        const [warmup, analyze] = tidbWarmupSql(table);
        const steps = options.workloadOptions.createSecondary ? [warmup, analyze] : [analyze];
        for (const sql of steps) {
          log(`TiDB: ${sql}`);
          await admin.query(sql);
          tidbSteps.push(sql);
        }
      }
    }
    const rowsPerTable = options.workload === 'oltp_insert' && !options.workloadOptions.autoInc ? 0 : options.workloadOptions.tableSize;
    return { tables: tables.map((table) => `sbtest${table}`), rowsPerTable, seconds: (performance.now() - started) / 1000, tidbSteps };
  } finally {
    await admin.close();
  }
}

export function prepareBenchmark(config: BenchmarkConfig, hooks: PrepareHooks = {}): Promise<PrepareOutcome> {
  return prepareWithOptions(resolveBenchmarkConfig(config), hooks);
}

async function prepareBulkInsert(options: BenchOptions, admin: DatabaseSession, log: (message: string) => void, started: number): Promise<PrepareOutcome> {
  const tables: string[] = [];
  for (let table = 1; table <= options.limits.threads; table++) {
    log(`Creating table 'sbtest${table}'...`);
    await admin.run(createBulkInsertTableSql(table));
    tables.push(`sbtest${table}`);
  }
  return { tables, rowsPerTable: 0, seconds: (performance.now() - started) / 1000, tidbSteps: [] };
}

async function loadTables(options: BenchOptions, hooks: PrepareHooks): Promise<void> {
  const threads = options.limits.threads;
  const targets = leanConnectTargets(options.connection);
  const seeds = threadRandomStates({ seed: options.random.seed, threads, reportThread: false, eventGenerator: false });
  // Threads without a table would only open a connection and close it again.
  const busyThreads = Math.min(threads, options.workloadOptions.tables);
  const workerCount = clientWorkerCount(busyThreads, options.driver.clientWorkers, options.connection.hosts.every(isLocalHost));
  const plans: WorkerThreadPlan[][] = Array.from({ length: workerCount }, () => []);
  for (let thread = 0; thread < busyThreads; thread++) {
    plans[thread % workerCount].push({ threadId: thread, random: seeds.workers[thread], connect: targets[thread % targets.length] });
  }
  const control = new SharedArrayBuffer(CONTROL_SLOTS * 4);
  const setups: PrepareWorkerSetup[] = plans.map((threadPlans) => ({ task: 'prepare', options, threads: threadPlans, control }));
  let failure: WorkerFailure | undefined;
  const pool = new BenchWorkerPool(setups, (_worker, message) => {
    if (message.type === 'log') hooks.onLog?.(message.message);
    else if (message.type === 'progress') hooks.onProgress?.(`sbtest${message.tableNumber}`, message.rows, options.workloadOptions.tableSize);
    else if (message.type === 'finished' && message.failure && !failure) {
      failure = message.failure;
      pool.broadcast({ type: 'stop', hard: true });
    }
  });
  const onAbort = () => pool.broadcast({ type: 'stop', hard: true });
  hooks.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await pool.whenFinished();
  } finally {
    hooks.signal?.removeEventListener('abort', onAbort);
    await pool.terminate();
  }
  if (hooks.signal?.aborted) throw new BenchmarkError('Prepare was cancelled; the tables may be incomplete: run cleanup before preparing again.');
  const reported = failure as WorkerFailure | undefined;
  if (reported) throw new BenchmarkError(explainPrepareFailure(reported, options));
}

function explainPrepareFailure(failure: WorkerFailure, options: BenchOptions): string {
  if (failure.errno === 1050) {
    return `${failure.message}. The tables exist already: run '${options.workload} cleanup' first, or keep the ones you have.`;
  }
  return failure.message;
}
