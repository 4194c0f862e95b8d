import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readClusterComponents, readTiFlashNodeCount } from '../../../src/core/tidb/clusterTopology';
import { readTableCacheLease, setTableCacheLease } from '../../../src/core/tidb/tableCacheLease';
import { readTiFlashReplicas } from '../../../src/core/tidb/tiflashReplicaState';
import { AWKWARD_NAMES, FakeSqlExecutor, serverError } from './fakeSqlExecutor';

test('TiFlash node count from cluster_info; a failing query means unknown, not an error', async () => {
  const counted = new FakeSqlExecutor(() => [{ TIFLASH_NODES: 2 }]);
  assert.equal(await readTiFlashNodeCount(counted), 2);
  assert.equal(counted.sqls[0], "SELECT COUNT(*) AS TIFLASH_NODES FROM information_schema.cluster_info WHERE TYPE='tiflash'");
  assert.equal(await readTiFlashNodeCount(new FakeSqlExecutor(() => [{ TIFLASH_NODES: '0' }])), 0);
  assert.equal(await readTiFlashNodeCount(new FakeSqlExecutor(() => serverError(1105, 'not available on serverless'))), null);
});

test('cluster components, or null when cluster_info is refused', async () => {
  const executor = new FakeSqlExecutor(() => [
    {
      TYPE: 'tidb',
      INSTANCE: '10.0.0.1:4000',
      STATUS_ADDRESS: '10.0.0.1:10080',
      VERSION: '8.5.1',
      GIT_HASH: 'abc',
      START_TIME: '2025-01-01T00:00:00Z',
      UPTIME: '1h',
    },
    {
      TYPE: 'TiFlash',
      INSTANCE: '10.0.0.4:3930',
      STATUS_ADDRESS: '10.0.0.4:20292',
      VERSION: '8.5.1',
      GIT_HASH: 'def',
      START_TIME: '',
      UPTIME: '',
    },
  ]);
  const components = await readClusterComponents(executor);
  assert.deepEqual(
    components?.map((component) => [component.type, component.instance]),
    [
      ['tidb', '10.0.0.1:4000'],
      ['tiflash', '10.0.0.4:3930'],
    ],
  );
  assert.equal(await readClusterComponents(new FakeSqlExecutor(() => serverError(1142, 'denied'))), null);
});

test('replica state per table, filtered in one query', async () => {
  const executor = new FakeSqlExecutor(() => [
    {
      TABLE_SCHEMA: AWKWARD_NAMES.schema,
      TABLE_NAME: AWKWARD_NAMES.table,
      TABLE_ID: 101,
      REPLICA_COUNT: 2,
      LOCATION_LABELS: 'zone,rack',
      AVAILABLE: 1,
      PROGRESS: 0.63,
    },
    {
      TABLE_SCHEMA: AWKWARD_NAMES.schema,
      TABLE_NAME: 'other',
      TABLE_ID: 102,
      REPLICA_COUNT: 1,
      LOCATION_LABELS: '',
      AVAILABLE: 0,
      PROGRESS: 0,
    },
  ]);
  const replicas = await readTiFlashReplicas(executor, { tables: [{ schema: AWKWARD_NAMES.schema, table: AWKWARD_NAMES.table }] });
  assert.equal(executor.statements.length, 1);
  assert.match(executor.statements[0].sql, /FROM information_schema\.tiflash_replica WHERE TABLE_SCHEMA IN \(\?\)$/);
  assert.deepEqual(executor.statements[0].values, [AWKWARD_NAMES.schema]);
  assert.deepEqual(replicas, [
    {
      schema: AWKWARD_NAMES.schema,
      table: AWKWARD_NAMES.table,
      tableId: 101,
      replicaCount: 2,
      locationLabels: ['zone', 'rack'],
      available: true,
      progress: 0.63,
    },
  ]);
  const all = await readTiFlashReplicas(executor, { schemas: [AWKWARD_NAMES.schema] });
  assert.equal(all.length, 2);
  assert.deepEqual(all[1].locationLabels, []);
  assert.equal(all[1].available, false);
});

test('cache lease read and set; a bad lease never reaches the server', async () => {
  const executor = new FakeSqlExecutor(() => [{ LEASE: '3' }]);
  assert.equal(await readTableCacheLease(executor), 3);
  assert.equal(executor.sqls[0], 'SELECT @@GLOBAL.tidb_table_cache_lease AS LEASE');
  await setTableCacheLease(executor, 10);
  assert.equal(executor.sqls[1], 'SET GLOBAL tidb_table_cache_lease = 10');
  await assert.rejects(setTableCacheLease(executor, 11), /from 1 to 10; got 11/);
  assert.equal(executor.statements.length, 2);
});
