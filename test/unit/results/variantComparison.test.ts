import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pivotChangeMatrix, variantChangeTable } from '../../../src/core/results/variantComparison';
import { sampleExperiment, type CellSpec } from './support/sampleResults';

// The cached-table study's shape: two read workloads and a read/write mix, normal vs cached.
const STUDY: CellSpec[] = [
  { workload: 'oltp_point_select', threads: 8, variant: 'normal', qps: 1000, p95: 2 },
  { workload: 'oltp_point_select', threads: 8, variant: 'cached', qps: 1500, p95: 1 },
  { workload: 'oltp_point_select', threads: 16, variant: 'normal', qps: 1800, p95: 3 },
  { workload: 'oltp_point_select', threads: 16, variant: 'cached', qps: 2700, p95: 1.5 },
  { workload: 'select_random_ranges', threads: 8, variant: 'normal', qps: 200, p95: 10 },
  { workload: 'select_random_ranges', threads: 8, variant: 'cached', qps: 1460, p95: 4 },
  { workload: 'oltp_read_write', params: { point_selects: 40, delete_inserts: 10 }, threads: 8, variant: 'normal', qps: 500, p95: 20 },
  { workload: 'oltp_read_write', params: { delete_inserts: 10, point_selects: 40 }, threads: 8, variant: 'cached', qps: 140, p95: 50 },
];

describe('variantChangeTable', () => {
  const experiment = sampleExperiment(STUDY);

  test('qps: % change of cached over normal per (workload, params, threads), higher is better', () => {
    const table = variantChangeTable(experiment, { metric: 'qps' });
    assert.equal(table.baseline, 'normal');
    assert.equal(table.candidate, 'cached');
    assert.equal(table.metric.better, 'higher');
    assert.deepEqual(table.warnings, []);
    assert.deepEqual(
      table.rows.map((row) => [row.workloadLabel, row.threads, row.baseline, row.candidate, row.changePct, row.improvementPct]),
      [
        ['oltp_point_select', 8, 1000, 1500, 50, 50],
        ['oltp_point_select', 16, 1800, 2700, 50, 50],
        ['select_random_ranges', 8, 200, 1460, 630, 630],
        ['oltp_read_write delete_inserts=10 point_selects=40', 8, 500, 140, -72, -72],
      ],
    );
  });

  test('p95: lower is better, so a drop in latency is an improvement', () => {
    const table = variantChangeTable(experiment, { metric: 'p95' });
    assert.equal(table.metric.better, 'lower');
    const first = table.rows[0];
    assert.equal(first.changePct, -50);
    assert.equal(first.improvementPct, 50);
    const mix = table.rows[3];
    assert.equal(mix.changePct, 150);
    assert.equal(mix.improvementPct, -150);
  });

  test('the variants can be named and swapped', () => {
    const table = variantChangeTable(experiment, { metric: 'qps', baseline: 'cached', candidate: 'normal' });
    assert.equal(table.rows[0].changePct, ((1000 - 1500) / 1500) * 100);
  });

  test('an unknown variant gives a warning and no rows', () => {
    const table = variantChangeTable(experiment, { metric: 'qps', candidate: 'tiflash' });
    assert.deepEqual(table.rows, []);
    assert.deepEqual(table.warnings, ["the experiment has no variant 'tiflash' (it has: normal, cached)"]);
  });

  test('repeated runs are averaged; cancelled runs are left out and named', () => {
    const repeated = sampleExperiment([
      { workload: 'w', threads: 8, variant: 'normal', qps: 100, p95: 1 },
      { workload: 'w', threads: 8, variant: 'normal', qps: 300, p95: 1 },
      { workload: 'w', threads: 8, variant: 'cached', qps: 300, p95: 1 },
      { workload: 'w', threads: 8, variant: 'cached', qps: 9999, p95: 1, status: 'cancelled' },
    ]);
    const table = variantChangeTable(repeated, { metric: 'qps' });
    assert.deepEqual(
      table.rows.map((row) => [row.baseline, row.candidate, row.changePct, row.baselineRuns, row.candidateRuns]),
      [[200, 300, 50, 2, 1]],
    );
    assert.deepEqual(table.warnings, ['w, 8 threads, cached: the run was cancelled; it is left out']);
  });

  test('a failed run is left out and said to have failed', () => {
    const failed = sampleExperiment([
      { workload: 'w', threads: 8, variant: 'normal', qps: 100, p95: 1 },
      { workload: 'w', threads: 8, variant: 'cached', qps: 0, p95: 1, status: 'failed' },
    ]);
    assert.deepEqual(variantChangeTable(failed, { metric: 'qps' }).warnings, ['w, 8 threads, cached: the run failed; it is left out']);
  });

  test('a cell with only one variant, or a zero baseline, has no % change', () => {
    const sparse = sampleExperiment([
      { workload: 'w', threads: 8, variant: 'normal', qps: 100, p95: 1 },
      { workload: 'w', threads: 16, variant: 'normal', qps: 0, p95: 1 },
      { workload: 'w', threads: 16, variant: 'cached', qps: 10, p95: 1 },
    ]);
    const table = variantChangeTable(sparse, { metric: 'qps' });
    assert.deepEqual(
      table.rows.map((row) => [row.threads, row.candidate, row.changePct, row.improvementPct]),
      [
        [8, null, null, null],
        [16, 10, null, null],
      ],
    );
  });
});

