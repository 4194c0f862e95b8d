// Regions and hot spots of the tables a write-heavy run or cell wrote (TiDB only): SHOW TABLE t
// REGIONS parsed into region count, leaders and written bytes per store; the hot regions from
// information_schema.tidb_hot_regions (now) or tidb_hot_regions_history (a past window). Column
// names and units are TiDB's documented ones:
// https://docs.pingcap.com/tidb/stable/sql-statement-show-table-regions (REGION_ID, START_KEY,
// END_KEY, LEADER_ID, LEADER_STORE_ID, PEERS, SCATTERING, WRITTEN_BYTES and READ_BYTES in bytes
// within one heartbeat, APPROXIMATE_SIZE(MB), APPROXIMATE_KEYS),
// https://docs.pingcap.com/tidb/stable/information-schema-tidb-hot-regions (TABLE_ID, INDEX_ID,
// DB_NAME, TABLE_NAME, INDEX_NAME, REGION_ID, TYPE, MAX_HOT_DEGREE, REGION_COUNT, FLOW_BYTES) and
// https://docs.pingcap.com/tidb/stable/information-schema-tidb-hot-regions-history (UPDATE_TIME,
// ..., STORE_ID, PEER_ID, IS_LEARNER, IS_LEADER, TYPE, HOT_DEGREE, FLOW_BYTES, KEY_RATE, QUERY_RATE).
import { quoteIdentifier } from '../db/sqlIdentifiers';
import type { SqlExecutor, SqlRow } from '../db/sqlExecutor';
import type { HotRegion, TableRegionSnapshot } from '../results/serverRegions';

export interface RegionRow {
  regionId: number;
  startKey: string;
  endKey: string;
  leaderStoreId: number;
  writtenBytes: number;
  approximateKeys: number;
}

function numberOf(value: unknown): number {
  const number = typeof value === 'bigint' ? Number(value) : Number(value ?? 0);
  return Number.isFinite(number) ? number : 0;
}

export function parseRegionRows(rows: readonly SqlRow[]): RegionRow[] {
  return rows.map((row) => ({
    regionId: numberOf(row.REGION_ID),
    startKey: String(row.START_KEY ?? ''),
    endKey: String(row.END_KEY ?? ''),
    leaderStoreId: numberOf(row.LEADER_STORE_ID),
    writtenBytes: numberOf(row.WRITTEN_BYTES),
    approximateKeys: numberOf(row.APPROXIMATE_KEYS),
  }));
}

/** A record key's handle: t_75_r_31717 -> 31717; the table's first key (t_75_, t_75_r) sorts first. */
function handleOf(key: string): number {
  const match = /_r_(-?\d+)$/.exec(key);
  return match ? Number(match[1]) : key.includes('_r') || /^t_\d+_$/.test(key) || key === '' ? -Infinity : Infinity;
}

/** The table's last record region: no other record region starts after it. */
function isLastRegion(region: RegionRow, all: readonly RegionRow[]): boolean {
  const records = all.filter((other) => !/_i_/.test(other.startKey));
  return !records.some((other) => other !== region && handleOf(other.startKey) > handleOf(region.startKey));
}

export function snapshotOf(regions: readonly RegionRow[]): TableRegionSnapshot {
  const leadersByStore: Record<string, number> = {};
  const writtenBytesByStore: Record<string, number> = {};
  for (const region of regions) {
    const store = String(region.leaderStoreId);
    leadersByStore[store] = (leadersByStore[store] ?? 0) + 1;
    writtenBytesByStore[store] = (writtenBytesByStore[store] ?? 0) + region.writtenBytes;
  }
  const total = regions.reduce((sum, region) => sum + region.writtenBytes, 0);
  const busiest = regions.reduce<RegionRow | undefined>(
    (best, region) => (best === undefined || region.writtenBytes > best.writtenBytes ? region : best),
    undefined,
  );
  return {
    regions: regions.length,
    leadersByStore,
    writtenBytes: total,
    writtenBytesByStore,
    ...(busiest && total > 0
      ? {
          busiestRegion: {
            regionId: busiest.regionId,
            writtenBytes: busiest.writtenBytes,
            share: busiest.writtenBytes / total,
            isLast: isLastRegion(busiest, regions),
            leaderStoreId: busiest.leaderStoreId,
          },
        }
      : {}),
  };
}

export function parseHotRegions(rows: readonly SqlRow[]): HotRegion[] {
  return rows.map((row) => ({
    table: String(row.TABLE_NAME ?? ''),
    ...(row.INDEX_NAME ? { index: String(row.INDEX_NAME) } : {}),
    regionId: numberOf(row.REGION_ID),
    type: String(row.TYPE).toLowerCase() === 'read' ? 'read' : 'write',
    maxHotDegree: numberOf(row.MAX_HOT_DEGREE ?? row.HOT_DEGREE),
    flowBytes: numberOf(row.FLOW_BYTES),
    ...(row.STORE_ID !== undefined && row.STORE_ID !== null ? { storeId: numberOf(row.STORE_ID) } : {}),
  }));
}

/** History rows (one per record and peer): the leader's rows, the largest flow and degree per region and type. */
export function mergeHotRegionHistory(regions: readonly HotRegion[]): HotRegion[] {
  const merged = new Map<string, HotRegion>();
  for (const region of regions) {
    const key = `${region.type}:${region.regionId}`;
    const seen = merged.get(key);
    if (!seen) merged.set(key, { ...region });
    else {
      seen.flowBytes = Math.max(seen.flowBytes, region.flowBytes);
      seen.maxHotDegree = Math.max(seen.maxHotDegree, region.maxHotDegree);
    }
  }
  return [...merged.values()].sort((a, b) => b.flowBytes - a.flowBytes);
}

/** SHOW TABLE REGIONS for one table (TiDB). */
export async function readTableRegions(executor: SqlExecutor, table: string): Promise<TableRegionSnapshot> {
  return snapshotOf(parseRegionRows(await executor.query(`SHOW TABLE ${quoteIdentifier(table)} REGIONS`)));
}

function tableList(tables: readonly string[]): string {
  return tables.map(() => '?').join(', ');
}

/** The hot regions TiDB reports now for these tables of the database. */
export async function readHotRegions(executor: SqlExecutor, database: string, tables: readonly string[]): Promise<HotRegion[]> {
  if (tables.length === 0) return [];
  const rows = await executor.query(
    `SELECT TABLE_NAME, INDEX_NAME, REGION_ID, TYPE, MAX_HOT_DEGREE, FLOW_BYTES FROM information_schema.tidb_hot_regions WHERE DB_NAME = ? AND TABLE_NAME IN (${tableList(tables)}) ORDER BY FLOW_BYTES DESC`,
    [database, ...tables],
  );
  return parseHotRegions(rows);
}

/** The hot regions PD recorded between two server times (its record interval is 10 minutes by default). */
export async function readHotRegionsHistory(
  executor: SqlExecutor,
  database: string,
  tables: readonly string[],
  window: { from: string; to: string },
): Promise<HotRegion[]> {
  if (tables.length === 0) return [];
  const rows = await executor.query(
    `SELECT TABLE_NAME, INDEX_NAME, REGION_ID, STORE_ID, TYPE, HOT_DEGREE, FLOW_BYTES FROM information_schema.tidb_hot_regions_history WHERE UPDATE_TIME BETWEEN ? AND ? AND DB_NAME = ? AND TABLE_NAME IN (${tableList(tables)}) AND IS_LEADER = 1`,
    [window.from, window.to, database, ...tables],
  );
  return mergeHotRegionHistory(parseHotRegions(rows));
}
