// The bulk-loading study as one action: rows per INSERT x writer threads x ordered or shuffled
// primary keys. A loader pool takes batches of keys in turn (as a loader reading a file does) and
// each writer sends its batch as one multi-row INSERT; a cell reports rows/s, MB/s of row data
// (bulkLoadRow.ts) and the statement time percentiles (p99 is the study's figure). Writers are
// spread over every host given, in turn, as sysbench spreads its threads, and run in benchmark
// worker_threads (bulkLoadWriters.ts), never on the caller's thread (the extension host's).
// A statement over the server's max_allowed_packet is refused in words before anything is sent.
import { randomUUID } from 'node:crypto';
import type { DatabaseSession } from '../../db/databaseSession';
import { quoteIdentifier } from '../../db/sqlIdentifiers';
import {
  RESULT_SCHEMA_VERSION,
  type ExperimentCell,
  type ExperimentResult,
  type RunResult,
  type SkippedVariant,
} from '../../results/benchmarkResult';
import { experimentResult, settleExperiment } from '../experiments/experimentResult';
import { openAdminSession } from '../adminSession';
import { connectionOptionValues, leanConnectTargets, type BenchConnectionSettings } from '../benchConnectionSettings';
import type { BulkLoadExperimentDefinition, KeyOrder } from '../experiments/experimentDefinition';
import { planBulkLoad, type BulkLoadCellPlan } from './bulkLoadPlan';
import { bulkInsertPrefix, bulkLoadTableSql, layoutRefusal, layoutWords, serverAssignsKeys } from './bulkLoadTable';
import type { ExperimentHooks } from '../experiments/experimentHooks';
import { LatencyRecorder } from '../latencyHistogram';
import { packetTooLargeWords } from '../mysqlWire/packetLimit';
import { BenchWorkerPool } from '../workers/benchWorkerPool';
import { fillLoadOrder } from './bulkLoadWriters';
import { CONTROL_STOP, type BulkLoadWorkerSetup } from '../workers/workerMessages';
import { threadRandomStates } from '../sysbench/randomSeeding';
import { TOOL_NAME, clientWorkerCount, isLocalHost } from '../runBenchmark';
import { TOOL_VERSION } from '../../toolVersion';
import { serverInfoOf } from '../serverInfo';
import type { ServerIdentity } from '../../db/serverFlavor';
import type { ServerRegions } from '../../results/serverRegions';
import { notTiDBRegions, RunRegions } from '../../server/runRegions';
import { SysbenchRandom } from '../sysbench/sysbenchRandom';
import { C_VALUE_TEMPLATE, PAD_VALUE_TEMPLATE } from '../sysbench/sysbenchSql';
import { BULK_LOAD_ROW_BYTES } from './bulkLoadRow';

const BYTES_PER_MB = 1_000_000;

// the planning and the table's SQL have modules of their own; their callers keep importing them from here
export { bulkLoadCellCount, planBulkLoad, type BulkLoadCellPlan } from './bulkLoadPlan';
export { bulkLoadTableSql } from './bulkLoadTable';

/**
 * The cells this server can run and the variants it cannot (a TiDB-only table layout on MariaDB or
 * MySQL), each with the reason, decided before anything is created.
 */
export function runnableBulkLoadCells(
  plan: readonly BulkLoadCellPlan[],
  server: ServerIdentity,
): { cells: BulkLoadCellPlan[]; skipped: SkippedVariant[] } {
  const cells: BulkLoadCellPlan[] = [];
  const skipped = new Map<string, SkippedVariant>();
  for (const cell of plan) {
    const reason = layoutRefusal(cell.layout, server);
    if (reason === undefined) cells.push(cell);
    else {
      const entry = skipped.get(cell.variant) ?? { variant: cell.variant, reason, cells: 0 };
      entry.cells++;
      skipped.set(cell.variant, entry);
    }
  }
  return { cells, skipped: [...skipped.values()] };
}

