// SHOW TABLE ... REGIONS, information_schema.tidb_hot_regions and tidb_hot_regions_history rows as
// TiDB returns them, for the stand-in and the unit tests. Columns, order and units come from TiDB's
// documentation:
// - https://docs.pingcap.com/tidb/stable/sql-statement-show-table-regions (its example output:
//   keys like t_75_r_31717, PEERS as "2, 3, 4" ... one line a region; WRITTEN_BYTES and READ_BYTES
//   in bytes within one heartbeat cycle, APPROXIMATE_SIZE(MB) in MB, as integers);
// - https://docs.pingcap.com/tidb/stable/information-schema-tidb-hot-regions (DESC output: TYPE is
//   'read' or 'write', FLOW_BYTES bigint, the bytes written and read in the region);
// - https://docs.pingcap.com/tidb/stable/information-schema-tidb-hot-regions-history (DESC output:
//   UPDATE_TIME timestamp(6), STORE_ID, PEER_ID, IS_LEARNER, IS_LEADER tinyint(1), HOT_DEGREE,
//   FLOW_BYTES / KEY_RATE / QUERY_RATE double; one row per peer of a hot region);
// - SHOW CREATE TABLE as TiDB prints a clustered key: https://docs.pingcap.com/tidb/stable/clustered-indexes
//   (`PRIMARY KEY (`id`) /*T![clustered_index] CLUSTERED */`).
// The numbers are made up; the shapes are TiDB's.

export const SHOW_TABLE_REGIONS_COLUMNS = [
  'REGION_ID',
  'START_KEY',
  'END_KEY',
  'LEADER_ID',
  'LEADER_STORE_ID',
  'PEERS',
  'SCATTERING',
  'WRITTEN_BYTES',
  'READ_BYTES',
  'APPROXIMATE_SIZE(MB)',
  'APPROXIMATE_KEYS',
  'SCHEDULING_CONSTRAINTS',
  'SCHEDULING_STATE',
] as const;

export const TIDB_HOT_REGIONS_COLUMNS = [
  'TABLE_ID',
  'INDEX_ID',
  'DB_NAME',
  'TABLE_NAME',
  'INDEX_NAME',
  'REGION_ID',
  'TYPE',
  'MAX_HOT_DEGREE',
  'REGION_COUNT',
  'FLOW_BYTES',
] as const;

type Row = Record<string, string | number | null>;

function region(id: number, start: string, end: string, leaderStore: number, written: number, keys: number): Row {
  return {
    REGION_ID: id,
    START_KEY: start,
    END_KEY: end,
    LEADER_ID: id + 1,
    LEADER_STORE_ID: leaderStore,
    PEERS: `${id + 1}, ${id + 2}, ${id + 3}`,
    SCATTERING: 0,
    WRITTEN_BYTES: written,
    READ_BYTES: 0,
    'APPROXIMATE_SIZE(MB)': Math.max(1, Math.round(keys / 5000)),
    APPROXIMATE_KEYS: keys,
    SCHEDULING_CONSTRAINTS: '',
    SCHEDULING_STATE: '',
  };
}

/** An ordered (AUTO_INCREMENT) load of table id 75: four regions, the last one (leader on store 3) takes the writes. */
export const PILED_ON_LAST_REGION: Row[] = [
  region(102, 't_75_', 't_75_r_31717', 1, 0, 31717),
  region(98, 't_75_r_31717', 't_75_r_63434', 1, 0, 31717),
  region(104, 't_75_r_63434', 't_75_r_95151', 2, 1_200, 31717),
  region(106, 't_75_r_95151', 't_76_', 3, 38_400_000, 19002),
];

/** sysbench's sbtest table as TiDB's SHOW CREATE TABLE prints it (INT AUTO_INCREMENT clustered key). */
export const SBTEST_CREATE_TABLE = [
  'CREATE TABLE `sbtest1` (',
  '  `id` int(11) NOT NULL AUTO_INCREMENT,',
  "  `k` int(11) NOT NULL DEFAULT '0',",
  "  `c` char(120) NOT NULL DEFAULT '',",
  "  `pad` char(60) NOT NULL DEFAULT '',",
  '  PRIMARY KEY (`id`) /*T![clustered_index] CLUSTERED */,',
  '  KEY `k_1` (`k`)',
  ') ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin AUTO_INCREMENT=114152',
].join('\n');

function historyRow(regionId: number, storeId: number, peerId: number, isLeader: 0 | 1, degree: number, flow: number): Row {
  return {
    UPDATE_TIME: '2026-12-01 10:20:00.000000',
    DB_NAME: 'sbtest',
    TABLE_NAME: 'sbtest1',
    TABLE_ID: 75,
    INDEX_NAME: null,
    INDEX_ID: null,
    REGION_ID: regionId,
    STORE_ID: storeId,
    PEER_ID: peerId,
    IS_LEARNER: 0,
    IS_LEADER: isLeader,
    TYPE: 'write',
    HOT_DEGREE: degree,
    FLOW_BYTES: flow,
    KEY_RATE: flow / 200,
    QUERY_RATE: flow / 400,
  };
}

/** PD's records of two windows, leader rows only (IS_LEADER = 1 as the reader asks): region 106 hot in both. */
export const HOT_REGIONS_HISTORY_ROWS: Row[] = [
  historyRow(106, 3, 109, 1, 7, 512_000),
  historyRow(104, 2, 107, 1, 1, 20),
  historyRow(106, 3, 109, 1, 12, 640_000),
];

/** A shuffled load after SPLIT TABLE: writes spread evenly over four regions on three stores. */
export const SPREAD_REGIONS: Row[] = [
  region(202, 't_80_', 't_80_r_2305843009213693952', 1, 9_100_000, 30000),
  region(204, 't_80_r_2305843009213693952', 't_80_r_4611686018427387904', 2, 9_600_000, 30000),
  region(206, 't_80_r_4611686018427387904', 't_80_r_6917529027641081856', 3, 9_400_000, 30000),
  region(208, 't_80_r_6917529027641081856', 't_81_', 1, 9_300_000, 30000),
];

export function hotRegion(
  table: string,
  tableId: number,
  regionId: number,
  flowBytes: number,
  type: 'read' | 'write' = 'write',
  database = 'sbtest',
): Row {
  return {
    TABLE_ID: tableId,
    INDEX_ID: null,
    DB_NAME: database,
    TABLE_NAME: table,
    INDEX_NAME: null,
    REGION_ID: regionId,
    TYPE: type,
    MAX_HOT_DEGREE: 12,
    REGION_COUNT: 1,
    FLOW_BYTES: flowBytes,
  };
}
