// Region evidence of a write-heavy run (TiDB): region count, leaders and written bytes per store,
// the busiest region's share, hot regions now and from the history table, and findings with the
// tuning study's advice, from rows shaped as TiDB documents them (test/standin/regionFixtures.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mergeHotRegionHistory, parseHotRegions, parseRegionRows, snapshotOf } from '../../../src/core/server/tableRegions';
import { regionFindings } from '../../../src/core/server/regionFindings';
import { notTiDBRegions } from '../../../src/core/server/runRegions';
import { parseTableKey } from '../../../src/core/server/tableKey';
import {
  HOT_REGIONS_HISTORY_ROWS,
  PILED_ON_LAST_REGION,
  SBTEST_CREATE_TABLE,
  SPREAD_REGIONS,
  hotRegion,
} from '../../standin/regionFixtures';

const sbtestKey = parseTableKey(SBTEST_CREATE_TABLE);

describe('table regions', () => {
  test('a snapshot counts regions, leaders and written bytes per store and names the busiest region', () => {
    const snapshot = snapshotOf(parseRegionRows(PILED_ON_LAST_REGION));
    assert.equal(snapshot.regions, 4);
    assert.deepEqual(snapshot.leadersByStore, { 1: 2, 2: 1, 3: 1 });
    assert.deepEqual(snapshot.writtenBytesByStore, { 1: 0, 2: 1_200, 3: 38_400_000 });
    assert.equal(snapshot.busiestRegion?.regionId, 106);
    assert.equal(snapshot.busiestRegion?.isLast, true);
    assert.equal(snapshot.busiestRegion?.leaderStoreId, 3);
    assert.ok((snapshot.busiestRegion?.share ?? 0) > 0.99);
  });

  test('the busiest region in the middle of the table is not the last one', () => {
    const rows = PILED_ON_LAST_REGION.map((row) => ({ ...row, WRITTEN_BYTES: row.REGION_ID === 98 ? 5_000_000 : 0 }));
    const snapshot = snapshotOf(parseRegionRows(rows));
    assert.equal(snapshot.busiestRegion?.regionId, 98);
    assert.equal(snapshot.busiestRegion?.isLast, false);
  });

  test('history rows: the leader rows, one per region with the largest flow, and the store', () => {
    const merged = mergeHotRegionHistory(parseHotRegions(HOT_REGIONS_HISTORY_ROWS));
    assert.deepEqual(
      merged.map((region) => [region.regionId, region.flowBytes, region.storeId, region.maxHotDegree]),
      [
        [106, 640_000, 3, 12],
        [104, 20, 2, 1],
      ],
    );
  });

  test('MySQL and MariaDB: regions are a TiDB concept, said without an error', () => {
    const evidence = notTiDBRegions();
    assert.equal(evidence.source, 'not-tidb');
    assert.match(evidence.note ?? '', /Regions are a TiDB concept/);
  });
});

describe('table keys (SHOW CREATE TABLE)', () => {
  test('sbtest on TiDB: an INT AUTO_INCREMENT clustered key', () => {
    assert.deepEqual(sbtestKey, {
      kind: 'clustered-int',
      column: 'id',
      columnType: 'int',
      autoIncrement: true,
      autoRandom: false,
      shardRowIdBits: 0,
    });
  });

  test('NONCLUSTERED and no primary key: _tidb_rowid, with its SHARD_ROW_ID_BITS', () => {
    const nonClustered = SBTEST_CREATE_TABLE.replace('CLUSTERED */', 'NONCLUSTERED */').replace(
      'COLLATE=utf8mb4_bin',
      'COLLATE=utf8mb4_bin /*T! SHARD_ROW_ID_BITS=4 */',
    );
    assert.equal(parseTableKey(nonClustered).kind, 'row-id');
    assert.equal(parseTableKey(nonClustered).shardRowIdBits, 4);
    assert.equal(parseTableKey('CREATE TABLE `t` (\n  `a` int(11) DEFAULT NULL\n) ENGINE=InnoDB').kind, 'row-id');
  });

  test('without the clustered comment TiDB’s INT_ONLY default decides; AUTO_RANDOM is seen', () => {
    const plain = SBTEST_CREATE_TABLE.replace(' /*T![clustered_index] CLUSTERED */', '');
    assert.equal(parseTableKey(plain).kind, 'clustered-int');
    const varchar = 'CREATE TABLE `t` (\n  `code` varchar(20) NOT NULL,\n  PRIMARY KEY (`code`)\n)';
    assert.equal(parseTableKey(varchar).kind, 'row-id');
    const random =
      'CREATE TABLE `t` (\n  `id` bigint(20) NOT NULL /*T![auto_rand] AUTO_RANDOM(5) */,\n  PRIMARY KEY (`id`) /*T![clustered_index] CLUSTERED */\n)';
    assert.equal(parseTableKey(random).autoRandom, true);
  });
});

