// Runs a "tpcc" experiment (tpccExperimentDefinition.ts): for each warehouse count the data is
// loaded (unless the tables hold it and pass go-tpc's check), then each variant is set up (its SQL
// over the nine TPC-C tables, its readiness check) and its cells run through runTpcc, one per thread
// count and repetition, then the variant is torn down. A failing load, set-up or cell is recorded
// as failed with its reason and the rest goes on, as in the other experiments.
import { randomUUID } from 'node:crypto';
import type { DatabaseSession } from '../../db/databaseSession';
import { quoteIdentifier } from '../../db/sqlIdentifiers';
import { RESULT_SCHEMA_VERSION, type ExperimentCell, type ExperimentResult, type RunResult } from '../../results/benchmarkResult';
import { emptySummary } from '../../results/importers/importedRun';
import { TOOL_VERSION } from '../../toolVersion';
import { openAdminSession } from '../adminSession';
import { connectionOptionValues, type BenchConnectionSettings } from '../benchConnectionSettings';
import type { ConnectionOptionValues } from '../benchOptions';
import { runInExperimentFrame } from './experimentFrame';
import type { ExperimentHooks } from './experimentHooks';
import type { TpccExperimentDefinition, VariantDefinition } from './experimentModel';
import { experimentResult, settleExperiment } from './experimentResult';
import { sessionStatementsFor } from './experimentVariant';
import { readinessVerdict, runVariant } from './experimentVariantRun';
import { serverInfoOf } from '../serverInfo';
import { checkTpcc, cleanupTpcc, DEFAULT_WEIGHTS, prepareTpcc, runTpcc, TPCC_TABLES, TPCC_WORKLOAD } from '../tpcc';
import { tpccSummaryOf } from '../tpcc/tpccResult';

export interface PlannedTpccCell {
  warehouses: number;
  variant: VariantDefinition;
  threads: number;
  repetition: number;
}

/** Every cell in the order it runs: warehouses, then variants, then threads, then repetitions. */
export function planTpccExperiment(definition: TpccExperimentDefinition): PlannedTpccCell[] {
  const cells: PlannedTpccCell[] = [];
  for (const warehouses of definition.warehouses)
    for (const variant of definition.variants)
      for (const threads of definition.threads)
        for (let repetition = 1; repetition <= definition.repeat; repetition++) cells.push({ warehouses, variant, threads, repetition });
  return cells;
}

export async function runTpccExperiment(
  definition: TpccExperimentDefinition,
  settings: BenchConnectionSettings,
  hooks: ExperimentHooks = {},
): Promise<ExperimentResult> {
  const connection = connectionOptionValues(settings);
  const plan = planTpccExperiment(definition);
  const started = Date.now();
  const admin = await openAdminSession(connection, hooks.onSql);
  const cells: ExperimentCell[] = [];
  const notes: string[] = [];
  const { status, message } = await settleExperiment(
    cells,
    plan.length,
    hooks.signal,
    () => runCells(definition, plan, admin, connection, { cells, notes }, hooks),
    () => admin.close(),
    notes,
  );
  return experimentResult({
    definition,
    variants: definition.variants.map((variant) => variant.name),
    cells,
    status,
    message,
    server: serverInfoOf(admin.identity, { connection }),
    startedMs: started,
  });
}

