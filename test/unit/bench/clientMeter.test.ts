import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ClientMeter } from '../../../src/core/bench/measurement/clientMeter';
import { runnableShare } from '../../../src/core/bench/measurement/threadSchedStats';
import type { WorkerLoopLoad } from '../../../src/core/bench/workers/workerMessages';

function fakeClock() {
  const clock = { cpu: 0, ms: 0, cpuMicros: () => clock.cpu, nowMs: () => clock.ms };
  return clock;
}

const loop = (utilization: number, delayP99Ms: number, runUtilization = utilization, runDelayP99Ms = delayP99Ms): WorkerLoopLoad => ({
  utilization,
  delayP99Ms,
  runUtilization,
  runDelayP99Ms,
});

test('CPU time of the process over wall time times the cores, per interval and for the run', () => {
  const clock = fakeClock();
  const meter = new ClientMeter(2, clock);
  clock.ms = 1000;
  clock.cpu = 1_800_000; // 1.8 s of CPU in 1 s on 2 cores
  const first = meter.closeInterval([loop(0.4, 2), loop(0.6, 1)]);
  assert.deepEqual(first, { cpuUtilization: 0.9, cores: 2, eventLoopUtilization: 0.6, eventLoopDelayP99Ms: 2, bound: true });
  clock.ms = 2000;
  clock.cpu = 2_000_000; // 0.2 s more
  const second = meter.closeInterval([loop(0.3, 1)]);
  assert.deepEqual(second, { cpuUtilization: 0.1, cores: 2, eventLoopUtilization: 0.3, eventLoopDelayP99Ms: 1, bound: false });
  const run = meter.finish(
    [loop(0.3, 1, 0.45, 2.5), undefined],
    [
      {
        t: 1,
        threads: 1,
        tps: 0,
        qps: 0,
        reads: 0,
        writes: 0,
        others: 0,
        errors: 0,
        reconnects: 0,
        latencyMs: { p95: null },
        client: first,
      },
      {
        t: 2,
        threads: 1,
        tps: 0,
        qps: 0,
        reads: 0,
        writes: 0,
        others: 0,
        errors: 0,
        reconnects: 0,
        latencyMs: { p95: null },
        client: second,
      },
    ],
  );
  assert.deepEqual(run, { cpuUtilization: 0.5, cores: 2, eventLoopUtilization: 0.45, eventLoopDelayP99Ms: 2.5, bound: true });
});

test('start() begins the run afresh (the end of --warmup-time); a skewed reading never goes above 100%', () => {
  const clock = fakeClock();
  const meter = new ClientMeter(1, clock);
  clock.ms = 5000;
  clock.cpu = 5_000_000;
  meter.start();
  clock.ms = 6000;
  clock.cpu = 6_010_000;
  assert.equal(meter.closeInterval([]).cpuUtilization, 1);
  assert.equal(meter.finish([], []).cpuUtilization, 1);
});

test("a busy worker that ran or waited for a core all the interval makes it saturated, however little CPU it got (Linux's schedstat)", () => {
  const clock = fakeClock();
  const meter = new ClientMeter(1, clock);
  clock.ms = 1000;
  clock.cpu = 150_000;
  // the worker ran 0.12 s and waited 0.87 s for the core a CPU hog held (measured: taskset -c 1 beside a busy loop)
  const pinned = meter.closeInterval([
    { ...loop(0.6, 4), runnableShare: 0.99 },
    { ...loop(0.1, 3), runnableShare: 0.2 },
  ]);
  assert.deepEqual(pinned, {
    cpuUtilization: 0.15,
    cores: 1,
    eventLoopUtilization: 0.6,
    eventLoopDelayP99Ms: 4,
    runnableShare: 0.99,
    bound: true,
  });
  clock.ms = 2000;
  clock.cpu = 200_000;
  // a light client on a busy machine: it sleeps, and waits a little at each wake-up
  const light = meter.closeInterval([{ ...loop(0.05, 58), runnableShare: 0.47 }]);
  assert.equal(light.runnableShare, 0.47);
  assert.equal(light.bound, false);
  assert.equal('runnableShare' in meter.closeInterval([loop(0.05, 1)]), false, 'not measured where the system does not tell');
});

