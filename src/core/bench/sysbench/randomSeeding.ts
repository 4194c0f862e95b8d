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
 * The seed of sysbench.rand.unique() (oltp_insert with --auto_inc=off). sysbench 1.0.20 seeds it
 * from the clock even with --rand-seed (two seeded runs insert different ids), so its values cannot
 * be reproduced; we derive it from --rand-seed when one is given, so our seeded runs repeat.
 */
export function uniqueSequenceSeed(seed: number): { index: number; offset: number } {
  const source = new GlibcRandom(seed !== 0 ? seed : randomInt(1, 2 ** 31 - 1));
  return { index: source.next(), offset: source.next() };
}
