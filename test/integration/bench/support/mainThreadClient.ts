// What every run whose connections all live on the main thread's event loop (TPC-C, CH-benCHmark,
// rawsql: LoopClientMeter) must carry: the client measured for the run and for each interval, and
// the CLI's Client line as the output's last line, as after sysbench's report.
import assert from 'node:assert/strict';
import type { RunResult } from '../../../../src/core/results/benchmarkResult';

export function assertClientMeasuredOnMainThread(result: RunResult): void {
  for (const load of [result.client, ...result.intervals.map((interval) => interval.client)]) {
    assert.ok(load !== undefined, 'the run and each interval carry the client load');
    assert.ok(load.cores >= 1, JSON.stringify(load));
    assert.ok(load.cpuUtilization >= 0 && load.cpuUtilization <= 1, JSON.stringify(load));
    // the run's one loop answers every tick itself: always sampled
    const busy = load.eventLoopUtilization;
    assert.ok(busy !== undefined && busy >= 0 && busy <= 1, JSON.stringify(load));
    assert.equal(typeof load.bound, 'boolean');
  }
}

export function assertClientLineLast(stdout: string): void {
  assert.equal(stdout.trimEnd().split('\n').at(-1)?.startsWith('Client: '), true, 'the last line, as after sysbench');
}
