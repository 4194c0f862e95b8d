// The engine prints sysbench's layout (src/core/bench/sysbench/sysbenchReport.ts) so that the same importer
// reads its logs: a log written with those functions must come back with its own numbers.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { intervalLine, runHeaderLines, summaryLines, THREADS_STARTED_LINES } from '../../../src/core/bench/sysbench/sysbenchReport';
import { clientSummaryLine } from '../../../src/core/results/clientBound';
import { importBenchmarkLog } from '../../../src/core/results/importers/importBenchmarkLog';

test("a log printed by TiDB Lab's engine imports as a tidb-lab run with its own numbers", () => {
  const lines = [
    '$ tidb-lab bench --mysql-host=127.0.0.1 --mysql-password=hunter2 --threads=8 --time=2 --report-interval=1 oltp_point_select run',
    ...runHeaderLines({ tool: 'tidb-lab bench 0.1.0 (sysbench 1.0.20 compatible)', threads: 8, rate: 0, reportInterval: 1, seed: 0 }),
    ...THREADS_STARTED_LINES,
    intervalLine({
      seconds: 1,
      threads: 8,
      tps: 41000.5,
      qps: 41000.5,
      reads: 41000.5,
      writes: 0,
      others: 0,
      percentile: 95,
      latencyMs: 0.31,
      errors: 0,
      reconnects: 0,
    }),
    intervalLine({
      seconds: 2,
      threads: 8,
      tps: 42000.25,
      qps: 42000.25,
      reads: 42000.25,
      writes: 0,
      others: 0,
      percentile: 95,
      latencyMs: 0.3,
      errors: 1.5,
      reconnects: 0,
    }),
    ...summaryLines({
      reads: 83001,
      writes: 0,
      others: 0,
      events: 83001,
      errors: 3,
      reconnects: 0,
      seconds: 2.0004,
      latency: { minMs: 0.05, avgMs: 0.19, maxMs: 12.5, sumMs: 15770.19, percentileMs: 0.31 },
      percentile: 95,
      fairness: { eventsAvg: 10375.125, eventsStddev: 12.5, timeAvgSec: 1.97, timeStddevSec: 0.01 },
    }),
    clientSummaryLine({
      client: { cpuUtilization: 0.97, cores: 1, eventLoopUtilization: 1, eventLoopDelayP99Ms: 38, bound: true },
      intervals: [],
    }) ?? '',
  ];
  const { format, results, warnings } = importBenchmarkLog(lines.join('\n'));
  assert.equal(format, 'sysbench');
  assert.deepEqual(warnings, []);
  assert.equal(results.length, 1);
  const [run] = results;
  assert.ok(run.kind === 'run');
  assert.deepEqual(run.source, { tool: 'tidb-lab', toolVersion: '0.1.0' });
  assert.equal(run.workload, 'oltp_point_select');
  assert.equal(run.options.threads, 8);
  assert.deepEqual(
    run.intervals.map((interval) => [interval.t, interval.tps, interval.latencyMs.p95, interval.errors]),
    [
      [1, 41000.5, 0.31, 0],
      [2, 42000.25, 0.3, 1.5],
    ],
  );
  assert.equal(run.summary.events, 83001);
  assert.equal(run.summary.errors, 3);
  assert.equal(run.summary.tps, Number((83001 / 2.0004).toFixed(2)));
  assert.deepEqual(run.summary.latencyMs, { min: 0.05, avg: 0.19, max: 12.5, p50: null, p90: null, p95: 0.31, p99: null, p999: null });
  assert.equal(run.durationSec, 2.0004);
  assert.ok(!JSON.stringify(run).includes('hunter2'));
  // the client line after the summary is read past: a log carries no client figures to trust
  assert.equal(run.client, undefined);
});
