// What a TPC-C or CH-benCHmark run shows besides a sysbench run's view: go-tpc's headline
// numbers as tiles (tpmC, tpmTotal, efficiency, QphH for ch: tpccTiles.ts), its transactions and analytical
// queries one row each, and the tpmC / per-transaction time charts. rawsql runs get the
// per-query table too. The numbers come from core/results/tpccFigures.ts and operationRows.ts.
import type { RunResult } from '../../src/core/results/benchmarkResult';
import type { OperationRow } from '../../src/core/results/operationRows';
import { isTpccRun } from '../../src/core/results/tpccFigures';
import { element } from '../shared/dom';
import type { ViewContext } from './viewContext';
import { card, dataTable } from './viewParts';

/** A run that shows go-tpc's TPC-C numbers: TiDB Lab's tpcc or ch, or an imported go-tpc tpcc log. */
export function showsTpcc(run: Pick<RunResult, 'workload' | 'labels'>): boolean {
  return isTpccRun(run);
}

export function isChWorkload(workload: string): boolean {
  return workload.toLowerCase() === 'ch';
}

/**
 * The transactions (or queries) one row each: count, failures, TPM and the latency percentiles,
 * as go-tpc's [Summary] lines give them. Rows and cells carry data-operation / data-column for
 * tests and tools that read the numbers back.
 */
export function operationsCard(context: ViewContext, kind: 'transactions' | 'queries', rows: readonly OperationRow[]): HTMLElement | null {
  if (rows.length === 0) return null;
  const s = context.strings;
  const f = context.format;
  const columns: [string, string, (row: OperationRow) => string][] = [
    ['count', s.count, (row) => f.number(row.count)],
    ['errors', s.errors, (row) => f.number(row.errors)],
    ['tpm', 'TPM', (row) => f.number(row.tpm, 1)],
    ['avg', s.latencyAvg, (row) => f.ms(row.avgMs)],
    ['p50', 'p50', (row) => f.ms(row.p50Ms)],
    ['p90', 'p90', (row) => f.ms(row.p90Ms)],
    ['p95', 'p95', (row) => f.ms(row.p95Ms)],
    ['p99', 'p99', (row) => f.ms(row.p99Ms)],
    ['p999', 'p99.9', (row) => f.ms(row.p999Ms)],
    ['max', 'max', (row) => f.ms(row.maxMs)],
  ];
  // go-tpc's ch lines have no percentiles: columns no row has are left out
  const shown = columns.filter(([key, , text]) => ['count', 'errors'].includes(key) || rows.some((row) => text(row) !== '–'));
  const table = dataTable(
    [kind === 'transactions' ? s.transaction : s.query, ...shown.map(([, header]) => header)],
    rows.map((row) => [row.name, ...shown.map(([, , text]) => text(row))]),
    { className: 'operations' },
  );
  table.setAttribute('data-operations', kind);
  const bodyRows = table.tBodies[0]?.rows ?? [];
  rows.forEach((row, index) => {
    const tr = bodyRows[index];
    if (!tr) return;
    tr.setAttribute('data-operation', row.name);
    shown.forEach(([key], column) => tr.cells[column + 1]?.setAttribute('data-column', key));
  });
  return card(kind === 'transactions' ? s.transactionsHeading : s.queriesHeading, element('div', { className: 'scroll' }, table));
}