describe('pivotChangeMatrix', () => {
  test('rows are threads, columns workloads in the experiment order, cells the improvement', () => {
    const matrix = pivotChangeMatrix(variantChangeTable(sampleExperiment(STUDY), { metric: 'p95' }));
    assert.equal(matrix.value, 'improvementPct');
    assert.deepEqual(matrix.threads, [8, 16]);
    assert.deepEqual(
      matrix.columns.map((column) => column.label),
      ['oltp_point_select', 'select_random_ranges', 'oltp_read_write delete_inserts=10 point_selects=40'],
    );
    assert.deepEqual(matrix.cells, [
      [50, 60, -150],
      [50, null, null],
    ]);
  });

  test('with two table sizes the columns say which', () => {
    const sized = sampleExperiment([
      { workload: 'w', threads: 8, tableSize: 5000, variant: 'normal', qps: 100, p95: 1 },
      { workload: 'w', threads: 8, tableSize: 5000, variant: 'cached', qps: 110, p95: 1 },
      { workload: 'w', threads: 8, tableSize: 50000, variant: 'normal', qps: 100, p95: 1 },
      { workload: 'w', threads: 8, tableSize: 50000, variant: 'cached', qps: 90, p95: 1 },
    ]);
    const matrix = pivotChangeMatrix(variantChangeTable(sized, { metric: 'qps' }), 'changePct');
    assert.deepEqual(
      matrix.columns.map((column) => [column.label, column.tableSize]),
      [
        ['w (5000 rows)', 5000],
        ['w (50000 rows)', 50000],
      ],
    );
    assert.ok(Math.abs((matrix.cells[0][0] ?? 0) - 10) < 1e-9);
    assert.ok(Math.abs((matrix.cells[0][1] ?? 0) + 10) < 1e-9);
  });
});

describe('repeated cells', () => {
  test('the median of the runs, their spread, and whether the two variants overlap', () => {
    const repeated = sampleExperiment([
      { workload: 'w', threads: 8, variant: 'normal', qps: 100, p95: 1 },
      { workload: 'w', threads: 8, variant: 'normal', qps: 104, p95: 1 },
      { workload: 'w', threads: 8, variant: 'normal', qps: 400, p95: 1 },
      { workload: 'w', threads: 8, variant: 'cached', qps: 103, p95: 1 },
      { workload: 'w', threads: 8, variant: 'cached', qps: 108, p95: 1 },
      { workload: 'w', threads: 8, variant: 'cached', qps: 110, p95: 1 },
      { workload: 'w', threads: 16, variant: 'normal', qps: 100, p95: 1 },
      { workload: 'w', threads: 16, variant: 'normal', qps: 102, p95: 1 },
      { workload: 'w', threads: 16, variant: 'cached', qps: 150, p95: 1 },
      { workload: 'w', threads: 16, variant: 'cached', qps: 160, p95: 1 },
    ]);
    const table = variantChangeTable(repeated, { metric: 'qps' });
    const [eight, sixteen] = table.rows;
    // one slow outlier (400) does not move the median as it would move a mean
    assert.deepEqual([eight.baseline, eight.candidate], [104, 108]);
    assert.deepEqual(
      [eight.baselineSpread, eight.candidateSpread],
      [
        { min: 100, max: 400 },
        { min: 103, max: 110 },
      ],
    );
    assert.equal(eight.withinSpread, true, '+3.8% with runs that overlap is noise');
    assert.deepEqual([sixteen.baseline, sixteen.candidate], [101, 155]);
    assert.equal(sixteen.withinSpread, false, 'every cached run beats every normal run');
  });

  test('single runs are never "within the spread"', () => {
    const table = variantChangeTable(sampleExperiment(STUDY), { metric: 'qps' });
    assert.ok(table.rows.every((row) => row.withinSpread === false));
  });

  test('a bulk-load study pairs its ordered and shuffled cells, whose key_order param is their variant', () => {
    // the params the bulk-load runner records (bulkLoadExperiment.ts layoutParams), keyOrder ordered/shuffled
    const bulk = (variant: string, writers: number, qps: number): CellSpec => ({
      workload: 'bulk_load',
      threads: writers,
      variant,
      qps,
      p95: 1,
      params: {
        rows_per_insert: 2000,
        rows: 20000,
        key_order: variant,
        table_layout: 'explicit',
        primary_key: 'explicit',
        secondary_index: false,
      },
    });
    const study = sampleExperiment(
      [bulk('ordered', 5, 100), bulk('shuffled', 5, 150), bulk('ordered', 10, 200), bulk('shuffled', 10, 100)],
      ['ordered', 'shuffled'],
    );
    const table = variantChangeTable(study, { metric: 'qps' });
    assert.deepEqual(
      table.rows.map((row) => [row.threads, row.changePct, row.params?.key_order]),
      [
        [5, 50, undefined],
        [10, -50, undefined],
      ],
    );
    const matrix = pivotChangeMatrix(table, 'changePct');
    assert.deepEqual(matrix.cells, [[50], [-50]], 'one column, every cell a number');
    assert.doesNotMatch(matrix.columns[0].label, /key_order/);
  });
});
