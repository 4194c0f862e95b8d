// tpmC and efficiency as go-tpc computes them, and the go-tpc lines a tpcc run prints read back by
// the go-tpc importer to the same numbers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LatencyRecorder } from '../../../../src/core/bench/latencyHistogram';
import { operationNumbers } from '../../../../src/core/bench/rawsql/rawsqlMeasurement';
import { commandComment, operationLine } from '../../../../src/core/bench/rawsql/rawsqlReport';
import { tpccSummaryOf, tpmLine, tpmOf } from '../../../../src/core/bench/tpcc/tpccResult';
import { importBenchmarkLog } from '../../../../src/core/results/importers/importBenchmarkLog';
import type { RunResult } from '../../../../src/core/results/benchmarkResult';

function recorder(count: number, ms: (i: number) => number): LatencyRecorder {
  const r = new LatencyRecorder();
  for (let i = 0; i < count; i++) r.record(ms(i));
  return r;
}

const operations = () => [
  operationNumbers(
    'DELIVERY',
    recorder(40, (i) => 5 + i / 10),
    60,
  ),
  operationNumbers(
    'NEW_ORDER',
    recorder(450, (i) => 2 + (i % 50) / 10),
    60,
  ),
  operationNumbers(
    'NEW_ORDER_ERR',
    recorder(3, () => 7),
    60,
  ),
  operationNumbers(
    'ORDER_STATUS',
    recorder(40, () => 1),
    60,
  ),
  operationNumbers(
    'PAYMENT',
    recorder(430, (i) => 1 + (i % 20) / 10),
    60,
  ),
  operationNumbers(
    'STOCK_LEVEL',
    recorder(40, () => 3),
    60,
  ),
];

test("tpmC is New-Order's count per minute, tpmTotal every successful transaction's, efficiency against 12.86 per warehouse", () => {
  const tpm = tpmOf(operations(), 2);
  assert.equal(tpm.tpmC, 450);
  assert.equal(tpm.tpmTotal, 1000);
  assert.ok(Math.abs(tpm.efficiency - (100 * 450) / (12.86 * 2)) < 1e-9);
  assert.equal(tpmLine(tpm), 'tpmC: 450.0, tpmTotal: 1000.0, efficiency: 1749.6%');
  const summary = tpccSummaryOf(operations(), 2, 4);
  assert.deepEqual(Object.fromEntries(Object.entries(summary.transactions).map(([name, n]) => [name, [n.count, n.errors, n.rollbacks]])), {
    new_order: [450, 3, 4],
    payment: [430, 0, 0],
    order_status: [40, 0, 0],
    delivery: [40, 0, 0],
    stock_level: [40, 0, 0],
  });
});

test('the go-tpc importer reads the [Summary] and tpmC lines back to the same numbers', () => {
  const ops = operations();
  const text = [
    commandComment(['tpcc', '--warehouses=2', '--threads=4', '--mysql-password=secret', 'run']),
    ...ops.map((o) => operationLine('Current', o)),
    'Finished',
    ...ops.map((o) => operationLine('Summary', o)),
    tpmLine(tpmOf(ops, 2)),
  ].join('\n');
  assert.equal(text.includes('secret'), false);
  const imported = importBenchmarkLog(text, 'tpcc.log');
  assert.equal(imported.format, 'go-tpc');
  const run = imported.results[0] as RunResult;
  assert.equal(run.workload, 'tpcc');
  assert.equal(run.labels?.tpmC, 450);
  assert.equal(run.labels?.tpmTotal, 1000);
  assert.equal(run.labels?.efficiency_pct, 1749.6);
  for (const o of ops) {
    assert.equal(run.labels?.[`${o.name}.count`], o.count, o.name);
    assert.equal(run.labels?.[`${o.name}.p99_ms`], Number(o.p99Ms.toFixed(1)), o.name);
  }
  assert.equal(run.summary.events, 1000);
  assert.equal(run.summary.errors, 3);
});
