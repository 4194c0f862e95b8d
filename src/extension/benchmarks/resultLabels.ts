// How a result is named in the Benchmarks view, in editor tab titles and in messages.
import * as vscode from 'vscode';
import type { BenchmarkResult, ExperimentCell, ExperimentResult, RunResult } from '../../core/results/benchmarkResult';
import { experimentCellName, type NameWords } from '../../core/results/runNames';

export function runThreads(run: RunResult): number | undefined {
  const threads = run.options.threads;
  if (typeof threads === 'number') return threads;
  if (typeof threads === 'string' && /^\d+$/.test(threads)) return Number(threads);
  return run.intervals[0]?.threads;
}

/** "1 thread", "8 threads". */
export function threadsText(count: number): string {
  return count === 1 ? vscode.l10n.t('1 thread') : vscode.l10n.t('{0} threads', count.toLocaleString(vscode.env.language));
}

/** "1 run", "12 runs". */
export function runsText(count: number): string {
  return count === 1 ? vscode.l10n.t('1 run') : vscode.l10n.t('{0} runs', count.toLocaleString(vscode.env.language));
}

export const cellNameWords: NameWords = {
  threads: threadsText,
  rows: (count) => (count === 1 ? vscode.l10n.t('1 row') : vscode.l10n.t('{0} rows', count.toLocaleString(vscode.env.language))),
  repetition: (index) => vscode.l10n.t('run {0}', index),
};

/** The result's own name, or "oltp_point_select · 8 threads" / the experiment's name. */
export function resultLabel(result: BenchmarkResult): string {
  if (result.name) return result.name;
  if (result.kind === 'experiment') return vscode.l10n.t('Experiment');
  const threads = runThreads(result);
  return threads === undefined ? result.workload : `${result.workload} · ${threadsText(threads)}`;
}

/** A run of an experiment: its own name (renamed), else what tells it apart from the experiment's other runs. */
export function cellLabel(experiment: ExperimentResult, cell: ExperimentCell): string {
  return experimentCellName(experiment, cell, cellNameWords);
}

/** A run of an experiment outside it (a comparison, an export): "Thread sweep: oltp_point_select · 16 threads". */
export function cellFullLabel(experiment: ExperimentResult, cell: ExperimentCell): string {
  return cell.run.name ?? `${resultLabel(experiment)} · ${cellLabel(experiment, cell)}`;
}

export function statusText(status: RunResult['status']): string {
  switch (status) {
    case 'completed':
      return vscode.l10n.t('completed');
    case 'cancelled':
      return vscode.l10n.t('cancelled');
    default:
      return vscode.l10n.t('failed');
  }
}

/** "2 minutes ago", "yesterday", or the date for older results. */
export function relativeTime(iso: string, now = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const seconds = Math.round((now - time) / 1000);
  if (seconds < 60) return vscode.l10n.t('just now');
  if (seconds < 3600) return vscode.l10n.t('{0} min ago', Math.round(seconds / 60));
  if (seconds < 86400) return vscode.l10n.t('{0} h ago', Math.round(seconds / 3600));
  return new Date(time).toLocaleDateString(vscode.env.language);
}

export function rateText(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString(vscode.env.language) : value.toFixed(2);
}