async function runCells(
  definition: TpccExperimentDefinition,
  plan: readonly PlannedTpccCell[],
  admin: DatabaseSession,
  connection: ConnectionOptionValues,
  record: { cells: ExperimentCell[]; notes: string[] },
  hooks: ExperimentHooks,
): Promise<void> {
  const log = hooks.onLog ?? (() => undefined);
  const aborted = () => hooks.signal?.aborted === true;
  const push = (cell: PlannedTpccCell, run: RunResult) => {
    const experimentCell: ExperimentCell = {
      workload: TPCC_WORKLOAD,
      threads: cell.threads,
      variant: cell.variant.name,
      params: { warehouses: cell.warehouses },
      run,
    };
    record.cells.push(experimentCell);
    hooks.onCell?.(experimentCell, record.cells.length - 1, plan.length);
  };
  const fail = (planned: readonly PlannedTpccCell[], reason: string) => {
    for (const cell of planned) push(cell, failedRun(definition, cell, reason, admin, connection));
  };
  const tables = [...TPCC_TABLES];
  const cleanup = async () => {
    hooks.onStep?.({ kind: 'cleanup' });
    await cleanupTpcc(connection, { onLog: (line) => log(`  ${line}`), onSql: hooks.onSql });
  };
  const frame = {
    globalVariables: definition.globalVariables,
    log,
    notes: record.notes,
    cleanup: definition.cleanup ? cleanup : undefined,
  };
  await runInExperimentFrame(admin, frame, async () => {
    for (const warehouses of definition.warehouses) {
      if (aborted()) break;
      const warehouseCells = plan.filter((cell) => cell.warehouses === warehouses);
      if (definition.prepare) {
        const problem = await loadWarehouses(definition, warehouses, admin, connection, hooks);
        if (aborted()) break;
        if (problem !== undefined) {
          log(`  ${problem}`);
          fail(warehouseCells, problem);
          continue;
        }
      }
      for (const variant of definition.variants) {
        if (aborted()) break;
        const variantCells = warehouseCells.filter((cell) => cell.variant === variant);
        log(`Variant '${variant.name}' (${warehouses} ${warehouses === 1 ? 'warehouse' : 'warehouses'})`);
        hooks.onStep?.({ kind: 'variant', variant: variant.name, tableSize: warehouses, waitsUntilReady: variant.ready !== undefined });
        await runVariant(admin, {
          variant,
          cells: variantCells,
          schema: connection.database,
          tables,
          sizeText: `${warehouses} warehouses`,
          signal: hooks.signal,
          log,
          notes: record.notes,
          onCellStart: (cell) =>
            hooks.onStep?.({
              kind: 'cell',
              index: record.cells.length,
              total: plan.length,
              label: `tpcc ${warehouses} warehouses ${cell.threads} threads`,
            }),
          fail: (cell, reason) => fail([cell], reason),
          run: async (cell, readiness) =>
            push(cell, await runCell(definition, cell, connection, readinessVerdict(variant, readiness), record.cells.length, hooks)),
        });
      }
    }
  });
}

/**
 * Loads `warehouses` warehouses unless the tables already hold exactly that many and pass go-tpc's
 * check; returns why the cells cannot run, or undefined.
 */
async function loadWarehouses(
  definition: TpccExperimentDefinition,
  warehouses: number,
  admin: DatabaseSession,
  connection: ConnectionOptionValues,
  hooks: ExperimentHooks,
): Promise<string | undefined> {
  const log = hooks.onLog ?? (() => undefined);
  const words = `${warehouses} ${warehouses === 1 ? 'warehouse' : 'warehouses'}`;
  try {
    if ((await loadedWarehouses(admin, connection.database)) === warehouses) {
      const check = await checkTpcc({ connection, warehouses, threads: definition.loadThreads, checkAll: false }, { signal: hooks.signal });
      if (check.passed) {
        log(`The TPC-C tables hold ${words} and pass go-tpc's check: not loaded again.`);
        return undefined;
      }
      log(`The TPC-C tables hold ${words} but fail go-tpc's check (${check.failures.length} condition(s)): loading them again.`);
    }
    log(`Loading ${words} of TPC-C data (${definition.loadThreads} load threads)...`);
    hooks.onStep?.({ kind: 'prepare', tableSize: warehouses, tables: TPCC_TABLES.length });
    const outcome = await prepareTpcc(
      {
        connection,
        warehouses,
        threads: definition.loadThreads,
        parts: 1,
        partitionType: 1,
        useFk: false,
        useClusteredIndex: true,
        dropData: true,
        noCheck: false,
        retryCount: 50,
        retryIntervalSec: 10,
      },
      { signal: hooks.signal, onLog: (line) => log(`  ${line}`), onSql: hooks.onSql },
    );
    if (outcome.check !== undefined && !outcome.check.passed) {
      const first = outcome.check.failures[0];
      return `Loading ${words} of TPC-C data failed go-tpc's check: ${outcome.check.failures.length} condition(s), the first ${first.condition} at warehouse ${first.warehouse} (${first.what}).`;
    }
    return undefined;
  } catch (error) {
    return `Loading ${words} of TPC-C data failed: ${errorText(error)}`;
  }
}