test("waitShare: of the time the process's threads ran or waited for a core, the share they waited, per interval and for the run", () => {
  const sched = new Map<string, { runNs: number; waitNs: number }>([
    ['100', { runNs: 5e9, waitNs: 1e9 }],
    ['101', { runNs: 0, waitNs: 0 }],
  ]);
  const clock = Object.assign(fakeClock(), { schedStats: () => new Map(sched) });
  const meter = new ClientMeter(1, clock);
  clock.ms = 1000;
  clock.cpu = 200_000;
  // the main thread ran 0.05 s and waited 0.05 s; the worker ran 0.15 s and waited 0.55 s (a busy loop holds the core)
  sched.set('100', { runNs: 5.05e9, waitNs: 1.05e9 });
  sched.set('101', { runNs: 0.15e9, waitNs: 0.55e9 });
  const pinned = meter.closeInterval([{ ...loop(0.3, 5), runnableShare: 0.7 }]);
  assert.deepEqual(pinned, {
    cpuUtilization: 0.2,
    cores: 1,
    eventLoopUtilization: 0.3,
    eventLoopDelayP99Ms: 5,
    runnableShare: 0.7,
    waitShare: 0.75,
    bound: true,
  });
  // a thread that started in the interval counts from its start; the worker has ended and is gone
  // from the task list, yet its part of the run stays
  clock.ms = 2000;
  clock.cpu = 400_000;
  sched.delete('101');
  sched.set('100', { runNs: 5.1e9, waitNs: 1.1e9 });
  sched.set('102', { runNs: 0.1e9, waitNs: 0 });
  const second = meter.closeInterval([]);
  assert.equal(second.waitShare, 0.25, 'main thread 0.05 s of 0.1 s, the new thread ran 0.1 s');
  // run: waited 0.1 + 0.55 s of 0.2 + 0.7 + 0.1 s ready
  assert.equal(meter.finish([], []).waitShare, 0.65);
  const nothingRan = new ClientMeter(1, Object.assign(fakeClock(), { schedStats: () => new Map([['1', { runNs: 7, waitNs: 3 }]]) }));
  assert.equal(nothingRan.closeInterval([]).waitShare, 0, 'no thread wanted a core');
  const notLinux = new ClientMeter(1, Object.assign(fakeClock(), { schedStats: () => undefined }));
  assert.equal('waitShare' in notLinux.closeInterval([]), false, 'not measured where the system does not tell');
});

test('runnableShare: run plus run-queue wait over the wall time of the span', () => {
  assert.equal(runnableShare({ runNs: 0, waitNs: 0 }, { runNs: 120_000_000, waitNs: 870_000_000 }, 1000), 0.99);
  assert.equal(runnableShare({ runNs: 0, waitNs: 0 }, { runNs: 2e9, waitNs: 0 }, 1000), 1);
  assert.equal(runnableShare({ runNs: 0, waitNs: 0 }, { runNs: 1, waitNs: 1 }, 0), 0);
});

test('a delay no worker sampled (blocking reads, or no timer tick) is left out, not written as 0 ms', () => {
  const clock = fakeClock();
  const meter = new ClientMeter(2, clock);
  clock.ms = 1000;
  clock.cpu = 400_000;
  const unsampled: WorkerLoopLoad = { utilization: 0.3, runUtilization: 0.25, runnableShare: 0.5, runRunnableShare: 0.45 };
  // a worker blocked in read(2) sends no loop at all: its snapshot comes from shared memory
  const interval = meter.closeInterval([unsampled, undefined]);
  assert.deepEqual(interval, { cpuUtilization: 0.2, cores: 2, eventLoopUtilization: 0.3, runnableShare: 0.5, bound: false });
  assert.equal('eventLoopDelayP99Ms' in meter.closeInterval([undefined, undefined]), false);
  const run = meter.finish([unsampled, undefined], []);
  assert.equal('eventLoopDelayP99Ms' in run, false);
  // one worker that sampled its delay is enough
  assert.equal(meter.closeInterval([unsampled, loop(0.1, 3)]).eventLoopDelayP99Ms, 3);
});

test('an interval in which no worker sent its loop (each blocked in read(2) at the tick) has no loop figures, not 0%', () => {
  const clock = fakeClock();
  const meter = new ClientMeter(2, clock);
  clock.ms = 1000;
  clock.cpu = 1_800_000;
  assert.deepEqual(meter.closeInterval([undefined, undefined]), { cpuUtilization: 0.9, cores: 2, bound: true });
  clock.ms = 2000;
  clock.cpu = 2_000_000;
  assert.deepEqual(meter.closeInterval([]), { cpuUtilization: 0.1, cores: 2, bound: false });
});
