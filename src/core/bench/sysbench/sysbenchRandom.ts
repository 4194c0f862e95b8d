// One sysbench thread's random numbers: sb_rand.c's generators over that thread's xoroshiro128+
// state, with sysbench's floating-point steps kept in the same order so seeded runs draw the same
// values. Arguments and results are uint32 like in C (ranges wrap the way C's unsigned math does).
import { Xoroshiro128Plus } from '../xoroshiro128plus';
import type { DistributionSettings } from './randomDistribution';

const TYPE_UNIFORM = 0;
const TYPE_GAUSSIAN = 1;
const TYPE_SPECIAL = 2;
const TYPE_PARETO = 3;
const TYPE_ZIPFIAN = 4;

const CHAR_0 = 0x30;
const CHAR_A = 0x61;
const HASH = 0x23;
const AT = 0x40;

export class SysbenchRandom {
  private readonly generator: Xoroshiro128Plus;
  private readonly defaultType: number;
  private readonly iterations: number;
  private readonly iterationMultiplier: number;
  private readonly pctMultiplier: number;
  private readonly pct2Multiplier: number;
  private readonly resMultiplier: number;
  private readonly paretoPower: number;
  private readonly zipfExponent: number;
  private readonly zipfS: number;
  private readonly zipfHIntegralX1: number;

  constructor(settings: DistributionSettings, state: readonly [number, number, number, number]) {
    this.generator = new Xoroshiro128Plus(state);
    this.defaultType = [TYPE_UNIFORM, TYPE_GAUSSIAN, TYPE_SPECIAL, TYPE_PARETO, TYPE_ZIPFIAN][
      ['uniform', 'gaussian', 'special', 'pareto', 'zipfian'].indexOf(settings.type)
    ];
    this.iterations = settings.specIter;
    this.iterationMultiplier = 1.0 / settings.specIter;
    this.pctMultiplier = settings.specPct / 100.0;
    this.pct2Multiplier = settings.specPct / 200.0;
    this.resMultiplier = 100.0 / (100.0 - settings.specRes);
    this.paretoPower = Math.log(settings.paretoH) / Math.log(1.0 - settings.paretoH);
    const e = settings.zipfianExp;
    this.zipfExponent = e;
    this.zipfS = 2 - hIntegralInverse(hIntegral(2.5, e) - h(2, e), e);
    this.zipfHIntegralX1 = hIntegral(1.5, e) - 1;
  }

  get state(): [number, number, number, number] {
    return this.generator.state;
  }

  nextDouble(): number {
    return this.generator.nextDouble();
  }

  /** sysbench.rand.default(a, b): the --rand-type distribution. */
  default(a: number, b: number): number {
    switch (this.defaultType) {
      case TYPE_UNIFORM:
        return this.uniform(a, b);
      case TYPE_GAUSSIAN:
        return this.gaussian(a, b);
      case TYPE_SPECIAL:
        return this.special(a, b);
      case TYPE_PARETO:
        return this.pareto(a, b);
      default:
        return this.zipfian(a, b);
    }
  }

  uniform(a: number, b: number): number {
    a >>>= 0;
    const span = ((b >>> 0) - a + 1) >>> 0;
    return toUint32(a + this.generator.nextDouble() * span);
  }

  gaussian(a: number, b: number): number {
    a >>>= 0;
    const t = ((b >>> 0) - a + 1) >>> 0;
    let sum = 0;
    for (let i = 0; i < this.iterations; i++) sum += this.generator.nextDouble() * t;
    return (a + toUint32(sum * this.iterationMultiplier)) >>> 0;
  }

  special(a: number, b: number): number {
    a >>>= 0;
    const t = ((b >>> 0) - a) >>> 0;
    const rangeSize = t * this.resMultiplier;
    const rnd = this.generator.nextDouble();
    let res = rnd * rangeSize;
    if (res < t) {
      let sum = 0.0;
      for (let i = 0; i < this.iterations; i++) sum += this.generator.nextDouble();
      return toUint32(a + sum * t * this.iterationMultiplier);
    }
    const d = t * this.pctMultiplier;
    res = rnd * (d + 1);
    res += t / 2 - t * this.pct2Multiplier;
    return (a + toUint32(res)) >>> 0;
  }

  pareto(a: number, b: number): number {
    a >>>= 0;
    const span = ((b >>> 0) - a + 1) >>> 0;
    return (a + toUint32(span * Math.pow(this.generator.nextDouble(), this.paretoPower))) >>> 0;
  }

  zipfian(a: number, b: number): number {
    a >>>= 0;
    const n = ((b >>> 0) - a + 1) >>> 0;
    return (a + this.zipfianInt(n) - 1) >>> 0;
  }

  /** Rejection-inversion sampling of a bounded Zipf distribution on [1, n] (sb_rand_zipfian_int). */
  private zipfianInt(n: number): number {
    const e = this.zipfExponent;
    const hIntegralNumberOfElements = hIntegral(n + 0.5, e);
    for (;;) {
      const u = hIntegralNumberOfElements + this.generator.nextDouble() * (this.zipfHIntegralX1 - hIntegralNumberOfElements);
      const x = hIntegralInverse(u, e);
      let k = toUint32(x + 0.5);
      if (k < 1) k = 1;
      else if (k > n) k = n;
      if (k - x <= this.zipfS || u >= hIntegral(k + 0.5, e) - h(k, e)) return k;
    }
  }

  /**
   * sysbench.rand.string(template): '#' becomes a random digit, '@' a random lower-case letter,
   * anything else is copied. Writes template.length bytes into out at offset.
   */
  fillString(template: Uint8Array, out: Uint8Array, offset = 0): void {
    const generator = this.generator;
    for (let i = 0; i < template.length; i++) {
      const c = template[i];
      if (c === HASH) out[offset + i] = CHAR_0 + Math.floor(generator.nextDouble() * 10);
      else if (c === AT) out[offset + i] = CHAR_A + Math.floor(generator.nextDouble() * 26);
      else out[offset + i] = c;
    }
  }

  /** sysbench.rand.string(template) as a string. */
  string(template: Uint8Array): string {
    const out = new Uint8Array(template.length);
    this.fillString(template, out);
    return String.fromCharCode.apply(null, out as unknown as number[]);
  }
}

// sb_rand.c writes 0.33333333333333333, which parses to this same double
const ONE_THIRD = 1 / 3;

/** C's conversion of a non-negative double to uint32_t (truncation). */
function toUint32(value: number): number {
  return value >= 4294967296 ? Math.floor(value) % 4294967296 : Math.floor(value);
}

function hIntegral(x: number, e: number): number {
  const logX = Math.log(x);
  return helper2((1 - e) * logX) * logX;
}

function h(x: number, e: number): number {
  return Math.exp(-e * Math.log(x));
}

function hIntegralInverse(x: number, e: number): number {
  let t = x * (1 - e);
  if (t < -1) t = -1;
  return Math.exp(helper1(t) * x);
}

function helper1(x: number): number {
  if (Math.abs(x) > 1e-8) return Math.log1p(x) / x;
  return 1 - x * (0.5 - x * (ONE_THIRD - 0.25 * x));
}

function helper2(x: number): number {
  if (Math.abs(x) > 1e-8) return Math.expm1(x) / x;
  return 1 + x * 0.5 * (1 + x * ONE_THIRD * (1 + 0.25 * x));
}
