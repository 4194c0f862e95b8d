// go-tpc's CH-benCHmark output (ch_benchmark.go, ch/workload.go) and TiDB Lab's own ch output
// import as one ch run: TPC-C's transactions as throughput, the queries and QphH in labels.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { finishedLine, goTpcChQueryLine, qphHLine } from '../../../src/core/bench/ch/chReport';
import { qphHOf } from '../../../src/core/bench/ch/qphH';
import { LatencyRecorder } from '../../../src/core/bench/latencyHistogram';
import { operationNumbers } from '../../../src/core/bench/rawsql/rawsqlMeasurement';
import { commandComment, operationLine } from '../../../src/core/bench/rawsql/rawsqlReport';
import { clientSummaryLine } from '../../../src/core/results/clientBound';
import { importBenchmarkLog } from '../../../src/core/results/importers/importBenchmarkLog';
import { importGoTpcLog } from '../../../src/core/results/importers/goTpcLogImporter';
import { readBenchmarkLog } from './support/benchmarkLogFixtures';

test("go-tpc's ch log: a ch run whose throughput is TPC-C's, with tpmC, QphH and every query's numbers", () => {
  const { results, warnings } = importGoTpcLog(readBenchmarkLog('go-tpc-ch.log'), { fileName: 'go-tpc-ch.log' });
  assert.deepEqual(warnings, []);
  assert.equal(results.length, 1);
  const run = results[0];
  assert.equal(run.kind, 'run');
  if (run.kind !== 'run') return;
  assert.equal(run.workload, 'ch');
  assert.equal(run.status, 'completed');
  assert.equal(run.options.acThreads, 1);
  assert.equal(run.options.threads, 4);
  assert.equal(run.summary.events, 25 + 291 + 25 + 272 + 24);
  assert.ok(Math.abs(run.summary.tps - (75 + 873 + 75 + 816 + 72) / 60) < 1e-9);
  assert.equal(run.summary.latencyMs.p99, 45.1);
  assert.equal(run.durationSec, 20);
  assert.equal(run.intervals.length, 2);
  assert.ok(Math.abs(run.intervals[0].tps - (72 + 840 + 78 + 798 + 66) / 60) < 1e-9);
  assert.equal(run.labels?.qphH, 2750.3);
  assert.equal(run.labels?.tpmC, 873);
  assert.equal(run.labels?.['Q1.count'], 1);
  assert.equal(run.labels?.['Q6.sum_ms'], 421.6);
  assert.equal(run.labels?.['Q6.avg_ms'], 210.8);
  // the fixture's QphH is go-tpc's formula over its [Summary] query lines
  const queries = [612.4, 2011.7, 1840.3, 955.0, 3321.8].map((sumMs) => ({ count: 1, sumMs }));
  assert.equal(Number(qphHOf([...queries, { count: 2, sumMs: 421.6 }])?.toFixed(1)), 2750.3);
});

test("TiDB Lab's ch lines (full query lines, Finished, QphH, the client's line) and go-tpc's short query line import to the same numbers", () => {
  const q1 = new LatencyRecorder();
  const q2 = new LatencyRecorder();
  for (let i = 1; i <= 4; i++) q1.record(100 * i);
  q2.record(2500);
  const failed = new LatencyRecorder();
  failed.record(12);
  const queries = [operationNumbers('Q1', q1, 30), operationNumbers('Q2', q2, 30), operationNumbers('Q2_ERR', failed, 30)];
  const newOrder = new LatencyRecorder();
  for (let i = 1; i <= 300; i++) newOrder.record(5 + i / 100);
  const qphH = qphHOf(queries) ?? 0;
  const ours = [
    commandComment(['ch', '--warehouses=1', '--threads=2', '--acThreads=1', '--time=30s', '--mysql-password=secret', 'run']),
    finishedLine(2, 1),
    operationLine('Summary', operationNumbers('NEW_ORDER', newOrder, 30)),
    'tpmC: 600.0, tpmTotal: 600.0, efficiency: 4665.6%',
    ...queries.map((o) => operationLine('Summary', o)),
    qphHLine(qphH),
    // the client's load after go-tpc's summary: not go-tpc's, passed over
    clientSummaryLine({ client: { cpuUtilization: 0.97, cores: 1, eventLoopUtilization: 1, bound: true }, intervals: [] }),
  ].join('\n');
  assert.equal(ours.includes('secret'), false);
  const shortLines = ours
    .split('\n')
    .map((line) => {
      const query = queries.find((o) => line.startsWith(`[Summary] ${o.name.padEnd(6)} -`));
      return query !== undefined ? goTpcChQueryLine('Summary', query) : line;
    })
    .join('\n');
  for (const text of [ours, shortLines]) {
    const imported = importBenchmarkLog(text, 'ch.log');
    assert.equal(imported.format, 'go-tpc');
    assert.deepEqual(imported.warnings, []);
    const run = imported.results[0];
    assert.equal(run.kind, 'run');
    if (run.kind !== 'run') return;
    assert.equal(run.workload, 'ch');
    assert.equal(run.summary.events, 300);
    assert.equal(run.summary.errors, 0);
    assert.equal(run.labels?.qphH, Number(qphH.toFixed(1)));
    assert.equal(run.labels?.['Q1.count'], 4);
    assert.equal(run.labels?.['Q1.sum_ms'], 1000);
    assert.equal(run.labels?.['Q2_ERR.count'], 1);
    assert.equal(run.labels?.tpmC, 600);
  }
});
