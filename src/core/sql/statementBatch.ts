// Run Selection and Run File: the statements of the selection or the file, one after another in
// order, on the editor's session. A statement that fails stops the rest (tidbLab.sql.onError
// "stop", the default) or not ("continue"); a cancelled statement always stops the rest.
import type { StatementRunResult } from './resultModel';

export type OnStatementError = 'stop' | 'continue';

export const ON_ERROR_VALUES: readonly OnStatementError[] = ['stop', 'continue'];

export interface BatchStatementRun<S> {
  statement: S;
  /** its place in the batch, from 0 */
  index: number;
  /** ISO time it was sent */
  ranAt: string;
  outcome: { ok: true; result: StatementRunResult } | { ok: false; error: unknown };
}

export interface BatchRun<S> {
  /** the statements that ran (failed ones included), in order */
  runs: BatchStatementRun<S>[];
  /** the first statement that failed, if one did */
  firstFailure: BatchStatementRun<S> | undefined;
  failures: number;
  /** statements not run: after a failure ("stop") or a cancel */
  notRun: number;
  cancelled: boolean;
}

export interface BatchOptions {
  onError: OnStatementError;
  /** the error of a cancelled statement (StatementRunCancelled): it ends the batch, it is no failure */
  isCancellation(error: unknown): boolean;
  /** the batch was cancelled between statements */
  signal?: AbortSignal;
  /** the time a statement is sent (tests) */
  clock?: () => Date;
}

export async function runStatementBatch<S>(
  statements: readonly S[],
  runOne: (statement: S, index: number) => Promise<StatementRunResult>,
  options: BatchOptions,
): Promise<BatchRun<S>> {
  const clock = options.clock ?? (() => new Date());
  const runs: BatchStatementRun<S>[] = [];
  let firstFailure: BatchStatementRun<S> | undefined;
  let failures = 0;
  for (let index = 0; index < statements.length; index++) {
    if (options.signal?.aborted) return { runs, firstFailure, failures, notRun: statements.length - index, cancelled: true };
    const statement = statements[index];
    const ranAt = clock().toISOString();
    try {
      runs.push({ statement, index, ranAt, outcome: { ok: true, result: await runOne(statement, index) } });
    } catch (error) {
      if (options.isCancellation(error)) return { runs, firstFailure, failures, notRun: statements.length - index, cancelled: true };
      const failed: BatchStatementRun<S> = { statement, index, ranAt, outcome: { ok: false, error } };
      runs.push(failed);
      failures++;
      firstFailure ??= failed;
      if (options.onError === 'stop') return { runs, firstFailure, failures, notRun: statements.length - index - 1, cancelled: false };
    }
  }
  return { runs, firstFailure, failures, notRun: 0, cancelled: false };
}

/** The first line of a statement that is not blank, cut to `max` characters: how a message names it. */
export function firstLineOf(statement: string, max = 80): string {
  const line = statement.split(/\r?\n/).find((candidate) => candidate.trim() !== '') ?? '';
  const trimmed = line.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed;
}
