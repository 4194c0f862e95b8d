// One variant of an experiment at one size (table size, warehouses), as every kind of experiment
// runs it: its set-up SQL and readiness check, its cells in order (each recorded as failed when the
// set-up failed), and its tear-down whatever happened; a tear-down that fails is a note of the
// result, not a failed cell. The kind says how a cell runs and how a failed one is recorded.
import type { SqlExecutor } from '../../db/sqlExecutor';
import type { VariantDefinition } from './experimentModel';
import { runVariantSql, waitUntilReady, type Readiness, type VariantTable } from './experimentVariant';

export interface VariantRun<Cell> {
  variant: VariantDefinition;
  /** this variant's cells at this size, in the order they run */
  cells: readonly Cell[];
  /** the database and tables the variant's SQL and readiness check name */
  schema: string;
  tables: readonly VariantTable[];
  /** the size as the tear-down's failure names it: '5000 rows', '2 warehouses' */
  sizeText: string;
  signal?: AbortSignal;
  log: (message: string) => void;
  /** where a failed tear-down is told */
  notes: string[];
  /** before each cell, whether it runs or not */
  onCellStart: (cell: Cell) => void;
  /** a cell the failed set-up keeps from running */
  fail: (cell: Cell, reason: string) => void;
  /** a cell after the set-up, with what the readiness check saw */
  run: (cell: Cell, readiness: Readiness) => Promise<void>;
}

/** Runs the variant's cells between its set-up and tear-down; stops between steps once the signal is aborted. */
export async function runVariant<Cell>(admin: SqlExecutor, run: VariantRun<Cell>): Promise<void> {
  const { variant, schema, tables, signal, log } = run;
  try {
    let setupError: string | undefined;
    let readiness: Readiness = { ready: true, detail: 'no readiness check' };
    try {
      await runVariantSql(admin, variant.setup, schema, tables, log);
      readiness = await waitUntilReady(admin, variant.ready, schema, tables, signal);
      if (variant.ready) log(`  readiness: ${readiness.ready ? 'ok' : 'NOT READY'}: ${readiness.detail}`);
    } catch (error) {
      if (signal?.aborted) return;
      setupError = `The set-up of variant '${variant.name}' failed: ${errorText(error)}`;
      log(`  ${setupError}`);
    }
    for (const cell of run.cells) {
      if (signal?.aborted) break;
      run.onCellStart(cell);
      if (setupError !== undefined) run.fail(cell, setupError);
      else await run.run(cell, readiness);
    }
  } finally {
    try {
      await runVariantSql(admin, variant.teardown, schema, tables, log);
    } catch (error) {
      const text = `The tear-down of variant '${variant.name}' at ${run.sizeText} failed: ${errorText(error)}`;
      log(`  ${text}`);
      run.notes.push(text);
    }
  }
}

/** A cell's readiness label when nothing but the variant's own check speaks for it. */
export function readinessVerdict(variant: VariantDefinition, readiness: Readiness): 'verified' | 'none' | 'not verified' {
  return readiness.ready ? (variant.ready ? 'verified' : 'none') : 'not verified';
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
