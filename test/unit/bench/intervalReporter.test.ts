// The interval that ends as the threads stop (issue 10): the workers finish at the deadline while
// the tick due at the deadline asks them for a snapshot, or before its timer fires on a busy
// machine. Either way the last interval holds their events and names the threads that ran in it,
// never "thds: 0 tps: 0.00". A fake pool plays the workers, a fake clock the time: no timers run.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ClientMeter } from '../../../src/core/bench/measurement/clientMeter';
import { IntervalReporter, type SnapshotSource } from '../../../src/core/bench/measurement/intervalReporter';
import { LatencyCounts } from '../../../src/core/bench/measurement/latencyCounts';
import { RunStatistics, type IntervalReport } from '../../../src/core/bench/measurement/runStatistics';
import { COUNTER_EVENTS, COUNTER_READS } from '../../../src/core/bench/workers/threadSession';
import { THREAD_SLOTS } from '../../../src/core/bench/workers/workerRun';
import type { WorkerSnapshot } from '../../../src/core/bench/workers/workerMessages';

const START_MS = 1_000_000;

/** A worker's snapshot: `events` point selects per thread, each of 1 ms. */
function snapshotOf(threads: number, events: number, threadsRunning: number): WorkerSnapshot {
  const counters = new Float64Array(threads * THREAD_SLOTS);
  const latencies = new LatencyCounts();
  for (let thread = 0; thread < threads; thread++) {
    counters[thread * THREAD_SLOTS + COUNTER_EVENTS] = events;
    counters[thread * THREAD_SLOTS + COUNTER_READS] = events;
    for (let event = 0; event < events; event++) latencies.record(1);
  }
  return { counters, latencies: latencies.take(), queueLength: 0, concurrency: 0, threadsRunning };
}

/**
 * Two workers of two threads each, one tick a second. `onSnapshot(tick)` says what each worker
 * does when asked at that tick: answer with `events` per thread, or finish first with them (its
 * 'finished' message carries them, and it answers no snapshot).
 */
class FakePool implements SnapshotSource {
  readonly finished: Array<{ snapshot: WorkerSnapshot } | undefined> = [undefined, undefined];
  nowMs = START_MS;
  private tick = 0;
  private readonly waiters: Array<() => void> = [];

  constructor(private readonly onSnapshot: (tick: number) => Array<{ finishes: boolean; events: number }>) {}

  get allFinished(): boolean {
    return this.finished.every((message) => message !== undefined);
  }

