// server.regions survives saving and loading a result exactly, and a malformed one is refused
// with the field named (a result file is not trusted).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import type { ServerRegions } from '../../../src/core/results/serverRegions';
import { sampleRun } from './support/sampleResults';

const REGIONS: ServerRegions = {
  source: 'tidb',
  hotRegionsSource: 'information_schema.tidb_hot_regions',
  storeCount: 3,
  tables: [
    {
      table: 'sbtest1',
      before: { regions: 4, leadersByStore: { 1: 2, 2: 1, 3: 1 }, writtenBytes: 0, writtenBytesByStore: { 1: 0, 2: 0, 3: 0 } },
      after: {
        regions: 4,
        leadersByStore: { 1: 2, 2: 1, 3: 1 },
        writtenBytes: 38_401_200,
        writtenBytesByStore: { 1: 0, 2: 1_200, 3: 38_400_000 },
        busiestRegion: { regionId: 106, writtenBytes: 38_400_000, share: 0.99997, isLast: true, leaderStoreId: 3 },
      },
      key: { kind: 'clustered-int', column: 'id', columnType: 'int', autoIncrement: true, autoRandom: false, shardRowIdBits: 0 },
    },
  ],
  hotRegions: [{ table: 'sbtest1', regionId: 106, type: 'write', maxHotDegree: 12, flowBytes: 38_000_000, storeId: 3 }],
  findings: [
    {
      kind: 'increasing-key',
      table: 'sbtest1',
      message: "The writes went to sbtest1's last region",
      advice: 'Use AUTO_RANDOM',
      statements: ['ALTER TABLE `sbtest1` MODIFY COLUMN `id` BIGINT AUTO_RANDOM(5);'],
    },
  ],
  warnings: [],
};

test('server.regions round-trips through validation', () => {
  const run = sampleRun();
  run.server = { flavor: 'tidb', version: '8.5.1', regions: REGIONS };
  const parsed = parseBenchmarkResult(JSON.stringify(run));
  assert.ok(parsed.ok, JSON.stringify(parsed));
  assert.deepEqual(parsed.result.kind === 'run' ? parsed.result.server?.regions : undefined, REGIONS);
});

test('a malformed server.regions is refused with the field named', () => {
  const run = sampleRun();
  const broken = {
    ...REGIONS,
    hotRegions: [{ ...REGIONS.hotRegions[0], type: 'hot', flowBytes: 'lots' }],
    findings: [{ ...REGIONS.findings[0], kind: 'made-up' }],
  };
  run.server = { flavor: 'tidb', version: '8.5.1', regions: broken as unknown as ServerRegions };
  const parsed = parseBenchmarkResult(run);
  assert.equal(parsed.ok, false);
  const errors = parsed.ok ? '' : parsed.errors.join('\n');
  assert.match(errors, /server\.regions\.hotRegions\[0\]\.type: expected 'read' or 'write'/);
  assert.match(errors, /server\.regions\.findings\[0\]\.kind: expected one-region or one-store or increasing-key/);
});
