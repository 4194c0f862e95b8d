import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RunResult } from '../../../src/core/results/benchmarkResult';
import { importGoTpcLog } from '../../../src/core/results/importers/goTpcLogImporter';
import { operationRowsOf } from '../../../src/core/results/operationRows';
import { intervalQueryRate, intervalTpmC, intervalTpmTotal, isTpccRun, tpccFiguresOf } from '../../../src/core/results/tpccFigures';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import { readBenchmarkLog } from './support/benchmarkLogFixtures';
import { sampleRun } from './support/sampleResults';

type Shape = Pick<RunResult, 'workload' | 'labels' | 'durationSec' | 'options'>;

/** Labels as TiDB Lab's runs keep them (rawsqlMeasurement.ts operationLabelsOf): lower-case go-tpc names, no tpmC label. */
function labelsOf(operations: Record<string, { count: number; tpm?: number; sumMs?: number; p99?: number }>): Record<string, number> {
  const labels: Record<string, number> = {};
  for (const [name, o] of Object.entries(operations)) {
    labels[`${name}.count`] = o.count;
    if (o.tpm !== undefined) labels[`${name}.tpm`] = o.tpm;
    if (o.sumMs !== undefined) labels[`${name}.sum_ms`] = o.sumMs;
    if (o.p99 !== undefined) labels[`${name}.p99_ms`] = o.p99;
  }
  return labels;
}

describe('TPC-C figures of a run', () => {
  test('an imported go-tpc log shows the tpmC and efficiency go-tpc printed, and its transactions in the mix order', () => {
    const [run] = importGoTpcLog(readBenchmarkLog('go-tpc-tpcc.log')).results;
    const figures = tpccFiguresOf(run);
    assert.equal(figures.tpmC, 2776.0);
    assert.equal(figures.efficiencyPct, 5396.6);
    assert.equal(figures.warehouses, 4);
    assert.deepEqual(
      figures.transactions.map((row) => row.name),
      ['NEW_ORDER', 'PAYMENT', 'ORDER_STATUS', 'DELIVERY', 'STOCK_LEVEL'],
    );
    assert.deepEqual(figures.queries, []);
    assert.equal(figures.qphH, null);
    assert.ok(isTpccRun(run));
  });

  test("an imported log's intervals carry each transaction's rate: the interval's tpmC is new_order's TPM", () => {
    const [run] = importGoTpcLog(readBenchmarkLog('go-tpc-tpcc.log')).results;
    assert.equal(intervalTpmC(run.intervals[0]), 2778.0);
    assert.equal(Object.keys(run.intervals[0].operations ?? {}).length, 5);
  });

  test("TiDB Lab's own run: tpmC is new_order's TPM, tpmTotal every transaction's, efficiency against 12.86 tpmC per warehouse", () => {
    const run: Shape = {
      workload: 'tpcc',
      durationSec: 20,
      options: { warehouses: 2, threads: 4 },
      labels: labelsOf({
        new_order: { count: 450, tpm: 1350 },
        payment: { count: 430, tpm: 1290 },
        order_status: { count: 40, tpm: 120 },
        delivery: { count: 40, tpm: 120 },
        stock_level: { count: 40, tpm: 120 },
        payment_ERR: { count: 3, tpm: 9 },
      }),
    };
    const figures = tpccFiguresOf(run);
    assert.equal(figures.tpmC, 1350);
    assert.equal(figures.tpmTotal, 3000);
    assert.equal(figures.efficiencyPct, (100 * 1350) / (12.86 * 2));
    assert.deepEqual(
      figures.transactions.map((row) => [row.name, row.count, row.errors]),
      [
        ['new_order', 450, 0],
        ['payment', 430, 3],
        ['order_status', 40, 0],
        ['delivery', 40, 0],
        ['stock_level', 40, 0],
      ],
    );
  });

  test('without TPM labels, the TPM is the count over the run time', () => {
    const figures = tpccFiguresOf({ workload: 'tpcc', durationSec: 30, options: {}, labels: labelsOf({ new_order: { count: 90 } }) });
    assert.equal(figures.tpmC, 180);
    assert.equal(figures.efficiencyPct, null, 'no warehouses: no efficiency');
  });

  test('ch: QphH as go-tpc works it out, 3600 * 1000 * queries / their summed ms, failures included; Q10 after Q9', () => {
    const run: Shape = {
      workload: 'ch',
      durationSec: 60,
      options: { warehouses: 1 },
      labels: labelsOf({
        new_order: { count: 100, tpm: 100 },
        Q10: { count: 2, sumMs: 400 },
        Q9: { count: 3, sumMs: 900 },
        Q9_ERR: { count: 1, sumMs: 100 },
      }),
    };
    const figures = tpccFiguresOf(run);
    assert.deepEqual(
      figures.queries.map((row) => [row.name, row.count, row.errors]),
      [
        ['Q9', 3, 1],
        ['Q10', 2, 0],
      ],
    );
    assert.equal(figures.qphH, (3600 * 1000 * 6) / 1400);
    assert.deepEqual(
      figures.transactions.map((row) => row.name),
      ['new_order'],
    );
  });

  test('a qphH the run stored wins over the one worked out', () => {
    const labels = { ...labelsOf({ Q1: { count: 2, sumMs: 400 } }), qphH: 123.4 };
    assert.equal(tpccFiguresOf({ workload: 'ch', durationSec: 1, options: {}, labels }).qphH, 123.4);
  });

  test('rawsql queries are rows too; an operation that only failed has a row of count 0', () => {
    const rows = operationRowsOf({ durationSec: 10, labels: labelsOf({ Q1: { count: 20, tpm: 120, p99: 4.5 }, Q2_ERR: { count: 2 } }) });
    assert.deepEqual(
      rows.map((row) => [row.name, row.count, row.errors, row.tpm, row.p99Ms]),
      [
        ['Q1', 20, 0, 120, 4.5],
        ['Q2', 0, 2, 0, null],
      ],
    );
  });

  test('a sysbench run is not a TPC-C run and has no operation rows', () => {
    const run = { workload: 'oltp_point_select', durationSec: 10, options: {}, labels: { variant: 'cached' } };
    assert.equal(isTpccRun(run), false);
    assert.deepEqual(operationRowsOf(run), []);
  });
});

describe('rates by operation in a stored result', () => {
  test('come back from the file as they were; a negative rate is refused with its path', () => {
    const run = sampleRun();
    run.intervals[0].operations = { new_order: 12.5, payment: 11.25, Q1: 0 };
    const parsed = parseBenchmarkResult(JSON.stringify(run));
    assert.ok(parsed.ok, JSON.stringify(parsed));
    assert.deepEqual(parsed.result.kind === 'run' && parsed.result.intervals[0].operations, run.intervals[0].operations);
    run.intervals[0].operations = { new_order: -1 };
    const refused = parseBenchmarkResult(JSON.stringify(run));
    assert.equal(refused.ok, false);
    assert.match(refused.ok ? '' : refused.errors.join('\n'), /intervals\[0\]\.operations\.new_order/);
  });

  test("a ch interval's analytical rate sums its queries' rates (Q1 ... Q22), its transactions left to tpmTotal", () => {
    const interval = { operations: { NEW_ORDER: 10, PAYMENT: 5, Q1: 0.5, Q2: 0.25, q3: 0.25 } };
    assert.equal(intervalQueryRate(interval), 1);
    assert.equal(intervalTpmTotal(interval), 15 * 60);
    assert.equal(intervalQueryRate({ operations: { NEW_ORDER: 10 } }), 0);
    assert.equal(intervalQueryRate({}), null);
  });
});
