// Regions and hot spots of the tables a write-heavy run or cell wrote (TiDB only): SHOW TABLE t
// REGIONS before and after (region count, leaders per store, written bytes per region), and the
// window's hot regions from information_schema.tidb_hot_regions. Column names and units are
// TiDB's documented ones:
// https://docs.pingcap.com/tidb/stable/sql-statement-show-table-regions (REGION_ID, START_KEY,
// END_KEY, LEADER_ID, LEADER_STORE_ID, PEERS, SCATTERING, WRITTEN_BYTES, READ_BYTES,
// APPROXIMATE_SIZE(MB), APPROXIMATE_KEYS) and
// https://docs.pingcap.com/tidb/stable/information-schema-tidb-hot-regions (TABLE_ID, INDEX_ID,
// DB_NAME, TABLE_NAME, INDEX_NAME, REGION_ID, TYPE 'read'/'write', MAX_HOT_DEGREE, REGION_COUNT,
// FLOW_BYTES).
import { quoteIdentifier } from '../db/sqlIdentifiers';
import type { SqlExecutor, SqlRow } from '../db/sqlExecutor';

export interface RegionRow {
  regionId: number;
  startKey: string;
  endKey: string;
  leaderStoreId: number;
  writtenBytes: number;
  approximateKeys: number;
}

export interface TableRegionSnapshot {
  regions: number;
  /** store id -> how many of the table's region leaders it holds */
  leadersByStore: Record<string, number>;
  /** the region that took the most bytes in the last heartbeat, with its share of the table's */
  busiestRegion?: { regionId: number; writtenBytes: number; share: number; isLast: boolean };
}

export interface HotRegion {
  table: string;
  index?: string;
  regionId: number;
  type: 'read' | 'write';
  maxHotDegree: number;
  flowBytes: number;
}

export interface RegionFinding {
  kind: 'one-region' | 'one-store' | 'increasing-key';
  table: string;
  message: string;
  advice: string;
  /** statements to run, shown with the advice (never run by TiDB Lab) */
  statements: string[];
}

export interface RegionEvidence {
  /** 'tidb', or 'not-tidb' for MySQL and MariaDB, which have no regions */
  source: 'tidb' | 'not-tidb';
  note?: string;
  tables: Array<{ table: string; before?: TableRegionSnapshot; after?: TableRegionSnapshot }>;
  hotRegions: HotRegion[];
  findings: RegionFinding[];
}

export const REGIONS_TIDB_ONLY = 'Regions and hot spots are TiDB-only: MySQL and MariaDB keep a table in one place.';

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

/** The table's last region: its record keys run to the end ("t_<id>_r" ... with the next table's prefix or ''). */
function isLastRegion(region: RegionRow, all: readonly RegionRow[]): boolean {
  return !all.some((other) => other !== region && other.startKey > region.startKey);
}

