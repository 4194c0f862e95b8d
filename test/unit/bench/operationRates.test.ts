import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { operationRates } from '../../../src/core/bench/operationRates';
import type { OperationNumbers } from '../../../src/core/bench/rawsql/rawsqlMeasurement';

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

describe('rates by operation of a report interval', () => {
  test("each operation's count over the interval's seconds; failures (_ERR) left out", () => {
    assert.deepEqual(operationRates([numbers('NEW_ORDER', 45, 2), numbers('PAYMENT', 43, 2), numbers('PAYMENT_ERR', 1, 2)]), {
      NEW_ORDER: 22.5,
      PAYMENT: 21.5,
    });
  });
});
