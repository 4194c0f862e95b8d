import { test } from 'node:test';
import assert from 'node:assert/strict';
import { identifyServer } from '../../../src/core/db/serverFlavor';
import type { TableControlInfo } from '../../../src/core/tidb/tableControlInfo';
import {
  checkCacheTable,
  checkCachedTablesAvailable,
  checkSetDatabaseTiFlashReplica,
  checkSetTableTiFlashReplica,
  checkStopCachingTable,
  checkTiFlashAvailable,
} from '../../../src/core/tidb/tableControlPreChecks';

const tidb = identifyServer('8.0.11-TiDB-v8.5.1');
const oldTidb = identifyServer('5.7.25-TiDB-v5.4.0');
const mariadb = identifyServer('10.11.19-MariaDB-0+deb12u1');
const mysql = identifyServer('8.0.36');
const MiB = 1024 * 1024;

function table(overrides: Partial<TableControlInfo> = {}): TableControlInfo {
  return { schema: 'app', table: 'rates', kind: 'base table', cached: false, sizeBytes: MiB, source: 'information_schema', ...overrides };
}

test('a small base table on TiDB 6.0+ can be cached', () => {
  assert.deepEqual(checkCacheTable(tidb, table()), { allowed: true, problems: [] });
  assert.equal(checkCacheTable(identifyServer('8.0.11-TiDB-v6.0.0'), table()).allowed, true);
});

test('not TiDB: one sentence naming the server', () => {
  assert.deepEqual(checkCachedTablesAvailable(mariadb), {
    allowed: false,
    problems: [{ code: 'notTiDB', message: 'Cached tables are a TiDB feature; this server is MariaDB 10.11.19.' }],
  });
  assert.equal(checkCacheTable(mysql, table()).problems[0].message, 'Cached tables are a TiDB feature; this server is MySQL 8.0.36.');
  assert.equal(checkStopCachingTable(mariadb).allowed, false);
  assert.equal(checkTiFlashAvailable(mariadb).problems[0].message, 'TiFlash replicas are a TiDB feature; this server is MariaDB 10.11.19.');
});

test('TiDB older than 6.0 cannot cache tables', () => {
  const result = checkCacheTable(oldTidb, table());
  assert.equal(result.allowed, false);
  assert.equal(result.problems[0].code, 'versionTooOld');
  assert.equal(result.problems[0].message, 'Cached tables need TiDB v6.0.0 or later; this server is TiDB v5.4.0.');
});

test('a table over 64 MiB is refused with its size named', () => {
  const result = checkCacheTable(tidb, table({ sizeBytes: 80 * MiB }));
  assert.deepEqual(result.problems, [
    { code: 'tooLarge', message: 'app.rates holds about 80.0 MiB of data and indexes; TiDB caches tables of at most 64.0 MiB.' },
  ]);
  assert.equal(checkCacheTable(tidb, table({ sizeBytes: 64 * MiB })).allowed, true);
  assert.equal(checkCacheTable(tidb, table({ sizeBytes: null })).allowed, true);
});

test('partitioned, temporary, view and system-schema tables are refused, all reasons listed', () => {
  assert.equal(
    checkCacheTable(tidb, table({ kind: 'partitioned' })).problems[0].message,
    'app.rates is partitioned; TiDB cannot cache partitioned tables.',
  );
  assert.equal(
    checkCacheTable(tidb, table({ kind: 'temporary' })).problems[0].message,
    'app.rates is a temporary table; TiDB cannot cache temporary tables.',
  );
  assert.equal(
    checkCacheTable(tidb, table({ kind: 'view', sizeBytes: null })).problems[0].message,
    'app.rates is a view; TiDB can only cache base tables.',
  );
  for (const schema of ['mysql', 'INFORMATION_SCHEMA', 'performance_schema', 'metrics_schema', 'sys']) {
    const result = checkCacheTable(tidb, table({ schema }));
    assert.equal(result.problems[0].code, 'systemSchema', schema);
  }
  const several = checkCacheTable(tidb, table({ kind: 'partitioned', sizeBytes: 100 * MiB }));
  assert.deepEqual(
    several.problems.map((problem) => problem.code),
    ['partitioned', 'tooLarge'],
  );
});

test('caching an already cached table is a no-op, not a failure', () => {
  assert.equal(checkCacheTable(tidb, table({ cached: true, sizeBytes: 100 * MiB })).allowed, true);
});

test('TiFlash: replica count against the number of TiFlash nodes, both named', () => {
  assert.equal(checkSetTableTiFlashReplica(tidb, table(), 2, 2).allowed, true);
  assert.deepEqual(checkSetTableTiFlashReplica(tidb, table(), 3, 2).problems, [
    {
      code: 'tooManyReplicas',
      message: 'You asked for 3 TiFlash replicas but the cluster has 2 TiFlash nodes; choose at most 2.',
      remedy: 'reduceReplicas',
    },
  ]);
  assert.deepEqual(checkSetTableTiFlashReplica(tidb, table(), 1, 0).problems, [
    {
      code: 'noTiFlash',
      message: 'TiDB cannot place 1 TiFlash replica: the cluster has no TiFlash nodes. Add TiFlash nodes to the cluster first.',
      remedy: 'addTiFlashNodes',
    },
  ]);
  // Removing replicas always fits, and an unknown node count (TiDB Cloud Starter) allows any count.
  assert.equal(checkSetTableTiFlashReplica(tidb, table(), 0, 0).allowed, true);
  assert.equal(checkSetTableTiFlashReplica(tidb, table(), 5, null).allowed, true);
  assert.equal(checkSetTableTiFlashReplica(tidb, table(), -1, null).problems[0].code, 'invalidReplicaCount');
});

test('TiFlash: a cached table must stop caching first; views, temporary and system tables are refused', () => {
  assert.deepEqual(checkSetTableTiFlashReplica(tidb, table({ cached: true }), 1, 2).problems, [
    {
      code: 'cachedTable',
      message: 'TiDB refuses ALTER TABLE on a cached table: stop caching app.rates first, make the change, then cache it again.',
      remedy: 'stopCaching',
    },
  ]);
  assert.equal(checkSetTableTiFlashReplica(tidb, table({ kind: 'view' }), 1, 2).problems[0].code, 'view');
  assert.equal(checkSetTableTiFlashReplica(tidb, table({ kind: 'temporary' }), 1, 2).problems[0].code, 'temporary');
  assert.equal(checkSetTableTiFlashReplica(tidb, table({ kind: 'partitioned' }), 1, 2).allowed, true);
  assert.equal(checkSetTableTiFlashReplica(tidb, table({ schema: 'mysql' }), 1, 2).problems[0].code, 'systemSchema');
  assert.equal(checkSetTableTiFlashReplica(mariadb, table(), 1, 2).problems[0].code, 'notTiDB');
});

test('TiFlash for a whole database', () => {
  assert.equal(checkSetDatabaseTiFlashReplica(tidb, 'app', 2, 3).allowed, true);
  assert.equal(
    checkSetDatabaseTiFlashReplica(tidb, 'app', 4, 3).problems[0].message,
    'You asked for 4 TiFlash replicas but the cluster has 3 TiFlash nodes; choose at most 3.',
  );
  assert.equal(checkSetDatabaseTiFlashReplica(tidb, 'mysql', 1, 3).problems[0].code, 'systemSchema');
  assert.equal(checkSetDatabaseTiFlashReplica(mariadb, 'app', 1, 3).problems[0].code, 'notTiDB');
});
