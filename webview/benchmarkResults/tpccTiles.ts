// The headline tiles of a TPC-C or CH-benCHmark run: go-tpc's tpmC, tpmTotal, efficiency and (ch)
// QphH, from core/results/tpccFigures.ts. No DOM here: viewParts.ts's Tiles renders them.
import type { ResultInterval } from '../../src/core/results/benchmarkResult';
import { intervalTpmC, intervalTpmTotal, TPMC_PER_WAREHOUSE, type TpccFigures } from '../../src/core/results/tpccFigures';
import { formatString } from '../../src/protocol/benchmarkResults';
import type { ViewContext } from './viewContext';
import type { Tile, Tiles } from './viewParts';

/**
 * The headline tiles; live runs fill them from the last interval (QphH only at the end: it needs the
 * queries' latencies). A run without keying and think time (`withoutWait`, core/results/tpccWait.ts)
 * says under its efficiency why that can pass 100 %.
 */
export function tpccTiles(context: ViewContext, figures: TpccFigures | undefined, withQphH: boolean, withoutWait: boolean): Tile[] {
  const s = context.strings;
  const f = context.format;
  const efficiency: Tile = { key: 'efficiency', label: s.efficiency, value: percentText(context, figures?.efficiencyPct) };
  if (withoutWait) efficiency.note = formatString(s.tpccNoWaitNote, f.number(TPMC_PER_WAREHOUSE, 2));
  return [
    { key: 'tpmC', label: s.tpmC, value: f.number(figures?.tpmC, 1) },
    { key: 'tpmTotal', label: s.tpmTotal, value: f.number(figures?.tpmTotal, 1) },
    efficiency,
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
