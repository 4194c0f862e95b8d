import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { goTpcTpccSummary } from '../../../src/core/bench/goTpcEngine/goTpcTpccSummary';
import { importGoTpcLog } from '../../../src/core/results/importers/goTpcLogImporter';
import { readBenchmarkLog } from '../results/support/benchmarkLogFixtures';

describe("a go-tpc engine run's tpcc block", () => {
  const [run] = importGoTpcLog(readBenchmarkLog('go-tpc-tpcc.log')).results;

  test("each transaction's count, errors, TPM and latencies are go-tpc's [Summary] numbers; tpmC and efficiency the ones it printed", () => {
    const tpcc = goTpcTpccSummary(run.labels ?? {}, 4);
    assert.ok(tpcc);
    assert.equal(tpcc.warehouses, 4);
    assert.equal(tpcc.tpmC, 2776);
    assert.equal(tpcc.efficiency, 5396.6, 'as printed, not worked out again');
    assert.equal(tpcc.tpmTotal, 234.8 + 2776 + 226 + 2488 + 226, 'not printed by this go-tpc: the sum of the TPMs, errors left out');
    assert.deepEqual(Object.keys(tpcc.transactions), ['new_order', 'payment', 'order_status', 'delivery', 'stock_level']);
    assert.deepEqual(tpcc.transactions.new_order, {
      count: 1388,
      errors: 2,
      rollbacks: 0,
      tpm: 2776,
      latencyMs: { min: null, avg: 20.5, max: 73.7, p50: 19, p90: 27.6, p95: 31.7, p99: 45, p999: 63.4 },
    });
    assert.equal(tpcc.transactions.delivery.count, 117);
    assert.equal(tpcc.transactions.delivery.latencyMs.p95, 151.3);
    assert.equal(tpcc.transactions.payment.errors, 0);
    assert.equal(tpcc.transactions.stock_level.tpm, 226);
  });

  test('no TPC-C transaction reported: no tpcc block', () => {
    assert.equal(goTpcTpccSummary({}, 1), undefined);
    assert.equal(goTpcTpccSummary({ 'Q1.count': 3 }, 1), undefined);
  });
});
