// The ExperimentResult both experiment kinds return.
import { randomUUID } from 'node:crypto';
import {
  RESULT_SCHEMA_VERSION,
  type ExperimentCell,
  type ExperimentResult,
  type RunStatus,
  type ServerInfo,
  type SkippedVariant,
} from '../../results/benchmarkResult';
import { redactSecrets, redactSecretText } from '../../results/redactSecrets';
import type { ExperimentDefinition } from './experimentDefinition';
import { TOOL_NAME } from '../runBenchmark';
import { TOOL_VERSION } from '../../toolVersion';

export interface ExperimentOutcome {
  definition: ExperimentDefinition;
  variants: string[];
  cells: ExperimentCell[];
  skipped?: SkippedVariant[];
  status: RunStatus;
  message?: string;
  server?: ServerInfo;
  /** Date.now() when the experiment started */
  startedMs: number;
}

/**
 * The result, with passwords blanked in the definition (a variant's CREATE USER ... IDENTIFIED BY
 * '...') and in the message (a server error may quote the statement): every copy of it, printed,
 * written with --out, stored or shown, starts from here.
 */
export function experimentResult(outcome: ExperimentOutcome): ExperimentResult {
  return {
    kind: 'experiment',
    schemaVersion: RESULT_SCHEMA_VERSION,
    id: randomUUID(),
    name: outcome.definition.name,
    source: { tool: TOOL_NAME, toolVersion: TOOL_VERSION },
    server: outcome.server,
    startTime: new Date(outcome.startedMs).toISOString(),
    durationSec: (Date.now() - outcome.startedMs) / 1000,
    definition: redactSecrets(outcome.definition),
    variants: outcome.variants,
    cells: outcome.cells,
    ...(outcome.skipped && outcome.skipped.length > 0 ? { skipped: outcome.skipped } : {}),
    status: outcome.status,
    message: outcome.message === undefined ? undefined : redactSecretText(outcome.message),
  };
}

/**
 * Runs an experiment's cells (work), then says how it ended: cancelled, failed with the error's
 * text, or completed (naming failed cells); `finally` runs whatever happened. Notes (settings that
 * did not apply, a tear-down or clean-up that failed) are added to the message.
 */
export async function settleExperiment(
  cells: readonly ExperimentCell[],
  planned: number,
  signal: AbortSignal | undefined,
  work: () => Promise<void>,
  finally_: () => Promise<void>,
  notes: readonly string[] = [],
): Promise<{ status: RunStatus; message?: string }> {
  const withNotes = (message: string | undefined) =>
    [message, ...notes].filter((part) => part !== undefined && part !== '').join(' ') || undefined;
  try {
    await work();
    if (signal?.aborted)
      return {
        status: 'cancelled',
        message: withNotes(`Cancelled after ${cells.length} of ${planned} cells; the measured cells are kept.`),
      };
    const failed = cells.filter((cell) => cell.run.status === 'failed').length;
    return { status: 'completed', message: withNotes(failed > 0 ? `${failed} cell(s) failed; see their messages.` : undefined) };
  } catch (error) {
    return { status: signal?.aborted ? 'cancelled' : 'failed', message: withNotes(error instanceof Error ? error.message : String(error)) };
  } finally {
    await finally_();
  }
}

/**
 * The experiment as far as it ran, for the file written after each cell: the cells so far, marked
 * 'cancelled' (the result model's status for a study that did not run to its end) with a message
 * saying it is partial. A crash keeps it; the experiment's own result replaces it when it ends.
 */
export function partialExperimentResult(
  definition: ExperimentDefinition,
  cells: readonly ExperimentCell[],
  planned: number,
  startedMs: number,
): ExperimentResult {
  const variants =
    definition.kind === 'bulk-load' ? [...new Set(cells.map((cell) => cell.variant))] : definition.variants.map((variant) => variant.name);
  return experimentResult({
    definition,
    variants,
    cells: [...cells],
    status: 'cancelled',
    message: `Partial result: ${cells.length} of ${planned} cells, written while the experiment was still running (it did not end, or has not yet).`,
    startedMs,
  });
}
