// A latency histogram re-binned into bars of one fixed width in log10(ms), so the bars' heights
// compare: each source bucket's count is spread over the bars its bounds overlap, in proportion to
// the overlap in log space. Folding a varying number of buckets into each bar (what this replaced)
// drew peaks and dips that were only the bucket scheme. The source may be our engine's buckets
// (8 per doubling, upper bounds) or sysbench's (about 1.8% wide, printed to 0.001 ms).
import type { LatencyHistogram } from '../../src/core/results/benchmarkResult';

export interface HistogramBar {
  /** lower and upper bound in ms; log10(toMs) - log10(fromMs) is the same for every bar */
  fromMs: number;
  toMs: number;
  /** events in the bar; fractional where a source bucket straddles two bars */
  count: number;
}

/** Bars per decade, coarsest last; bar edges fall on 10^(j/k), so decades are always bar edges. */
const BARS_PER_DECADE = [40, 20, 10, 5, 4, 2, 1];

export interface SourceBucket {
  fromMs: number;
  toMs: number;
  count: number;
}

/** How a source names its buckets: each value is the bucket's upper bound or its log-centre. */
export interface BucketScheme {
  ratio: number;
  value: 'upper' | 'centre';
}

/** Our engine: upper bounds, 8 buckets per doubling (latencyHistogram.ts). */
export const ENGINE_BUCKETS: BucketScheme = { ratio: 2 ** (1 / 8), value: 'upper' };
/** sysbench 1.0: 1024 buckets from 0.001 to 100,000 ms, each printed at its log-centre. */
export const SYSBENCH_BUCKETS: BucketScheme = { ratio: 1e8 ** (1 / 1023), value: 'centre' };

export function bucketSchemeOf(tool: string): BucketScheme | undefined {
  if (tool === 'tidb-lab') return ENGINE_BUCKETS;
  if (tool === 'sysbench') return SYSBENCH_BUCKETS;
  return undefined;
}

/** A step this many times the usual one (in log space) is a gap of empty buckets, not one wide bucket. */
const GAP_STEPS = 4;

/**
 * The source buckets with both bounds. Only one value per bucket is stored, and usually only for
 * buckets with counts. With a known scheme a bucket spans its scheme width, cut where it would
 * overlap a neighbour (rounded values). Without one, neighbours are taken as touching unless the
 * step between them is a gap; a bucket after a gap spans the usual step.
 */
export function sourceBuckets(histogram: LatencyHistogram, scheme?: BucketScheme): SourceBucket[] {
  const merged = new Map<number, number>();
  histogram.bucketsMs.forEach((valueMs, index) => {
    if (valueMs > 0 && Number.isFinite(valueMs))
      merged.set(valueMs, (merged.get(valueMs) ?? 0) + Math.max(0, histogram.counts[index] ?? 0));
  });
  const values = [...merged.keys()].sort((a, b) => a - b);
  const buckets = scheme ? schemeBounds(values, scheme) : estimatedBounds(values);
  return buckets.map((bounds, index) => ({ ...bounds, count: merged.get(values[index]) ?? 0 })).filter((bucket) => bucket.count > 0);
}

function schemeBounds(values: readonly number[], scheme: BucketScheme): { fromMs: number; toMs: number }[] {
  if (scheme.value === 'upper') {
    return values.map((toMs, index) => ({ fromMs: Math.max(index === 0 ? 0 : values[index - 1], toMs / scheme.ratio), toMs }));
  }
  const half = Math.sqrt(scheme.ratio);
  return values.map((value, index) => ({
    fromMs: Math.max(index === 0 ? 0 : Math.sqrt(values[index - 1] * value), value / half),
    toMs: Math.min(index === values.length - 1 ? Number.POSITIVE_INFINITY : Math.sqrt(value * values[index + 1]), value * half),
  }));
}

function estimatedBounds(values: readonly number[]): { fromMs: number; toMs: number }[] {
  const steps = values
    .slice(1)
    .map((value, index) => Math.log(value / values[index]))
    .sort((a, b) => a - b);
  const usual = steps.length > 0 ? steps[Math.floor((steps.length - 1) / 2)] : Math.log(ENGINE_BUCKETS.ratio);
  return values.map((toMs, index) => {
    const step = index === 0 ? Number.POSITIVE_INFINITY : Math.log(toMs / values[index - 1]);
    return { fromMs: step > usual * GAP_STEPS ? toMs / Math.exp(usual) : values[index - 1], toMs };
  });
}

/**
 * Bars of equal width in log10(ms), at most `maxBars` of them, never narrower than the source's
 * buckets (a finer bar would only repeat a bucket's average). Empty bars between counts stay as 0.
 */
export function histogramBars(histogram: LatencyHistogram | undefined, scheme?: BucketScheme, maxBars = 40): HistogramBar[] {
  if (!histogram) return [];
  const buckets = sourceBuckets(histogram, scheme);
  if (buckets.length === 0) return [];
  const low = Math.log10(buckets[0].fromMs);
  const high = Math.log10(buckets[buckets.length - 1].toMs);
  const narrowest = Math.min(...buckets.map((bucket) => Math.log10(bucket.toMs) - Math.log10(bucket.fromMs)));
  const perDecade = BARS_PER_DECADE.find((k) => 1 / k >= narrowest * 0.999 && barSpan(low, high, k) <= maxBars) ?? 1;
  const first = Math.floor(low * perDecade + 1e-9);
  const count = barSpan(low, high, perDecade);
  const bars: HistogramBar[] = Array.from({ length: count }, (_unused, index) => ({
    fromMs: 10 ** ((first + index) / perDecade),
    toMs: 10 ** ((first + index + 1) / perDecade),
    count: 0,
  }));
  for (const bucket of buckets) {
    const from = Math.log10(bucket.fromMs) * perDecade - first;
    const to = Math.log10(bucket.toMs) * perDecade - first;
    const width = to - from;
    for (let index = Math.max(0, Math.floor(from)); index < Math.min(count, Math.ceil(to)); index++) {
      const overlap = Math.min(to, index + 1) - Math.max(from, index);
      if (overlap > 0) bars[index].count += width > 0 ? bucket.count * (overlap / width) : bucket.count;
    }
  }
  return bars;
}

function barSpan(low: number, high: number, perDecade: number): number {
  return Math.max(1, Math.ceil(high * perDecade - 1e-9) - Math.floor(low * perDecade + 1e-9));
}
