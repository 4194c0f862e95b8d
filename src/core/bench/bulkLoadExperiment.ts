// The bulk-loading study as one action: rows per INSERT x writer threads x ordered or shuffled
// primary keys. A loader pool takes batches of keys in turn (as a loader reading a file does) and
// each writer sends its batch as one multi-row INSERT; a cell reports rows/s, MB/s of row data
// (bulkLoadRow.ts) and the statement time percentiles (p99 is the study's figure). Writers are
// spread over every host given, in turn, as sysbench spreads its threads.
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
import { LeanMysqlConnection } from './protocol/leanMysqlConnection';
import { threadRandomStates } from './randomSeeding';
import { DEFAULT_DISTRIBUTION } from './randomDistribution';
import { TOOL_NAME } from './runBenchmark';
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
        warnings.push(`${writers} writers for ${statements} statement(s) of ${rowsPerInsert} rows (${definition.rows} rows): ${writers - statements} writer(s) have nothing to send, so that cell measures ${statements} writer(s).`);
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
        for (let repetition = 1; repetition <= definition.repeat; repetition++) cells.push({ rows: definition.rows, rowsPerInsert, writers, keyOrder, repetition });
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
  const keys = new Int32Array(rows);
  for (let i = 0; i < rows; i++) keys[i] = i + 1;
  if (order === 'shuffled') {
    for (let i = rows - 1; i > 0; i--) {
      const j = Math.floor(random.nextDouble() * (i + 1));
      const swap = keys[i];
      keys[i] = keys[j];
      keys[j] = swap;
    }
  }
  return keys;
}

export async function runBulkLoadExperiment(definition: BulkLoadExperimentDefinition, connection: BenchConnectionSettings, hooks: ExperimentHooks = {}): Promise<ExperimentResult> {
  const log = hooks.onLog ?? (() => undefined);
  const values = connectionOptionValues(connection);
  const plan = planBulkLoad(definition);
  const started = Date.now();
  const admin = await openAdminSession(values, hooks.onSql);
  const cells: ExperimentCell[] = [];
  const notes = bulkLoadWarnings(definition);
  for (const note of notes) log(`warning: ${note}`);
  const { status, message } = await settleExperiment(cells, plan.length, hooks.signal, async () => {
    for (const [index, cell] of plan.entries()) {
      if (hooks.signal?.aborted) break;
      const label = `rows_per_insert=${cell.rowsPerInsert} writers=${cell.writers} keys=${cell.keyOrder}${cell.repetition > 1 ? ` (run ${cell.repetition})` : ''}`;
      log(label);
      hooks.onStep?.({ kind: 'cell', index, total: plan.length, label });
      const run = await loadCell(definition, cell, admin, connection, hooks.signal);
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
  }, () => admin.close(), notes);
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

async function loadCell(definition: BulkLoadExperimentDefinition, cell: BulkLoadCellPlan, admin: DatabaseSession, connection: BenchConnectionSettings, signal?: AbortSignal): Promise<RunResult> {
  const table = quoteIdentifier(definition.table);
  await admin.run(`DROP TABLE IF EXISTS ${table}`);
  await admin.run(bulkLoadTableSql(definition.table));

  const seeds = threadRandomStates({ seed: definition.seed, threads: cell.writers + 1, reportThread: false, eventGenerator: false });
  const keys = loadOrder(cell.rows, cell.keyOrder, new SysbenchRandom(DEFAULT_DISTRIBUTION, seeds.workers[0]));
  const batches = Math.ceil(cell.rows / cell.rowsPerInsert);
  const latencies = new LatencyRecorder();
  let nextBatch = 0;
  let rowsLoaded = 0;
  let failure: string | undefined;
  const targets = leanConnectTargets(connectionOptionValues(connection));
  const connections = await Promise.all(Array.from({ length: cell.writers }, (_unused, writer) => LeanMysqlConnection.connect(targets[writer % targets.length])));
  const startTime = new Date().toISOString();
  const startMs = performance.now();
  await Promise.all(connections.map(async (writer, index) => {
    const random = new SysbenchRandom(DEFAULT_DISTRIBUTION, seeds.workers[index + 1]);
    while (failure === undefined && !signal?.aborted) {
      const batch = nextBatch++;
      if (batch >= batches) break;
      const from = batch * cell.rowsPerInsert;
      const to = Math.min(cell.rows, from + cell.rowsPerInsert);
      const rows: string[] = [];
      for (let i = from; i < to; i++) {
        rows.push(`(${keys[i]}, ${random.uniform(1, cell.rows)}, '${random.string(C_VALUE_TEMPLATE)}', '${random.string(PAD_VALUE_TEMPLATE)}')`);
      }
      const sql = `INSERT INTO ${table} (id, k, c, pad) VALUES ${rows.join(',')}`;
      const sent = performance.now();
      try {
        await writer.query(sql);
      } catch (error) {
        failure ??= `INSERT of ${to - from} rows failed: ${error instanceof Error ? error.message : String(error)}`;
        break;
      }
      latencies.record(performance.now() - sent);
      rowsLoaded += to - from;
    }
  }));
  const seconds = (performance.now() - startMs) / 1000;
  await Promise.all(connections.map((writer) => writer.close()));

  const statements = latencies.count;
  const per = (value: number) => (seconds > 0 ? value / seconds : 0);
  return {
    kind: 'run',
    schemaVersion: RESULT_SCHEMA_VERSION,
    id: randomUUID(),
    source: { tool: TOOL_NAME, toolVersion: TOOL_VERSION },
    workload: 'bulk_load',
    options: { rows: cell.rows, rows_per_insert: cell.rowsPerInsert, threads: cell.writers, key_order: cell.keyOrder, table: definition.table },
    server: serverInfoOf(admin.identity, { connection: connectionOptionValues(connection) }),
    startTime,
    durationSec: seconds,
    intervals: [],
    summary: {
      events: statements,
      queries: statements,
      reads: 0,
      writes: statements,
      others: 0,
      tps: per(statements),
      qps: per(statements),
      errors: failure ? 1 : 0,
      reconnects: 0,
      latencyMs: latencies.summary(),
      rowsPerSec: per(rowsLoaded),
      mbPerSec: per(rowsLoaded * BULK_LOAD_ROW_BYTES) / BYTES_PER_MB,
    },
    histogram: latencies.buckets(),
    status: signal?.aborted ? 'cancelled' : failure ? 'failed' : 'completed',
    message: failure,
    labels: { variant: cell.keyOrder, rows_loaded: rowsLoaded, hosts: [...new Set(targets.slice(0, cell.writers).map((target) => `${target.host}:${target.port}`))].join(',') },
  };
}
