// The bulk-loading study as one action: rows per INSERT x writer threads x ordered or shuffled
// primary keys. A loader pool takes batches of keys in turn (as a loader reading a file does) and
// each writer sends its batch as one multi-row INSERT; a cell reports rows/s, MB/s of row data
// (bulkLoadRow.ts) and the statement time percentiles (p99 is the study's figure). Writers are
// spread over every host given, in turn, as sysbench spreads its threads, and run in benchmark
// worker_threads (bulkLoadWriters.ts), never on the caller's thread (the extension host's).
// A statement over the server's max_allowed_packet is refused in words before anything is sent.
import { randomUUID } from 'node:crypto';
import type { DatabaseSession } from '../db/databaseSession';
import { quoteIdentifier } from '../db/sqlIdentifiers';
import { RESULT_SCHEMA_VERSION, type ExperimentCell, type ExperimentResult, type RunResult } from '../results/benchmarkResult';
import { experimentResult, settleExperiment } from './experimentResult';
import { openAdminSession } from './adminSession';
import { connectionOptionValues, leanConnectTargets, type BenchConnectionSettings } from './benchConnectionSettings';
import type { BulkLoadExperimentDefinition, KeyOrder } from './experimentDefinition';
import type { ExperimentHooks } from './experimentHooks';
import { LatencyRecorder } from './latencyHistogram';
import { packetTooLargeWords } from './protocol/packetLimit';
import { BenchWorkerPool } from './benchWorkerPool';
import { bulkInsertPrefix, fillLoadOrder } from './bulkLoadWriters';
import { CONTROL_STOP, type BulkLoadWorkerSetup } from './workerMessages';
import { threadRandomStates } from './randomSeeding';
import { TOOL_NAME, clientWorkerCount, isLocalHost } from './runBenchmark';
import { TOOL_VERSION } from '../toolVersion';
import { serverInfoOf } from './serverInfo';
import { SysbenchRandom } from './sysbenchRandom';
import { C_VALUE_TEMPLATE, PAD_VALUE_TEMPLATE } from './sysbenchSql';
import { BULK_LOAD_ROW_BYTES } from './bulkLoadRow';

const BYTES_PER_MB = 1_000_000;

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

export interface BulkLoadCellPlan {
  rows: number;
  rowsPerInsert: number;
  writers: number;
  keyOrder: KeyOrder;
  repetition: number;
}

export function planBulkLoad(definition: BulkLoadExperimentDefinition): BulkLoadCellPlan[] {
  const cells: BulkLoadCellPlan[] = [];
  for (const rowsPerInsert of definition.rowsPerInsert) {
    for (const writers of definition.writerThreads) {
      for (const keyOrder of definition.keyOrder) {
        for (let repetition = 1; repetition <= definition.repeat; repetition++)
          cells.push({ rows: definition.rows, rowsPerInsert, writers, keyOrder, repetition });
      }
    }
  }
  return cells;
}

export function bulkLoadTableSql(table: string): string {
  return `CREATE TABLE ${quoteIdentifier(table)} (
  id BIGINT NOT NULL,
  k INTEGER DEFAULT '0' NOT NULL,
  c CHAR(120) DEFAULT '' NOT NULL,
  pad CHAR(60) DEFAULT '' NOT NULL,
  PRIMARY KEY (id)
)`;
}

/** The keys 1..rows in load order: ascending, or a Fisher-Yates shuffle. */
export function loadOrder(rows: number, order: KeyOrder, random: SysbenchRandom): Int32Array {
  return fillLoadOrder(new Int32Array(rows), order, random);
}

/** The longest INSERT a cell sends: its prefix and rowsPerInsert rows with keys of the most digits. */
export function bulkInsertStatementBytes(table: string, rowsPerInsert: number, rows: number): number {
  const count = Math.min(rowsPerInsert, rows);
  const digits = String(rows).length;
  // (id, k, 'c', 'pad')
  const rowBytes = 1 + digits + 2 + digits + 3 + C_VALUE_TEMPLATE.length + 4 + PAD_VALUE_TEMPLATE.length + 2;
  return Buffer.byteLength(bulkInsertPrefix(table)) + count * rowBytes + (count - 1);
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
  const plan = planBulkLoad(definition);
  const started = Date.now();
  const admin = await openAdminSession(values, hooks.onSql);
  const cells: ExperimentCell[] = [];
  const notes = bulkLoadWarnings(definition);
  for (const note of notes) log(`warning: ${note}`);
  // read before the load: a statement over it is refused with words, not sent to be cut off
  const maxAllowedPacket = await readMaxAllowedPacket(admin).catch(() => undefined);
  const { status, message } = await settleExperiment(
    cells,
    plan.length,
    hooks.signal,
    async () => {
      for (const [index, cell] of plan.entries()) {
        if (hooks.signal?.aborted) break;
        const label = `rows_per_insert=${cell.rowsPerInsert} writers=${cell.writers} keys=${cell.keyOrder}${cell.repetition > 1 ? ` (run ${cell.repetition})` : ''}`;
        log(label);
        hooks.onStep?.({ kind: 'cell', index, total: plan.length, label });
        const run = await loadCell(definition, cell, admin, connection, maxAllowedPacket, hooks.signal);
        const experimentCell: ExperimentCell = {
          workload: 'bulk_load',
          threads: cell.writers,
          variant: cell.keyOrder,
          params: { rows_per_insert: cell.rowsPerInsert, rows: cell.rows },
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
    variants: [...new Set(plan.map((cell) => cell.keyOrder))],
    cells,
    status,
    message,
    server: serverInfoOf(admin.identity, { connection: values }),
    startedMs: started,
  });
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
  const statementBytes = bulkInsertStatementBytes(definition.table, cell.rowsPerInsert, cell.rows);
  const result = (outcome: {
    seconds: number;
    rowsLoaded: number;
    latencies: LatencyRecorder;
    failure?: string;
    startTime: string;
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
        key_order: cell.keyOrder,
        table: definition.table,
      },
      server: serverInfoOf(admin.identity, { connection: values }),
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
        variant: cell.keyOrder,
        rows_loaded: outcome.rowsLoaded,
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
  await admin.run(bulkLoadTableSql(definition.table));

  const seeds = threadRandomStates({ seed: definition.seed, threads: cell.writers + 1, reportThread: false, eventGenerator: false });
  const serverIsLocal = values.hosts.every(isLocalHost) || values.socket !== undefined;
  const workerCount = clientWorkerCount(cell.writers, 0, serverIsLocal);
  const control = new SharedArrayBuffer(2 * 4);
  const keys = new SharedArrayBuffer(cell.rows * 4);
  const setups: BulkLoadWorkerSetup[] = Array.from({ length: workerCount }, (_unused, worker) => ({
    task: 'bulkLoad',
    table: definition.table,
    rows: cell.rows,
    rowsPerInsert: cell.rowsPerInsert,
    keyOrder: cell.keyOrder,
    keys,
    fillKeys: worker === 0,
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
    return result({ seconds, rowsLoaded, latencies, failure, startTime });
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await pool.terminate();
  }
}
