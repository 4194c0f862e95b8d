// Runs an experiment: every cell of the matrix in order, data prepared once per table size, each
// variant set up (and checked) before its cells and torn down after them. One ExperimentResult.
import type { DatabaseSession } from '../db/databaseSession';
import type { SqlLogger } from '../db/sqlExecutor';
import type { ExperimentCell, ExperimentResult, RunResult } from '../results/benchmarkResult';
import { openAdminSession } from './adminSession';
import type { BenchConnectionSettings } from './benchConnectionSettings';
import { resolveBenchmarkConfig } from './benchmarkConfig';
import type { BenchOptions } from './benchOptions';
import { runBulkLoadExperiment } from './bulkLoadExperiment';
import { cleanupWithOptions } from './cleanupBenchmark';
import {
  parseExperimentDefinition,
  type OptionValue,
  type SysbenchExperimentDefinition,
  type VariantDefinition,
  type WorkloadEntry,
} from './experimentDefinition';
import { runVariantSql, sessionStatementsFor, waitUntilReady } from './experimentVariant';
import { prepareWithOptions } from './prepareBenchmark';
import { BenchmarkError, buildRunResult, runMeasured } from './runBenchmark';
import { RunStatistics } from './runStatistics';
import { experimentResult, settleExperiment } from './experimentResult';
import type { ExperimentStep } from './experimentStep';
import type { IntervalReport } from './runStatistics';
import { serverInfoOf } from './serverInfo';

export interface ExperimentHooks {
  signal?: AbortSignal;
  onCell?: (cell: ExperimentCell, index: number, total: number) => void;
  onInterval?: (cellIndex: number, report: IntervalReport) => void;
  onLog?: (message: string) => void;
  onSql?: SqlLogger;
  /** before each step that takes time, including the start of every cell */
  onStep?: (step: ExperimentStep) => void;
}

export interface PlannedCell {
  tableSize: number;
  variant: VariantDefinition;
  workload: WorkloadEntry;
  params: Record<string, OptionValue>;
  threads: number;
  repetition: number;
  options: BenchOptions;
}

/** Accepts a parsed definition or its JSON; the connection comes from the caller, never from the file. */
export async function runExperiment(definition: unknown, connection: BenchConnectionSettings, hooks: ExperimentHooks = {}): Promise<ExperimentResult> {
  const parsed = parseExperimentDefinition(definition);
  if (parsed.kind === 'bulk-load') return runBulkLoadExperiment(parsed, connection, hooks);
  return runSysbenchExperiment(parsed, connection, hooks);
}

/** Every cell in the order it runs; the options of each are checked here, before anything runs. */
export function planExperiment(definition: SysbenchExperimentDefinition, connection: BenchConnectionSettings): PlannedCell[] {
  const cells: PlannedCell[] = [];
  for (const tableSize of definition.tableSizes) {
    for (const variant of definition.variants) {
      for (const workload of definition.workloads) {
        for (const params of combinations({ ...definition.params, ...(workload.params ?? {}) })) {
          for (const threads of definition.threads) {
            for (let repetition = 1; repetition <= definition.repeat; repetition++) {
              const options = resolveBenchmarkConfig({
                workload: workload.name,
                connection,
                options: { ...definition.options, ...(workload.options ?? {}), ...params, threads, table_size: tableSize },
              });
              cells.push({ tableSize, variant, workload, params, threads, repetition, options });
            }
          }
        }
      }
    }
  }
  return cells;
}

function combinations(params: Record<string, OptionValue[]>): Array<Record<string, OptionValue>> {
  let result: Array<Record<string, OptionValue>> = [{}];
  for (const [name, values] of Object.entries(params)) {
    result = result.flatMap((partial) => values.map((value) => ({ ...partial, [name]: value })));
  }
  return result;
}

async function runSysbenchExperiment(definition: SysbenchExperimentDefinition, connection: BenchConnectionSettings, hooks: ExperimentHooks): Promise<ExperimentResult> {
  const plan = planExperiment(definition, connection);
  const started = Date.now();
  const admin = await openAdminSession(plan[0].options.connection, hooks.onSql);
  const cells: ExperimentCell[] = [];
  const { status, message } = await settleExperiment(cells, plan.length, hooks.signal, () => runMatrix(definition, plan, admin, connection.database, cells, hooks), () => admin.close());
  return experimentResult({
    definition,
    variants: definition.variants.map((variant) => variant.name),
    cells,
    status,
    message,
    server: serverInfoOf(admin.identity, plan[0].options),
    startedMs: started,
  });
}

