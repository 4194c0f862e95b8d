// xoroshiro128+ (rotations 55/14/36, the variant sysbench 1.0 ships) on 32-bit halves, because
// BigInt arithmetic is far too slow for the hot path. State: [s0.hi, s0.lo, s1.hi, s1.lo].

const TWO_POW_20 = 1048576;
const TWO_POW_52 = 4503599627370496;

export class Xoroshiro128Plus {
  // [s0.hi, s0.lo, s1.hi, s1.lo] as int32: kept in a typed array, the halves stay raw 32-bit
  // integers (uint32 object fields above 2^30 are boxed numbers, which made a step about 4x slower)
  private readonly s = new Int32Array(4);

  constructor(state: readonly [number, number, number, number]) {
    this.s[0] = state[0];
    this.s[1] = state[1];
    this.s[2] = state[2];
    this.s[3] = state[3];
  }

  get state(): [number, number, number, number] {
    return [this.s[0] >>> 0, this.s[1] >>> 0, this.s[2] >>> 0, this.s[3] >>> 0];
  }

  /** A double in [0, 1), built exactly as sysbench's sb_rand_uniform_double() builds it. */
  nextDouble(): number {
    const s = this.s;
    const h0 = s[0],
      l0 = s[1],
      h1 = s[2],
      l1 = s[3];
    // result = s0 + s1 (64-bit); its high 52 bits make the double
    const lowSum = (l0 >>> 0) + (l1 >>> 0);
    const resultHi = (h0 + h1 + (lowSum > 0xffffffff ? 1 : 0)) >>> 0;
    // s1 ^= s0
    const xh = h1 ^ h0;
    const xl = l1 ^ l0;
    // s0 = rotl(s0, 55) ^ s1 ^ (s1 << 14)
    s[0] = ((l0 << 23) | (h0 >>> 9)) ^ xh ^ ((xh << 14) | (xl >>> 18));
    s[1] = ((h0 << 23) | (l0 >>> 9)) ^ xl ^ (xl << 14);
    // s1 = rotl(s1, 36)
    s[2] = (xl << 4) | (xh >>> 28);
    s[3] = (xh << 4) | (xl >>> 28);
    // lowSum >>> 12 takes the low word modulo 2^32 first, as the 64-bit sum does
    return (resultHi * TWO_POW_20 + (lowSum >>> 12)) / TWO_POW_52;
  }
}
