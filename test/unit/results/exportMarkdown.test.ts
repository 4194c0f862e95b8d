import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { intervalsToMarkdown } from '../../../src/core/results/markdownIntervals';
import {
  experimentToMarkdown,
  formatPercent,
  markdownCell,
  runComparisonToMarkdown,
  runSummariesToMarkdown,
  variantChangeToMarkdown,
} from '../../../src/core/results/exportMarkdown';
import { compareRuns } from '../../../src/core/results/runComparison';
import { variantChangeTable } from '../../../src/core/results/variantComparison';
import { sampleExperiment, sampleRun } from './support/sampleResults';

describe('Markdown export', () => {
  test('cells cannot break the table', () => {
    assert.equal(markdownCell('a | b'), 'a \\| b');
    assert.equal(markdownCell('two\nlines'), 'two lines');
    assert.equal(markdownCell('back\\slash'), 'back\\\\slash');
  });

  test('percentages carry their sign; unknown is a dash', () => {
    assert.equal(formatPercent(12.34), '+12.3%');
    assert.equal(formatPercent(-72), '-72.0%');
    assert.equal(formatPercent(0), '0.0%');
    assert.equal(formatPercent(0.01), '0.0%');
    assert.equal(formatPercent(null), '–');
  });

  test('a run without a name is named by workload and threads, never by its id; errors carry their codes', () => {
    const markdown = runSummariesToMarkdown([
      sampleRun(
        { id: '0f6c2d1e-9b1a-4c55-8d3e-1a2b3c4d5e6f', name: undefined, options: { threads: 1 } },
        { errors: 12, errorCodes: { 1213: 10, 2013: 2 } },
      ),
    ]);
    const row = markdown.split('\n')[2];
    assert.ok(!row.includes('0f6c2d1e'), row);
    assert.match(row, /^\| oltp_point_select · 1 thread \|/);
    assert.match(row, /\| 12 \(1213 deadlock ×10, 2013 lost connection ×2\) \|$/);
  });

  test('the report intervals as a table, one row per interval', () => {
    const table = intervalsToMarkdown(sampleRun()).trim().split('\n');
    assert.equal(
      table[0],
      '| time s | threads | TPS | QPS | reads/s | writes/s | other/s | avg ms | p95 ms | p99 ms | max ms | errors/s | reconnects/s |',
    );
    assert.equal(table.length, 2 + sampleRun().intervals.length);
    assert.equal(table[2], '| 1 | 8 | 1000.00 | 1000.00 | 1000.00 | 0.00 | 0.00 | 0.80 | 1.50 | 2.50 | – | 0.00 | 0.00 |');
    assert.match(intervalsToMarkdown(sampleRun({ intervals: [] })), /No report intervals/);
  });

  test('run summaries: one row per run, numbers right-aligned', () => {
    const markdown = runSummariesToMarkdown([
      sampleRun({ name: 'point | select' }),
      sampleRun(
        { name: 'second', status: 'cancelled' },
        { latencyMs: { min: null, avg: null, max: null, p50: null, p90: null, p95: null, p99: null, p999: null } },
      ),
    ]);
    assert.equal(
      markdown,
      [
        '| Run | Workload | Status | Threads | TPS | QPS | avg ms | p95 ms | p99 ms | max ms | errors |',
        '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
        '| point \\| select | oltp_point_select | completed | 8 | 1050.00 | 1050.00 | 0.80 | 1.45 | 2.40 | 12.00 | 1 |',
        '| second | oltp_point_select | cancelled | 8 | 1050.00 | 1050.00 | – | – | – | – | 1 |',
        '',
      ].join('\n'),
    );
  });

  test('the experiment table as the study printed it: threads down, workloads across, then the raw numbers', () => {
    const experiment = sampleExperiment([
      { workload: 'oltp_point_select', threads: 8, variant: 'normal', qps: 1000, p95: 2 },
      { workload: 'oltp_point_select', threads: 8, variant: 'cached', qps: 1500, p95: 1 },
      { workload: 'oltp_read_write', threads: 8, variant: 'normal', qps: 500, p95: 20 },
      { workload: 'oltp_read_write', threads: 8, variant: 'cached', qps: 140, p95: 50 },
      { workload: 'oltp_point_select', threads: 16, variant: 'normal', qps: 2000, p95: 2 },
      { workload: 'oltp_point_select', threads: 16, variant: 'cached', qps: 2100, p95: 2 },
    ]);
    assert.equal(
      variantChangeToMarkdown(variantChangeTable(experiment, { metric: 'qps' })),
      [
        '**% change of QPS, cached over normal** (higher is better)',
        '',
        '| Threads | oltp_point_select | oltp_read_write |',
        '| --- | ---: | ---: |',
        '| 8 | +50.0% | -72.0% |',
        '| 16 | +5.0% | – |',
        '',
        '| Workload | Table size | Threads | normal (queries/s) | cached (queries/s) | change |',
        '| --- | ---: | ---: | ---: | ---: | ---: |',
        '| oltp_point_select | – | 8 | 1000.00 | 1500.00 | +50.0% |',
        '| oltp_point_select | – | 16 | 2000.00 | 2100.00 | +5.0% |',
        '| oltp_read_write | – | 8 | 500.00 | 140.00 | -72.0% |',
        '',
      ].join('\n'),
    );
  });

  test('a run comparison: the first run, then each other with its change', () => {
    const markdown = runComparisonToMarkdown(compareRuns([sampleRun({ name: 'A' }), sampleRun({ name: 'B' }, { tps: 1260 })], ['tps']));
    assert.equal(
      markdown,
      ['| Metric | A | B (vs first) |', '| --- | ---: | ---: |', '| TPS (tx/s, higher is better) | 1050.00 | 1260.00 (+20.0%) |', ''].join(
        '\n',
      ),
    );
  });

  test('a run comparison of single runs with a change under the noise band: a note below the table, the cells as they were', () => {
    const markdown = runComparisonToMarkdown(
      compareRuns([sampleRun({ name: 'A' }), sampleRun({ name: 'B' }, { tps: 1113 }), sampleRun({ name: 'C' }, { tps: 1260 })], ['tps']),
    );
    assert.equal(
      markdown,
      [
        '| Metric | A | B (vs first) | C (vs first) |',
        '| --- | ---: | ---: | ---: |',
        '| TPS (tx/s, higher is better) | 1050.00 | 1113.00 (+6.0%) | 1260.00 (+20.0%) |',
        '',
        'single runs: differences under 10% may be noise; run 3+ rounds (an experiment with repeats) to know.',
        '',
      ].join('\n'),
    );
  });

  test('an experiment names its runs by what varies ("16 threads" in a sweep), not by its variant or internal words', () => {
    const sweep = sampleExperiment(
      [
        { workload: 'oltp_point_select', threads: 1, variant: 'default', qps: 900, p95: 1 },
        { workload: 'oltp_point_select', threads: 16, variant: 'default', qps: 8000, p95: 3, status: 'failed' },
      ],
      ['default'],
    );
    sweep.cells[1].run.message = 'Lost connection to the server (2013).';
    for (const cell of sweep.cells) delete cell.run.name;
    const markdown = experimentToMarkdown(sweep);
    const runNames = markdown
      .split('\n')
      .filter((line) => /^\| [^-R]/.test(line) && line.includes('oltp_point_select'))
      .map((line) => line.split(' | ')[0].slice(2));
    assert.deepEqual(runNames, ['1 thread', '16 threads']);
    assert.match(markdown, /\| 16 threads \| Lost connection to the server \(2013\)\. \|/, 'the failed run by the same name');
    assert.doesNotMatch(markdown, /default ·|cell-\d/);

    const renamed = structuredClone(sweep);
    renamed.cells[0].run.name = 'warm-up';
    assert.match(experimentToMarkdown(renamed), /^\| warm-up \| oltp_point_select \|/m, 'a renamed run keeps its name');
  });
});
