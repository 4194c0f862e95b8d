// xoroshiro128+ (rotations 55/14/36, the variant sysbench 1.0 ships) on 32-bit halves, because
// BigInt arithmetic is far too slow for the hot path. State: [s0.hi, s0.lo, s1.hi, s1.lo].

const TWO_POW_20 = 1048576;
const TWO_POW_52 = 4503599627370496;

export class Xoroshiro128Plus {
  private h0: number;
  private l0: number;
  private h1: number;
  private l1: number;

  constructor(state: readonly [number, number, number, number]) {
    this.h0 = state[0] >>> 0;
    this.l0 = state[1] >>> 0;
    this.h1 = state[2] >>> 0;
    this.l1 = state[3] >>> 0;
  }

  get state(): [number, number, number, number] {
    return [this.h0, this.l0, this.h1, this.l1];
  }

  /** Advances the state; returns the high 52 bits of the 64-bit output as an exact integer. */
  private nextHigh52(): number {
    const h0 = this.h0, l0 = this.l0;
    let h1 = this.h1, l1 = this.l1;
    const lowSum = l0 + l1;
    const resultLo = lowSum >>> 0;
    const resultHi = (h0 + h1 + (lowSum > 0xffffffff ? 1 : 0)) >>> 0;

    h1 = (h1 ^ h0) >>> 0;
    l1 = (l1 ^ l0) >>> 0;
    // s0 = rotl(s0, 55) ^ s1 ^ (s1 << 14)
    const rotHi = ((l0 << 23) | (h0 >>> 9)) >>> 0;
    const rotLo = ((h0 << 23) | (l0 >>> 9)) >>> 0;
    const shiftHi = ((h1 << 14) | (l1 >>> 18)) >>> 0;
    const shiftLo = (l1 << 14) >>> 0;
    this.h0 = (rotHi ^ h1 ^ shiftHi) >>> 0;
    this.l0 = (rotLo ^ l1 ^ shiftLo) >>> 0;
    // s1 = rotl(s1, 36)
    this.h1 = ((l1 << 4) | (h1 >>> 28)) >>> 0;
    this.l1 = ((h1 << 4) | (l1 >>> 28)) >>> 0;

    return resultHi * TWO_POW_20 + (resultLo >>> 12);
  }

  /** A double in [0, 1), built exactly as sysbench's sb_rand_uniform_double() builds it. */
  nextDouble(): number {
    return this.nextHigh52() / TWO_POW_52;
  }
}
