// TPC-C's random inputs as go-tpc draws them (tpcc/rand.go): uniform integers (spec 4.3.2.5),
// a-strings and n-strings (4.3.2.2), zip codes (4.3.2.7), the "ORIGINAL" data strings (4.3.3.1),
// customer last names from syllables (4.3.2.3) and NURand for last names, customer ids and item
// ids (2.1.6) with go-tpc's constants: A = 255, 1023 and 8190 (go-tpc's Intn(8190), where the spec
// says 8191), C drawn once per process. Go's math/rand cannot be reproduced here; the generator is
// xoroshiro128+ (the one sysbench uses), seeded per thread.
import { randomInt } from 'node:crypto';
import { Xoroshiro128Plus } from '../xoroshiro128plus';

const CHARACTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const NUMBERS = '1234567890';
const ORIGINAL = 'ORIGINAL';
export const C_LAST_SYLLABLES = ['BAR', 'OUGHT', 'ABLE', 'PRI', 'PRES', 'ESE', 'ANTI', 'CALLY', 'ATION', 'EING'] as const;

/** The run-time constants C of NURand (spec 2.1.6), drawn once per process as go-tpc's init() does. */
export interface NurandConstants {
  cLoad: number;
  cCustomerId: number;
  cItemId: number;
}

export function drawNurandConstants(): NurandConstants {
  return { cLoad: randomInt(256), cItemId: randomInt(1024), cCustomerId: randomInt(8192) };
}

const processConstants = drawNurandConstants();

export class TpccRandom {
  private readonly source: Xoroshiro128Plus;

  constructor(
    seed: readonly [number, number, number, number] = [randomInt(2 ** 31), randomInt(2 ** 31), randomInt(2 ** 31), randomInt(2 ** 31) | 1],
    readonly constants: NurandConstants = processConstants,
  ) {
    this.source = new Xoroshiro128Plus([seed[0], seed[1], seed[2], seed[3]]);
  }

  /** Go's r.Intn(n): an integer in [0, n). */
  intn(n: number): number {
    return Math.floor(this.source.nextDouble() * n);
  }

  /** go-tpc's randInt: an integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min === max ? min : this.intn(max - min + 1) + min;
  }

  private fromAlphabet(alphabet: string, min: number, max: number): string {
    const length = this.int(min, max);
    let text = '';
    for (let i = 0; i < length; i++) text += alphabet[this.intn(alphabet.length)];
    return text;
  }

  /** a-string of [min, max] letters and digits */
  chars(min: number, max: number): string {
    return this.fromAlphabet(CHARACTERS, min, max);
  }

  /** [min, max] upper-case letters */
  letters(min: number, max: number): string {
    return this.fromAlphabet(LETTERS, min, max);
  }

  /** n-string of [min, max] digits */
  numbers(min: number, max: number): string {
    return this.fromAlphabet(NUMBERS, min, max);
  }

  /** 4 random digits followed by 11111 */
  zip(): string {
    return `${this.numbers(4, 4)}11111`;
  }

  state(): string {
    return this.letters(2, 2);
  }

  /** [0.0000, 0.2000] */
  tax(): number {
    return this.int(0, 2000) / 10000;
  }

  /** a-string of 26..50; for 10% of the rows "ORIGINAL" at a random position */
  originalString(): string {
    if (this.intn(10) === 0) {
      const text = this.chars(26, 50);
      const at = this.intn(text.length - 8);
      return text.slice(0, at) + ORIGINAL + text.slice(at + ORIGINAL.length);
    }
    return this.chars(26, 50);
  }

  /** NURand(255, 0, 999) as a last name */
  customerLastName(): string {
    return lastNameOf(((this.intn(256) | this.intn(1000)) + this.constants.cLoad) % 1000);
  }

  /** NURand(1023, 1, 3000) */
  customerId(): number {
    return (((this.intn(1024) | (this.intn(3000) + 1)) + this.constants.cCustomerId) % 3000) + 1;
  }

  /** NURand(8191, 1, 100000), with go-tpc's Intn(8190) */
  itemId(): number {
    return (((this.intn(8190) | (this.intn(100000) + 1)) + this.constants.cItemId) % 100000) + 1;
  }

  /** Go's r.Shuffle (Fisher-Yates). */
  shuffle<T>(items: T[]): void {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.intn(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
  }
}

/** The last name of a number in [0, 999]: its three digits as syllables (371: PRI CALLY OUGHT). */
export function lastNameOf(n: number): string {
  return C_LAST_SYLLABLES[Math.floor(n / 100)] + C_LAST_SYLLABLES[Math.floor(n / 10) % 10] + C_LAST_SYLLABLES[n % 10];
}
