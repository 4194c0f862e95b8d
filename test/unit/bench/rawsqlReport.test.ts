// TiDB Lab's rawsql prints go-tpc's operation lines; the go-tpc importer reads them back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LatencyRecorder } from '../../../src/core/bench/latencyHistogram';
import { operationLabelsOf, operationNumbers } from '../../../src/core/bench/rawsql/rawsqlMeasurement';
import { commandComment, operationLine } from '../../../src/core/bench/rawsql/rawsqlReport';
import { importBenchmarkLog } from '../../../src/core/results/importers/importBenchmarkLog';

test("the [Summary] lines are go-tpc's and import back to the same counts, TPM and percentiles (to go-tpc's 0.1)", () => {
  const q1 = new LatencyRecorder();
  const q2 = new LatencyRecorder();
  for (let i = 1; i <= 500; i++) q1.record(i / 10);
  for (let i = 1; i <= 120; i++) q2.record(3 + i / 7);
  const errors = new LatencyRecorder();
  errors.record(1.5);
  const operations = [operationNumbers('Q1', q1, 10), operationNumbers('Q2', q2, 10), operationNumbers('Q2_ERR', errors, 10)];
  const line = operationLine('Summary', operations[0]);
  assert.match(
    line,
    /^\[Summary\] Q1 {5}- Takes\(s\): 10\.0, Count: 500, TPM: 3000\.0, Sum\(ms\): 12525\.0, Avg\(ms\): 25\.1, 50th\(ms\): 25\.0/,
  );
  const text = [
    commandComment(['rawsql', '--query-files=q1.sql,q2.sql', '--threads=4', '--mysql-password=secret', 'run']),
    'Finished',
    ...operations.map((o) => operationLine('Summary', o)),
  ].join('\n');
  assert.equal(text.includes('secret'), false);
  const imported = importBenchmarkLog(text, 'rawsql.log');
  assert.equal(imported.format, 'go-tpc');
  const run = imported.results[0];
  assert.equal(run.kind, 'run');
  if (run.kind !== 'run') return;
  assert.equal(run.workload, 'rawsql');
  assert.equal(run.summary.events, 620);
  assert.equal(run.summary.errors, 1);
  const own = operationLabelsOf(operations);
  for (const [key, value] of Object.entries(own))
    assert.equal(run.labels?.[key], Number(value.toFixed(key.endsWith('.count') ? 0 : 1)), key);
});
