// How a result is named in the Benchmarks view, in editor tab titles and in messages.
import * as vscode from 'vscode';
import type { BenchmarkResult, ExperimentCell, RunResult } from '../../core/results/benchmarkResult';

export function runThreads(run: RunResult): number | undefined {
  const threads = run.options.threads;
  if (typeof threads === 'number') return threads;
  if (typeof threads === 'string' && /^\d+$/.test(threads)) return Number(threads);
  return run.intervals[0]?.threads;
}

/** The result's own name, or "oltp_point_select · 8 threads" / the experiment's name. */
export function resultLabel(result: BenchmarkResult): string {
  if (result.name) return result.name;
  if (result.kind === 'experiment') return vscode.l10n.t('Experiment');
  const threads = runThreads(result);
  return threads === undefined ? result.workload : vscode.l10n.t('{0} · {1} threads', result.workload, threads);
}

export function cellLabel(cell: ExperimentCell): string {
  const params = Object.entries(cell.params ?? {}).map(([key, value]) => `${key}=${String(value)}`);
  const size = cell.tableSize !== undefined ? vscode.l10n.t('{0} rows', cell.tableSize.toLocaleString()) : '';
  return [cell.variant, cell.workload, ...params, vscode.l10n.t('{0} threads', cell.threads), size].filter(Boolean).join(' · ');
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
