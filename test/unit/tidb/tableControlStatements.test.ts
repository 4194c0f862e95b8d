import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildCacheTable,
  buildSetDatabaseTiFlashReplica,
  buildSetTableCacheLease,
  buildSetTableTiFlashReplica,
  buildStopCachingTable,
  validateReplicaCount,
  validateTableCacheLease,
} from '../../../src/core/tidb/tableControlStatements';
import { AWKWARD_NAMES } from './fakeSqlExecutor';

const ref = { schema: AWKWARD_NAMES.schema, table: AWKWARD_NAMES.table };

test('CACHE and NOCACHE quote backticks, reserved words and unicode', () => {
  assert.equal(buildCacheTable(ref), 'ALTER TABLE `shop ``east```.`order` CACHE');
  assert.equal(buildStopCachingTable(ref), 'ALTER TABLE `shop ``east```.`order` NOCACHE');
  assert.equal(buildCacheTable({ schema: 'app', table: AWKWARD_NAMES.unicodeTable }), 'ALTER TABLE `app`.`Bücher 📚` CACHE');
});

test('SET TIFLASH REPLICA for a table, with and without location labels', () => {
  assert.equal(buildSetTableTiFlashReplica(ref, 2), 'ALTER TABLE `shop ``east```.`order` SET TIFLASH REPLICA 2');
  assert.equal(
    buildSetTableTiFlashReplica({ schema: 'app', table: AWKWARD_NAMES.spacedTable }, 2, ['zone', " rack'1 "]),
    "ALTER TABLE `app`.`exchange rates` SET TIFLASH REPLICA 2 LOCATION LABELS 'zone', 'rack''1'",
  );
  // Removing the replica takes no labels.
  assert.equal(buildSetTableTiFlashReplica(ref, 0, ['zone']), 'ALTER TABLE `shop ``east```.`order` SET TIFLASH REPLICA 0');
});

test('SET TIFLASH REPLICA for a database', () => {
  assert.equal(buildSetDatabaseTiFlashReplica(AWKWARD_NAMES.schema, 1), 'ALTER DATABASE `shop ``east``` SET TIFLASH REPLICA 1');
  assert.equal(
    buildSetDatabaseTiFlashReplica('select', 3, ['zone']),
    "ALTER DATABASE `select` SET TIFLASH REPLICA 3 LOCATION LABELS 'zone'",
  );
});

test('bad replica counts and labels are refused with a sentence, before any SQL exists', () => {
  for (const bad of [-1, 1.5, Number.NaN, '2' as unknown as number]) {
    assert.throws(() => buildSetTableTiFlashReplica(ref, bad), /whole number of 0 or more/);
  }
  assert.throws(() => buildSetTableTiFlashReplica(ref, 1, ['zone', '  ']), /location label cannot be empty/);
  assert.deepEqual(validateReplicaCount(3), { ok: true, value: 3 });
  assert.equal(validateReplicaCount(-2).ok, false);
});

test('the cache lease is validated to whole seconds from 1 to 10', () => {
  assert.equal(buildSetTableCacheLease(1), 'SET GLOBAL tidb_table_cache_lease = 1');
  assert.equal(buildSetTableCacheLease(10), 'SET GLOBAL tidb_table_cache_lease = 10');
  for (const bad of [0, 11, 2.5, -3]) {
    assert.throws(() => buildSetTableCacheLease(bad), {
      name: 'RangeError',
      message: `The cache lease must be a whole number of seconds from 1 to 10; got ${bad}.`,
    });
  }
  assert.deepEqual(validateTableCacheLease('5'), {
    ok: false,
    message: 'The cache lease must be a whole number of seconds from 1 to 10; got 5.',
  });
});

test('the replica count picker says the range to a count typed outside it', async () => {
  const { replicaCountRangeSentence } = await import('../../../src/core/tidb/tableControlSentences');
  assert.equal(
    replicaCountRangeSentence('3', [1, 2], 2),
    '3 TiFlash replicas is more than the cluster can hold: it has 2 TiFlash nodes, so choose 1 to 2 replicas.',
  );
  assert.equal(
    replicaCountRangeSentence('-1', [1, 2], 2),
    'A replica count cannot be negative: choose 1 to 2 replicas (the cluster has 2 TiFlash nodes).',
  );
  assert.equal(
    replicaCountRangeSentence('0', [1, 2], 2),
    '0 is not offered here: choose 1 to 2 replicas (the cluster has 2 TiFlash nodes).',
  );
  assert.equal(
    replicaCountRangeSentence('5', [0, 1], 1),
    '5 TiFlash replicas is more than the cluster can hold: it has 1 TiFlash node, so choose 0 to 1 replicas.',
  );
  assert.equal(replicaCountRangeSentence('2', [1, 2], 2), undefined, 'a count on offer');
  assert.equal(replicaCountRangeSentence(' ', [1, 2], 2), undefined);
  assert.equal(replicaCountRangeSentence('repl', [1, 2], 2), 'Type or pick a count from 1 to 2 replicas.');
});
