// What a run's progress notification says and how far its bar is: the seconds of a run, and of an
// experiment the cell that runs (named as the Benchmarks view will name its result) or the step
// between cells (prepare, a variant's set-up, the clean-up).
import * as vscode from 'vscode';
import type { ExperimentStep } from '../../core/bench/experiments/experimentStep';
import type { PlannedCell } from '../../core/bench/experiments/runExperiment';
import type { ResultInterval } from '../../core/results/benchmarkResult';
import { cellName, type CellDimensions } from '../../core/results/runNames';
import { cellNameWords, threadsText } from './resultLabels';

/** Turns the engine's per-interval callbacks into the progress notification's text and increments. */
export class ProgressTracker {
  private reported = 0;

  constructor(
    private readonly progress: vscode.Progress<{ message?: string; increment?: number }>,
    private readonly totalSec: number,
  ) {}

  report(message: string, doneSec: number): void {
    const percent = this.totalSec > 0 ? Math.min(100, (doneSec / this.totalSec) * 100) : 0;
    this.progress.report({ message, increment: Math.max(0, percent - this.reported) });
    this.reported = Math.max(this.reported, percent);
  }
}

/** A run's progress: what runs, its seconds so far (of how many), and whether it is stopping. */
export function progressText(what: string, interval: ResultInterval, timeSec: number, signal: AbortSignal): string {
  const elapsed = Math.round(interval.t);
  const base = timeSec > 0 ? vscode.l10n.t('{0} · {1} s / {2} s', what, elapsed, timeSec) : vscode.l10n.t('{0} · {1} s', what, elapsed);
  return signal.aborted ? `${base} · ${vscode.l10n.t('stopping…')}` : base;
}

/** The progress text of the steps between cells. */
export function stepText(step: Exclude<ExperimentStep, { kind: 'cell' }>): string {
  switch (step.kind) {
    case 'prepare':
      return vscode.l10n.t('Preparing {0} table(s) of {1} rows…', step.tables, step.tableSize.toLocaleString());
    case 'variant':
      return step.waitsUntilReady
        ? vscode.l10n.t("Setting up '{0}' and waiting until it is ready…", step.variant)
        : vscode.l10n.t("Setting up '{0}'…", step.variant);
    case 'cleanup':
      return vscode.l10n.t('Dropping the benchmark tables…');
  }
}

export function workloadText(cell: PlannedCell): string {
  return `${cell.workload.name} ${threadsText(cell.threads)}`;
}

/** The cell as its run will be named in the Benchmarks view: what tells it apart from the other cells. */
export function cellText(plan: readonly PlannedCell[], cell: PlannedCell): string {
  const dimensions = (planned: PlannedCell): CellDimensions => ({
    variant: planned.variant.name,
    workload: planned.workload.name,
    threads: planned.threads,
    tableSize: planned.tableSize,
    params: planned.params,
    repetition: planned.repetition,
  });
  return cellName(plan.map(dimensions), dimensions(cell), cellNameWords);
}
