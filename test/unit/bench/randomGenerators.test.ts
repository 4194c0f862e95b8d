import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GlibcRandom } from '../../../src/core/bench/sysbench/glibcRandom';
import { Xoroshiro128Plus } from '../../../src/core/bench/xoroshiro128plus';
import { SysbenchRandom } from '../../../src/core/bench/sysbench/sysbenchRandom';
import { DEFAULT_DISTRIBUTION, type DistributionSettings } from '../../../src/core/bench/sysbench/randomDistribution';
import { threadRandomStates } from '../../../src/core/bench/sysbench/randomSeeding';
import { seedUniqueSequence, uniqueAt, UniqueSequence } from '../../../src/core/bench/sysbench/uniqueSequence';

/** The textbook xoroshiro128+ (55/14/36) on BigInt, to check the 32-bit-halves version against. */
function referenceXoroshiro(state: [bigint, bigint]): () => bigint {
  const mask = (1n << 64n) - 1n;
  const rotl = (x: bigint, k: bigint) => ((x << k) | (x >> (64n - k))) & mask;
  return () => {
    const s0 = state[0];
    let s1 = state[1];
    const result = (s0 + s1) & mask;
    s1 ^= s0;
    state[0] = rotl(s0, 55n) ^ s1 ^ ((s1 << 14n) & mask);
    state[1] = rotl(s1, 36n);
    return result;
  };
}

function seeded(settings: Partial<DistributionSettings> = {}, seed = 7): SysbenchRandom {
  return new SysbenchRandom(
    { ...DEFAULT_DISTRIBUTION, ...settings },
    threadRandomStates({ seed, threads: 1, reportThread: false, eventGenerator: false }).workers[0],
  );
}

describe('glibc random()', () => {
  test('matches glibc for srandom(42), srandom(1) and srandom(0)', () => {
    const g = new GlibcRandom(42);
    assert.deepEqual([g.next(), g.next(), g.next(), g.next(), g.next()], [71876166, 708592740, 1483128881, 907283241, 442951012]);
    assert.equal(new GlibcRandom(1).next(), 1804289383);
    assert.equal(new GlibcRandom(0).next(), 1804289383, 'srandom(0) behaves as srandom(1)');
    assert.equal(new GlibcRandom(-5).next(), 1469203335);
  });
});

describe('xoroshiro128+', () => {
  test('matches a BigInt reference for 10,000 steps', () => {
    const hi0 = 0x9e3779b9,
      lo0 = 0x7f4a7c15,
      hi1 = 0xbf58476d,
      lo1 = 0x1ce4e5b9;
    const ours = new Xoroshiro128Plus([hi0, lo0, hi1, lo1]);
    const reference: [bigint, bigint] = [(BigInt(hi0) << 32n) | BigInt(lo0), (BigInt(hi1) << 32n) | BigInt(lo1)];
    const next = referenceXoroshiro(reference);
    const half = (value: bigint, shift: bigint) => Number((value >> shift) & 0xffffffffn);
    for (let i = 0; i < 10_000; i++) {
      const expected = Number(next() >> 12n) / 2 ** 52;
      assert.equal(ours.nextDouble(), expected, `step ${i}`);
      if (i < 100)
        assert.deepEqual(
          ours.state,
          [half(reference[0], 32n), half(reference[0], 0n), half(reference[1], 32n), half(reference[1], 0n)],
          `the state as unsigned 32-bit halves after step ${i}`,
        );
    }
  });
});

