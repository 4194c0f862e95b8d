// The time charts of a run's tab: QPS and TPS each on a chart of their own (issue 10 §6), for
// stored and live runs alike; TPC-C runs by transaction draw tpmC and the transactions instead.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { timeChartLayout, type TimeChartFacts } from '../../../webview/benchmarkResults/timeChartLayout';

const sysbenchRun: TimeChartFacts = { byTransaction: false, analytical: false, latencyKeys: ['p95', 'p99', 'avg'], errors: false };

describe('time chart layout', () => {
  test('QPS and TPS are never drawn on one chart: each has a chart of its own, with nothing else on it', () => {
    for (const facts of [sysbenchRun, { ...sysbenchRun, errors: true }, { ...sysbenchRun, latencyKeys: [] }]) {
      const charts = timeChartLayout(facts);
      const withQps = charts.filter((chart) => chart.keys.includes('qps'));
      const withTps = charts.filter((chart) => chart.keys.includes('tps'));
      assert.deepEqual(withQps, [{ name: 'throughput', keys: ['qps'] }]);
      assert.deepEqual(withTps, [{ name: 'tps', keys: ['tps'] }]);
    }
  });

  test('the charts in their order: queries, transactions, latency, then errors when there are any', () => {
    assert.deepEqual(
      timeChartLayout({ ...sysbenchRun, errors: true }).map((chart) => chart.name),
      ['throughput', 'tps', 'latency', 'errors'],
    );
    assert.deepEqual(timeChartLayout(sysbenchRun).find((chart) => chart.name === 'latency')?.keys, ['p95', 'p99', 'avg']);
  });

  test('a TPC-C run by transaction: tpmC alone, the five transactions together; CH adds the analytical queries', () => {
    const charts = timeChartLayout({ byTransaction: true, analytical: true, latencyKeys: ['p95'], errors: false });
    assert.deepEqual(
      charts.map((chart) => [chart.name, chart.keys]),
      [
        ['tpmC', ['tpmC']],
        ['transactions', ['new_order', 'payment', 'order_status', 'delivery', 'stock_level']],
        ['analytical', ['analytical']],
        ['latency', ['p95']],
      ],
    );
    assert.ok(!charts.some((chart) => chart.keys.includes('qps') || chart.keys.includes('tps')));
  });
});
