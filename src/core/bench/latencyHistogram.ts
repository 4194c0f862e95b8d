// Event latencies in an HDR histogram (hdr-histogram-js): microsecond resolution, 3 significant
// digits, up to one hour, fixed size whatever the run length. min, max and sum are kept exactly
// beside it, since sysbench prints those exactly.
//
// Recording is on the benchmark's hot path (once per event), where the library's recordValue()
// costs a log2, two pows and a few calls. So an event only increments a slot of a plain counts
// array laid out as the histogram's (the index from integer steps), and the counts go into the
// histogram when somebody reads it (at most once per report interval).
import { build, decodeFromCompressedBase64, encodeIntoCompressedBase64, type Histogram, type JsHistogram } from 'hdr-histogram-js';
import type { LatencyHistogram, LatencySummaryMs } from '../results/benchmarkResult';

const HIGHEST_MICROS = 3_600_000_000;
// newHistogram()'s layout: a unit of 1 µs (unit magnitude 0) and 3 significant digits give
// sub-buckets of 2048 values, each bucket after the first using its upper half (1024 slots).
const SUB_BUCKET_HALF_COUNT_MAGNITUDE = 10;
const SUB_BUCKET_HALF_COUNT = 1 << SUB_BUCKET_HALF_COUNT_MAGNITUDE;

/**
 * The counts-array slot hdr-histogram-js's countsArrayIndex() gives an integer number of
 * microseconds in [1, 2^32), with clz32 and a shift for its floor(log2()) and division by a pow.
 */
export function countsIndex(micros: number): number {
  const bucket = Math.max(0, 31 - Math.clz32(micros) - SUB_BUCKET_HALF_COUNT_MAGNITUDE);
  return (bucket << SUB_BUCKET_HALF_COUNT_MAGNITUDE) + (micros >>> bucket);
}

/** The lowest value of a counts-array slot (hdr-histogram-js's valueFromIndex()). */
export function valueOfIndex(index: number): number {
  let bucket = (index >> SUB_BUCKET_HALF_COUNT_MAGNITUDE) - 1;
  let subBucket = (index & (SUB_BUCKET_HALF_COUNT - 1)) + SUB_BUCKET_HALF_COUNT;
  if (bucket < 0) {
    subBucket -= SUB_BUCKET_HALF_COUNT;
    bucket = 0;
  }
  return subBucket * 2 ** bucket;
}

const SLOTS = countsIndex(HIGHEST_MICROS) + 1;

export function newHistogram(): Histogram {
  return build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: HIGHEST_MICROS,
    numberOfSignificantValueDigits: 3,
    autoResize: false,
    bitBucketSize: 32,
  });
}

export class LatencyRecorder {
  private readonly recorded = newHistogram();
  // Float64: a slot may count more than 2^32 events when nothing reads the histogram for a long run
  private pending: Float64Array | undefined;
  private pendingEvents = 0;
  private pendingLow = SLOTS;
  private pendingHigh = -1;
  count = 0;
  sumMs = 0;
  minMs = Number.POSITIVE_INFINITY;
  maxMs = 0;

  /** The histogram with every recorded event in it. */
  get histogram(): Histogram {
    if (this.pendingEvents > 0) this.flush();
    return this.recorded;
  }

  record(ms: number): void {
    const micros = Math.round(ms * 1000);
    const index = countsIndex(micros < 1 ? 1 : micros > HIGHEST_MICROS ? HIGHEST_MICROS : micros);
    const pending = (this.pending ??= new Float64Array(SLOTS));
    pending[index]++;
    if (index < this.pendingLow) this.pendingLow = index;
    if (index > this.pendingHigh) this.pendingHigh = index;
    this.pendingEvents++;
    this.count++;
    this.sumMs += ms;
    if (ms < this.minMs) this.minMs = ms;
    if (ms > this.maxMs) this.maxMs = ms;
  }

  private flush(): void {
    const pending = this.pending!;
    for (let index = this.pendingLow; index <= this.pendingHigh; index++) {
      const count = pending[index];
      if (count > 0) this.recorded.recordValueWithCount(valueOfIndex(index), count);
    }
    this.dropPending();
  }

  private dropPending(): void {
    if (this.pendingHigh >= 0) this.pending!.fill(0, this.pendingLow, this.pendingHigh + 1);
    this.pendingEvents = 0;
    this.pendingLow = SLOTS;
    this.pendingHigh = -1;
  }

  add(other: LatencyRecorder | EncodedLatencies): void {
    if (other.count === 0) return;
    if (other instanceof LatencyRecorder) this.histogram.add(other.histogram);
    else {
      const decoded = decodeFromCompressedBase64(other.histogram, 32);
      this.histogram.add(decoded);
      decoded.destroy();
    }
    this.count += other.count;
    this.sumMs += other.sumMs;
    if (other.minMs < this.minMs) this.minMs = other.minMs;
    if (other.maxMs > this.maxMs) this.maxMs = other.maxMs;
  }

  reset(): void {
    if (this.pendingEvents > 0) this.dropPending();
    this.recorded.reset();
    this.count = 0;
    this.sumMs = 0;
    this.minMs = Number.POSITIVE_INFINITY;
    this.maxMs = 0;
  }

  /** A copy to send to another thread (the histogram compressed). */
  encode(): EncodedLatencies {
    return {
      histogram: this.count > 0 ? encodeIntoCompressedBase64(this.histogram) : '',
      count: this.count,
      sumMs: this.sumMs,
      minMs: this.minMs,
      maxMs: this.maxMs,
    };
  }

  /** The copy a result keeps (HdrLatencies): as encode(), with min 0 when nothing was recorded (JSON has no Infinity). */
  exact(): EncodedLatencies {
    const encoded = this.encode();
    return this.count > 0 ? encoded : { ...encoded, minMs: 0 };
  }

  /** The value at a percentile (0-100) in ms; null when nothing was recorded. */
  percentileMs(percentile: number): number | null {
    if (this.count === 0) return null;
    return this.histogram.getValueAtPercentile(percentile) / 1000;
  }

  summary(): LatencySummaryMs {
    if (this.count === 0) return { min: null, avg: null, max: null, p50: null, p90: null, p95: null, p99: null, p999: null };
    return {
      min: this.minMs,
      avg: this.sumMs / this.count,
      max: this.maxMs,
      p50: this.percentileMs(50),
      p90: this.percentileMs(90),
      p95: this.percentileMs(95),
      p99: this.percentileMs(99),
      p999: this.percentileMs(99.9),
    };
  }

  /**
   * Buckets with counts for the result model, upper bounds in ms: logarithmic, 8 per doubling
   * (about 9% wide), which is as fine as a latency chart needs.
   */
  buckets(): LatencyHistogram {
    const bucketsMs: number[] = [];
    const counts: number[] = [];
    if (this.count === 0) return { bucketsMs, counts };
    const iterator = (this.histogram as JsHistogram).recordedValuesIterator;
    iterator.reset();
    let bucket = -1;
    while (iterator.hasNext()) {
      const value = iterator.next();
      const micros = Math.max(1, value.valueIteratedTo);
      const index = Math.ceil(Math.log2(micros) * 8);
      if (index !== bucket) {
        bucket = index;
        bucketsMs.push(Math.round(Math.pow(2, index / 8)) / 1000);
        counts.push(0);
      }
      counts[counts.length - 1] += value.countAtValueIteratedTo;
    }
    return { bucketsMs, counts };
  }
}

export interface EncodedLatencies {
  histogram: string;
  count: number;
  sumMs: number;
  minMs: number;
  maxMs: number;
}
