// A TPC-C experiment tabulated: one row a cell with tpmC, efficiency, each transaction's count and
// New-Order's p95/p99; an A/B experiment's study tables compare tpmC with threads down and
// warehouses across.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ExperimentCell, ExperimentResult } from '../../../src/core/results/benchmarkResult';
import { experimentToCsv } from '../../../src/core/results/exportCsv';
import { experimentToMarkdown } from '../../../src/core/results/exportMarkdown';
import { RESULT_METRICS } from '../../../src/core/results/resultMetrics';
import { studyTables } from '../../../src/core/results/studyTables';
import { isTpccExperiment, tpccCellsTable, tpccCellsText, tpccHeatmapMetrics } from '../../../src/core/results/tpccExperimentTable';
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

describe('tpcc experiments: exports and the metrics the tab compares on', () => {
  const cells = [cell('default', 1, 4, 1000), cell('default', 1, 8, 1800), cell('tuned', 1, 4, 1200), cell('tuned', 1, 8, 2400)];
  const result = experiment(cells, ['default', 'tuned']);
  const tuned8 = cells[3].run;

  test("Markdown: one row a cell with tpmC, efficiency and each transaction's count under go-tpc's names; A/B tables on tpmC and New-Order's p95; no QPS", () => {
    const markdown = experimentToMarkdown(result);
    assert.match(
      markdown,
      /\*\*TPC-C\*\*\n\n\| Variant \| Warehouses \| Threads \| tpmC \| tpmTotal \| Efficiency % \| new_order \| payment \| order_status \| delivery \| stock_level \| New-Order p95 ms \| New-Order p99 ms \| Errors \| Status \|\n/,
    );
    const tpcc = tuned8.tpcc!;
    const row = [
      'tuned',
      '1',
      '8',
      tpcc.tpmC.toFixed(1),
      tpcc.tpmTotal.toFixed(1),
      tpcc.efficiency.toFixed(1),
      ...['new_order', 'payment', 'order_status', 'delivery', 'stock_level'].map((name) => String(tpcc.transactions[name].count)),
      tuned8.summary.latencyMs.p95!.toFixed(1),
      tuned8.summary.latencyMs.p99!.toFixed(1),
      String(tuned8.summary.errors),
      'completed',
    ];
    assert.ok(markdown.includes(`| ${row.join(' | ')} |`), markdown);
    assert.match(markdown, /\*\*% change of tpmC, tuned over default/);
    assert.match(markdown, /\*\*% change of new_order p95, tuned over default/);
    assert.doesNotMatch(markdown, /QPS|TPS/);
  });

  test('Markdown: below the cells, why their efficiency can pass 100% (no keying and think time), once', () => {
    const markdown = experimentToMarkdown(result);
    const note =
      "efficiency over 100% is possible: this run had no keying and think time (go-tpc's default); the spec caps a warehouse at 12.86 tpmC";
    assert.ok(markdown.includes(`| completed |\n\n${note}\n`), markdown);
    assert.equal(markdown.split(note).length, 2);
  });

  test("CSV: the cells under go-tpc's names (tpmC, efficiency_pct, new_order, ...), the A/B tables and raw numbers on tpmC; no qps column", () => {
    const csv = experimentToCsv(result);
    const lines = csv.split('\r\n');
    const header = lines.indexOf(
      'variant,warehouses,threads,tpmC,tpmTotal,efficiency_pct,new_order,payment,order_status,delivery,stock_level,new_order_p95_ms,new_order_p99_ms,errors,status',
    );
    assert.ok(header > 0, csv);
    assert.equal(lines[header - 1], 'Cells');
    const tpcc = tuned8.tpcc!;
    const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
    assert.equal(
      lines[header + 4],
      [
        'tuned',
        1,
        8,
        round(tpcc.tpmC, 2),
        round(tpcc.tpmTotal, 2),
        round(tpcc.efficiency, 2),
        ...['new_order', 'payment', 'order_status', 'delivery', 'stock_level'].map((name) => tpcc.transactions[name].count),
        round(tuned8.summary.latencyMs.p95!, 3),
        round(tuned8.summary.latencyMs.p99!, 3),
        tuned8.summary.errors,
        'completed',
      ].join(','),
    );
    // the titles hold commas: quoted fields
    assert.ok(lines.includes('"% change of tpmC, tuned over default: tpcc, --warehouses"'), csv);
    assert.ok(lines.includes('"% change of new_order p95, tuned over default: tpcc, --warehouses"'), csv);
    assert.ok(lines.includes('"Raw numbers: tpmC, tuned over default"'), csv);
    assert.doesNotMatch(csv, /qps|QPS/);
  });

  test("the heatmap's choices: tpmC first, efficiency, then each transaction's p95 and p99 that some cell has", () => {
    assert.deepEqual(tpccHeatmapMetrics(result), [
      'tpmC',
      'efficiency',
      'new_order_p95',
      'new_order_p99',
      'payment_p95',
      'payment_p99',
      'order_status_p95',
      'order_status_p99',
      'delivery_p95',
      'delivery_p99',
      'stock_level_p95',
      'stock_level_p99',
    ]);
    assert.equal(RESULT_METRICS.payment_p99.valueOf(tuned8), tuned8.tpcc!.transactions.payment.latencyMs.p99);
    // a run of New-Orders only (an imported go-tpc log cut short) offers only New-Order's latencies
    const newOrders = tpccRunOf(
      [
        { name: 'NEW_ORDER', ms: 2 },
        { name: 'NEW_ORDER', ms: 3 },
      ],
      { warehouses: 1, threads: 1, durationSec: 60, startTime: '2026-12-01T18:00:00.000Z' },
    );
    const only = experiment([{ workload: 'tpcc', threads: 1, variant: 'default', params: { warehouses: 1 }, run: newOrders }], ['default']);
    assert.deepEqual(tpccHeatmapMetrics(only), ['tpmC', 'efficiency', 'new_order_p95', 'new_order_p99']);
  });
});
