// The results view's tables of numbers: the raw numbers beside the heatmap carry each side's
// min–max over repeated runs, and a bulk-load study's tables speak of rows per statement, writers,
// rows/s and MB/s instead of threads and QPS.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { tpccExperimentResult } from '../results/support/tpccExperimentResult';
import type { BenchmarkResultsStrings } from '../../../src/protocol/benchmarkResults';
import { variantChangeTable } from '../../../src/core/results/variantComparison';
import { bulkLoadRunsTable, rawNumbersTable, tpccRawNumbersTable } from '../../../webview/benchmarkResults/rawNumbers';
import { NumberFormatter } from '../../../webview/benchmarkResults/numberFormat';
import { sampleExperiment } from '../results/support/sampleResults';

const strings = {
  workload: 'Workload',
  tableSize: 'Table size',
  threads: 'Threads',
  change: 'Change',
  spreadOfRuns: '{0}: min–max (runs)',
  rowsPerStatement: '{0} rows per statement',
  rowsPerStatementHeader: 'Rows per statement',
  writersColumn: 'Writers',
  keyOrder: 'Key order',
  variant: 'Variant',
  qps: 'QPS',
  latencyP95: 'p95 latency',
  latencyP99: 'p99 latency',
  rowsPerSecondAxis: 'rows/s',
  mbPerSecond: 'MB/s',
  status: 'Status',
} as BenchmarkResultsStrings;
const format = new NumberFormatter('en-US');

describe('raw numbers', () => {
  test('a TPC-C experiment: warehouses and threads place a row (no table size, no workload column), tpmC each side', () => {
    const table = tpccRawNumbersTable(
      variantChangeTable(tpccExperimentResult(), { metric: 'tpmC' }),
      { ...strings, warehousesHeader: 'Warehouses' },
      format,
      'en-US',
    );
    assert.deepEqual(table.headers, ['Warehouses', 'Threads', 'default (new orders/min)', 'item cached (new orders/min)', 'Change']);
    assert.deepEqual(
      table.rows.map((row) => row.slice(0, 2)),
      [
        ['1', '2'],
        ['1', '4'],
        ['2', '2'],
        ['2', '4'],
      ],
    );
    assert.equal(table.rows[3][3], '–', 'the failed cell has no number');
  });

  test('with repeated cells, each side has a min–max (runs) column; a single run shows a dash', () => {
    const experiment = sampleExperiment([
      { workload: 'oltp_point_select', threads: 8, variant: 'normal', qps: 1000, p95: 1 },
      { workload: 'oltp_point_select', threads: 8, variant: 'normal', qps: 1200, p95: 1 },
      { workload: 'oltp_point_select', threads: 8, variant: 'normal', qps: 1100, p95: 1 },
      { workload: 'oltp_point_select', threads: 8, variant: 'cached', qps: 7000, p95: 1 },
    ]);
    const table = rawNumbersTable(variantChangeTable(experiment, { metric: 'qps' }), false, strings, format, 'en-US');
    assert.deepEqual(table.headers, [
      'Workload',
      'Table size',
      'Threads',
      'normal (queries/s)',
      'normal: min–max (runs)',
      'cached (queries/s)',
      'cached: min–max (runs)',
      'Change',
    ]);
    assert.deepEqual(table.rows, [['oltp_point_select', '–', '8', '1,100', '1,000–1,200 (3)', '7,000', '–', '+536%']]);
  });

  test('without repeats there is no spread column', () => {
    const experiment = sampleExperiment([
      { workload: 'w', threads: 8, variant: 'normal', qps: 1000, p95: 1 },
      { workload: 'w', threads: 8, variant: 'cached', qps: 2000, p95: 1 },
    ]);
    assert.deepEqual(rawNumbersTable(variantChangeTable(experiment, { metric: 'qps' }), false, strings, format).headers, [
      'Workload',
      'Table size',
      'Threads',
      'normal (queries/s)',
      'cached (queries/s)',
      'Change',
    ]);
  });

  test('a bulk-load study: rows per statement and writers, in rows/s', () => {
    const experiment = sampleExperiment(
      [
        { workload: 'bulk_load', threads: 4, variant: 'ordered', qps: 10, p95: 5, params: { rows_per_insert: 1000, rows: 100000 } },
        { workload: 'bulk_load', threads: 4, variant: 'shuffled', qps: 10, p95: 8, params: { rows_per_insert: 1000, rows: 100000 } },
      ],
      ['ordered', 'shuffled'],
    );
    experiment.cells[0].run.summary.rowsPerSec = 50_000;
    experiment.cells[0].run.summary.mbPerSec = 9.6;
    experiment.cells[1].run.summary.rowsPerSec = 40_000;
    experiment.cells[1].run.summary.mbPerSec = 7.68;
    const raw = rawNumbersTable(variantChangeTable(experiment, { metric: 'rowsPerSec' }), true, strings, format, 'en-US');
    assert.deepEqual(raw.headers, ['Workload', 'Writers', 'ordered (rows/s)', 'shuffled (rows/s)', 'Change']);
    assert.deepEqual(raw.rows, [['1000 rows per statement', '4', '50,000', '40,000', '−20%']]);
    const runs = bulkLoadRunsTable(experiment.cells, strings, format);
    assert.deepEqual(runs.headers, ['Key order', 'Rows per statement', 'Writers', 'rows/s', 'MB/s', 'p95 latency', 'p99 latency']);
    assert.deepEqual(runs.rows[1], ['shuffled', '1000', '4', '40,000', '7.68', '8 ms', '–']);
  });

  test('bulk-load cells named by table layout and index option are headed Variant', () => {
    const experiment = sampleExperiment(
      [
        {
          workload: 'bulk_load',
          threads: 2,
          variant: 'auto_increment / keys by the server / with k_1',
          qps: 10,
          p95: 5,
          params: { rows_per_insert: 100 },
        },
        {
          workload: 'bulk_load',
          threads: 2,
          variant: 'client keys / shuffled / with k_1',
          qps: 10,
          p95: 5,
          params: { rows_per_insert: 100 },
        },
      ],
      ['auto_increment / keys by the server / with k_1', 'client keys / shuffled / with k_1'],
    );
    const runs = bulkLoadRunsTable(experiment.cells, strings, format);
    assert.equal(runs.headers[0], 'Variant');
    assert.equal(runs.rows[0][0], 'auto_increment / keys by the server / with k_1');
  });
});
