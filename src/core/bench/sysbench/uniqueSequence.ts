// sysbench.rand.unique(): a permutation of the uint32 range (preshing's RandomSequence), walked by a
// counter every thread shares. The counter lives in shared memory so threads in different
// worker_threads still draw distinct values.

const PRIME = 4294967291;

function permute(x: number): number {
  if (x >= PRIME) return x;
  const residue = Number((BigInt(x) * BigInt(x)) % BigInt(PRIME));
  return x <= Math.floor(PRIME / 2) ? residue : PRIME - residue;
}

export function seedUniqueSequence(index: number, offset: number): { index: number; offset: number } {
  return {
    index: permute((permute(index >>> 0) + 0x682f0161) >>> 0),
    offset: permute((permute(offset >>> 0) + 0x46790905) >>> 0),
  };
}

/** The value for position `index` of the sequence (sb_rand_unique with the counter at index). */
export function uniqueAt(index: number, offset: number): number {
  return permute((((permute(index >>> 0) + offset) >>> 0) ^ 0x5bf03635) >>> 0);
}

/** A shared counter (Int32Array over a SharedArrayBuffer, one slot) that hands out sequence positions. */
export class UniqueSequence {
  constructor(
    private readonly counter: Int32Array,
    private readonly startIndex: number,
    private readonly offset: number,
  ) {}

  static createCounter(): Int32Array {
    return new Int32Array(new SharedArrayBuffer(4));
  }

  next(): number {
    const position = Atomics.add(this.counter, 0, 1) >>> 0;
    return uniqueAt((this.startIndex + position) >>> 0, this.offset);
  }
}
