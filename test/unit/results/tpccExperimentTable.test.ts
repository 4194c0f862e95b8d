// A TPC-C experiment tabulated: one row a cell with tpmC, efficiency, each transaction's count and
// New-Order's p95/p99; an A/B experiment's study tables compare tpmC with threads down and
// warehouses across.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ExperimentCell, ExperimentResult } from '../../../src/core/results/benchmarkResult';
import { studyTables } from '../../../src/core/results/studyTables';
import { isTpccExperiment, tpccCellsTable, tpccCellsText } from '../../../src/core/results/tpccExperimentTable';
import { tpccEvents, tpccRunOf } from './support/tpccRuns';

function cell(variant: string, warehouses: number, threads: number, events: number): ExperimentCell {
  const run = tpccRunOf(tpccEvents(events, warehouses * 100 + threads + variant.length), {
    warehouses,
    threads,
    durationSec: 60,
    startTime: '2026-12-01T18:00:00.000Z',
  });
  return { workload: 'tpcc', threads, variant, params: { warehouses }, run };
}

function experiment(cells: ExperimentCell[], variants: string[]): ExperimentResult {
  return {
    kind: 'experiment',
    schemaVersion: 1,
    id: 'e',
    name: 'TPC-C threads',
    source: { tool: 'tidb-lab', toolVersion: '0.1.0' },
    startTime: '2026-12-01T18:00:00.000Z',
    durationSec: 240,
    definition: {},
    variants,
    cells,
    status: 'completed',
  };
}

describe('tpcc experiments: tabulation', () => {
  const cells = [cell('default', 1, 4, 1000), cell('default', 1, 8, 1800), cell('tuned', 1, 4, 1200), cell('tuned', 1, 8, 2400)];
  const result = experiment(cells, ['default', 'tuned']);

  test('one row a cell: tpmC, tpmTotal, efficiency, every transaction counted, New-Order p95/p99', () => {
    assert.ok(isTpccExperiment(result));
    const table = tpccCellsTable(result);
    assert.deepEqual(table.headers.slice(0, 6), ['Variant', 'Warehouses', 'Threads', 'tpmC', 'tpmTotal', 'Efficiency %']);
    const first = cells[0].run;
    const tpcc = first.tpcc!;
    assert.deepEqual(table.rows[0], [
      'default',
      1,
      4,
      tpcc.tpmC,
      tpcc.tpmTotal,
      tpcc.efficiency,
      tpcc.transactions.new_order.count,
      tpcc.transactions.payment.count,
      tpcc.transactions.order_status.count,
      tpcc.transactions.delivery.count,
      tpcc.transactions.stock_level.count,
      first.summary.latencyMs.p95,
      first.summary.latencyMs.p99,
      first.summary.errors,
      'completed',
    ]);
    // tpmC is New-Order's count per minute of the 60 s cell
    assert.equal(tpcc.tpmC, tpcc.transactions.new_order.count);
    const text = tpccCellsText(result);
    assert.match(text, /TPC-C \(TPC-C threads\):\nVariant\s+Warehouses\s+Threads\s+tpmC/);
    assert.match(text, new RegExp(`\\ntuned\\s+1\\s+8\\s+${cells[3].run.tpcc!.tpmC.toFixed(1)}\\s`));
  });

  test("an A/B experiment's study table compares tpmC, threads down and warehouses across", () => {
    const tables = studyTables(result, { metric: 'tpmC', baseline: 'default', candidate: 'tuned' });
    assert.equal(tables.metricLabel, 'tpmC');
    const [table] = tables.tables;
    assert.equal(table.corner, 'threads/--warehouses');
    assert.deepEqual(
      table.columns.map((column) => column.label),
      ['1'],
    );
    assert.deepEqual(table.threads, [4, 8]);
    const expected = (a: number, b: number) => Math.trunc(((b - a) / a) * 100 * 100 + 1e-6) / 100;
    assert.equal(table.cells[1][0]?.changePct, expected(cells[1].run.tpcc!.tpmC, cells[3].run.tpcc!.tpmC));
  });

  test('a sysbench experiment is not tabulated as TPC-C', () => {
    const sysbench = { ...cells[0], workload: 'oltp_point_select' };
    assert.equal(isTpccExperiment(experiment([sysbench, cells[1]], ['default'])), false);
  });
});