/** How many warehouses the tables hold; undefined when there is no warehouse table. */
async function loadedWarehouses(admin: DatabaseSession, database: string): Promise<number | undefined> {
  try {
    const rows = await admin.query(`SELECT COUNT(*) AS warehouses FROM ${quoteIdentifier(database)}.${quoteIdentifier('warehouse')}`);
    return Number(rows[0]?.warehouses);
  } catch {
    return undefined;
  }
}

function cellLabels(cell: PlannedTpccCell, readiness: string): Record<string, string | number> {
  return { variant: cell.variant.name, readiness, ...(cell.repetition > 1 ? { repetition: cell.repetition } : {}) };
}

async function runCell(
  definition: TpccExperimentDefinition,
  cell: PlannedTpccCell,
  connection: ConnectionOptionValues,
  readiness: string,
  index: number,
  hooks: ExperimentHooks,
): Promise<RunResult> {
  const labels = cellLabels(cell, readiness);
  try {
    const { result } = await runTpcc(
      {
        connection,
        warehouses: cell.warehouses,
        threads: cell.threads,
        timeSec: definition.time,
        count: 0,
        intervalSec: definition.interval,
        ignoreError: definition.ignoreError,
        isolation: 0,
        weights: DEFAULT_WEIGHTS,
        sessionStatements: sessionStatementsFor(cell.variant),
      },
      {
        signal: hooks.signal,
        onSql: hooks.onSql,
        onLog: hooks.onLog ? (line) => hooks.onLog?.(`  ${line}`) : undefined,
        onInterval: hooks.onInterval
          ? ({ interval }) =>
              hooks.onInterval?.(index, {
                interval,
                latencyPercentileMs: interval.latencyMs.p95 ?? null,
                queueLength: 0,
                concurrency: interval.threads,
              })
          : undefined,
      },
    );
    return { ...result, labels: { ...result.labels, ...labels } };
  } catch (error) {
    return { ...emptyRun(definition, cell, connection), status: 'failed', message: errorText(error), labels };
  }
}

/** A cell that never ran (its data did not load, its variant's set-up failed): zero counts, the reason. */
function failedRun(
  definition: TpccExperimentDefinition,
  cell: PlannedTpccCell,
  reason: string,
  admin: DatabaseSession,
  connection: ConnectionOptionValues,
): RunResult {
  return {
    ...emptyRun(definition, cell, connection),
    server: serverInfoOf(admin.identity, { connection }),
    status: 'failed',
    message: reason,
    labels: cellLabels(cell, 'not verified'),
  };
}

function emptyRun(definition: TpccExperimentDefinition, cell: PlannedTpccCell, connection: ConnectionOptionValues): RunResult {
  return {
    kind: 'run',
    schemaVersion: RESULT_SCHEMA_VERSION,
    id: randomUUID(),
    source: { tool: 'tidb-lab', toolVersion: TOOL_VERSION, engine: 'builtin' },
    workload: TPCC_WORKLOAD,
    options: {
      warehouses: cell.warehouses,
      threads: cell.threads,
      time: definition.time,
      interval: definition.interval,
      ignore_error: definition.ignoreError,
      mysql_host: connection.hosts[0],
      mysql_port: connection.ports[0],
      mysql_user: connection.user,
      mysql_db: connection.database,
    },
    startTime: new Date().toISOString(),
    durationSec: 0,
    intervals: [],
    summary: emptySummary(),
    tpcc: tpccSummaryOf([], cell.warehouses, 0),
    status: 'failed',
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
