// The TiDB stand-in's regions (test code, never shipped): how TiKV would hold each table's rows,
// enough to answer SHOW TABLE t REGIONS, SPLIT TABLE ... BETWEEN ... REGIONS n and
// information_schema.tidb_hot_regions / tidb_hot_regions_history in TiDB's documented columns
// (regionFixtures.ts names the pages). What it models:
// - a table starts as one region (TiDB's split-table default: each new table gets its own region),
//   leader on the first TiKV store; SPLIT TABLE cuts the handle range evenly, as the docs describe,
//   and scatters the new regions' leaders over the stores round robin;
// - each relayed write is counted on the region of its row handle: the id a statement names, or
//   for AUTO_INCREMENT inserts the ids MariaDB assigned (insertId onwards), so an ordered load lands
//   on the last region as it does on TiKV. A write whose handle the stand-in cannot read is not
//   counted. Its bytes are the row's text in the statement, close to the key + value TiKV writes;
// - WRITTEN_BYTES is what a region took within one heartbeat (heartbeatMs, 60 s like TiKV's
//   region heartbeat); tidb_hot_regions lists the regions that took writes within it (TYPE
//   'write', FLOW_BYTES those bytes, MAX_HOT_DEGREE the seconds it was written in, REGION_COUNT the
//   hot regions of its type). PD's real hot thresholds are not in tidb-facts.md: every written
//   region counts as hot here;
// - tidb_hot_regions_history has no rows: PD records it every 10 minutes (hot-regions-write-interval),
//   longer than any test.
import { SHOW_TABLE_REGIONS_COLUMNS, TIDB_HOT_REGIONS_COLUMNS } from './regionFixtures';

interface StandInRegion {
  id: number;
  /** the first handle it holds; -Infinity for the table's first region */
  startHandle: number;
  leaderStore: number;
  peerIds: number[];
  writes: Array<{ at: number; bytes: number }>;
  keys: number;
}

export interface RowWrite {
  handle: number;
  bytes: number;
}

export const HOT_REGIONS_HISTORY_COLUMNS = [
  'UPDATE_TIME',
  'DB_NAME',
  'TABLE_NAME',
  'TABLE_ID',
  'INDEX_NAME',
  'INDEX_ID',
  'REGION_ID',
  'STORE_ID',
  'PEER_ID',
  'IS_LEARNER',
  'IS_LEADER',
  'TYPE',
  'HOT_DEGREE',
  'FLOW_BYTES',
  'KEY_RATE',
  'QUERY_RATE',
] as const;

export type RegionCell = string | number | null;

export class StandInRegions {
  heartbeatMs = 60_000;
  private readonly tables = new Map<string, { schema: string; table: string; tableId: number; regions: StandInRegion[] }>();
  private nextId = 1000;

  constructor(
    private readonly now: () => number,
    private readonly storeIds: () => number[],
  ) {}

  private allocate(leaderStore: number, startHandle: number): StandInRegion {
    const id = (this.nextId += 4);
    return { id, startHandle, leaderStore, peerIds: [id + 1, id + 2, id + 3], writes: [], keys: 0 };
  }

  private layout(schema: string, table: string, tableId: number): StandInRegion[] {
    const key = `${schema.toLowerCase()}.${table.toLowerCase()}`;
    let entry = this.tables.get(key);
    if (!entry) {
      entry = { schema, table, tableId, regions: [this.allocate(this.storeIds()[0] ?? 1, -Infinity)] };
      this.tables.set(key, entry);
    }
    return entry.regions;
  }

  forget(schema: string, table: string): void {
    this.tables.delete(`${schema.toLowerCase()}.${table.toLowerCase()}`);
  }

  forgetSchema(schema: string): void {
    for (const [key, entry] of this.tables) if (entry.schema.toLowerCase() === schema.toLowerCase()) this.tables.delete(key);
  }

