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

/** LatencyCounts' figures beside its slots: the lowest and highest slot hit, count, sum, min, max. */
const LOW = 0;
const HIGH = 1;
const COUNT = 2;
const SUM_MS = 3;
const MIN_MS = 4;
const MAX_MS = 5;
export const LATENCY_FIGURES = 6;

/**
 * Where a LatencyCounts keeps what it counted: SLOTS slots and LATENCY_FIGURES figures. Views of a
 * SharedArrayBuffer let another thread take the counts (sharedWorkerCounters.ts).
 */
export interface LatencyStorage {
  slots: Float64Array;
  figures: Float64Array;
}

/** Makes fresh storage (all zeros, as a new SharedArrayBuffer is) hold no counts. */
export function emptyLatencyStorage(storage: LatencyStorage): void {
  storage.figures[LOW] = SLOTS;
  storage.figures[HIGH] = -1;
  storage.figures[MIN_MS] = Number.POSITIVE_INFINITY;
}

export class LatencyCounts {
  // Float64: a slot may count more than 2^32 events when nothing reads it for a long run
  private slots: Float64Array | undefined;
  private readonly figures: Float64Array;

  /** Counts in `storage` as it stands (see emptyLatencyStorage), or in memory of its own. */
  constructor(storage?: LatencyStorage) {
    this.slots = storage?.slots;
    this.figures = storage?.figures ?? new Float64Array(LATENCY_FIGURES);
    if (storage === undefined) this.reset();
  }

  get count(): number {
    return this.figures[COUNT];
  }

  get sumMs(): number {
    return this.figures[SUM_MS];
  }

  get minMs(): number {
    return this.figures[MIN_MS];
  }

  get maxMs(): number {
    return this.figures[MAX_MS];
  }

  record(ms: number): void {
    const index = slotOfMs(ms);
    const slots = (this.slots ??= new Float64Array(SLOTS));
    const figures = this.figures;
    slots[index]++;
    if (index < figures[LOW]) figures[LOW] = index;
    if (index > figures[HIGH]) figures[HIGH] = index;
    figures[COUNT]++;
    figures[SUM_MS] += ms;
    if (ms < figures[MIN_MS]) figures[MIN_MS] = ms;
    if (ms > figures[MAX_MS]) figures[MAX_MS] = ms;
  }

  /** Adds what another thread counted. */
  add(other: CountedLatencies): void {
    if (other.count === 0) return;
    const slots = (this.slots ??= new Float64Array(SLOTS));
    const figures = this.figures;
    const counts = other.counts;
    for (let i = 0; i < counts.length; i++) slots[other.firstSlot + i] += counts[i];
    const last = other.firstSlot + counts.length - 1;
    if (other.firstSlot < figures[LOW]) figures[LOW] = other.firstSlot;
    if (last > figures[HIGH]) figures[HIGH] = last;
    figures[COUNT] += other.count;
    figures[SUM_MS] += other.sumMs;
    if (other.minMs < figures[MIN_MS]) figures[MIN_MS] = other.minMs;
    if (other.maxMs > figures[MAX_MS]) figures[MAX_MS] = other.maxMs;
  }

  /** Calls visit(slot, count) for every slot with events, lowest first. */
  forEachSlot(visit: (slot: number, count: number) => void): void {
    const slots = this.slots;
    if (slots === undefined) return;
    for (let index = this.figures[LOW], high = this.figures[HIGH]; index <= high; index++) {
      const count = slots[index];
      if (count > 0) visit(index, count);
    }
  }

  /** What was counted since the last take() or reset(), to send; starts counting afresh. */
  take(): CountedLatencies {
    const figures = this.figures;
    const low = figures[LOW];
    const high = figures[HIGH];
    const counted: CountedLatencies = {
      firstSlot: high < 0 ? 0 : low,
      counts: high < 0 ? new Float64Array(0) : this.slots!.slice(low, high + 1),
      count: figures[COUNT],
      sumMs: figures[SUM_MS],
      minMs: figures[MIN_MS],
      maxMs: figures[MAX_MS],
    };
    this.reset();
    return counted;
  }

  reset(): void {
    const figures = this.figures;
    if (figures[HIGH] >= 0 && this.slots !== undefined) this.slots.fill(0, figures[LOW], figures[HIGH] + 1);
    figures[LOW] = SLOTS;
    figures[HIGH] = -1;
    figures[COUNT] = 0;
    figures[SUM_MS] = 0;
    figures[MIN_MS] = Number.POSITIVE_INFINITY;
    figures[MAX_MS] = 0;
  }
}
