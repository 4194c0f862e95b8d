// The Regions section's words fit the cluster: a one-store cluster has no "other stores" to wait and
// no stores to spread writes over; the store count is singular for one store, in every reader.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serverRegionsToMarkdown } from '../../../src/core/results/exportMarkdown';
import type { ServerRegions, TableRegionSnapshot } from '../../../src/core/results/serverRegions';
import { serverRegionsLines } from '../../../src/core/results/serverRegionsText';
import { regionFindings } from '../../../src/core/server/regionFindings';
import { parseTableKey } from '../../../src/core/server/tableKey';

const key = parseTableKey(
  'CREATE TABLE `sbtest1` (\n  `id` int(11) NOT NULL AUTO_INCREMENT,\n  PRIMARY KEY (`id`) /*T![clustered_index] CLUSTERED */\n)',
);
const single: TableRegionSnapshot = {
  regions: 1,
  leadersByStore: { 1: 1 },
  writtenBytes: 90_000,
  writtenBytesByStore: { 1: 90_000 },
  busiestRegion: { regionId: 2, writtenBytes: 90_000, share: 1, isLast: true, leaderStoreId: 1 },
};

test('one TiKV store: no "other stores", no advice to split so writes spread over the stores', () => {
  const [finding] = regionFindings({ table: 'sbtest1', after: single, hotRegions: [], storeCount: 1, key });
  assert.equal(finding.kind, 'one-region');
  assert.equal(finding.message, 'Writes piled on one region (2): sbtest1 is a single region, so one TiKV leader took the whole load.');
  assert.doesNotMatch(finding.message, /other stores?/);
  assert.doesNotMatch(finding.advice, /spread over every store/);
  assert.match(finding.advice, /one TiKV store/);
  assert.match(finding.advice, /splitting cannot spread the writes over stores/);
});

test('three TiKV stores: the other two waited, and splitting spreads the writes over every store', () => {
  const [finding] = regionFindings({ table: 'sbtest1', after: single, hotRegions: [], storeCount: 3, key });
  assert.match(finding.message, /so one TiKV leader took the whole load while the other 2 stores waited\.$/);
  assert.match(finding.advice, /spread over every store/);
  const [two] = regionFindings({ table: 'sbtest1', after: single, hotRegions: [], storeCount: 2, key });
  assert.match(two.message, /while the other store waited\.$/);
});

test('the store count reads "1 TiKV store" in the CLI lines and the Markdown export', () => {
  const regions: ServerRegions = {
    source: 'tidb',
    storeCount: 1,
    tables: [{ table: 'sbtest1', before: single, after: single }],
    hotRegions: [],
    findings: [],
    warnings: [],
  };
  const lines = serverRegionsLines(regions).join('\n');
  assert.match(lines, /; 1 TiKV store\)/);
  assert.doesNotMatch(lines, /1 TiKV stores/);
  const markdown = serverRegionsToMarkdown(regions);
  assert.match(markdown, /\(1 TiKV store\)/);
  assert.doesNotMatch(markdown, /1 TiKV stores/);
  assert.match(serverRegionsLines({ ...regions, storeCount: 3 }).join('\n'), /; 3 TiKV stores\)/);
});
