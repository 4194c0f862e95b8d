import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { LatencyCounts } from '../../../src/core/bench/measurement/latencyCounts';
import { SharedWorkerCounters } from '../../../src/core/bench/workers/sharedWorkerCounters';

const SLOTS_PER_THREAD = 3;

function counters(threads = 2): { worker: SharedWorkerCounters; coordinator: SharedWorkerCounters } {
  const buffer = SharedWorkerCounters.allocate(threads, SLOTS_PER_THREAD);
  return {
    worker: new SharedWorkerCounters(buffer, threads, SLOTS_PER_THREAD),
    coordinator: new SharedWorkerCounters(buffer, threads, SLOTS_PER_THREAD),
  };
}

describe("a blocking worker's counters in shared memory", () => {
  test('while the worker is in a read, the coordinator takes its snapshot and the counting starts afresh', () => {
    const { worker, coordinator } = counters();
    const latencies = new LatencyCounts(worker.latencyStorage);
    worker.counters[0] = 5;
    worker.counters[4] = 2;
    latencies.record(1.5);
    latencies.record(3);
    worker.threadsRunning = 2;
    coordinator.requestSnapshot(7);
    assert.equal(coordinator.answerIfBlocked(7), undefined, 'a running worker answers the message itself');
    worker.beforeRead();
    const snapshot = coordinator.answerIfBlocked(7);
    assert.ok(snapshot);
    assert.deepEqual([...snapshot.counters], [5, 0, 0, 0, 2, 0]);
    assert.equal(snapshot.latencies.count, 2);
    assert.equal(snapshot.latencies.sumMs, 4.5);
    assert.equal(snapshot.latencies.minMs, 1.5);
    assert.equal(snapshot.threadsRunning, 2);
    assert.deepEqual([...worker.counters], [0, 0, 0, 0, 0, 0]);
    assert.equal(latencies.count, 0);
    worker.afterRead();
    assert.equal(worker.claimSnapshot(7), false, "the worker's message handler does not answer it again");
  });

  test('a request the worker answered is not answered again by the coordinator', () => {
    const { worker, coordinator } = counters();
    coordinator.requestSnapshot(3);
    assert.equal(worker.claimSnapshot(3), true);
    worker.beforeRead();
    assert.equal(coordinator.answerIfBlocked(3), undefined);
    assert.equal(worker.claimSnapshot(2), false, 'an older request is not answered either');
  });

  test('a reset the coordinator did while the worker was blocked comes before the next snapshot, once', () => {
    const { worker, coordinator } = counters(1);
    const latencies = new LatencyCounts(worker.latencyStorage);
    worker.counters[0] = 9;
    latencies.record(2);
    coordinator.requestReset();
    worker.beforeRead();
    assert.equal(coordinator.answerIfBlocked(undefined), undefined);
    assert.equal(worker.claimReset(), false);
    worker.afterRead();
    worker.counters[0] = 1;
    coordinator.requestSnapshot(1);
    worker.beforeRead();
    assert.deepEqual([...coordinator.answerIfBlocked(1)!.counters], [1, 0, 0]);
  });
});
