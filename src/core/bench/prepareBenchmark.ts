// The prepare verb: creates the workload's tables and rows the way sysbench does (tables spread
// over the threads, each table created, filled and indexed by one thread), then, on TiDB only,
// PingCAP's recipe per table: warm the k index up and ANALYZE TABLE.
import type { SqlLogger } from '../db/sqlExecutor';
import type { DatabaseSession } from '../db/databaseSession';
import { openAdminSession } from './adminSession';
import { leanConnectTargets } from './benchConnectionSettings';
import { resolveBenchmarkConfig, type BenchmarkConfig } from './benchmarkConfig';
import type { BenchOptions } from './benchOptions';
import { BenchWorkerPool } from './workers/benchWorkerPool';
import { BenchmarkError, clientWorkerCount, isLocalHost } from './runBenchmark';
import { threadRandomStates } from './sysbench/randomSeeding';
import { createBulkInsertTableSql, tidbWarmupSql } from './sysbench/sysbenchSql';
import { killConnectionStatement } from '../db/queryKill';
import { ER_CON_COUNT_ERROR, tooManyConnections } from './connection/tooManyConnections';
import { quoteIdentifier, quoteQualifiedName } from '../db/sqlIdentifiers';
import { CONTROL_SLOTS, type PrepareWorkerSetup, type WorkerFailure, type WorkerThreadPlan } from './workers/workerMessages';

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
    await loadTables(options, hooks, admin);
    const tables = Array.from({ length: options.workloadOptions.tables }, (_unused, index) => index + 1);
    const tidbSteps: string[] = [];
    if (admin.identity.flavor === 'tidb' && options.driver.tidbPrepareWarmup) {
      for (const table of tables) {
        if (hooks.signal?.aborted)
          throw new BenchmarkError('Prepare was cancelled after loading every table (the TiDB warm-up and ANALYZE steps did not all run).');
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

async function prepareBulkInsert(
  options: BenchOptions,
  admin: DatabaseSession,
  log: (message: string) => void,
  started: number,
): Promise<PrepareOutcome> {
  const tables: string[] = [];
  for (let table = 1; table <= options.limits.threads; table++) {
    log(`Creating table 'sbtest${table}'...`);
    await admin.run(createBulkInsertTableSql(table));
    tables.push(`sbtest${table}`);
  }
  return { tables, rowsPerTable: 0, seconds: (performance.now() - started) / 1000, tidbSteps: [] };
}

async function loadTables(options: BenchOptions, hooks: PrepareHooks, admin: DatabaseSession): Promise<void> {
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
  const serverIsTiDB = admin.identity.flavor === 'tidb';
  const setups: PrepareWorkerSetup[] = plans.map((threadPlans) => ({
    task: 'prepare',
    options,
    threads: threadPlans,
    control,
    serverIsTiDB,
  }));
  let failure: WorkerFailure | undefined;
  // what each started table has: rows so far, and whether it is complete
  const tables = new Map<number, { rows: number; complete: boolean }>();
  const abandoned: bigint[] = [];
  const pool = new BenchWorkerPool(setups, (_worker, message) => {
    if (message.type === 'log') hooks.onLog?.(message.message);
    else if (message.type === 'table')
      tables.set(message.tableNumber, { rows: tables.get(message.tableNumber)?.rows ?? 0, complete: message.complete });
    else if (message.type === 'progress') {
      tables.set(message.tableNumber, { rows: message.rows, complete: false });
      hooks.onProgress?.(`sbtest${message.tableNumber}`, message.rows, options.workloadOptions.tableSize);
    } else if (message.type === 'finished') {
      abandoned.push(...message.abandonedConnectionIds);
      if (message.failure && !failure) {
        failure = message.failure;
        pool.broadcast({ type: 'stop', hard: true });
      }
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
  for (const id of abandoned) {
    // the INSERT or CREATE INDEX we cut would otherwise go on running on the server
    await admin.run(killConnectionStatement(id)).catch(() => undefined);
  }
  if (hooks.signal?.aborted) {
    const started = [...tables.entries()].sort(([a], [b]) => a - b);
    throw new PrepareCancelled(
      options,
      started.filter(([, table]) => !table.complete).map(([number, table]) => ({ table: `sbtest${number}`, rows: table.rows })),
      started.filter(([, table]) => table.complete).map(([number]) => `sbtest${number}`),
    );
  }
  const reported = failure as WorkerFailure | undefined;
  if (reported?.errno === ER_CON_COUNT_ERROR) throw await tooManyConnections(admin, options.connection, busyThreads, reported.message);
  if (reported) throw new BenchmarkError(explainPrepareFailure(reported, options));
}

export interface IncompleteTable {
  table: string;
  /** rows inserted before the cancel */
  rows: number;
}

/** Prepare was cancelled: which tables are half-filled, which are complete, and how to clean up. */
export class PrepareCancelled extends BenchmarkError {
  /** DROP TABLE of the incomplete tables, quoted, in the prepare's database (undefined when none) */
  readonly dropStatement: string | undefined;

  constructor(
    readonly options: BenchOptions,
    readonly incomplete: IncompleteTable[],
    readonly complete: string[],
  ) {
    const of = options.workloadOptions.tableSize;
    const halfFilled = incomplete.map(
      ({ table, rows }) =>
        `${table} (${rows.toLocaleString('en-US')} of ${of.toLocaleString('en-US')} rows${rows === of ? ', no index yet' : ''})`,
    );
    const database = options.connection.database;
    const drop =
      incomplete.length > 0
        ? `DROP TABLE IF EXISTS ${incomplete.map(({ table }) => (database ? quoteQualifiedName(database, table) : quoteIdentifier(table))).join(', ')}`
        : undefined;
    const parts = [
      incomplete.length > 0
        ? `Prepare was cancelled with ${incomplete.length === 1 ? 'a half-filled table' : 'half-filled tables'}: ${halfFilled.join(', ')}.`
        : 'Prepare was cancelled before any table was filled.',
      complete.length > 0 ? `Complete: ${complete.join(', ')}.` : '',
      incomplete.length > 0
        ? `Run '${options.workload} cleanup' (with the same --tables and --mysql-db) before preparing again, or drop the incomplete tables: ${drop};`
        : '',
    ];
    super(parts.filter((part) => part !== '').join(' '));
    this.name = 'PrepareCancelled';
    this.dropStatement = drop;
  }
}

function explainPrepareFailure(failure: WorkerFailure, options: BenchOptions): string {
  if (failure.errno === 1050) {
    return `${failure.message}. The tables exist already: run '${options.workload} cleanup' first, or keep the ones you have.`;
  }
  return failure.message;
}
