// A TPC-C run's client load (tpcc/runTpcc.ts measures it with LoopClientMeter: every connection on
// the run's one event loop): each interval and the run carry the figures the built-in engine's runs
// carry, and the rule of results/clientBound.ts flags a TPC-C run the client limited and only that.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as turn } from 'node:timers/promises';
import { ClientMeter } from '../../../src/core/bench/measurement/clientMeter';
import { LoopClientMeter, type LoopFigures } from '../../../src/core/bench/loopClientMeter';
import type { ResultInterval } from '../../../src/core/results/benchmarkResult';
import { clientSummaryLine } from '../../../src/core/results/clientBound';
import { tpccEvents, tpccRunOf } from '../results/support/tpccRuns';

function fakeClock() {
  const clock = { cpu: 0, ms: 0, cpuMicros: () => clock.cpu, nowMs: () => clock.ms };
  return clock;
}

function tpccInterval(t: number): ResultInterval {
  return { t, threads: 4, tps: 90, qps: 2700, reads: 1600, writes: 700, others: 400, errors: 0, reconnects: 0, latencyMs: { p95: 12 } };
}

/**
 * A one-core client over three 1 s intervals at the given CPU shares, measured as runTpcc measures,
 * the loop idle between the transactions (awaited timers) as a TPC-C client's is while it waits.
 */
async function tpccRunAt(cpuShares: readonly number[], loop?: LoopFigures) {
  const clock = fakeClock();
  const meter = new LoopClientMeter(new ClientMeter(1, clock), loop);
  meter.start();
  const intervals: ResultInterval[] = [];
  try {
    for (const [index, share] of cpuShares.entries()) {
      await turn(20);
      clock.ms += 1000;
      clock.cpu += share * 1_000_000;
      intervals.push({ ...tpccInterval(index + 1), client: meter.closeInterval() });
    }
    const client = meter.finish(intervals);
    const run = tpccRunOf(tpccEvents(300, 7), {
      warehouses: 1,
      threads: 4,
      durationSec: 3,
      startTime: '2026-12-02T06:00:00.000Z',
      intervals,
    });
    return { ...run, client };
  } finally {
    meter.stop();
  }
}

/**
 * The loop of a client that waits for the server. Fixed figures: this process's own loop, measured,
 * is late and waits for a core whenever the machine is busy (seen in CI beside the integration
 * tests: delay p99 13 ms, runnable 73%), which says nothing about the rule under test.
 */
const waitingLoop: LoopFigures = {
  start: () => undefined,
  stop: () => undefined,
  sample: () => ({ utilization: 0.3, runUtilization: 0.3, delayP99Ms: 1, runDelayP99Ms: 1, runnableShare: 0.05, runRunnableShare: 0.05 }),
};

test('a TPC-C run whose client used its core most of the run is client-bound, and says so after its summary', async () => {
  // the loop's figures fixed, so that the CPU shares alone decide (a busy CI machine made this
  // process's own loop look starved in the third interval, and flagged it)
  const run = await tpccRunAt([0.97, 0.95, 0.2], waitingLoop);
  assert.equal(run.client.cores, 1);
  assert.equal(run.client.eventLoopUtilization, 0.3, 'the one loop is sampled');
  assert.deepEqual(
    run.intervals.map((interval) => [interval.client?.cpuUtilization, interval.client?.bound]),
    [
      [0.97, true],
      [0.95, true],
      [0.2, false],
    ],
  );
  assert.equal(run.client.cpuUtilization, 0.7067);
  assert.equal(run.client.bound, true);
  assert.match(
    clientSummaryLine(run) ?? '',
    /^Client: 71% of 1 core, event loop busy \d+%.* — the client limited this run \(saturated in 2 of 3 intervals\), so these numbers understate the server: /,
  );
});

test('a TPC-C run whose client waited for the server is not client-bound', async () => {
  const run = await tpccRunAt([0.12, 0.1, 0.15], waitingLoop);
  assert.equal(run.client.bound, false, JSON.stringify(run.client));
  assert.equal(
    run.intervals.every((interval) => interval.client?.bound === false),
    true,
  );
  assert.match(clientSummaryLine(run) ?? '', /^Client: 12% of 1 core, event loop busy \d+%.*; the client did not limit this run\.$/);
});

test("without fixed figures the meter samples the run's own event loop", async () => {
  const run = await tpccRunAt([0.5, 0.5, 0.5]);
  const busy = run.client.eventLoopUtilization;
  assert.ok(busy !== undefined && busy >= 0 && busy <= 1, `the one loop is sampled: ${String(busy)}`);
  assert.ok(run.intervals.every((interval) => interval.client?.eventLoopUtilization !== undefined));
});
