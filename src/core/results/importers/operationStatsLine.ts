// The per-operation statistics lines go-tpc and go-ycsb both print with Go's RenderString:
// "<OPERATION> - Takes(s): 10.0, Count: 398, TPM: 2388.0, Avg(ms): 20.1, 50th(ms): 18.9, ..."
// (latencies in ms for go-tpc, in us for go-ycsb), and go-tpc's CH-benCHmark query lines
// "Q1     - Count: 3, Sum(ms): 1234.5, Avg(ms): 411.5" (ch/workload.go chSummary).

import type { LatencySummaryMs } from '../benchmarkResult';
import { parseDecimal } from './logLines';

export interface OperationStats {
  operation: string;
  /** by the tool's column name: 'Takes(s)', 'Count', 'TPM', 'OPS', 'Avg(ms)', '99.9th(us)', ... */
  values: Map<string, number>;
}

const STATS_LINE = /^([A-Za-z][\w-]*)\s+-\s+((?:Takes\(s\)|Count):.*)$/;

export function parseOperationStats(text: string): OperationStats | null {
  const match = STATS_LINE.exec(text);
  if (!match) return null;
  const values = new Map<string, number>();
  for (const pair of match[2].split(/,\s*/)) {
    const separator = pair.lastIndexOf(':');
    if (separator < 0) return null;
    const value = parseDecimal(pair.slice(separator + 1));
    if (value !== null) values.set(pair.slice(0, separator).trim(), value);
  }
  return values.has('Count') ? { operation: match[1], values } : null;
}

/** A latency column ("Avg(us)", "99.9th(ms)") as a key of the result model and its value in ms. */
function latencyColumn(column: string, value: number): { key: string; ms: number } | null {
  const match = /^(Avg|Min|Max|(\d+(?:\.\d+)?)th)\((ms|us)\)$/.exec(column);
  if (!match) return null;
  const ms = match[3] === 'us' ? value / 1000 : value;
  const key = match[2] !== undefined ? `p${match[2].replace('.', '')}` : match[1].toLowerCase();
  return { key, ms };
}

export function operationLatency(stats: OperationStats | undefined): LatencySummaryMs {
  const latency: LatencySummaryMs = { min: null, avg: null, max: null, p50: null, p90: null, p95: null, p99: null, p999: null };
  if (stats === undefined) return latency;
  for (const [column, value] of stats.values) {
    const entry = latencyColumn(column, value);
    if (entry !== null && entry.key in latency) latency[entry.key as keyof LatencySummaryMs] = entry.ms;
  }
  return latency;
}

/**
 * Per-operation numbers as result labels, for the operations the summary cannot show one by one:
 * "NEW_ORDER.count", "NEW_ORDER.tpm", "READ.ops", "READ.p99_ms", "READ.p9999_ms", ... (latencies in ms).
 */
export function operationLabels(stats: readonly OperationStats[]): Record<string, number> {
  const labels: Record<string, number> = {};
  for (const { operation, values } of stats) {
    for (const [column, value] of values) {
      const latency = latencyColumn(column, value);
      const suffix = latency !== null ? `${latency.key}_ms` : column.replace(/\((\w+)\)$/, '_$1').toLowerCase();
      labels[`${operation}.${suffix}`] = latency !== null ? latency.ms : value;
    }
  }
  return labels;
}