  /** SPLIT TABLE t BETWEEN (lower) AND (upper) REGIONS n: the new regions, scattered. */
  split(schema: string, table: string, tableId: number, lower: number, upper: number, count: number): number {
    const regions = this.layout(schema, table, tableId);
    const stores = this.storeIds();
    const step = (upper - lower) / count;
    let made = 0;
    for (let index = 1; index < count; index++) {
      const handle = Math.floor(lower + step * index);
      if (regions.some((region) => region.startHandle === handle)) continue;
      regions.push(this.allocate(stores[(regions.length - 1 + stores.length) % stores.length] ?? 1, handle));
      made++;
    }
    regions.sort((a, b) => a.startHandle - b.startHandle);
    // the split regions start a new heartbeat: what the old region took is not theirs
    for (const region of regions) region.writes = [];
    return made;
  }

  noteWrites(schema: string, table: string, tableId: number, writes: readonly RowWrite[], inserts: boolean): void {
    const regions = this.layout(schema, table, tableId);
    const at = this.now();
    for (const write of writes) {
      let target = regions[0];
      for (const region of regions) if (write.handle >= region.startHandle) target = region;
      target.writes.push({ at, bytes: write.bytes });
      if (inserts) target.keys += 1;
    }
  }

  private windowed(region: StandInRegion): { bytes: number; seconds: number } {
    const since = this.now() - this.heartbeatMs;
    const recent = region.writes.filter((write) => write.at >= since);
    region.writes = recent;
    return {
      bytes: recent.reduce((sum, write) => sum + write.bytes, 0),
      seconds: new Set(recent.map((write) => Math.floor(write.at / 1000))).size,
    };
  }

  /** SHOW TABLE t REGIONS rows, in SHOW_TABLE_REGIONS_COLUMNS order. */
  showRows(schema: string, table: string, tableId: number): RegionCell[][] {
    const regions = this.layout(schema, table, tableId);
    return regions.map((region, index) => {
      const next = regions[index + 1];
      const row: Record<(typeof SHOW_TABLE_REGIONS_COLUMNS)[number], RegionCell> = {
        REGION_ID: region.id,
        START_KEY: region.startHandle === -Infinity ? `t_${tableId}_` : `t_${tableId}_r_${region.startHandle}`,
        END_KEY: next ? `t_${tableId}_r_${next.startHandle}` : `t_${tableId + 1}_`,
        LEADER_ID: region.peerIds[0],
        LEADER_STORE_ID: region.leaderStore,
        PEERS: region.peerIds.join(', '),
        SCATTERING: 0,
        WRITTEN_BYTES: this.windowed(region).bytes,
        READ_BYTES: 0,
        'APPROXIMATE_SIZE(MB)': 1,
        APPROXIMATE_KEYS: region.keys,
        SCHEDULING_CONSTRAINTS: '',
        SCHEDULING_STATE: '',
      };
      return SHOW_TABLE_REGIONS_COLUMNS.map((column) => row[column]);
    });
  }

  /** information_schema.tidb_hot_regions rows (every table), in TIDB_HOT_REGIONS_COLUMNS order. */
  hotRows(): RegionCell[][] {
    const hot: Array<Record<(typeof TIDB_HOT_REGIONS_COLUMNS)[number], RegionCell>> = [];
    for (const entry of this.tables.values()) {
      for (const region of entry.regions) {
        const { bytes, seconds } = this.windowed(region);
        if (bytes === 0) continue;
        hot.push({
          TABLE_ID: entry.tableId,
          INDEX_ID: null,
          DB_NAME: entry.schema,
          TABLE_NAME: entry.table,
          INDEX_NAME: null,
          REGION_ID: region.id,
          TYPE: 'write',
          MAX_HOT_DEGREE: seconds,
          REGION_COUNT: 0,
          FLOW_BYTES: bytes,
        });
      }
    }
    for (const row of hot) row.REGION_COUNT = hot.length;
    return hot.map((row) => TIDB_HOT_REGIONS_COLUMNS.map((column) => row[column]));
  }
}