/** Cells whose writers outnumber their statements: the extra writers have nothing to send. */
export function bulkLoadWarnings(definition: BulkLoadExperimentDefinition): string[] {
  const warnings: string[] = [];
  for (const rowsPerInsert of definition.rowsPerInsert) {
    const statements = Math.ceil(definition.rows / rowsPerInsert);
    for (const writers of definition.writerThreads) {
      if (writers > statements) {
        warnings.push(
          `${writers} writers for ${statements} statement(s) of ${rowsPerInsert} rows (${definition.rows} rows): ${writers - statements} writer(s) have nothing to send, so that cell measures ${statements} writer(s).`,
        );
      }
    }
  }
  return warnings;
}

/** The keys 1..rows in load order: ascending, or a Fisher-Yates shuffle. */
export function loadOrder(rows: number, order: KeyOrder, random: SysbenchRandom): Int32Array {
  return fillLoadOrder(new Int32Array(rows), order, random);
}

/** The longest INSERT a cell sends: its prefix and rowsPerInsert rows with keys of the most digits. */
export function bulkInsertStatementBytes(table: string, rowsPerInsert: number, rows: number, serverKeys = false): number {
  const count = Math.min(rowsPerInsert, rows);
  const digits = String(rows).length;
  // (id, k, 'c', 'pad'), or (k, 'c', 'pad') when the server assigns the ids
  const rowBytes = 1 + (serverKeys ? 0 : digits + 2) + digits + 3 + C_VALUE_TEMPLATE.length + 4 + PAD_VALUE_TEMPLATE.length + 2;
  return Buffer.byteLength(bulkInsertPrefix(table, serverKeys)) + count * rowBytes + (count - 1);
}

