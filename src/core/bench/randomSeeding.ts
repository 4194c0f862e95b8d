// Where each sysbench thread's xoroshiro128+ state comes from. sysbench 1.0.20 calls
// srandom(--rand-seed) (or srandom(time) when the seed is 0) and then every thread it starts takes
// four random() values: the report thread (with --report-interval), the event generator (with
// --rate), then the workers in order. We hand states out in that same order, so a seeded run
// with one thread draws exactly what sysbench draws (with more threads sysbench's order is a race).
import { randomInt } from 'node:crypto';
import { GlibcRandom } from './glibcRandom';

export type RngState = [number, number, number, number];

export interface SeedPlan {
  /** --rand-seed; 0 means "from the clock" */
  seed: number;
  threads: number;
  reportThread: boolean;
  eventGenerator: boolean;
}

export interface SeededStates {
  workers: RngState[];
  eventGenerator?: RngState;
}

function takeState(source: GlibcRandom): RngState {
  return [source.next(), source.next(), source.next(), source.next()];
}

export function threadRandomStates(plan: SeedPlan): SeededStates {
  const source = new GlibcRandom(plan.seed !== 0 ? plan.seed : randomInt(1, 2 ** 31 - 1));
  if (plan.reportThread) takeState(source);
  const eventGenerator = plan.eventGenerator ? takeState(source) : undefined;
  const workers: RngState[] = [];
  for (let i = 0; i < plan.threads; i++) workers.push(takeState(source));
  return { workers, eventGenerator };
}

/**
 * sysbench seeds its unique-number sequence (sysbench.rand.unique(), used by oltp_insert with
 * --auto_inc=off) before it applies --rand-seed, from glibc's default state: after the main
 * thread's own four draws, the next two values. It is therefore the same in every run.
 */
export function uniqueSequenceSeed(): { index: number; offset: number } {
  const source = new GlibcRandom(1);
  takeState(source);
  return { index: source.next(), offset: source.next() };
}
