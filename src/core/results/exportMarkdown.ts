// Markdown tables for pasting into issues, wikis and reports: run summaries, run comparisons and
// the experiment "% change" tables (as the study printed them: threads down, workloads across).

import type { RunResult } from './benchmarkResult';
import type { RunComparison } from './runComparison';
import { pivotChangeMatrix, type VariantChangeTable } from './variantComparison';

export function markdownCell(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n|\r/g, ' ');
}

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[], alignRightFrom = 1): string {
  const line = (cells: readonly string[]): string => `| ${cells.map(markdownCell).join(' | ')} |`;
  const rule = header.map((_, index) => (index >= alignRightFrom ? '---:' : '---'));
  return [line(header), `| ${rule.join(' | ')} |`, ...rows.map(line)].join('\n') + '\n';
}

export function formatNumber(value: number | null | undefined, decimals = 2): string {
  return value === null || value === undefined ? '–' : value.toFixed(decimals);
}

export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  const rounded = value.toFixed(1);
  return `${value > 0 && rounded !== '0.0' ? '+' : ''}${rounded}%`;
}

export function runSummariesToMarkdown(runs: readonly RunResult[]): string {
  const header = ['Run', 'Workload', 'Status', 'Threads', 'TPS', 'QPS', 'avg ms', 'p95 ms', 'p99 ms', 'max ms', 'errors'];
  const rows = runs.map((run) => {
    const latency = run.summary.latencyMs;
    return [
      run.name ?? run.id,
      run.workload,
      run.status,
      typeof run.options.threads === 'number' ? String(run.options.threads) : '–',
      formatNumber(run.summary.tps),
      formatNumber(run.summary.qps),
      formatNumber(latency.avg),
      formatNumber(latency.p95),
      formatNumber(latency.p99),
      formatNumber(latency.max),
      String(run.summary.errors),
    ];
  });
  return markdownTable(header, rows, 3);
}

export function runComparisonToMarkdown(comparison: RunComparison): string {
  const header = ['Metric', ...comparison.runs.map((run, index) => (index === 0 ? run.name : `${run.name} (vs first)`))];
  const rows = comparison.metrics.map(({ metric, values, changePctVsFirst }) => [
    `${metric.label} (${metric.unit}, ${metric.better} is better)`,
    ...values.map((value, index) => (index === 0 ? formatNumber(value) : `${formatNumber(value)} (${formatPercent(changePctVsFirst[index])})`)),
  ]);
  return markdownTable(header, rows);
}

/** The study's summary: threads down, workloads across, "% change" in the cells; then the raw numbers. */
export function variantChangeToMarkdown(table: VariantChangeTable): string {
  const { metric, baseline, candidate } = table;
  const title = `**% change of ${metric.label}, ${candidate} over ${baseline}** (${metric.better} is better)`;
  const matrix = pivotChangeMatrix(table, 'changePct');
  const pivot = markdownTable(
    ['Threads', ...matrix.columns.map((column) => column.label)],
    matrix.threads.map((threads, row) => [String(threads), ...matrix.cells[row].map(formatPercent)]),
  );
  const details = markdownTable(
    ['Workload', 'Table size', 'Threads', `${baseline} (${metric.unit})`, `${candidate} (${metric.unit})`, 'change'],
    table.rows.map((row) => [row.workloadLabel, row.tableSize === undefined ? '–' : String(row.tableSize), String(row.threads), formatNumber(row.baseline), formatNumber(row.candidate), formatPercent(row.changePct)]),
    1,
  );
  return `${title}\n\n${pivot}\n${details}`;
}
