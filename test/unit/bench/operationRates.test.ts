import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { operationRates, withOperationRates } from '../../../src/core/bench/operationRates';
import type { OperationNumbers } from '../../../src/core/bench/rawsql/rawsqlMeasurement';
import type { ResultInterval } from '../../../src/core/results/benchmarkResult';

const numbers = (name: string, count: number, takesSec: number): OperationNumbers => ({
  name,
  takesSec,
  count,
  tpm: (count / takesSec) * 60,
  sumMs: 0,
  avgMs: 0,
  p50Ms: 0,
  p90Ms: 0,
  p95Ms: 0,
  p99Ms: 0,
  p999Ms: 0,
  maxMs: 0,
});

const interval = (t: number): ResultInterval => ({
  t,
  threads: 1,
  tps: 1,
  qps: 1,
  reads: 0,
  writes: 0,
  others: 0,
  errors: 0,
  reconnects: 0,
  latencyMs: { p95: null },
});

describe('rates by operation of a report interval', () => {
  test("each operation's count over the interval's seconds; failures (_ERR) left out", () => {
    assert.deepEqual(operationRates([numbers('NEW_ORDER', 45, 2), numbers('PAYMENT', 43, 2), numbers('PAYMENT_ERR', 1, 2)]), {
      NEW_ORDER: 22.5,
      PAYMENT: 21.5,
    });
  });

  test('the n-th report goes onto the n-th stored interval; one that has rates keeps them', () => {
    const kept = { ...interval(2), operations: { Q1: 9 } };
    const merged = withOperationRates([interval(1), kept, interval(3)], [{ NEW_ORDER: 1 }, { NEW_ORDER: 2 }]);
    assert.deepEqual(
      merged.map((item) => item.operations),
      [{ NEW_ORDER: 1 }, { Q1: 9 }, undefined],
    );
  });
});
