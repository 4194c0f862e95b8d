// A latency histogram as at most `maxBars` bars on logarithmic bins between its smallest and
// largest bucket. Bins without counts are kept (as 0) so the shape is not squeezed, whatever bucket
// scheme the source used (our engine's 8 per doubling, sysbench's own, sparse or dense).
import type { LatencyHistogram } from '../../src/core/results/benchmarkResult';

export interface HistogramBar {
  /** exclusive lower and inclusive upper bound in ms */
  fromMs: number;
  toMs: number;
  count: number;
}

export function histogramBars(histogram: LatencyHistogram | undefined, maxBars = 40): HistogramBar[] {
  if (!histogram) return [];
  const entries = histogram.bucketsMs
    .map((upperMs, index) => ({ upperMs, count: histogram.counts[index] ?? 0 }))
    .filter((entry) => entry.count > 0 && entry.upperMs > 0 && Number.isFinite(entry.upperMs))
    .sort((a, b) => a.upperMs - b.upperMs);
  if (entries.length === 0) return [];
  if (entries.length <= maxBars && isDense(entries.map((entry) => entry.upperMs))) {
    return entries.map((entry, index) => ({ fromMs: index === 0 ? entry.upperMs / 2 ** (1 / 8) : entries[index - 1].upperMs, toMs: entry.upperMs, count: entry.count }));
  }
  const first = entries[0].upperMs;
  const last = entries[entries.length - 1].upperMs;
  const bins = Math.max(1, Math.min(maxBars, entries.length));
  // The lowest bin starts a little below the first bucket so that bucket falls inside it.
  const low = first / 1.0001;
  const ratio = last > low ? (last / low) ** (1 / bins) : 2;
  const bars: HistogramBar[] = Array.from({ length: bins }, (_unused, index) => ({ fromMs: low * ratio ** index, toMs: low * ratio ** (index + 1), count: 0 }));
  for (const entry of entries) {
    const index = Math.min(bins - 1, Math.max(0, Math.ceil(Math.log(entry.upperMs / low) / Math.log(ratio)) - 1));
    bars[index].count += entry.count;
  }
  bars[bins - 1].toMs = last;
  return bars;
}

/** Buckets 8 per doubling with no gap (our engine's scheme): drawn one bar each. */
function isDense(uppers: readonly number[]): boolean {
  for (let index = 1; index < uppers.length; index++) {
    const ratio = uppers[index] / uppers[index - 1];
    if (ratio > 2 ** (1.5 / 8)) return false;
  }
  return true;
}
