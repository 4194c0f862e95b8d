// scripts/benchVerdict.mjs: how `npm run bench` reads sysbench's p95 finer than its summary prints
// it, and how it judges the built-in engine against issue 10's goals.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';

const script = pathToFileURL(resolve(__dirname, '../../../../scripts/benchVerdict.mjs')).href;

/** Calls one export of the ES module (the tests compile to CommonJS, which cannot import it). */
function call(name: string, ...args: unknown[]): unknown {
  const program = `import * as m from ${JSON.stringify(script)}; process.stdout.write(JSON.stringify(m[${JSON.stringify(name)}](...${JSON.stringify(args)}) ?? null));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' }));
}

// The shape of sysbench 1.0.20's --histogram=on output (sb_histogram_print in sb_histogram.c).
const SYSBENCH_HISTOGRAM = [
  'Latency histogram (values are in milliseconds)',
  '       value  ------------- distribution ------------- count',
  '       0.011 |                                         5',
  '       0.012 |**************************************** 80',
  '       0.014 |*****                                    10',
  '       0.031 |*                                        4',
  '      12.301 |                                         1',
  ' ',
  'SQL statistics:',
  '         95th percentile:                        0.01',
].join('\n');

describe('npm run bench verdicts', () => {
  test("sysbench's p95 comes from its histogram: the first bucket whose running count reaches 95%", () => {
    assert.equal(call('histogramPercentile', SYSBENCH_HISTOGRAM, 95), 0.014);
    assert.equal(call('histogramPercentile', SYSBENCH_HISTOGRAM, 99), 0.031);
    assert.equal(call('histogramPercentile', SYSBENCH_HISTOGRAM, 100), 12.301);
    assert.equal(call('histogramPercentile', 'no histogram here', 95), null);
  });

  test('8 and 32 threads are judged on QPS and CPU per query, 1 and 4 on p95, others not at all', () => {
    const sysbench = { qps: 10000, p95: 0.02, cpuUsPerQuery: 5 };
    assert.equal(call('goalVerdict', 8, { qps: 9000, p95: 1, cpuUsPerQuery: 6.5 }, sysbench), 'met');
    assert.equal(
      call('goalVerdict', 32, { qps: 8900, p95: 1, cpuUsPerQuery: 6.6 }, sysbench),
      'missed: QPS 0.89x < 0.90x, CPU 1.32x > 1.30x',
    );
    assert.equal(call('goalVerdict', 1, { qps: 1, p95: 0.03, cpuUsPerQuery: 50 }, sysbench), 'met');
    assert.equal(call('goalVerdict', 4, { qps: 1, p95: 0.031, cpuUsPerQuery: 50 }, sysbench), 'missed: p95 1.55x > 1.50x');
    assert.equal(call('goalVerdict', 16, { qps: 1, p95: 1, cpuUsPerQuery: 50 }, sysbench), '');
  });
});
