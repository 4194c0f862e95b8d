// What a write run's regions say, as the tuning study (studies/003) reasons: writes piled on
// one region (the table was one region, or one region took the load) -> split the table; piled on
// the table's last region -> the key increases monotonically (AUTO_INCREMENT, _tidb_rowid, an
// ordered load) -> AUTO_RANDOM for an integer clustered key, SHARD_ROW_ID_BITS with
// PRE_SPLIT_REGIONS for _tidb_rowid; piled on one store -> split and scatter. Each with the exact
// statement to run (identifiers quoted); TiDB Lab never runs them.
import { quoteIdentifier } from '../db/sqlIdentifiers';
import type { HotRegion, RegionFinding, TableKeyInfo, TableRegionSnapshot } from '../results/serverRegions';

/** A share of the table's writes above which one region (or one store) is where the writes piled up. */
export const PILED_SHARE = 0.8;
/** Regions a SPLIT TABLE statement asks for. */
export const SPLIT_REGIONS = 16;
const MAX_ROW_ID = '9223372036854775807';

export interface RegionFindingInput {
  table: string;
  after?: TableRegionSnapshot;
  hotRegions: readonly HotRegion[];
  /** TiKV stores in the cluster, when known */
  storeCount?: number;
  key?: TableKeyInfo;
  /** the smallest and largest value of an integer clustered key, for SPLIT TABLE ... BETWEEN */
  keyRange?: { min: number; max: number };
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** SPLIT TABLE over the table's key range: the integer key's values, or all of _tidb_rowid. */
export function splitStatement(
  table: string,
  key: TableKeyInfo | undefined,
  range: { min: number; max: number } | undefined,
): string | undefined {
  const name = quoteIdentifier(table);
  if (key?.kind === 'clustered-other') return undefined;
  if (key?.kind === 'clustered-int' && range && range.max > range.min)
    return `SPLIT TABLE ${name} BETWEEN (${range.min}) AND (${range.max}) REGIONS ${SPLIT_REGIONS};`;
  return `SPLIT TABLE ${name} BETWEEN (0) AND (${MAX_ROW_ID}) REGIONS ${SPLIT_REGIONS};`;
}

function hottestWrite(table: string, hot: readonly HotRegion[]): { region: HotRegion; share: number } | undefined {
  const writes = hot.filter((region) => region.table === table && region.type === 'write' && region.index === undefined);
  const total = writes.reduce((sum, region) => sum + region.flowBytes, 0);
  if (total <= 0) return undefined;
  const hottest = writes.reduce((best, region) => (region.flowBytes > best.flowBytes ? region : best));
  return { region: hottest, share: hottest.flowBytes / total };
}

function increasingKeyAdvice(table: string, key: TableKeyInfo | undefined): { advice: string; statements: string[] } | undefined {
  const name = quoteIdentifier(table);
  if (key?.autoRandom || (key?.kind === 'row-id' && key.shardRowIdBits > 0)) return undefined;
  if (key?.kind === 'clustered-int' && key.column) {
    const column = quoteIdentifier(key.column);
    const widen = key.columnType !== 'bigint';
    return {
      advice: `Give ${table} keys that do not increase: AUTO_RANDOM spreads new rows over the whole key range (it needs a BIGINT primary key${widen ? `; ${key.column} is ${(key.columnType ?? '').toUpperCase()}, so widen it first` : ''}). Loads that supply their own keys can shuffle them instead, as the tuning study did.`,
      statements: [
        ...(widen ? [`ALTER TABLE ${name} MODIFY COLUMN ${column} BIGINT NOT NULL${key.autoIncrement ? ' AUTO_INCREMENT' : ''};`] : []),
        `ALTER TABLE ${name} MODIFY COLUMN ${column} BIGINT AUTO_RANDOM(5);`,
      ],
    };
  }
  if (key?.kind === 'clustered-other')
    return {
      advice: `${table}'s clustered key grows with each new row: write the rows in shuffled key order (the tuning study's unordered keys), or make the key non-clustered and shard _tidb_rowid with SHARD_ROW_ID_BITS.`,
      statements: [],
    };
  return {
    advice: `${table} is keyed by the hidden _tidb_rowid, which increases: shard it with SHARD_ROW_ID_BITS and split the table so the shards start on different regions (a new table can take SHARD_ROW_ID_BITS = 4 PRE_SPLIT_REGIONS = 3 in CREATE TABLE to start split).`,
    statements: [
      `ALTER TABLE ${name} SHARD_ROW_ID_BITS = 4;`,
      `SPLIT TABLE ${name} BETWEEN (0) AND (${MAX_ROW_ID}) REGIONS ${SPLIT_REGIONS};`,
    ],
  };
}

/** " while the other 2 stores waited", or nothing on a one-store cluster (or when the stores are not known). */
function othersWaited(storeCount: number | undefined): string {
  if (storeCount === undefined || storeCount <= 1) return '';
  const others = storeCount - 1;
  return others === 1 ? ' while the other store waited' : ` while the other ${others} stores waited`;
}

export function regionFindings(input: RegionFindingInput): RegionFinding[] {
  const { table, after, storeCount, key } = input;
  const findings: RegionFinding[] = [];
  const hot = hottestWrite(table, input.hotRegions);
  const busiest = after?.busiestRegion;
  const wrote = (after?.writtenBytes ?? 0) > 0 || hot !== undefined;
  if (!wrote) return findings;
  const piledOnHot = hot !== undefined && hot.share >= PILED_SHARE;
  const piledOnBusiest = busiest !== undefined && busiest.share >= PILED_SHARE;
  const oneRegionOnly = after?.regions === 1;
  const split = splitStatement(table, key, input.keyRange);
  if (piledOnHot || piledOnBusiest || oneRegionOnly) {
    const regionId = piledOnHot ? hot.region.regionId : (busiest?.regionId ?? hot?.region.regionId);
    const share = piledOnHot ? hot.share : (busiest?.share ?? 1);
    const where = oneRegionOnly
      ? `${table} is a single region`
      : `${percent(share)} of ${table}'s writes went to one of its ${after?.regions ?? '?'} regions`;
    findings.push({
      kind: 'one-region',
      table,
      message: `Writes piled on one region (${regionId}): ${where}, so one TiKV leader took the whole load${othersWaited(storeCount)}.`,
      advice:
        storeCount === 1
          ? "The cluster has one TiKV store, so every region and its leader are on it: splitting cannot spread the writes over stores, only let that store apply several regions' writes in parallel. To see writes spread over stores, run on a cluster with more TiKV stores (tiup playground --kv 3)."
          : 'Split the table into regions before a write-heavy load so the writes spread over every store (the tuning study: once the regions were split and the keys unordered, the hot region leaders evened out).',
      statements: split ? [split] : [],
    });
  }
  if ((after?.regions ?? 0) > 1 && busiest?.isLast && (piledOnBusiest || piledOnHot)) {
    const advice = increasingKeyAdvice(table, key);
    if (advice)
      findings.push({
        kind: 'increasing-key',
        table,
        message: `The writes went to ${table}'s last region: its key increases monotonically (${key?.autoIncrement ? 'AUTO_INCREMENT' : key?.kind === 'row-id' ? '_tidb_rowid' : 'an ordered load'}), so every new row lands at the end of the table and splitting alone moves the hot spot to the next last region.`,
        ...advice,
      });
  }
  if (after && (storeCount ?? 0) > 1) {
    const stores = Object.keys(after.leadersByStore);
    const byStore = Object.entries(after.writtenBytesByStore).sort((a, b) => b[1] - a[1]);
    const topShare = after.writtenBytes > 0 && byStore.length > 0 ? byStore[0][1] / after.writtenBytes : 0;
    const allLeadersOnOne = after.regions > 1 && stores.length === 1;
    if (allLeadersOnOne || (after.regions > 1 && topShare >= PILED_SHARE)) {
      const store = allLeadersOnOne ? stores[0] : byStore[0][0];
      findings.push({
        kind: 'one-store',
        table,
        message: allLeadersOnOne
          ? `All ${after.regions} region leaders of ${table} are on store ${store} of ${storeCount}: one TiKV serves every write.`
          : `Store ${store} of ${storeCount} holds the leaders that took ${percent(topShare)} of ${table}'s writes.`,
        advice:
          'Spread the leaders: PD scatters the regions SPLIT TABLE creates over the stores; if the store is slower than the others (the study found a failed RAID cache), fix the hardware.',
        statements: split ? [split] : [],
      });
    }
  }
  return findings;
}