async function readMaxAllowedPacket(admin: DatabaseSession): Promise<number | undefined> {
  const rows = await admin.query('SELECT @@max_allowed_packet AS max_allowed_packet');
  const value = Number(rows[0]?.max_allowed_packet);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

export async function runBulkLoadExperiment(
  definition: BulkLoadExperimentDefinition,
  connection: BenchConnectionSettings,
  hooks: ExperimentHooks = {},
): Promise<ExperimentResult> {
  const log = hooks.onLog ?? (() => undefined);
  const values = connectionOptionValues(connection);
  const started = Date.now();
  const admin = await openAdminSession(values, hooks.onSql);
  const { cells: plan, skipped } = runnableBulkLoadCells(planBulkLoad(definition), admin.identity);
  const cells: ExperimentCell[] = [];
  const notes = bulkLoadWarnings(definition);
  for (const note of notes) log(`warning: ${note}`);
  for (const variant of skipped) log(`skipped: variant '${variant.variant}' (${variant.cells} cells): ${variant.reason}`);
  // read before the load: a statement over it is refused with words, not sent to be cut off
  const maxAllowedPacket = await readMaxAllowedPacket(admin).catch(() => undefined);
  const { status, message } = await settleExperiment(
    cells,
    plan.length,
    hooks.signal,
    async () => {
      if (plan.length === 0)
        throw new Error(`Nothing to run on this server: ${skipped.map((variant) => `'${variant.variant}': ${variant.reason}`).join(' ')}`);
      for (const [index, cell] of plan.entries()) {
        if (hooks.signal?.aborted) break;
        const label = `${cell.variant === cell.keyOrder ? '' : `variant='${cell.variant}' `}rows_per_insert=${cell.rowsPerInsert} writers=${cell.writers} keys=${cell.keyOrder}${cell.repetition > 1 ? ` (run ${cell.repetition})` : ''}`;
        log(label);
        hooks.onStep?.({ kind: 'cell', index, total: plan.length, label });
        const run = await loadCell(definition, cell, admin, connection, maxAllowedPacket, hooks.signal);
        const experimentCell: ExperimentCell = {
          workload: 'bulk_load',
          threads: cell.writers,
          variant: cell.variant,
          params: { rows_per_insert: cell.rowsPerInsert, rows: cell.rows, ...layoutParams(cell) },
          run,
        };
        cells.push(experimentCell);
        hooks.onCell?.(experimentCell, index, plan.length);
      }
      await admin.run(`DROP TABLE IF EXISTS ${quoteIdentifier(definition.table)}`);
    },
    () => admin.close(),
    notes,
  );
  return experimentResult({
    definition,
    variants: [...new Set(plan.map((cell) => cell.variant))],
    cells,
    skipped,
    status,
    message,
    server: serverInfoOf(admin.identity, { connection: values }),
    startedMs: started,
  });
}

/** The cell's table layout and index option, in the params and options of its result. */
function layoutParams(cell: BulkLoadCellPlan): Record<string, string | boolean> {
  return {
    key_order: cell.keyOrder,
    table_layout: cell.layout.name,
    primary_key: cell.layout.primaryKey,
    secondary_index: cell.secondaryIndex,
  };
}

/** The indexes the loaded table has, as SHOW INDEX lists them (one name per index). */
async function tableIndexes(admin: DatabaseSession, table: string): Promise<string> {
  const rows = await admin.query(`SHOW INDEX FROM ${quoteIdentifier(table)}`);
  return [...new Set(rows.map((row) => String(row.Key_name ?? row.KEY_NAME)))].join(',');
}

async function loadCell(
  definition: BulkLoadExperimentDefinition,
  cell: BulkLoadCellPlan,
  admin: DatabaseSession,
  connection: BenchConnectionSettings,
  maxAllowedPacket: number | undefined,
  signal?: AbortSignal,
): Promise<RunResult> {
  const values = connectionOptionValues(connection);
  const targets = leanConnectTargets(values);
  const serverKeys = serverAssignsKeys(cell.layout);
  const statementBytes = bulkInsertStatementBytes(definition.table, cell.rowsPerInsert, cell.rows, serverKeys);
  const result = (outcome: {
    seconds: number;
    rowsLoaded: number;
    latencies: LatencyRecorder;
    failure?: string;
    startTime: string;
    indexes?: string;
    regions?: ServerRegions;
  }): RunResult => {
    const statements = outcome.latencies.count;
    const per = (value: number) => (outcome.seconds > 0 ? value / outcome.seconds : 0);
    return {
      kind: 'run',
      schemaVersion: RESULT_SCHEMA_VERSION,
      id: randomUUID(),
      source: { tool: TOOL_NAME, toolVersion: TOOL_VERSION },
      workload: 'bulk_load',
      options: {
        rows: cell.rows,
        rows_per_insert: cell.rowsPerInsert,
        threads: cell.writers,
        ...layoutParams(cell),
        table: definition.table,
      },
      server: { ...serverInfoOf(admin.identity, { connection: values }), ...(outcome.regions ? { regions: outcome.regions } : {}) },
      startTime: outcome.startTime,
      durationSec: outcome.seconds,
      intervals: [],
      summary: {
        events: statements,
        queries: statements,
        reads: 0,
        writes: statements,
        others: 0,
        tps: per(statements),
        qps: per(statements),
        errors: outcome.failure ? 1 : 0,
        reconnects: 0,
        latencyMs: outcome.latencies.summary(),
        rowsPerSec: per(outcome.rowsLoaded),
        mbPerSec: per(outcome.rowsLoaded * BULK_LOAD_ROW_BYTES) / BYTES_PER_MB,
      },
      histogram: outcome.latencies.buckets(),
      status: signal?.aborted ? 'cancelled' : outcome.failure ? 'failed' : 'completed',
      message: outcome.failure,
      labels: {
        variant: cell.variant,
        rows_loaded: outcome.rowsLoaded,
        ...(outcome.indexes === undefined ? {} : { indexes: outcome.indexes }),
        hosts: [...new Set(targets.slice(0, cell.writers).map((target) => `${target.host}:${target.port}`))].join(','),
        statement_bytes: statementBytes,
      },
    };
  };
  if (maxAllowedPacket !== undefined && statementBytes > maxAllowedPacket) {
    return result({
      seconds: 0,
      rowsLoaded: 0,
      latencies: new LatencyRecorder(),
      startTime: new Date().toISOString(),
      failure: `Not loaded: ${cell.rowsPerInsert} rows per statement. ${packetTooLargeWords(statementBytes, maxAllowedPacket)}`,
    });
  }

  const table = quoteIdentifier(definition.table);
  await admin.run(`DROP TABLE IF EXISTS ${table}`);
  try {
    await admin.run(bulkLoadTableSql(definition.table, cell.layout, cell.secondaryIndex));
  } catch (error) {
    // a layout this server refuses (an option it does not know): this cell fails, the others run
    return result({
      seconds: 0,
      rowsLoaded: 0,
      latencies: new LatencyRecorder(),
      startTime: new Date().toISOString(),
      failure: `Not loaded: the server refused the table (${layoutWords(cell.layout)}): ${error instanceof Error ? error.message : String(error)}`,
    });
  }

  // the new table's regions before the load (one, or the pre-split ones), for the hot spot it makes
  const regions = await RunRegions.start(admin, admin.identity.flavor, { database: connection.database, tables: [definition.table] });
  const seeds = threadRandomStates({ seed: definition.seed, threads: cell.writers + 1, reportThread: false, eventGenerator: false });
  const serverIsLocal = values.hosts.every(isLocalHost) || values.socket !== undefined;
  const workerCount = clientWorkerCount(cell.writers, 0, serverIsLocal);
  const control = new SharedArrayBuffer(2 * 4);
  const keys = new SharedArrayBuffer(serverKeys ? 0 : cell.rows * 4);
  const setups: BulkLoadWorkerSetup[] = Array.from({ length: workerCount }, (_unused, worker) => ({
    task: 'bulkLoad',
    table: definition.table,
    rows: cell.rows,
    rowsPerInsert: cell.rowsPerInsert,
    keyOrder: cell.keyOrder === 'server-assigned' ? 'ordered' : cell.keyOrder,
    serverKeys,
    keys,
    fillKeys: worker === 0 && !serverKeys,
    keysRandom: seeds.workers[0],
    writers: [],
    control,
  }));
  // writer i on worker i mod workers, and on host i mod hosts, as sysbench spreads its threads
  for (let writer = 0; writer < cell.writers; writer++) {
    setups[writer % workerCount].writers.push({ random: seeds.workers[writer + 1], connect: targets[writer % targets.length] });
  }

  const latencies = new LatencyRecorder();
  let rowsLoaded = 0;
  let failure: string | undefined;
  let ready = 0;
  let onReady: () => void = () => undefined;
  const allReady = new Promise<void>((resolve) => (onReady = resolve));
  const pool = new BenchWorkerPool(setups, (_worker, message) => {
    if (message.type === 'ready') {
      if (++ready === setups.length) onReady();
    } else if (message.type === 'bulkLoaded') {
      rowsLoaded += message.rowsLoaded;
      latencies.add(message.latencies);
    } else if (message.type === 'finished') {
      if (message.failure) failure ??= message.failure.message;
      // a worker that could not connect never says ready: the cell fails without starting
      if (!pool.allFinished) onReady();
    }
  });
  const stopControl = new Int32Array(control);
  const onAbort = () => {
    Atomics.store(stopControl, CONTROL_STOP, 1);
    pool.broadcast({ type: 'stop', hard: false });
  };
  signal?.addEventListener('abort', onAbort);
  try {
    await Promise.race([allReady, pool.whenFinished()]);
    const startTime = new Date().toISOString();
    const startMs = performance.now();
    if (failure === undefined && !signal?.aborted) pool.broadcast({ type: 'start', startMs: Date.now(), deadlineMs: 0 });
    else pool.broadcast({ type: 'stop', hard: false });
    await pool.whenFinished();
    const seconds = failure === undefined || rowsLoaded > 0 ? (performance.now() - startMs) / 1000 : 0;
    const indexes = await tableIndexes(admin, definition.table).catch(() => undefined);
    const cellRegions = regions === 'not-tidb' ? notTiDBRegions() : await regions?.finish();
    return result({ seconds, rowsLoaded, latencies, failure, startTime, indexes, regions: cellRegions });
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await pool.terminate();
  }
}
