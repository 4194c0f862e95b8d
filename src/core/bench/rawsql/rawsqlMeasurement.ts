// Latencies of a rawsql run by query, as go-tpc's measurement keeps them: each query NAME and its
// failures NAME_ERR in histograms of their own, once for the whole run and once for the interval
// going on (reset at each report). Percentiles come from TiDB Lab's HDR recorder (latencyHistogram.ts).
import { LatencyRecorder } from '../latencyHistogram';

export interface OperationNumbers {
  /** Q1, or Q1_ERR for its failures */
  name: string;
  takesSec: number;
  count: number;
  /** per minute, as go-tpc's TPM column */
  tpm: number;
  sumMs: number;
  avgMs: number;
  p50Ms: number;
  p90Ms: number;
  p95Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
}

export const errorOperation = (name: string): string => `${name}_ERR`;

export class OperationRecorders {
  readonly byName = new Map<string, LatencyRecorder>();

  record(name: string, ms: number): void {
    let recorder = this.byName.get(name);
    if (recorder === undefined) {
      recorder = new LatencyRecorder();
      this.byName.set(name, recorder);
    }
    recorder.record(ms);
  }

  count(name: string): number {
    return this.byName.get(name)?.count ?? 0;
  }

  /** Every operation that counted something, by name (go-tpc sorts them so). */
  numbers(takesSec: number): OperationNumbers[] {
    return [...this.byName.entries()]
      .filter(([, recorder]) => recorder.count > 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, recorder]) => operationNumbers(name, recorder, takesSec));
  }
}

export function operationNumbers(name: string, recorder: LatencyRecorder, takesSec: number): OperationNumbers {
  const at = (percentile: number) => recorder.percentileMs(percentile) ?? 0;
  return {
    name,
    takesSec,
    count: recorder.count,
    tpm: takesSec > 0 ? (recorder.count / takesSec) * 60 : 0,
    sumMs: recorder.sumMs,
    avgMs: recorder.count > 0 ? recorder.sumMs / recorder.count : 0,
    p50Ms: at(50),
    p90Ms: at(90),
    p95Ms: at(95),
    p99Ms: at(99),
    p999Ms: at(99.9),
    maxMs: recorder.count > 0 ? recorder.maxMs : 0,
  };
}

/**
 * The per-operation numbers as result labels, under the keys the go-tpc importer gives the same
 * columns ("Q1.count", "Q1.tpm", "Q1.p99_ms", "Q1_ERR.count", ...; operationStatsLine.ts).
 */
export function operationLabelsOf(operations: readonly OperationNumbers[]): Record<string, number> {
  const labels: Record<string, number> = {};
  for (const o of operations) {
    labels[`${o.name}.takes_s`] = o.takesSec;
    labels[`${o.name}.count`] = o.count;
    labels[`${o.name}.tpm`] = o.tpm;
    labels[`${o.name}.sum_ms`] = o.sumMs;
    labels[`${o.name}.avg_ms`] = o.avgMs;
    labels[`${o.name}.p50_ms`] = o.p50Ms;
    labels[`${o.name}.p90_ms`] = o.p90Ms;
    labels[`${o.name}.p95_ms`] = o.p95Ms;
    labels[`${o.name}.p99_ms`] = o.p99Ms;
    labels[`${o.name}.p999_ms`] = o.p999Ms;
    labels[`${o.name}.max_ms`] = o.maxMs;
  }
  return labels;
}
