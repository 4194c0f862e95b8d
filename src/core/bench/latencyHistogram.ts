// Event latencies in an HDR histogram (hdr-histogram-js): microsecond resolution, 3 significant
// digits, up to one hour, fixed size whatever the run length. min, max and sum are kept exactly
// beside it, since sysbench prints those exactly.
//
// Recording is on the benchmark's hot path (once per event), where the library's recordValue()
// costs a log2, two pows and a few calls. So an event only increments a slot of a plain counts
// array laid out as the histogram's (latencyCounts.ts, which worker threads use without this
// module), and the counts go into the histogram when somebody reads it (at most once per report
// interval).
import type { Histogram, JsHistogram } from 'hdr-histogram-js';
import { loadHdrHistogram } from '../lazyLibraries';
import type { LatencyHistogram, LatencySummaryMs } from '../results/benchmarkResult';
import { HIGHEST_MICROS, LatencyCounts, slotOfMs, valueOfIndex, type CountedLatencies } from './measurement/latencyCounts';

export { countsIndex, valueOfIndex } from './measurement/latencyCounts';

export function newHistogram(): Histogram {
  return loadHdrHistogram().build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: HIGHEST_MICROS,
    numberOfSignificantValueDigits: 3,
    autoResize: false,
    bitBucketSize: 32,
  });
}

export class LatencyRecorder {
  private readonly recorded = newHistogram();
  private readonly pending = new LatencyCounts();
  count = 0;
  sumMs = 0;
  minMs = Number.POSITIVE_INFINITY;
  maxMs = 0;

  /** The histogram with every recorded event in it. */
  get histogram(): Histogram {
    if (this.pending.count > 0) this.flush();
    return this.recorded;
  }

  record(ms: number): void {
    this.pending.record(ms);
    this.count++;
    this.sumMs += ms;
    if (ms < this.minMs) this.minMs = ms;
    if (ms > this.maxMs) this.maxMs = ms;
  }

  /** `count` events of `ms` each, in the slot record() puts one in (a histogram another tool printed). */
  recordMany(ms: number, count: number): void {
    if (count <= 0) return;
    this.histogram.recordValueWithCount(valueOfIndex(slotOfMs(ms)), count);
    this.count += count;
    this.sumMs += ms * count;
    if (ms < this.minMs) this.minMs = ms;
    if (ms > this.maxMs) this.maxMs = ms;
  }

  private flush(): void {
    this.pending.forEachSlot((slot, count) => this.recorded.recordValueWithCount(valueOfIndex(slot), count));
    this.pending.reset();
  }

  /** Adds another recorder's events, a histogram read back from a result, or what a worker thread counted. */
  add(other: LatencyRecorder | EncodedLatencies | CountedLatencies): void {
    if (other.count === 0) return;
    if (other instanceof LatencyRecorder) this.histogram.add(other.histogram);
    else if ('counts' in other) this.pending.add(other);
    else {
      const decoded = loadHdrHistogram().decodeFromCompressedBase64(other.histogram, 32);
      this.histogram.add(decoded);
      decoded.destroy();
    }
    this.count += other.count;
    this.sumMs += other.sumMs;
    if (other.minMs < this.minMs) this.minMs = other.minMs;
    if (other.maxMs > this.maxMs) this.maxMs = other.maxMs;
  }

  reset(): void {
    this.pending.reset();
    this.recorded.reset();
    this.count = 0;
    this.sumMs = 0;
    this.minMs = Number.POSITIVE_INFINITY;
    this.maxMs = 0;
  }

  /** A copy for a result (the histogram compressed). */
  encode(): EncodedLatencies {
    return {
      histogram: this.count > 0 ? loadHdrHistogram().encodeIntoCompressedBase64(this.histogram) : '',
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