describe('region findings', () => {
  test('writes piled on the last region: one-region, increasing-key and one-store, each with its statement', () => {
    const after = snapshotOf(parseRegionRows(PILED_ON_LAST_REGION));
    const hot = parseHotRegions([hotRegion('sbtest1', 75, 106, 38_000_000), hotRegion('sbtest1', 75, 104, 1_000)]);
    const findings = regionFindings({
      table: 'sbtest1',
      after,
      hotRegions: hot,
      storeCount: 3,
      key: sbtestKey,
      keyRange: { min: 1, max: 114151 },
    });
    assert.deepEqual(
      findings.map((finding) => finding.kind),
      ['one-region', 'increasing-key', 'one-store'],
    );
    assert.match(findings[0].message, /^Writes piled on one region \(106\): 100% of sbtest1's writes went to one of its 4 regions/);
    assert.deepEqual(findings[0].statements, ['SPLIT TABLE `sbtest1` BETWEEN (1) AND (114151) REGIONS 16;']);
    assert.match(findings[1].message, /last region: its key increases monotonically \(AUTO_INCREMENT\)/);
    assert.deepEqual(findings[1].statements, [
      'ALTER TABLE `sbtest1` MODIFY COLUMN `id` BIGINT NOT NULL AUTO_INCREMENT;',
      'ALTER TABLE `sbtest1` MODIFY COLUMN `id` BIGINT AUTO_RANDOM(5);',
    ]);
    assert.match(findings[2].message, /^Store 3 of 3 holds the leaders that took 100% of sbtest1's writes/);
  });

  test('_tidb_rowid: SHARD_ROW_ID_BITS and a split over the whole row id range; identifiers quoted', () => {
    const after = snapshotOf(parseRegionRows(PILED_ON_LAST_REGION));
    const key = parseTableKey('CREATE TABLE `order lines` (\n  `a` int(11) DEFAULT NULL\n)');
    const findings = regionFindings({ table: 'order lines', after, hotRegions: [], storeCount: 1, key });
    assert.deepEqual(
      findings.map((finding) => finding.kind),
      ['one-region', 'increasing-key'],
    );
    assert.deepEqual(findings[1].statements, [
      'ALTER TABLE `order lines` SHARD_ROW_ID_BITS = 4;',
      'SPLIT TABLE `order lines` BETWEEN (0) AND (9223372036854775807) REGIONS 16;',
    ]);
  });

  test('a table that is a single region and took writes: one-region with SPLIT TABLE, no increasing-key (one region cannot tell)', () => {
    const single = snapshotOf(parseRegionRows([{ ...PILED_ON_LAST_REGION[0], END_KEY: 't_76_', WRITTEN_BYTES: 90_000 }]));
    const findings = regionFindings({ table: 'sbtest1', after: single, hotRegions: [], storeCount: 1, key: sbtestKey });
    assert.deepEqual(
      findings.map((finding) => finding.kind),
      ['one-region'],
    );
    assert.match(findings[0].message, /sbtest1 is a single region/);
  });

  test('writes spread over split regions and stores: no finding', () => {
    const after = snapshotOf(parseRegionRows(SPREAD_REGIONS));
    assert.deepEqual(after.leadersByStore, { 1: 2, 2: 1, 3: 1 });
    const hot = parseHotRegions([202, 204, 206, 208].map((id) => hotRegion('sbtest1', 80, id, 9_000_000)));
    assert.deepEqual(regionFindings({ table: 'sbtest1', after, hotRegions: hot, storeCount: 3, key: sbtestKey }), []);
  });

  test('no writes in the window: no finding, whatever the layout', () => {
    const idle = snapshotOf(parseRegionRows(PILED_ON_LAST_REGION.map((row) => ({ ...row, WRITTEN_BYTES: 0 }))));
    assert.deepEqual(regionFindings({ table: 'sbtest1', after: idle, hotRegions: [], storeCount: 3, key: sbtestKey }), []);
  });

  test('AUTO_RANDOM already: the piled region is reported, the increasing-key advice is not', () => {
    const after = snapshotOf(parseRegionRows(PILED_ON_LAST_REGION));
    const key = { ...sbtestKey, autoRandom: true, autoIncrement: false };
    const kinds = regionFindings({ table: 'sbtest1', after, hotRegions: [], key }).map((finding) => finding.kind);
    assert.deepEqual(kinds, ['one-region']);
  });
});
