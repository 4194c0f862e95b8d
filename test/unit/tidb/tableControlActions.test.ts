import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cacheTable,
  setDatabaseTiFlashReplica,
  setTableTiFlashReplica,
  stopCachingTable,
} from '../../../src/core/tidb/tableControlActions';
import { FakeSqlExecutor, serverError } from './fakeSqlExecutor';

const ref = { schema: 'app', table: 'select' };

test('a successful statement reports what it ran', async () => {
  const executor = new FakeSqlExecutor();
  assert.deepEqual(await cacheTable(executor, ref), { ok: true, statement: 'ALTER TABLE `app`.`select` CACHE' });
  assert.deepEqual(await stopCachingTable(executor, ref), { ok: true, statement: 'ALTER TABLE `app`.`select` NOCACHE' });
  assert.equal((await setDatabaseTiFlashReplica(executor, 'app', 1)).statement, 'ALTER DATABASE `app` SET TIFLASH REPLICA 1');
});

test('a refusal comes back mapped, naming the table', async () => {
  const executor = new FakeSqlExecutor(() => serverError(8242, "'Alter Table' is unsupported on cache tables."));
  const outcome = await setTableTiFlashReplica(executor, ref, 1);
  assert.equal(outcome.ok, false);
  assert.ok(!outcome.ok);
  assert.equal(outcome.error.remedy, 'stopCaching');
  assert.match(outcome.error.detail, /stop caching app\.select first/);
});

test('bad input is rejected before anything is sent', async () => {
  const executor = new FakeSqlExecutor();
  await assert.rejects(setTableTiFlashReplica(executor, ref, -1), RangeError);
  assert.equal(executor.statements.length, 0);
});
