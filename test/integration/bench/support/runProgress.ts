// What a running benchmark has reported so far, so a test can wait for the state it needs (an
// interval with events, an interval after a cut) instead of sleeping, and fails at once with the
// run's own message when the run ends before that state comes.
import assert from 'node:assert/strict';
import type { ResultInterval, RunResult } from '../../../../src/core/results/benchmarkResult';
import type { IntervalReport } from '../../../../src/core/bench/measurement/runStatistics';
import { waitFor } from '../../../support/serverStatements';

export class RunProgress {
  readonly intervals: ResultInterval[] = [];
  private ended?: { result?: RunResult; error?: unknown };

  /** Pass as the run's onInterval hook. */
  readonly onInterval = (report: IntervalReport): void => {
    this.intervals.push(report.interval);
  };

  /** Follows the run's promise (and returns it) so waiting stops when the run ends. */
  watch(run: Promise<RunResult>): Promise<RunResult> {
    run.then(
      (result) => (this.ended = { result }),
      (error: unknown) => (this.ended = { error }),
    );
    return run;
  }

  /** Fails when the run has already ended (a wait for a running state would only time out). */
  assertRunning(): void {
    if (!this.ended) return;
    const { result, error } = this.ended;
    assert.fail(`the run ended early: ${result ? `${result.status}: ${result.message ?? ''}` : String(error)}`);
  }

  /** Waits for an interval that satisfies the predicate and returns it. */
  waitForInterval(predicate: (interval: ResultInterval, index: number) => boolean, timeoutMs: number): Promise<ResultInterval> {
    return waitFor(
      'an interval report',
      async () => {
        const found = this.intervals.find(predicate);
        if (found) return found;
        this.assertRunning();
        return undefined;
      },
      timeoutMs,
    );
  }
}