  whenFinished(): Promise<void> {
    return this.allFinished ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  finish(worker: number, events: number): void {
    this.finished[worker] = { snapshot: snapshotOf(2, events, 0) };
    if (this.allFinished) for (const waiter of this.waiters.splice(0)) waiter();
  }

  async snapshot(): Promise<Array<{ worker: number; snapshot: WorkerSnapshot }>> {
    this.tick++;
    const answers: Array<{ worker: number; snapshot: WorkerSnapshot }> = [];
    this.onSnapshot(this.tick).forEach(({ finishes, events }, worker) => {
      if (this.finished[worker]) return;
      if (finishes) this.finish(worker, events);
      else answers.push({ worker, snapshot: snapshotOf(2, events, 2) });
    });
    this.nowMs = START_MS + this.tick * 1000 + 1;
    return answers;
  }

  finishedByWorker(): Array<{ snapshot: WorkerSnapshot } | undefined> {
    return [...this.finished];
  }
}

/** advanceClock: once an interval is reported, time is at the next tick (its timer never waits). */
function reporterFor(pool: FakePool, advanceClock = true) {
  const statistics = new RunStatistics(
    4,
    [
      [0, 2],
      [1, 3],
    ],
    95,
  );
  const meter = new ClientMeter(2, { cpuMicros: () => 0, nowMs: () => pool.nowMs });
  const reports: IntervalReport[] = [];
  const reporter = new IntervalReporter(pool, statistics, meter, {
    measuredStartMs: START_MS,
    intervalSec: 1,
    threadsByWorker: [2, 2],
    emit: (report) => {
      reports.push(report);
      if (advanceClock) pool.nowMs = START_MS + (reports.length + 1) * 1000;
    },
    nowMs: () => pool.nowMs,
  });
  return { reporter, statistics, reports };
}

describe('report intervals at the end of a run', () => {
  test('the tick at the deadline, answered by workers that finished meanwhile, counts their events and threads', async () => {
    // tick 1 at 1 s: both answer; tick 2 at the deadline: both finish before they answer
    const pool = new FakePool((tick) =>
      tick === 1
        ? [
            { finishes: false, events: 100 },
            { finishes: false, events: 100 },
          ]
        : [
            { finishes: true, events: 90 },
            { finishes: true, events: 80 },
          ],
    );
    pool.nowMs = START_MS + 1000;
    const { reporter, statistics, reports } = reporterFor(pool);
    await reporter.run();
    // the threads stopped at the deadline, before they answered tick 2
    reporter.finish(START_MS + 2001, true);
    assert.deepEqual(
      reports.map(({ interval }) => [interval.t, interval.threads, Math.round(interval.tps)]),
      [
        [1.001, 4, 400],
        [2.001, 4, 340],
      ],
    );
    assert.equal(statistics.totals().events, 740, 'each final snapshot is counted once');
  });

  test('a tick whose timer fires after the threads stopped closes the interval from their last snapshots', async () => {
    const pool = new FakePool(() => [
      { finishes: false, events: 100 },
      { finishes: false, events: 100 },
    ]);
    pool.nowMs = START_MS + 1000;
    const { reporter, statistics, reports } = reporterFor(pool, false);
    const running = reporter.run();
    // tick 1 has been taken; the threads stop at the deadline, 2 s, before tick 2's timer fires
    await new Promise((resolve) => setImmediate(resolve));
    pool.finish(0, 50);
    pool.finish(1, 70);
    await running;
    reporter.finish(START_MS + 2000.5, true);
    assert.deepEqual(
      reports.map(({ interval }) => [interval.threads, Math.round(interval.tps)]),
      [
        [4, 400],
        [4, 240],
      ],
    );
    assert.equal(statistics.totals().events, 640);
  });

  test('a worker that ends mid-run counts in the interval it ended in, and in none after', async () => {
    // --events: worker 1 runs out at tick 2 (finishing first), worker 0 goes on to tick 3
    const pool = new FakePool((tick) => [
      { finishes: tick === 3, events: 10 },
      { finishes: tick === 2, events: 20 },
    ]);
    pool.nowMs = START_MS + 1000;
    const { reporter, statistics, reports } = reporterFor(pool);
    await reporter.run();
    reporter.finish(START_MS + 3001, true);
    assert.deepEqual(
      reports.map(({ interval }) => [interval.threads, Math.round(interval.tps)]),
      [
        [4, 60],
        [4, 60],
        [2, 20],
      ],
    );
    assert.equal(statistics.totals().events, 2 * 10 * 3 + 2 * 20 * 2);
  });

  test('a timer that fires before the due time on the clock is waited out: no interval closes early', async () => {
    const pool = new FakePool((tick) => [
      { finishes: tick === 2, events: 100 },
      { finishes: tick === 2, events: 100 },
    ]);
    const { reporter, reports } = reporterFor(pool, false);
    // the event loop's millisecond timer fires 0.05 ms before tick 1 by the reporter's clock
    const early = [START_MS + 999.95, START_MS + 999.95];
    Object.defineProperty(pool, 'nowMs', {
      get: () => early.shift() ?? START_MS + (reports.length + 1) * 1000 + 0.2,
      set: () => undefined,
    });
    await reporter.run();
    assert.ok(reports.length >= 1);
    assert.ok(reports[0].interval.t >= 1, `the first interval closed at ${reports[0].interval.t} s`);
  });

  test('a cancelled run or one without --report-interval closes no interval at the end, but counts every event', async () => {
    const pool = new FakePool(() => []);
    pool.finish(0, 5);
    pool.finish(1, 5);
    const { reporter, statistics, reports } = reporterFor(pool);
    reporter.finish(START_MS + 3000, true);
    assert.equal(reports.length, 0);
    assert.equal(statistics.totals().events, 20);
  });
});
