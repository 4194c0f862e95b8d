// A worker's event-loop figures: the delay is a measure only where the loop turns freely. A worker
// that reads blocking holds its loop inside read(2), so it reports no delay at all, and no span
// without a timer tick reports a delay of 0 ms that nobody measured.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as turn } from 'node:timers/promises';
import { EventLoopLoad } from '../../../src/core/bench/measurement/eventLoopLoad';

/** Timer turns longer than the delay monitor's 10 ms period: each lets its timer fire at least once. */
async function letTheMonitorTick(): Promise<void> {
  for (let index = 0; index < 5; index++) await turn(25);
}

test('an evented worker reports its delay once its timer has ticked, and none before', async () => {
  const load = new EventLoopLoad();
  load.start();
  try {
    const untouched = load.sample();
    assert.ok(untouched);
    assert.equal('delayP99Ms' in untouched, false, 'no tick in the span: no delay');
    await letTheMonitorTick();
    const sampled = load.sample();
    assert.equal(typeof sampled?.delayP99Ms, 'number');
    assert.equal(typeof sampled?.runDelayP99Ms, 'number');
  } finally {
    load.stop();
  }
});

test('a worker that reads blocking reports no delay, however its timer fired', async () => {
  const load = new EventLoopLoad();
  load.readsBlock = true;
  load.start();
  try {
    await letTheMonitorTick();
    const sampled = load.sample();
    assert.ok(sampled);
    assert.equal('delayP99Ms' in sampled, false);
    assert.equal('runDelayP99Ms' in sampled, false);
    assert.equal(typeof sampled.utilization, 'number');
  } finally {
    load.stop();
  }
});
