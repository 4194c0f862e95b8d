import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { clientWorkerCount, isLocalHost } from '../../../src/core/bench/runBenchmark';

describe('client worker_threads for a run', () => {
  test('an explicit --client-workers wins, but never more workers than threads', () => {
    assert.equal(clientWorkerCount(32, 3, true, 2), 3);
    assert.equal(clientWorkerCount(2, 8, false, 16), 2);
  });

  test('a remote server: one worker per CPU, capped by the threads', () => {
    assert.equal(clientWorkerCount(32, 0, false, 8), 8);
    assert.equal(clientWorkerCount(4, 0, false, 8), 4);
  });

  test('a server on this machine: half the CPUs, at least two (when there are two), at most the threads', () => {
    assert.equal(clientWorkerCount(32, 0, true, 2), 2);
    assert.equal(clientWorkerCount(32, 0, true, 1), 1);
    assert.equal(clientWorkerCount(32, 0, true, 16), 8);
    assert.equal(clientWorkerCount(1, 0, true, 16), 1);
  });

  test('what counts as this machine', () => {
    assert.ok(isLocalHost('localhost') && isLocalHost('127.0.0.1') && isLocalHost('::1'));
    assert.ok(!isLocalHost('gateway01.us-west-2.prod.aws.tidbcloud.com') && !isLocalHost('10.0.0.7'));
  });
});
