import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { importGoTpcLog } from '../../../src/core/results/importers/goTpcLogImporter';
import { readBenchmarkLog } from './support/benchmarkLogFixtures';

/** The "[Summary] OP - Takes(s): ..." lines of the first run, read with a pattern of their own. */
function summaryLines(text: string): Map<string, Record<string, number>> {
  const lines = new Map<string, Record<string, number>>();
  for (const match of text.matchAll(/^\[Summary\] (\w+)\s+- (.*)$/gm)) {
    if (lines.has(match[1])) break;
    lines.set(match[1], Object.fromEntries(match[2].split(', ').map((pair) => [pair.split(': ')[0], Number(pair.split(': ')[1])])));
  }
  return lines;
}

describe('go-tpc / tiup bench output', () => {
  const text = readBenchmarkLog('go-tpc-tpcc.log');
  const { results, warnings } = importGoTpcLog(text, { fileName: 'go-tpc-tpcc.log' });

  test('two runs: the finished one and the interrupted one', () => {
    assert.deepEqual(warnings, []);
    assert.deepEqual(
      results.map((run) => [run.workload, run.options.threads, run.status, run.intervals.length]),
      [
        ['tpcc', 8, 'completed', 3],
        ['tpcc', 16, 'failed', 2],
      ],
    );
  });

  test("the summary adds up the operations, errors are the _ERR counts, latency is NEW_ORDER's", () => {
    const [run] = results;
    const lines = summaryLines(text);
    const done = [...lines].filter(([op]) => !op.endsWith('_ERR')).map(([, values]) => values);
    assert.equal(
      run.summary.events,
      done.reduce((sum, values) => sum + values.Count, 0),
    );
    assert.equal(
      run.summary.tps,
      done.reduce((sum, values) => sum + values.TPM / 60, 0),
    );
    assert.equal(run.summary.qps, run.summary.tps);
    assert.equal(run.summary.errors, lines.get('NEW_ORDER_ERR')?.Count);
    const newOrder = lines.get('NEW_ORDER') as Record<string, number>;
    assert.deepEqual(run.summary.latencyMs, {
      min: null,
      avg: newOrder['Avg(ms)'],
      max: newOrder['Max(ms)'],
      p50: newOrder['50th(ms)'],
      p90: newOrder['90th(ms)'],
      p95: newOrder['95th(ms)'],
      p99: newOrder['99th(ms)'],
      p999: newOrder['99.9th(ms)'],
    });
    assert.equal(run.durationSec, 30);
  });

  test("tpmC, efficiency and every operation's numbers are kept as labels", () => {
    const [run] = results;
    const lines = summaryLines(text);
    const tpmC = /^tpmC: ([\d.]+), efficiency: ([\d.]+)%$/m.exec(text) as RegExpExecArray;
    assert.equal(run.labels?.tpmC, Number(tpmC[1]));
    assert.equal(run.labels?.efficiency_pct, Number(tpmC[2]));
    assert.equal(run.labels?.['PAYMENT.p99_ms'], lines.get('PAYMENT')?.['99th(ms)']);
    assert.equal(run.labels?.['DELIVERY.count'], lines.get('DELIVERY')?.Count);
    assert.equal(run.labels?.['STOCK_LEVEL.takes_s'], lines.get('STOCK_LEVEL')?.['Takes(s)']);
  });

  test('each [Current] block is one interval, --interval apart', () => {
    const [run] = results;
    assert.deepEqual(
      run.intervals.map((interval) => interval.t),
      [10, 20, 30],
    );
    const firstBlock = [...text.matchAll(/^\[Current\] (\w+)\s+- .*TPM: ([\d.]+), .*Avg\(ms\): ([\d.]+)/gm)].slice(0, 5);
    assert.equal(
      run.intervals[0].tps,
      firstBlock.reduce((sum, match) => sum + Number(match[2]) / 60, 0),
    );
    assert.equal(run.intervals[0].latencyMs.avg, Number(firstBlock.find((match) => match[1] === 'NEW_ORDER')?.[3]));
    assert.equal(run.intervals[0].threads, 8);
  });

  test('the tiup component path gives the version; the password flag is dropped', () => {
    assert.equal(results[0].source.toolVersion, '1.16.1');
    assert.deepEqual(results[0].options, {
      warehouses: 4,
      threads: 8,
      time: '30s',
      interval: '10s',
      host: '127.0.0.1',
      port: 4000,
      user: 'root',
      db: 'tpcc',
    });
    assert.ok(!JSON.stringify(results).includes('s3cret'));
  });

  test('the interrupted run is worked out from its [Current] lines and says what stopped it', () => {
    const run = results[1];
    assert.match(run.message ?? '', /Write conflict/);
    assert.equal(run.summary.latencyMs.avg, null);
    assert.ok(run.intervals[0].errors > 0, 'PAYMENT_ERR in the first block');
  });

  test('tpch: per-query average times become labels, with a warning that there are no counts', () => {
    const imported = importGoTpcLog(readBenchmarkLog('go-tpc-tpch.log'));
    const [run] = imported.results;
    assert.equal(run.workload, 'tpch');
    assert.deepEqual(run.labels, { 'Q1.avg_ms': 2380, 'Q3.avg_ms': 1110, 'Q6.avg_ms': 550 });
    assert.equal(run.status, 'completed');
    assert.match(imported.warnings[0], /no counts/);
  });

  test("an interval's block ends where go-tpc's sorted names start again, even when the next one lacks the first transaction", () => {
    // go-tpc 1.0.12, 1 warehouse, 2 threads, --interval=1s: the first second had no DELIVERY, the
    // second no ORDER_STATUS or STOCK_LEVEL; DELIVERY is the second second's, not the first's
    const current = (op: string, takes: number, count: number, tpm: number) =>
      `[Current] ${op} - Takes(s): ${takes}, Count: ${count}, TPM: ${tpm}, Sum(ms): 100.0, Avg(ms): 20.0, 50th(ms): 18.9, 90th(ms): 30.4, 95th(ms): 33.6, 99th(ms): 40.0, 99.9th(ms): 40.0, Max(ms): 40.0`;
    const log = [
      '# go-tpc tpcc --warehouses=1 --threads=2 --time=3s --interval=1s run',
      current('NEW_ORDER', 0.3, 5, 893.6),
      current('ORDER_STATUS', 0.0, 1, 1577.0),
      current('PAYMENT', 0.6, 9, 940.2),
      current('STOCK_LEVEL', 0.3, 1, 230.0),
      current('DELIVERY', 0.9, 1, 68.7),
      current('NEW_ORDER', 0.8, 8, 620.0),
      current('PAYMENT', 1.0, 6, 377.1),
      current('NEW_ORDER', 1.0, 7, 436.0),
      current('PAYMENT', 1.0, 7, 439.3),
      current('PAYMENT_ERR', 0.5, 1, 120.0),
    ].join('\n');
    const [run] = importGoTpcLog(log).results;
    assert.deepEqual(
      run.intervals.map((interval) => [interval.t, Object.keys(interval.operations ?? {})]),
      [
        [1, ['NEW_ORDER', 'ORDER_STATUS', 'PAYMENT', 'STOCK_LEVEL']],
        [2, ['DELIVERY', 'NEW_ORDER', 'PAYMENT']],
        [3, ['NEW_ORDER', 'PAYMENT']],
      ],
    );
    assert.equal(run.intervals[1].operations?.DELIVERY, 68.7 / 60);
    assert.equal(run.intervals[2].errors, 120 / 60, "the interval's PAYMENT_ERR, per second");
  });

  test('a single-operation workload takes its latency from that operation', () => {
    const line =
      '[Summary] QUERY  - Takes(s): 5.0, Count: 50, TPM: 600.0, Sum(ms): 100.0, Avg(ms): 2.0, 50th(ms): 1.9, 90th(ms): 2.5, 95th(ms): 2.8, 99th(ms): 3.5, 99.9th(ms): 4.0, Max(ms): 4.1';
    const [run] = importGoTpcLog(line).results;
    assert.equal(run.workload, 'unknown');
    assert.equal(run.summary.latencyMs.p95, 2.8);
    assert.equal(run.summary.tps, 10);
  });
});
