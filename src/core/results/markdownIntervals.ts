// A run's report intervals as a Markdown table (what sysbench printed once a second), for the
// Markdown export when the intervals are asked for, below the summary row.
import type { RunResult } from './benchmarkResult';
import { formatNumber, markdownTable } from './exportMarkdown';

export function intervalsToMarkdown(run: RunResult): string {
  if (run.intervals.length === 0) return '_No report intervals (the run had no --report-interval, or ended before the first report)._\n';
  const header = [
    'time s',
    'threads',
    'TPS',
    'QPS',
    'reads/s',
    'writes/s',
    'other/s',
    'avg ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'errors/s',
    'reconnects/s',
  ];
  const rows = run.intervals.map((interval) => {
    const latency = interval.latencyMs;
    return [
      formatNumber(interval.t, Number.isInteger(interval.t) ? 0 : 1),
      String(interval.threads),
      formatNumber(interval.tps),
      formatNumber(interval.qps),
      formatNumber(interval.reads),
      formatNumber(interval.writes),
      formatNumber(interval.others),
      formatNumber(latency.avg),
      formatNumber(latency.p95),
      formatNumber(latency.p99),
      formatNumber(latency.max),
      formatNumber(interval.errors),
      formatNumber(interval.reconnects),
    ];
  });
  return markdownTable(header, rows);
}