/** Every cell in order: prepare per table size, each variant set up, checked, run and torn down. */
async function runMatrix(definition: SysbenchExperimentDefinition, plan: PlannedCell[], admin: DatabaseSession, schema: string, cells: ExperimentCell[], hooks: ExperimentHooks): Promise<void> {
  const log = hooks.onLog ?? (() => undefined);
  let index = 0;
  for (const tableSize of definition.tableSizes) {
    const sizeCells = plan.filter((cell) => cell.tableSize === tableSize);
    const tableNumbers = Array.from({ length: sizeCells[0].options.workloadOptions.tables }, (_unused, i) => i + 1);
    if (definition.prepare) {
      const prepareOptions = prepareOptionsFor(sizeCells[0].options);
      log(`Preparing ${tableNumbers.length} table(s) of ${tableSize} rows...`);
      hooks.onStep?.({ kind: 'prepare', tableSize, tables: tableNumbers.length });
      await cleanupWithOptions(prepareOptions, { onSql: hooks.onSql });
      await prepareWithOptions(prepareOptions, { signal: hooks.signal, onLog: (line) => log(`  ${line}`), onSql: hooks.onSql });
    }
    for (const variant of definition.variants) {
      const variantCells = sizeCells.filter((cell) => cell.variant === variant);
      if (hooks.signal?.aborted) break;
      log(`Variant '${variant.name}' (table_size=${tableSize})`);
      hooks.onStep?.({ kind: 'variant', variant: variant.name, tableSize, waitsUntilReady: variant.ready !== undefined });
      await runVariantSql(admin, variant.setup, schema, tableNumbers, log);
      try {
        const readiness = await waitUntilReady(admin, variant.ready, schema, tableNumbers, hooks.signal);
        if (variant.ready) log(`  readiness: ${readiness.ready ? 'ok' : 'NOT READY'}: ${readiness.detail}`);
        const sessionStatements = sessionStatementsFor(variant);
        for (const cell of variantCells) {
          if (hooks.signal?.aborted) break;
          hooks.onStep?.({ kind: 'cell', index, total: plan.length, label: `${cell.workload.name} ${cell.threads} threads` });
          const run = await runCell(cell, admin, sessionStatements, readiness.ready ? (variant.ready ? 'verified' : 'none') : 'not verified', index, hooks);
          const experimentCell: ExperimentCell = {
            workload: cell.workload.name,
            threads: cell.threads,
            tableSize: cell.tableSize,
            variant: variant.name,
            params: Object.keys(cell.params).length > 0 ? cell.params : undefined,
            run,
          };
          cells.push(experimentCell);
          hooks.onCell?.(experimentCell, index, plan.length);
          index++;
        }
      } finally {
        await runVariantSql(admin, variant.teardown, schema, tableNumbers, log);
      }
    }
    if (hooks.signal?.aborted) break;
  }
  if (definition.cleanup && !hooks.signal?.aborted) {
    hooks.onStep?.({ kind: 'cleanup' });
    await cleanupWithOptions(prepareOptionsFor(plan[0].options), { onSql: hooks.onSql });
  }
}

/** The options prepare and cleanup use: the experiment's tables at this size, sysbench's oltp layout. */
function prepareOptionsFor(options: BenchOptions): BenchOptions {
  const tables = options.workloadOptions.tables;
  return {
    ...options,
    workload: 'oltp_read_write',
    limits: { ...options.limits, threads: Math.max(1, Math.min(tables, 16)) },
  };
}

async function runCell(cell: PlannedCell, admin: DatabaseSession, sessionStatements: string[], readiness: string, index: number, hooks: ExperimentHooks): Promise<RunResult> {
  const labels: Record<string, string | number> = { variant: cell.variant.name, readiness };
  if (cell.repetition > 1) labels.repetition = cell.repetition;
  try {
    const measured = await runMeasured(cell.options, {
      signal: hooks.signal,
      admin,
      labels,
      sessionStatements,
      onLog: hooks.onLog,
      onInterval: hooks.onInterval ? (report) => hooks.onInterval?.(index, report) : undefined,
    });
    return measured.result;
  } catch (error) {
    if (!(error instanceof BenchmarkError)) throw error;
    return failedRun(cell.options, error.message, labels, admin);
  }
}

/** A run that never started (its threads could not connect or prepare): zero counts, the reason. */
function failedRun(options: BenchOptions, message: string, labels: Record<string, string | number>, admin: DatabaseSession): RunResult {
  return buildRunResult(options, new RunStatistics(options.limits.threads, [], options.limits.percentile), {
    startTime: new Date().toISOString(),
    durationSec: 0,
    intervals: [],
    status: 'failed',
    message,
    server: serverInfoOf(admin.identity, options),
    labels,
  });
}
