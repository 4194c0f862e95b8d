// What a TPC-C or CH-benCHmark run shows besides a sysbench run's view: go-tpc's headline
// numbers as tiles (tpmC, tpmTotal, efficiency, QphH for ch), its transactions and analytical
// queries one row each, and the tpmC / per-transaction time charts. rawsql runs get the
// per-query table too. The numbers come from core/results/tpccFigures.ts and operationRows.ts.
import type { ResultInterval, RunResult } from '../../src/core/results/benchmarkResult';
import type { OperationRow } from '../../src/core/results/operationRows';
import { intervalTpmC, intervalTpmTotal, isTpccRun, TPMC_PER_WAREHOUSE, type TpccFigures } from '../../src/core/results/tpccFigures';
import { element } from '../shared/dom';
import type { ViewContext } from './viewContext';
import { card, dataTable, type Tile, type Tiles } from './viewParts';

/** A run that shows go-tpc's TPC-C numbers: TiDB Lab's tpcc or ch, or an imported go-tpc tpcc log. */
export function showsTpcc(run: Pick<RunResult, 'workload' | 'labels'>): boolean {
  return isTpccRun(run);
}

export function isChWorkload(workload: string): boolean {
  return workload.toLowerCase() === 'ch';
}

/** The headline tiles; live runs fill them from the last interval (QphH only at the end: it needs the queries' latencies). */
export function tpccTiles(context: ViewContext, figures: TpccFigures | undefined, withQphH: boolean): Tile[] {
  const s = context.strings;
  const f = context.format;
  return [
    { key: 'tpmC', label: s.tpmC, value: f.number(figures?.tpmC, 1) },
    { key: 'tpmTotal', label: s.tpmTotal, value: f.number(figures?.tpmTotal, 1) },
    { key: 'efficiency', label: s.efficiency, value: percentText(context, figures?.efficiencyPct) },
    ...(withQphH ? [{ key: 'qphH', label: s.qphH, value: f.number(figures?.qphH, 1) }] : []),
  ];
}

/** A live run's tiles after an interval: that interval's tpmC, tpmTotal and efficiency. */
export function updateTpccTiles(context: ViewContext, tiles: Tiles, interval: ResultInterval, warehouses: number | null): void {
  const f = context.format;
  const tpmC = intervalTpmC(interval);
  tiles.set('tpmC', f.number(tpmC, 1));
  tiles.set('tpmTotal', f.number(intervalTpmTotal(interval), 1));
  tiles.set(
    'efficiency',
    percentText(context, tpmC !== null && warehouses !== null && warehouses > 0 ? (100 * tpmC) / (TPMC_PER_WAREHOUSE * warehouses) : null),
  );
}

/** go-tpc prints one decimal; from 100 % on a whole number fits the tile (no keying or think time gives thousands of %). */
function percentText(context: ViewContext, value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : `${context.format.number(value, Math.abs(value) >= 100 ? 0 : 1)} %`;
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
