// Runs an experiment: every cell of the matrix in order, data prepared once per table size, each
// variant set up (and checked) before its cells and torn down after them. One ExperimentResult.
import type { DatabaseSession } from '../../db/databaseSession';
import type { ExperimentCell, ExperimentResult, RunResult, SkippedVariant } from '../../results/benchmarkResult';
import { readTableControlInfo } from '../../tidb/tableControlInfo';
import { checkCacheTable } from '../../tidb/tableControlPreChecks';
import { verifyCacheHit } from '../../tidb/cacheHitVerification';
import { TIDB_ERROR_CODES } from '../../tidb/tidbFacts';
import { openAdminSession } from '../adminSession';
import type { BenchConnectionSettings } from '../benchConnectionSettings';
import { resolveBenchmarkConfig } from '../benchmarkConfig';
import type { BenchOptions } from '../benchOptions';
import { runBulkLoadExperiment } from '../bulkLoad/bulkLoadExperiment';
import { runTpccExperiment } from './tpccExperiment';
import { cleanupWithOptions } from '../cleanupBenchmark';
import {
  parseExperimentDefinition,
  type OptionValue,
  type ReadinessCheck,
  type SysbenchExperimentDefinition,
  type VariantDefinition,
  type WorkloadEntry,
} from './experimentDefinition';
import { sessionStatementsFor } from './experimentVariant';
import { readinessVerdict, runVariant } from './experimentVariantRun';
import { runInExperimentFrame } from './experimentFrame';
import { sbtestTable } from '../sysbench/sysbenchSql';
import { prepareWithOptions } from '../prepareBenchmark';
import { buildRunResult } from '../runBenchmark';
import { EngineError, chooseEngine, engineText, lookUpEngine, runMeasuredWithEngine } from '../benchEngine';
import type { ExperimentHooks } from './experimentHooks';
import { RunStatistics } from '../measurement/runStatistics';
import { experimentResult, settleExperiment } from './experimentResult';
import { serverInfoOf } from '../serverInfo';

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
export async function runExperiment(
  definition: unknown,
  connection: BenchConnectionSettings,
  hooks: ExperimentHooks = {},
): Promise<ExperimentResult> {
  const parsed = parseExperimentDefinition(definition);
  if (parsed.kind === 'bulk-load') {
    if (hooks.engine?.engine === 'sysbench')
      throw new EngineError('A bulk-load experiment has no sysbench workload; run it with the built-in engine (or auto).');
    return runBulkLoadExperiment(parsed, connection, hooks);
  }
  if (parsed.kind === 'tpcc') {
    if (hooks.engine?.engine === 'sysbench')
      throw new EngineError("A tpcc experiment runs go-tpc's TPC-C, not a sysbench workload; run it with the built-in engine (or auto).");
    return runTpccExperiment(parsed, connection, hooks);
  }
  const engine = hooks.engine ?? { engine: 'builtin' };
  const sysbenchLookup = await lookUpEngine(engine);
  if (engine.engine === 'sysbench') {
    // every cell must be one sysbench can run: say so before anything runs
    for (const cell of planExperiment(parsed, connection))
      chooseEngine('sysbench', sysbenchLookup, cell.options, sessionStatementsFor(cell.variant));
  }
  return runSysbenchExperiment(parsed, connection, { ...hooks, engine, sysbenchLookup });
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

async function runSysbenchExperiment(
  definition: SysbenchExperimentDefinition,
  connection: BenchConnectionSettings,
  hooks: ExperimentHooks,
): Promise<ExperimentResult> {
  const plan = planExperiment(definition, connection);
  const started = Date.now();
  const admin = await openAdminSession(plan[0].options.connection, hooks.onSql);
  const cells: ExperimentCell[] = [];
  const skipped: SkippedVariant[] = [];
  const notes: string[] = [];
  const { status, message } = await settleExperiment(
    cells,
    plan.length,
    hooks.signal,
    () => runMatrix(definition, plan, admin, connection.database, { cells, skipped, notes }, hooks),
    () => admin.close(),
    notes,
  );
  return experimentResult({
    definition,
    variants: definition.variants.map((variant) => variant.name),
    cells,
    skipped,
    status,
    message,
    server: serverInfoOf(admin.identity, plan[0].options),
    startedMs: started,
  });
}

interface MatrixRecord {
  cells: ExperimentCell[];
  skipped: SkippedVariant[];
  notes: string[];
}

/**
 * Every cell in order: prepare per table size, each variant set up, checked, run and torn down. A
 * failing prepare, set-up or cell is recorded as failed with its error and the rest goes on; the
 * server settings are set back and the clean-up runs whatever happened.
 */
async function runMatrix(
  definition: SysbenchExperimentDefinition,
  plan: PlannedCell[],
  admin: DatabaseSession,
  schema: string,
  record: MatrixRecord,
  hooks: ExperimentHooks,
): Promise<void> {
  const log = hooks.onLog ?? (() => undefined);
  const { cells } = record;
  let index = 0;
  const push = (cell: PlannedCell, run: RunResult, cacheHit?: ExperimentCell['cacheHit']) => {
    const experimentCell: ExperimentCell = {
      workload: cell.workload.name,
      threads: cell.threads,
      tableSize: cell.tableSize,
      variant: cell.variant.name,
      params: Object.keys(cell.params).length > 0 ? cell.params : undefined,
      ...(cacheHit ? { cacheHit } : {}),
      run,
    };
    cells.push(experimentCell);
    hooks.onCell?.(experimentCell, index, plan.length);
    index++;
  };
  const failAll = (planned: readonly PlannedCell[], message: string) => {
    for (const cell of planned) push(cell, failedRun(cell.options, message, cellLabels(cell, 'not verified'), admin));
  };
  const cleanup = async () => {
    hooks.onStep?.({ kind: 'cleanup' });
    await cleanupWithOptions(prepareOptionsFor(plan[0].options), { onSql: hooks.onSql });
  };
  const frame = {
    globalVariables: definition.globalVariables,
    log,
    notes: record.notes,
    cleanup: definition.cleanup ? cleanup : undefined,
  };
  await runInExperimentFrame(admin, frame, async () => {
    for (const tableSize of definition.tableSizes) {
      if (hooks.signal?.aborted) break;
      const sizeCells = plan.filter((cell) => cell.tableSize === tableSize);
      const tableNumbers = Array.from({ length: sizeCells[0].options.workloadOptions.tables }, (_unused, i) => i + 1);
      if (definition.prepare) {
        const prepareOptions = prepareOptionsFor(sizeCells[0].options);
        log(`Preparing ${tableNumbers.length} table(s) of ${tableSize} rows...`);
        hooks.onStep?.({ kind: 'prepare', tableSize, tables: tableNumbers.length });
        try {
          await cleanupWithOptions(prepareOptions, { onSql: hooks.onSql });
          await prepareWithOptions(prepareOptions, { signal: hooks.signal, onLog: (line) => log(`  ${line}`), onSql: hooks.onSql });
        } catch (error) {
          if (hooks.signal?.aborted) break;
          const text = `Preparing ${tableNumbers.length} table(s) of ${tableSize} rows failed: ${errorText(error)}`;
          log(`  ${text}`);
          failAll(sizeCells, text);
          continue;
        }
      }
      for (const variant of definition.variants) {
        if (hooks.signal?.aborted) break;
        const variantCells = sizeCells.filter((cell) => cell.variant === variant);
        log(`Variant '${variant.name}' (table_size=${tableSize})`);
        const tooLarge = await tablesTooLargeToCache(admin, variant, schema, tableNumbers);
        if (tooLarge !== undefined) {
          const reason = `${tooLarge} The variant '${variant.name}' is skipped at ${tableSize} rows: TiDB would refuse ALTER TABLE ... CACHE (error ${TIDB_ERROR_CODES.unsupportedOnCacheTable}, 'table too large').`;
          log(`  ${reason}`);
          record.skipped.push({ variant: variant.name, tableSize, reason, cells: variantCells.length });
          index += variantCells.length;
          continue;
        }
        hooks.onStep?.({ kind: 'variant', variant: variant.name, tableSize, waitsUntilReady: variant.ready !== undefined });
        const sessionStatements = sessionStatementsFor(variant);
        await runVariant(admin, {
          variant,
          cells: variantCells,
          schema,
          tables: tableNumbers,
          sizeText: `${tableSize} rows`,
          signal: hooks.signal,
          log,
          notes: record.notes,
          onCellStart: (cell) =>
            hooks.onStep?.({ kind: 'cell', index, total: plan.length, label: `${cell.workload.name} ${cell.threads} threads` }),
          fail: (cell, reason) => failAll([cell], reason),
          run: async (cell, readiness) => {
            const cacheHit =
              variant.ready?.kind === 'cache-hit'
                ? await cacheHitAtCellStart(admin, variant.ready, schema, tableNumbers, hooks.signal)
                : undefined;
            if (hooks.signal?.aborted) return;
            if (cacheHit && !cacheHit.servedFromCache) log(`  reads did not come from memory: ${cacheHit.detail}`);
            const verdict = cacheHit ? (cacheHit.servedFromCache ? 'verified' : 'not from memory') : readinessVerdict(variant, readiness);
            push(cell, await runCell(cell, admin, sessionStatements, verdict, index, hooks), cacheHit);
          },
        });
      }
    }
  });
}

/** For a variant that caches the tables: why they are too large to cache, or undefined. */
async function tablesTooLargeToCache(
  admin: DatabaseSession,
  variant: VariantDefinition,
  schema: string,
  tableNumbers: readonly number[],
): Promise<string | undefined> {
  if (!cachesTables(variant)) return undefined;
  const infos = await readTableControlInfo(admin, schema, tableNumbers.map(sbtestTable));
  const problems = [...infos.values()].flatMap((info) =>
    checkCacheTable(admin.identity, info).problems.filter((problem) => problem.code === 'tooLarge'),
  );
  return problems.length === 0 ? undefined : problems.map((problem) => problem.message).join(' ');
}

/** A set-up that runs ALTER TABLE ... CACHE on the tables. */
export function cachesTables(variant: VariantDefinition): boolean {
  return (variant.setup ?? []).some((sql) => /^\s*ALTER\s+TABLE\s+\S+\s+CACHE\s*;?\s*$/i.test(sql));
}

/** TRACE before the cell: were the cached tables' reads served from TiDB's memory? */
async function cacheHitAtCellStart(
  admin: DatabaseSession,
  check: Extract<ReadinessCheck, { kind: 'cache-hit' }>,
  schema: string,
  tableNumbers: readonly number[],
  signal: AbortSignal | undefined,
): Promise<NonNullable<ExperimentCell['cacheHit']>> {
  const details: string[] = [];
  let servedFromCache = true;
  try {
    for (const table of tableNumbers) {
      const outcome = await verifyCacheHit(admin, schema, sbtestTable(table), {
        attempts: check.attempts,
        intervalMs: check.intervalMs,
        signal,
      });
      servedFromCache &&= outcome.servedFromCache;
      details.push(outcome.detail);
    }
  } catch (error) {
    if (signal?.aborted) return { servedFromCache: false, detail: 'cancelled' };
    return { servedFromCache: false, detail: `The TRACE failed: ${errorText(error)}` };
  }
  return { servedFromCache, detail: details.join(' ') };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function cellLabels(cell: PlannedCell, readiness: string): Record<string, string | number> {
  const labels: Record<string, string | number> = { variant: cell.variant.name, readiness };
  if (cell.repetition > 1) labels.repetition = cell.repetition;
  return labels;
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

async function runCell(
  cell: PlannedCell,
  admin: DatabaseSession,
  sessionStatements: string[],
  readiness: string,
  index: number,
  hooks: ExperimentHooks,
): Promise<RunResult> {
  const labels = cellLabels(cell, readiness);
  try {
    const measured = await runMeasuredWithEngine(
      cell.options,
      {
        signal: hooks.signal,
        admin,
        labels,
        sessionStatements,
        onLog: hooks.onLog,
        onEngine: (choice) => hooks.onLog?.(`  ${engineText(choice)}`),
        onInterval: hooks.onInterval ? (report) => hooks.onInterval?.(index, report) : undefined,
      },
      hooks.engine ?? { engine: 'builtin' },
      hooks.sysbenchLookup,
    );
    return measured.result;
  } catch (error) {
    return failedRun(cell.options, errorText(error), labels, admin);
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
