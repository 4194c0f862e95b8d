// The regions part of a result's server evidence (`server.regions`, TiDB only): per table the write
// run touched, its regions and leaders per store before and after the run (SHOW TABLE t REGIONS),
// the hot regions of the run's window (information_schema.tidb_hot_regions, or
// tidb_hot_regions_history when the current table has none of the tables' regions), and findings
// with the tuning study's advice and the statements to run. A shared type of its own so that the
// reader (core/server) and the result model, validation and views use one shape.

/** What SHOW TABLE t REGIONS said about one table at one moment. */
export interface TableRegionSnapshot {
  regions: number;
  /** store id -> how many of the table's region leaders it holds */
  leadersByStore: Record<string, number>;
  /** WRITTEN_BYTES summed over the table's regions (TiDB: the last heartbeat, about a minute) */
  writtenBytes: number;
  /** store id -> WRITTEN_BYTES of the regions whose leader it holds */
  writtenBytesByStore: Record<string, number>;
  /** the region that took the most bytes in the last heartbeat, with its share of the table's */
  busiestRegion?: { regionId: number; writtenBytes: number; share: number; isLast: boolean; leaderStoreId: number };
}

export interface TableRegions {
  table: string;
  before?: TableRegionSnapshot;
  after?: TableRegionSnapshot;
  /** how the table's rows are keyed (SHOW CREATE TABLE), which decides the advice */
  key?: TableKeyInfo;
}

/** How TiDB keys the table's rows. */
export interface TableKeyInfo {
  /** 'clustered-int': an integer clustered primary key is the row key; 'row-id': the hidden _tidb_rowid (non-clustered or no primary key); 'clustered-other': a clustered non-integer key */
  kind: 'clustered-int' | 'row-id' | 'clustered-other';
  column?: string;
  /** the key column's type, e.g. 'int', 'bigint' */
  columnType?: string;
  autoIncrement: boolean;
  autoRandom: boolean;
  /** SHARD_ROW_ID_BITS of a _tidb_rowid table, 0 when not sharded */
  shardRowIdBits: number;
}

export interface HotRegion {
  table: string;
  index?: string;
  regionId: number;
  type: 'read' | 'write';
  maxHotDegree: number;
  /** FLOW_BYTES: the bytes written and read in the region (TiDB's docs) */
  flowBytes: number;
  /** the store of the region's leader, when known (the history table's STORE_ID with IS_LEADER = 1) */
  storeId?: number;
}

export type RegionFindingKind = 'one-region' | 'one-store' | 'increasing-key';

export interface RegionFinding {
  kind: RegionFindingKind;
  table: string;
  message: string;
  advice: string;
  /** statements to run, shown with the advice (never run by TiDB Lab) */
  statements: string[];
}

export interface ServerRegions {
  /** 'tidb', or 'not-tidb' for MySQL and MariaDB, which have no regions */
  source: 'tidb' | 'not-tidb';
  note?: string;
  /** where the hot regions come from: information_schema.tidb_hot_regions or tidb_hot_regions_history */
  hotRegionsSource?: string;
  /** TiKV stores in the cluster (information_schema.cluster_info), when it could be read */
  storeCount?: number;
  tables: TableRegions[];
  hotRegions: HotRegion[];
  findings: RegionFinding[];
  /** what could not be read */
  warnings: string[];
}

export const REGION_FINDING_KINDS: readonly RegionFindingKind[] = ['one-region', 'one-store', 'increasing-key'];

export const REGIONS_TIDB_ONLY = 'Regions are a TiDB concept: MySQL and MariaDB keep a table in one place.';
