import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { importBenchmarkLog } from '../../../src/core/results/importers/importBenchmarkLog';
import {
  histogramLines,
  intervalLine,
  queueLine,
  runHeaderLines,
  summaryLines,
  THREADS_STARTED_LINES,
} from '../../../src/core/bench/sysbench/sysbenchReport';

// Printed by Debian's sysbench 1.0.20 (oltp_read_write, 2 threads, 3 s) on the development machine.
const SYSBENCH_INTERVAL =
  '[ 1s ] thds: 2 tps: 1586.93 qps: 31768.63 (r/w/o: 22243.03/6349.73/3175.86) lat (ms,95%): 1.86 err/s: 0.00 reconn/s: 0.00';
const SYSBENCH_SUMMARY = `SQL statistics:
    queries performed:
        read:                            77224
        write:                           22064
        other:                           11032
        total:                           110320
    transactions:                        5516   (1836.31 per sec.)
    queries:                             110320 (36726.21 per sec.)
    ignored errors:                      0      (0.00 per sec.)
    reconnects:                          0      (0.00 per sec.)

General statistics:
    total time:                          3.0038s
    total number of events:              5516

Latency (ms):
         min:                                    0.80
         avg:                                    1.09
         max:                                    4.01
         95th percentile:                        1.61
         sum:                                 5991.13

Threads fairness:
    events (avg/stddev):           2758.0000/295.00
    execution time (avg/stddev):   2.9956/0.00
`;

const summary = {
  reads: 77224,
  writes: 22064,
  others: 11032,
  events: 5516,
  errors: 0,
  reconnects: 0,
  seconds: 3.00384955,
  latency: { minMs: 0.8, avgMs: 1.09, maxMs: 4.01, sumMs: 5991.13, percentileMs: 1.61 },
  percentile: 95,
  fairness: { eventsAvg: 2758, eventsStddev: 295, timeAvgSec: 2.9956, timeStddevSec: 0 },
};

describe("sysbench's text layout", () => {
  test('a report line reads exactly like sysbench 1.0.20', () => {
    assert.equal(
      intervalLine({
        seconds: 1.0004,
        threads: 2,
        tps: 1586.93,
        qps: 31768.63,
        reads: 22243.03,
        writes: 6349.73,
        others: 3175.86,
        percentile: 95,
        latencyMs: 1.86,
        errors: 0,
        reconnects: 0,
      }),
      SYSBENCH_INTERVAL,
    );
    assert.equal(queueLine(10, 3, 2), '[ 10s ] queue length: 3, concurrency: 2');
  });

  test('the final summary reads exactly like sysbench 1.0.20', () => {
    assert.equal(summaryLines(summary).join('\n'), SYSBENCH_SUMMARY);
  });

  test('with --percentile=0 the percentile line says disabled, as in sysbench', () => {
    const lines = summaryLines({ ...summary, percentile: 0 });
    assert.ok(lines.includes('         percentile stats:               disabled'));
  });

  test('--histogram prints value, bar and count rows like sysbench', () => {
    assert.deepEqual(histogramLines([0.047, 0.049], [5, 7]), [
      '       value  ------------- distribution ------------- count',
      '       0.047 |*****************************            5',
      '       0.049 |**************************************** 7',
    ]);
  });

  test('the header names threads, rate, report interval and seed like sysbench', () => {
    const lines = runHeaderLines({ tool: 'tidb-lab bench', threads: 8, rate: 100, reportInterval: 10, seed: 42 });
    assert.deepEqual(lines.slice(2), [
      'Running the test with following options:',
      'Number of threads: 8',
      'Target transaction rate: 100/sec',
      'Report intermediate results every 10 second(s)',
      'Initializing random number generator from seed (42).',
      '',
      '',
      'Initializing worker threads...',
      '',
    ]);
    assert.ok(!lines.includes('Threads started!'), 'said only once the threads have connected (THREADS_STARTED_LINES)');
  });

  test('what we print is read back by the sysbench log importer with the same numbers', () => {
    const log = [
      'sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)',
      ...runHeaderLines({ tool: 'tidb-lab bench 0.1.0', threads: 2, rate: 0, reportInterval: 1, seed: 0 }).slice(1),
      ...THREADS_STARTED_LINES,
      SYSBENCH_INTERVAL,
      ...summaryLines(summary),
    ].join('\n');
    const imported = importBenchmarkLog(log, 'ours.log');
    assert.equal(imported.results.length, 1, imported.warnings.join('; '));
    const run = imported.results[0];
    assert.equal(run.kind, 'run');
    if (run.kind !== 'run') return;
    assert.equal(run.summary.events, 5516);
    assert.equal(run.summary.reads, 77224);
    assert.equal(run.summary.queries, 110320);
    assert.equal(run.summary.latencyMs.p95, 1.61);
    assert.equal(run.intervals.length, 1);
    assert.equal(run.intervals[0].tps, 1586.93);
  });
});
