// Region evidence of a write-heavy run (TiDB): region count and leaders per store, the busiest
// region's share, and findings with the tuning study's advice, from rows shaped as TiDB documents them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { notTiDBRegionEvidence, parseHotRegions, parseRegionRows, regionFindings, snapshotOf } from '../../../src/core/server/tableRegions';
import { PILED_ON_LAST_REGION, SPREAD_REGIONS, hotRegion } from '../../standin/regionFixtures';

describe('table regions', () => {
  test('a snapshot counts regions and leaders per store and names the busiest region', () => {
    const snapshot = snapshotOf(parseRegionRows(PILED_ON_LAST_REGION));
    assert.equal(snapshot.regions, 4);
    assert.deepEqual(snapshot.leadersByStore, { 1: 4 });
    assert.equal(snapshot.busiestRegion?.regionId, 106);
    assert.equal(snapshot.busiestRegion?.isLast, true);
    assert.ok((snapshot.busiestRegion?.share ?? 0) > 0.99);
  });

  test('writes piled on the last region: one-region and increasing-key findings, with SPLIT TABLE, AUTO_RANDOM and SHARD_ROW_ID_BITS/PRE_SPLIT_REGIONS', () => {
    const after = snapshotOf(parseRegionRows(PILED_ON_LAST_REGION));
    const hot = parseHotRegions([hotRegion('sbtest1', 75, 106, 38_000_000), hotRegion('sbtest1', 75, 104, 1_000)]);
    const findings = regionFindings('sbtest1', after, hot, 3);
    assert.deepEqual(
      findings.map((finding) => finding.kind),
      ['one-region', 'increasing-key', 'one-store'],
    );
    assert.match(
      findings[0].message,
      /^Writes to sbtest1 piled on one region \(106: 100% of the table's written bytes, 4 region\(s\) in all\)/,
    );
    assert.deepEqual(findings[0].statements, ['SPLIT TABLE `sbtest1` BETWEEN (0) AND (9223372036854775807) REGIONS 16;']);
    assert.ok(findings[1].statements.some((sql) => /AUTO_RANDOM/.test(sql)));
    assert.ok(findings[1].statements.some((sql) => /SHARD_ROW_ID_BITS = 4 PRE_SPLIT_REGIONS = 3/.test(sql)));
    assert.match(findings[2].message, /All 4 region leaders of sbtest1 are on store 1 of 3/);
  });

  test('writes spread over split regions and stores: no finding', () => {
    const after = snapshotOf(parseRegionRows(SPREAD_REGIONS));
    assert.deepEqual(after.leadersByStore, { 1: 2, 2: 1, 3: 1 });
    const hot = parseHotRegions([202, 204, 206, 208].map((id) => hotRegion('sbtest1', 80, id, 9_000_000)));
    assert.deepEqual(regionFindings('sbtest1', after, hot, 3), []);
  });

  test('MySQL and MariaDB: regions are TiDB-only, said without an error', () => {
    const evidence = notTiDBRegionEvidence();
    assert.equal(evidence.source, 'not-tidb');
    assert.match(evidence.note ?? '', /TiDB-only/);
  });
});