describe('sysbench random numbers', () => {
  test('a --rand-seed=7 thread draws what sysbench 1.0.20 drew (captured from a real run)', () => {
    // sysbench --rand-seed=7 --threads=1 oltp_read_write: after the table draw, its 10 point select ids
    const random = seeded();
    random.uniform(1, 1);
    const ids = Array.from({ length: 10 }, () => random.default(1, 10000));
    assert.deepEqual(ids, [5016, 4991, 5037, 5227, 4991, 5048, 4799, 4987, 5026, 5003]);
    random.uniform(1, 1);
    assert.equal(random.default(1, 10000), 5817, 'the simple range that followed started at 5817');
  });

  test('uniform stays in [a, b] and covers it', () => {
    const random = seeded({ type: 'uniform' });
    const seen = new Set<number>();
    for (let i = 0; i < 20_000; i++) {
      const value = random.default(3, 12);
      assert.ok(value >= 3 && value <= 12);
      seen.add(value);
    }
    assert.equal(seen.size, 10);
  });

  test("special puts about 75% of draws on the middle 1% of the range (sysbench 1.0.20's default)", () => {
    const random = seeded();
    let hot = 0;
    const n = 50_000;
    for (let i = 0; i < n; i++) {
      const value = random.default(1, 100_000);
      assert.ok(value >= 1 && value <= 100_000);
      if (value >= 49_500 && value <= 50_501) hot++;
    }
    assert.ok(Math.abs(hot / n - 0.75) < 0.02, `hot share ${hot / n}`);
  });

  test('gaussian centres on the middle; pareto and zipfian favour the low end', () => {
    const gaussian = seeded({ type: 'gaussian' });
    const pareto = seeded({ type: 'pareto' });
    const zipfian = seeded({ type: 'zipfian' });
    let sum = 0;
    let paretoLow = 0;
    let zipfOnes = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      sum += gaussian.default(1, 1000);
      const p = pareto.default(1, 1000);
      const z = zipfian.default(1, 1000);
      assert.ok(p >= 1 && p <= 1000 && z >= 1 && z <= 1000);
      if (p <= 200) paretoLow++;
      if (z === 1) zipfOnes++;
    }
    assert.ok(Math.abs(sum / n - 500.5) < 5, `gaussian mean ${sum / n}`);
    assert.ok(paretoLow / n > 0.75, `pareto share of the lowest 20%: ${paretoLow / n}`);
    assert.ok(zipfOnes / n > 0.05, `zipfian share of 1: ${zipfOnes / n}`);
  });

  test('strings follow the template: # is a digit, @ a lower-case letter, the rest is copied', () => {
    const random = seeded();
    const text = random.string(Buffer.from('##-@@@-x'));
    assert.match(text, /^\d\d-[a-z]{3}-x$/);
  });

  test('the same seed gives the same draws; another seed other draws; seed 0 differs every time', () => {
    assert.equal(seeded({}, 11).default(1, 1e6), seeded({}, 11).default(1, 1e6));
    const a = threadRandomStates({ seed: 0, threads: 1, reportThread: false, eventGenerator: false }).workers[0];
    const b = threadRandomStates({ seed: 0, threads: 1, reportThread: false, eventGenerator: false }).workers[0];
    assert.notDeepEqual(a, b);
  });

  test('threads take their states in order after the report thread and the event generator', () => {
    const plain = threadRandomStates({ seed: 5, threads: 3, reportThread: false, eventGenerator: false });
    const withReport = threadRandomStates({ seed: 5, threads: 2, reportThread: true, eventGenerator: false });
    assert.deepEqual(withReport.workers[0], plain.workers[1]);
    const withBoth = threadRandomStates({ seed: 5, threads: 1, reportThread: true, eventGenerator: true });
    assert.deepEqual(withBoth.eventGenerator, plain.workers[1]);
    assert.deepEqual(withBoth.workers[0], plain.workers[2]);
  });
});

describe('sysbench.rand.unique()', () => {
  test('never repeats a value over a long stretch of the sequence', () => {
    const state = seedUniqueSequence(12345, 67890);
    const seen = new Set<number>();
    for (let i = 0; i < 50_000; i++) seen.add(uniqueAt(state.index + i, state.offset));
    assert.equal(seen.size, 50_000);
  });

  test('threads sharing the counter draw distinct positions', () => {
    const counter = UniqueSequence.createCounter();
    const a = new UniqueSequence(counter, 1, 2);
    const b = new UniqueSequence(counter, 1, 2);
    const values = new Set([a.next(), b.next(), a.next(), b.next()]);
    assert.equal(values.size, 4);
    assert.equal(Atomics.load(counter, 0), 4);
  });
});
