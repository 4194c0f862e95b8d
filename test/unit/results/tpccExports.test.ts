import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { intervalsToCsv } from '../../../src/core/results/exportCsv';
import { runToMarkdown } from '../../../src/core/results/exportMarkdown';
import { importGoTpcLog } from '../../../src/core/results/importers/goTpcLogImporter';
import { compareRuns } from '../../../src/core/results/runComparison';
import { readBenchmarkLog } from './support/benchmarkLogFixtures';
import { sampleRun } from './support/sampleResults';

describe('TPC-C results in exports and comparisons', () => {
  const [run, other] = importGoTpcLog(readBenchmarkLog('go-tpc-tpcc.log')).results;

  test("Markdown: go-tpc's closing line and one row per transaction in the mix order", () => {
    const markdown = runToMarkdown(run);
    assert.match(markdown, /tpmC: 2776\.0, tpmTotal: [\d.]+, efficiency: 5396\.6%/);
    const rows = [...markdown.matchAll(/^\| (NEW_ORDER|PAYMENT|ORDER_STATUS|DELIVERY|STOCK_LEVEL) \| (\d+) \|/gm)].map((m) => [
      m[1],
      Number(m[2]),
    ]);
    assert.deepEqual(
      rows.map(([name]) => name),
      ['NEW_ORDER', 'PAYMENT', 'ORDER_STATUS', 'DELIVERY', 'STOCK_LEVEL'],
    );
    assert.equal(rows[0][1], run.labels?.['NEW_ORDER.count']);
  });

  test('Markdown: the efficiency of a run without keying and think time says why it passes 100%; a run with --wait does not', () => {
    const note =
      "efficiency: 5396.6%\n\nefficiency over 100% is possible: this run had no keying and think time (go-tpc's default); the spec caps a warehouse at 12.86 tpmC\n\n**Transactions**";
    assert.ok(runToMarkdown(run).includes(note), runToMarkdown(run));
    const [waited] = importGoTpcLog(readBenchmarkLog('go-tpc-tpcc.log').replace('--interval 10s', '--interval 10s --wait')).results;
    assert.doesNotMatch(runToMarkdown(waited), /keying/);
    assert.match(runToMarkdown(waited), /efficiency: 5396\.6%\n\n\*\*Transactions\*\*/);
    assert.doesNotMatch(runToMarkdown(sampleRun()), /keying/, 'a sysbench run has no efficiency');
  });

  test('CSV: each interval with its tpmC and each transaction per second', () => {
    const [header, first] = intervalsToCsv(run).split('\r\n');
    const columns = header.split(',');
    const values = first.split(',');
    const at = (name: string) => Number(values[columns.indexOf(name)]);
    assert.ok(columns.includes('NEW_ORDER_per_s') && columns.includes('STOCK_LEVEL_per_s'), header);
    assert.equal(at('tpmC'), 2778);
    assert.equal(at('NEW_ORDER_per_s'), 46.3);
  });

  test('a sysbench run has no Markdown transactions and no CSV rate columns', () => {
    const sysbench = sampleRun();
    assert.doesNotMatch(runToMarkdown(sysbench), /tpmC|Transaction/);
    assert.doesNotMatch(intervalsToCsv(sysbench).split('\r\n')[0], /tpmC/);
  });

  test('comparing TPC-C runs: tpmC, tpmTotal and efficiency first; sysbench runs keep TPS and QPS', () => {
    const comparison = compareRuns([run, other]);
    assert.deepEqual(
      comparison.metrics.slice(0, 3).map((metric) => metric.metric.key),
      ['tpmC', 'tpmTotal', 'efficiency'],
    );
    assert.equal(comparison.metrics[0].values[0], 2776);
    assert.equal(compareRuns([sampleRun(), sampleRun()]).metrics[0].metric.key, 'tps');
  });
});
