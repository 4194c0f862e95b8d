// Event latencies counted where the benchmark's statements run, in the slots of the HDR histogram
// that the coordinating thread keeps (latencyHistogram.ts: 1 µs unit, 3 significant digits, up to
// one hour), without loading the histogram library: a worker thread only counts, and sends the
// slots that were hit. Loading hdr-histogram-js cost each worker about 35 ms of CPU at its start,
// and compressing its histogram for every report interval a few more.

export const HIGHEST_MICROS = 3_600_000_000;
// The histogram's layout: a unit of 1 µs (unit magnitude 0) and 3 significant digits give
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

export const SLOTS = countsIndex(HIGHEST_MICROS) + 1;

/** The slot of a latency in ms: rounded to whole microseconds, clamped to [1 µs, one hour]. */
export function slotOfMs(ms: number): number {
  const micros = Math.round(ms * 1000);
  return countsIndex(micros < 1 ? 1 : micros > HIGHEST_MICROS ? HIGHEST_MICROS : micros);
}

/** Latencies as one thread sends them to another: the slots from firstSlot on, and the exact figures. */
export interface CountedLatencies {
  firstSlot: number;
  /** counts[i] events fell in slot firstSlot + i */
  counts: Float64Array;
  count: number;
  sumMs: number;
  minMs: number;
  maxMs: number;
}

export function noCountedLatencies(): CountedLatencies {
  return { firstSlot: 0, counts: new Float64Array(0), count: 0, sumMs: 0, minMs: Number.POSITIVE_INFINITY, maxMs: 0 };
}

export class LatencyCounts {
  // Float64: a slot may count more than 2^32 events when nothing reads it for a long run
  private slots: Float64Array | undefined;
  private low = SLOTS;
  private high = -1;
  count = 0;
  sumMs = 0;
  minMs = Number.POSITIVE_INFINITY;
  maxMs = 0;

  record(ms: number): void {
    const index = slotOfMs(ms);
    const slots = (this.slots ??= new Float64Array(SLOTS));
    slots[index]++;
    if (index < this.low) this.low = index;
    if (index > this.high) this.high = index;
    this.count++;
    this.sumMs += ms;
    if (ms < this.minMs) this.minMs = ms;
    if (ms > this.maxMs) this.maxMs = ms;
  }

  /** Adds what another thread counted. */
  add(other: CountedLatencies): void {
    if (other.count === 0) return;
    const slots = (this.slots ??= new Float64Array(SLOTS));
    const counts = other.counts;
    for (let i = 0; i < counts.length; i++) slots[other.firstSlot + i] += counts[i];
    const last = other.firstSlot + counts.length - 1;
    if (other.firstSlot < this.low) this.low = other.firstSlot;
    if (last > this.high) this.high = last;
    this.count += other.count;
    this.sumMs += other.sumMs;
    if (other.minMs < this.minMs) this.minMs = other.minMs;
    if (other.maxMs > this.maxMs) this.maxMs = other.maxMs;
  }

  /** Calls visit(slot, count) for every slot with events, lowest first. */
  forEachSlot(visit: (slot: number, count: number) => void): void {
    const slots = this.slots;
    if (slots === undefined) return;
    for (let index = this.low; index <= this.high; index++) {
      const count = slots[index];
      if (count > 0) visit(index, count);
    }
  }

  /** What was counted since the last take() or reset(), to send; starts counting afresh. */
  take(): CountedLatencies {
    const counted: CountedLatencies = {
      firstSlot: this.high < 0 ? 0 : this.low,
      counts: this.high < 0 ? new Float64Array(0) : this.slots!.slice(this.low, this.high + 1),
      count: this.count,
      sumMs: this.sumMs,
      minMs: this.minMs,
      maxMs: this.maxMs,
    };
    this.reset();
    return counted;
  }

  reset(): void {
    if (this.high >= 0) this.slots!.fill(0, this.low, this.high + 1);
    this.low = SLOTS;
    this.high = -1;
    this.count = 0;
    this.sumMs = 0;
    this.minMs = Number.POSITIVE_INFINITY;
    this.maxMs = 0;
  }
}
