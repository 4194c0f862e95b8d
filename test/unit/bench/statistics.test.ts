import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BulkInsertStatement, BULK_PACKET_SIZE } from '../../../src/core/bench/sysbench/bulkInsertStatement';
import { ErrorPolicy, TIDB_RETRYABLE_ERRORS } from '../../../src/core/bench/workers/errorPolicy';
import { LatencyCounts } from '../../../src/core/bench/measurement/latencyCounts';
import { LatencyRecorder } from '../../../src/core/bench/latencyHistogram';
import { RunStatistics } from '../../../src/core/bench/measurement/runStatistics';
import {
  COUNTER_EVENTS,
  COUNTER_READS,
  COUNTER_WRITES,
  COUNTER_OTHERS,
  COUNTER_ERRORS,
  COUNTER_RECONNECTS,
} from '../../../src/core/bench/workers/threadSession';
import { COUNTER_LATENCY_SUM, THREAD_SLOTS } from '../../../src/core/bench/workers/workerRun';
import type { WorkerSnapshot } from '../../../src/core/bench/workers/workerMessages';

describe('multi-row INSERT statements', () => {
  test('grow up to 512 KiB and no further, like db_bulk_insert_next()', async () => {
    const sent: Array<{ sql: string; rows: number }> = [];
    const statement = new BulkInsertStatement('INSERT INTO sbtest1(k, c, pad) VALUES', async (sql, rows) => {
      sent.push({ sql, rows });
    });
    const row = `(1234, '${'9'.repeat(119)}', '${'8'.repeat(59)}')`;
    for (let i = 0; i < 10_000; i++) await statement.add(row);
    await statement.flush();
    assert.equal(
      sent.reduce((total, entry) => total + entry.rows, 0),
      10_000,
    );
    for (const entry of sent) assert.ok(entry.sql.length + 1 <= BULK_PACKET_SIZE, `${entry.sql.length}`);
    // every statement but the last is full: one more row would not have fitted
    for (const entry of sent.slice(0, -1)) assert.ok(entry.sql.length + 1 + row.length + 1 > BULK_PACKET_SIZE);
    assert.ok(sent[0].sql.startsWith(`INSERT INTO sbtest1(k, c, pad) VALUES${row},${row}`));
  });

  test('a row that can never fit is an error', async () => {
    const statement = new BulkInsertStatement('INSERT INTO t VALUES', async () => undefined, 64);
    await assert.rejects(statement.add(`(${'1'.repeat(100)})`), /Query length exceeds the maximum value \(64\)/);
  });
});

describe('error policy', () => {
  test("sysbench's default list restarts deadlocks and lock waits, and stops on anything else", () => {
    const policy = ErrorPolicy.fromOptions([1213, 1020, 1205], false, false, true);
    assert.equal(policy.actionFor(1213), 'restart');
    assert.equal(policy.actionFor(1205), 'restart');
    assert.equal(policy.actionFor(1062), 'fatal');
    assert.equal(policy.actionFor(2013), 'fatal', 'a lost connection is fatal unless listed');
    assert.equal(policy.actionFor(9007), 'fatal');
  });

  test('listed connection errors reconnect; "all" covers everything', () => {
    const policy = ErrorPolicy.fromOptions([2013, 2006], true, false, true);
    assert.equal(policy.actionFor(2013), 'reconnect');
    assert.equal(policy.actionFor(2006), 'reconnect');
    const all = ErrorPolicy.fromOptions('all', true, false, true);
    assert.equal(all.actionFor(1062), 'restart');
    assert.equal(all.actionFor(2055), 'reconnect');
  });

  test('on TiDB the retryable errors join the default list, unless the list was given or the feature is off', () => {
    assert.deepEqual(
      ErrorPolicy.fromOptions([1213, 1020, 1205], false, true, true).ignoredCodes,
      [1020, 1205, 1213, ...TIDB_RETRYABLE_ERRORS].sort((a, b) => a - b),
    );
    assert.equal(ErrorPolicy.fromOptions([1213], true, true, true).actionFor(9007), 'fatal');
    assert.equal(ErrorPolicy.fromOptions([1213], false, true, false).actionFor(9007), 'fatal');
    assert.equal(ErrorPolicy.fromOptions([1213], false, true, true).actionFor(8005), 'restart');
  });
});

