// The regions part of a result as the result tab and the Markdown export show it: one row per table
// (regions and leaders per store before and after, how it is keyed, what it took in the last
// heartbeat), the hot regions of the window (the most bytes first), and, for an experiment, the
// cells that carry regions. Only TiDB results have rows: on MySQL and MariaDB there is nothing to show.
import type { ExperimentResult } from './benchmarkResult';
import { experimentCellName } from './runNames';
import type { RegionFinding, ServerRegions, TableKeyInfo } from './serverRegions';
import { formatBytes, storesText, writtenText } from './serverRegionsText';

export interface RegionsTableRow {
  table: string;
  key: string;
  regionsBefore: string;
  regionsAfter: string;
  leadersBefore: string;
  leadersAfter: string;
  written: string;
}

export interface HotRegionRow {
  table: string;
  index: string;
  regionId: string;
  type: string;
  flow: string;
  hotDegree: string;
  store: string;
}

/** The regions to show, or undefined for a result without them or from MySQL/MariaDB. */
export function shownRegions(regions: ServerRegions | undefined): ServerRegions | undefined {
  return regions?.source === 'tidb' ? regions : undefined;
}

/** "AUTO_INCREMENT id", "AUTO_RANDOM id", "_tidb_rowid, SHARD_ROW_ID_BITS = 4": what decides where new rows go. */
export function tableKeyText(key: TableKeyInfo | undefined): string {
  if (key === undefined) return '–';
  if (key.kind === 'row-id') return `_tidb_rowid${key.shardRowIdBits > 0 ? `, SHARD_ROW_ID_BITS = ${key.shardRowIdBits}` : ''}`;
  const column = key.column ?? '?';
  const how = key.autoRandom ? 'AUTO_RANDOM ' : key.autoIncrement ? 'AUTO_INCREMENT ' : '';
  return `${how}${column}${key.kind === 'clustered-other' ? ' (clustered)' : ''}`;
}

export function regionsTableRows(regions: ServerRegions): RegionsTableRow[] {
  const count = (value: number | undefined) => (value === undefined ? '?' : String(value));
  return regions.tables.map((entry) => ({
    table: entry.table,
    key: tableKeyText(entry.key),
    regionsBefore: count(entry.before?.regions),
    regionsAfter: count(entry.after?.regions),
    leadersBefore: storesText(entry.before?.leadersByStore),
    leadersAfter: storesText(entry.after?.leadersByStore),
    written: writtenText(entry.after),
  }));
}

/** The hot regions, the most bytes first (ties by region id, so the order never depends on the server's). */
export function hotRegionRows(regions: ServerRegions): HotRegionRow[] {
  return [...regions.hotRegions]
    .sort((a, b) => b.flowBytes - a.flowBytes || a.regionId - b.regionId)
    .map((hot) => ({
      table: hot.table,
      index: hot.index ?? '–',
      regionId: String(hot.regionId),
      type: hot.type,
      flow: formatBytes(hot.flowBytes),
      hotDegree: String(hot.maxHotDegree),
      store: hot.storeId === undefined ? '–' : String(hot.storeId),
    }));
}

/** The statement a Copy button names, looked up in the result (never taken from the webview). */
export function regionStatement(regions: ServerRegions | undefined, finding: unknown, statement: unknown): string | undefined {
  if (!Number.isInteger(finding) || !Number.isInteger(statement)) return undefined;
  const found: RegionFinding | undefined = shownRegions(regions)?.findings[finding as number];
  const text = found?.statements[statement as number];
  return typeof text === 'string' ? text : undefined;
}

export interface CellRegions {
  cellIndex: number;
  name: string;
  regions: ServerRegions;
}

/** The experiment's cells that carry TiDB regions, in the experiment's order. */
export function experimentCellRegions(experiment: ExperimentResult): CellRegions[] {
  return experiment.cells.flatMap((cell, cellIndex) => {
    const regions = shownRegions(cell.run.server?.regions);
    return regions ? [{ cellIndex, name: experimentCellName(experiment, cell), regions }] : [];
  });
}

/** "sbtest1: 1 → 4": each table's regions before and after, for one line per cell. */
export function regionsChangeText(regions: ServerRegions): string {
  return regionsTableRows(regions)
    .map((row) => `${row.table}: ${row.regionsBefore} → ${row.regionsAfter}`)
    .join(', ');
}