export function snapshotOf(regions: readonly RegionRow[]): TableRegionSnapshot {
  const leadersByStore: Record<string, number> = {};
  for (const region of regions) leadersByStore[String(region.leaderStoreId)] = (leadersByStore[String(region.leaderStoreId)] ?? 0) + 1;
  const total = regions.reduce((sum, region) => sum + region.writtenBytes, 0);
  const busiest = regions.reduce<RegionRow | undefined>(
    (best, region) => (best === undefined || region.writtenBytes > best.writtenBytes ? region : best),
    undefined,
  );
  return {
    regions: regions.length,
    leadersByStore,
    ...(busiest && total > 0
      ? {
          busiestRegion: {
            regionId: busiest.regionId,
            writtenBytes: busiest.writtenBytes,
            share: busiest.writtenBytes / total,
            isLast: isLastRegion(busiest, regions),
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
    maxHotDegree: numberOf(row.MAX_HOT_DEGREE),
    flowBytes: numberOf(row.FLOW_BYTES),
  }));
}

/** A share of the table's writes above which one region is where the writes piled up. */
const PILED_SHARE = 0.8;

/** What the regions say, with the tuning study's remedies and the statement to run. */
export function regionFindings(
  table: string,
  after: TableRegionSnapshot | undefined,
  hot: readonly HotRegion[],
  storeCount?: number,
): RegionFinding[] {
  const findings: RegionFinding[] = [];
  const name = quoteIdentifier(table);
  const hotWrites = hot.filter((region) => region.table === table && region.type === 'write' && region.index === undefined);
  const hotFlow = hotWrites.reduce((sum, region) => sum + region.flowBytes, 0);
  const hottest = hotWrites.reduce<HotRegion | undefined>(
    (best, region) => (best === undefined || region.flowBytes > best.flowBytes ? region : best),
    undefined,
  );
  const piledOnHot = hottest !== undefined && hotFlow > 0 && hottest.flowBytes / hotFlow >= PILED_SHARE;
  const busiest = after?.busiestRegion;
  const piledOnBusiest = busiest !== undefined && busiest.share >= PILED_SHARE;
  if (piledOnHot || piledOnBusiest || (after?.regions === 1 && hotWrites.length > 0)) {
    const regionId = piledOnHot ? hottest!.regionId : (busiest?.regionId ?? hottest?.regionId);
    const share = piledOnHot ? hottest!.flowBytes / hotFlow : (busiest?.share ?? 1);
    findings.push({
      kind: 'one-region',
      table,
      message: `Writes to ${table} piled on one region (${regionId}: ${Math.round(share * 100)}% of the table's written bytes${after ? `, ${after.regions} region(s) in all` : ''}): one TiKV leader took the load while the others waited.`,
      advice:
        'Split the table into regions before the load so the writes spread over every store (the tuning study split and scattered the table, and the hot region leaders evened out).',
      statements: [`SPLIT TABLE ${name} BETWEEN (0) AND (9223372036854775807) REGIONS 16;`],
    });
  }
  if (busiest?.isLast && (piledOnBusiest || piledOnHot)) {
    findings.push({
      kind: 'increasing-key',
      table,
      message: `The writes went to ${table}'s last region: the key increases monotonically (AUTO_INCREMENT or an ordered load), so every new row lands at the end of the table.`,
      advice:
        'Use keys that do not increase: AUTO_RANDOM for a BIGINT primary key, or, for a table without an integer clustered key, SHARD_ROW_ID_BITS with PRE_SPLIT_REGIONS (the study: smaller batches and unordered, non-increasing keys).',
      statements: [
        `CREATE TABLE ... (id BIGINT AUTO_RANDOM PRIMARY KEY, ...);`,
        `ALTER TABLE ${name} SHARD_ROW_ID_BITS = 4;`,
        `CREATE TABLE ... (...) SHARD_ROW_ID_BITS = 4 PRE_SPLIT_REGIONS = 3;`,
      ],
    });
  }
  const stores = after ? Object.keys(after.leadersByStore) : [];
  if (after && after.regions > 1 && stores.length === 1 && (storeCount ?? 0) > 1) {
    findings.push({
      kind: 'one-store',
      table,
      message: `All ${after.regions} region leaders of ${table} are on store ${stores[0]} of ${storeCount}: one TiKV serves every write.`,
      advice: 'Scatter the regions (SPLIT TABLE scatters the new regions unless tidb_scatter_region is off; turn it on for the split).',
      statements: ['SET SESSION tidb_scatter_region = ON;', `SPLIT TABLE ${name} BETWEEN (0) AND (9223372036854775807) REGIONS 16;`],
    });
  }
  return findings;
}

/** SHOW TABLE REGIONS for each table (TiDB). */
export async function readTableRegions(executor: SqlExecutor, tables: readonly string[]): Promise<Map<string, TableRegionSnapshot>> {
  const snapshots = new Map<string, TableRegionSnapshot>();
  for (const table of tables)
    snapshots.set(table, snapshotOf(parseRegionRows(await executor.query(`SHOW TABLE ${quoteIdentifier(table)} REGIONS`))));
  return snapshots;
}

/** The hot regions TiDB reports now for these tables of the database. */
export async function readHotRegions(executor: SqlExecutor, database: string, tables: readonly string[]): Promise<HotRegion[]> {
  if (tables.length === 0) return [];
  const rows = await executor.query(
    `SELECT TABLE_NAME, INDEX_NAME, REGION_ID, TYPE, MAX_HOT_DEGREE, FLOW_BYTES FROM information_schema.tidb_hot_regions WHERE DB_NAME = ? AND TABLE_NAME IN (${tables.map(() => '?').join(', ')}) ORDER BY FLOW_BYTES DESC`,
    [database, ...tables],
  );
  return parseHotRegions(rows);
}

/** The evidence of a run: regions before (given), after, the window's hot regions and the findings. */
export async function regionEvidenceAfter(
  executor: SqlExecutor,
  database: string,
  before: Map<string, TableRegionSnapshot>,
): Promise<RegionEvidence> {
  const tables = [...before.keys()];
  const after = await readTableRegions(executor, tables);
  const hotRegions = await readHotRegions(executor, database, tables);
  return {
    source: 'tidb',
    tables: tables.map((table) => ({ table, before: before.get(table), after: after.get(table) })),
    hotRegions,
    findings: tables.flatMap((table) => regionFindings(table, after.get(table), hotRegions)),
  };
}

export function notTiDBRegionEvidence(): RegionEvidence {
  return { source: 'not-tidb', note: REGIONS_TIDB_ONLY, tables: [], hotRegions: [], findings: [] };
}
