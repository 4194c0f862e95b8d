// glibc's random()/srandom() (the TYPE_3 additive feedback generator). sysbench seeds every
// thread's xoroshiro128+ state from random() after srandom(--rand-seed), so reproducing it is what
// makes a seeded run here draw the same numbers as a seeded sysbench run.

const DEGREE = 31;
const SEPARATION = 3;
const DISCARDED_OUTPUTS = 310;

export class GlibcRandom {
  private readonly table = new Int32Array(DEGREE);
  private front = SEPARATION;
  private rear = 0;

  constructor(seed = 1) {
    this.seed(seed);
  }

  seed(seed: number): void {
    const table = this.table;
    table[0] = seed === 0 ? 1 : seed | 0;
    for (let i = 1; i < DEGREE; i++) {
      // 16807 * r mod (2^31 - 1) via Schrage's method, as glibc does it
      const previous = table[i - 1];
      const hi = Math.trunc(previous / 127773);
      const lo = previous % 127773;
      let word = 16807 * lo - 2836 * hi;
      if (word < 0) word += 2147483647;
      table[i] = word;
    }
    this.front = SEPARATION;
    this.rear = 0;
    for (let i = 0; i < DISCARDED_OUTPUTS; i++) this.next();
  }

  /** The next value of random(): a non-negative 31-bit integer. */
  next(): number {
    const table = this.table;
    table[this.front] = (table[this.front] + table[this.rear]) | 0;
    const result = (table[this.front] >>> 1) & 0x7fffffff;
    this.front = this.front + 1 === DEGREE ? 0 : this.front + 1;
    this.rear = this.rear + 1 === DEGREE ? 0 : this.rear + 1;
    return result;
  }
}