describe('latency histogram', () => {
  test('min, max and average are exact; percentiles within the histogram precision', () => {
    const recorder = new LatencyRecorder();
    const values: number[] = [];
    for (let i = 1; i <= 10_000; i++) {
      const ms = i / 100; // 0.01 .. 100 ms
      values.push(ms);
      recorder.record(ms);
    }
    const summary = recorder.summary();
    assert.equal(summary.min, 0.01);
    assert.equal(summary.max, 100);
    assert.ok(Math.abs((summary.avg ?? 0) - 50.005) < 1e-9);
    assert.ok(Math.abs((summary.p95 ?? 0) - 95) / 95 < 0.002, `p95 ${summary.p95}`);
    assert.ok(Math.abs((summary.p99 ?? 0) - 99) / 99 < 0.002, `p99 ${summary.p99}`);
    assert.ok(Math.abs((summary.p50 ?? 0) - 50) / 50 < 0.002, `p50 ${summary.p50}`);
  });

  test('survives the trip to another thread and adds up', () => {
    const a = new LatencyRecorder();
    const b = new LatencyRecorder();
    for (let i = 0; i < 1000; i++) a.record(1 + (i % 10));
    for (let i = 0; i < 1000; i++) b.record(50);
    const total = new LatencyRecorder();
    total.add(a.encode());
    total.add(b.encode());
    assert.equal(total.count, 2000);
    assert.equal(total.maxMs, 50);
    assert.equal(total.minMs, 1);
    assert.ok(Math.abs((total.percentileMs(75) ?? 0) - 50) < 0.1);
    const buckets = total.buckets();
    assert.equal(
      buckets.counts.reduce((sum, count) => sum + count, 0),
      2000,
    );
    assert.ok(buckets.bucketsMs.every((bound, i) => i === 0 || bound > buckets.bucketsMs[i - 1]));
  });

  test('has a fixed size however many values it holds', () => {
    const recorder = new LatencyRecorder();
    const before = recorder.histogram.estimatedFootprintInBytes;
    for (let i = 0; i < 200_000; i++) recorder.record((i % 5000) / 10);
    assert.equal(recorder.histogram.estimatedFootprintInBytes, before);
    const empty = new LatencyRecorder().summary();
    assert.equal(empty.p95, null);
  });
});

function snapshot(perThread: number[][], latencies: LatencyCounts): WorkerSnapshot {
  const counters = new Float64Array(perThread.length * THREAD_SLOTS);
  perThread.forEach((values, thread) => values.forEach((value, slot) => (counters[thread * THREAD_SLOTS + slot] = value)));
  return { counters, latencies: latencies.take(), queueLength: 0, concurrency: 0, threadsRunning: perThread.length };
}

describe('run statistics', () => {
  test('adds workers up per thread, computes interval rates and sysbench fairness', () => {
    const statistics = new RunStatistics(3, [[0, 2], [1]], 95);
    const slots = (events: number, reads: number, writes: number, others: number, errors: number, reconnects: number, sumMs: number) => {
      const values = new Array(THREAD_SLOTS).fill(0);
      values[COUNTER_EVENTS] = events;
      values[COUNTER_READS] = reads;
      values[COUNTER_WRITES] = writes;
      values[COUNTER_OTHERS] = others;
      values[COUNTER_ERRORS] = errors;
      values[COUNTER_RECONNECTS] = reconnects;
      values[COUNTER_LATENCY_SUM] = sumMs;
      return values;
    };
    const latencies = new LatencyCounts();
    for (let i = 0; i < 60; i++) latencies.record(2);
    statistics.add(0, snapshot([slots(10, 140, 40, 20, 1, 0, 1000), slots(30, 420, 120, 60, 0, 1, 1000)], latencies));
    statistics.add(1, snapshot([slots(20, 280, 80, 40, 0, 0, 1000)], new LatencyCounts()));
    const report = statistics.closeInterval(2, 2);
    assert.equal(report.interval.tps, 30);
    assert.equal(report.interval.qps, (840 + 240 + 120) / 2);
    assert.equal(report.interval.errors, 0.5);
    assert.equal(report.interval.reconnects, 0.5);
    assert.equal(report.latencyPercentileMs, 2);
    assert.deepEqual(statistics.totals(), { events: 60, reads: 840, writes: 240, others: 120, errors: 1, reconnects: 1 });
    const fairness = statistics.fairness();
    assert.equal(fairness.eventsAvg, 20);
    assert.ok(Math.abs(fairness.eventsStddev - Math.sqrt((100 + 0 + 100) / 3)) < 1e-9);
    assert.equal(fairness.timeAvgSec, 1);
    assert.equal(fairness.timeStddevSec, 0);
    assert.equal(statistics.closeInterval(3, 1).interval.tps, 0, 'a new interval starts empty');
  });

  test('ignored errors are tallied by code across workers, and forgotten at the end of the warm-up', () => {
    const statistics = new RunStatistics(2, [[0], [1]], 95);
    statistics.add(0, { ...snapshot([[0]], new LatencyCounts()), errorCodes: [[1213, 3]] });
    statistics.add(1, {
      ...snapshot([[0]], new LatencyCounts()),
      errorCodes: [
        [1213, 2],
        [1205, 1],
      ],
    });
    statistics.add(1, snapshot([[0]], new LatencyCounts()));
    assert.deepEqual(
      [...statistics.errorCodes],
      [
        [1213, 5],
        [1205, 1],
      ],
    );
    statistics.reset();
    assert.equal(statistics.errorCodes.size, 0);
  });
});