/** The column definitions of the scratch tables the stand-in answers these information_schema tables from (types of TiDB's DESC output). */
export const HOT_REGIONS_SCRATCH_COLUMNS =
  'TABLE_ID BIGINT, INDEX_ID BIGINT, DB_NAME VARCHAR(64), TABLE_NAME VARCHAR(64), INDEX_NAME VARCHAR(64), REGION_ID BIGINT, TYPE VARCHAR(64), MAX_HOT_DEGREE BIGINT, REGION_COUNT BIGINT, FLOW_BYTES BIGINT';
export const HOT_REGIONS_HISTORY_SCRATCH_COLUMNS =
  'UPDATE_TIME TIMESTAMP(6) NULL, DB_NAME VARCHAR(64), TABLE_NAME VARCHAR(64), TABLE_ID BIGINT, INDEX_NAME VARCHAR(64), INDEX_ID BIGINT, REGION_ID BIGINT, STORE_ID BIGINT, PEER_ID BIGINT, IS_LEARNER TINYINT(1) NOT NULL DEFAULT 0, IS_LEADER TINYINT(1) NOT NULL DEFAULT 0, TYPE VARCHAR(64), HOT_DEGREE BIGINT, FLOW_BYTES DOUBLE, KEY_RATE DOUBLE, QUERY_RATE DOUBLE';

/** The rows a write statement touches: the handles it names or MariaDB assigned, and the bytes of each row's text. */
export function rowWritesOf(statement: string, mask: string, insertId: number): RowWrite[] {
  if (/^(INSERT|REPLACE)\b/i.test(mask)) {
    const columnsMatch = /^(?:INSERT|REPLACE)\s+(?:IGNORE\s+)?INTO\s+\S+?\s*\(([^)]*)\)\s*VALUES\s*/i.exec(mask);
    const valuesAt = columnsMatch ? columnsMatch[0].length : /\bVALUES\s*/i.exec(mask)?.index;
    if (valuesAt === undefined) return [];
    const columns = columnsMatch ? columnsMatch[1].split(',').map((column) => column.trim().replace(/`/g, '').toLowerCase()) : [];
    const idColumn = columns.indexOf('id');
    const tuples = topLevelTuples(statement, mask, valuesAt);
    let auto = insertId;
    return tuples.map((tuple) => {
      const given = idColumn === -1 ? undefined : Number(tuple.values[idColumn]);
      const handle = given !== undefined && Number.isFinite(given) && given !== 0 ? given : auto++;
      return { handle, bytes: tuple.text.length };
    });
  }
  if (/^(UPDATE|DELETE)\b/i.test(mask)) {
    const id = /\bWHERE\s+`?id`?\s*=\s*(-?\d+)\s*$/i.exec(statement);
    return id ? [{ handle: Number(id[1]), bytes: statement.length }] : [];
  }
  return [];
}

function topLevelTuples(statement: string, mask: string, from: number): Array<{ text: string; values: string[] }> {
  const tuples: Array<{ text: string; values: string[] }> = [];
  let depth = 0;
  let start = -1;
  let valueStart = -1;
  let values: string[] = [];
  for (let at = from; at < mask.length; at++) {
    const char = mask[at];
    if (char === '(') {
      depth++;
      if (depth === 1) {
        start = at;
        valueStart = at + 1;
        values = [];
      }
    } else if (char === ')') {
      depth--;
      if (depth === 0 && start >= 0) {
        values.push(statement.slice(valueStart, at).trim());
        tuples.push({ text: statement.slice(start, at + 1), values });
        start = -1;
      }
    } else if (char === ',' && depth === 1) {
      values.push(statement.slice(valueStart, at).trim());
      valueStart = at + 1;
    }
  }
  return tuples;
}
