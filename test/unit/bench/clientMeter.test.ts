import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ClientMeter } from '../../../src/core/bench/clientMeter';
import { runnableShare } from '../../../src/core/bench/threadSchedStats';
import type { WorkerLoopLoad } from '../../../src/core/bench/workerMessages';

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
