// The TiDB table-controls core against the TiDB stand-in (which relays to the real MariaDB),
// through the extension's own DatabaseSession, with table names that need quoting.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createConnection } from 'mysql2/promise';
import type { ConnectionProfile } from '../../../src/core/db/connectionProfile';
import { DatabaseSession } from '../../../src/core/db/databaseSession';
import { quoteQualifiedName } from '../../../src/core/db/sqlIdentifiers';
import { verifyCacheHit } from '../../../src/core/tidb/cacheHitVerification';
import { readClusterComponents, readTiFlashNodeCount } from '../../../src/core/tidb/clusterTopology';
import { watchReplicaProgress, type ReplicaWatchStatus } from '../../../src/core/tidb/replicaProgressWatch';
import { readTableCacheLease, setTableCacheLease } from '../../../src/core/tidb/tableCacheLease';
import {
  cacheTable,
  setDatabaseTiFlashReplica,
  setTableTiFlashReplica,
  stopCachingTable,
} from '../../../src/core/tidb/tableControlActions';
import { readFromShowCreateTable, readTableControlInfo } from '../../../src/core/tidb/tableControlInfo';
import { checkCachedTablesAvailable, checkCacheTable, checkSetTableTiFlashReplica } from '../../../src/core/tidb/tableControlPreChecks';
import { mapTiDBError } from '../../../src/core/tidb/tidbErrorMapping';
import { readTiFlashReplicas } from '../../../src/core/tidb/tiflashReplicaState';
import { testDatabase } from '../../support/testDatabase';
import { startTestStandIn } from '../../standin/testStandIn';
import type { TiDBStandIn } from '../../standin/tidbStandIn';

const db = testDatabase();
const SCHEMA = 'tidblab_tidb_controls';
const MiB = 1024 * 1024;
// MariaDB identifiers stay in the Basic Multilingual Plane, so no emoji here.
const AWKWARD_TABLES = ['order', 'exchange rates', 'Bücher Ω', 'we`ird'];
let standIn: TiDBStandIn;
let session: DatabaseSession;

function profile(port: number): ConnectionProfile {
  return { id: 'tidb-it', name: 'TiDB stand-in', host: db.host, port, user: db.user, tls: 'off', passwordMode: 'secretStorage' };
}

function ref(table: string) {
  return { schema: SCHEMA, table };
}

async function onMariaDB(statements: string[]): Promise<void> {
  const connection = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    for (const statement of statements) await connection.query(statement);
  } finally {
    await connection.end();
  }
}

before(async () => {
  await onMariaDB([
    `DROP DATABASE IF EXISTS ${SCHEMA}`,
    `CREATE DATABASE ${SCHEMA}`,
    ...AWKWARD_TABLES.map((table) => `CREATE TABLE ${quoteQualifiedName(SCHEMA, table)} (id INT PRIMARY KEY, v VARCHAR(20))`),
    ...AWKWARD_TABLES.map((table) => `INSERT INTO ${quoteQualifiedName(SCHEMA, table)} VALUES (1, 'one'), (2, 'two')`),
    `CREATE TABLE ${SCHEMA}.big (id INT PRIMARY KEY)`,
    `CREATE TABLE ${SCHEMA}.parts (id INT PRIMARY KEY) PARTITION BY HASH (id) PARTITIONS 2`,
    `CREATE VIEW ${SCHEMA}.v AS SELECT id FROM ${SCHEMA}.\`order\``,
  ]);
  standIn = await startTestStandIn({
    tiflashNodes: 2,
    replicaProgressPerSecond: 4,
    cacheLoadDelayMs: 150,
    tableSizeOverridesBytes: { [`${SCHEMA}.big`]: 100 * MiB },
  });
  session = await DatabaseSession.open(profile(standIn.port), db.password);
});

after(async () => {
  await session?.close();
  await standIn?.close();
  await onMariaDB([`DROP DATABASE IF EXISTS ${SCHEMA}`]);
});

test('the extension sees the stand-in as TiDB 8.5.1 with cached tables available', () => {
  assert.equal(session.identity.flavor, 'tidb');
  assert.equal(session.identity.version, '8.5.1');
  assert.deepEqual(checkCachedTablesAvailable(session.identity), { allowed: true, problems: [] });
});

test('cache tables whose names need quoting, read the state back, then stop caching', async () => {
  for (const table of AWKWARD_TABLES) {
    const before = (await readTableControlInfo(session, SCHEMA, [table])).get(table);
    assert.ok(before, table);
    assert.equal(before.cached, false);
    assert.deepEqual(checkCacheTable(session.identity, before).problems, []);
    assert.deepEqual(await cacheTable(session, ref(table)), {
      ok: true,
      statement: `ALTER TABLE ${quoteQualifiedName(SCHEMA, table)} CACHE`,
    });
  }
  const all = await readTableControlInfo(session, SCHEMA);
  for (const table of AWKWARD_TABLES) assert.equal(all.get(table)?.cached, true, table);
  assert.equal(all.get('big')?.cached, false);
  assert.equal((await readFromShowCreateTable(session, SCHEMA, 'Bücher Ω')).cached, true);
  for (const table of AWKWARD_TABLES) assert.equal((await stopCachingTable(session, ref(table))).ok, true);
  const after = await readTableControlInfo(session, SCHEMA, AWKWARD_TABLES);
  for (const table of AWKWARD_TABLES) assert.equal(after.get(table)?.cached, false, table);
  assert.equal((await readFromShowCreateTable(session, SCHEMA, 'order')).cached, false);
});

test('a table over 64 MiB: the pre-check names its size, and the server refusal is mapped', async () => {
  const big = (await readTableControlInfo(session, SCHEMA, ['big'])).get('big');
  assert.equal(big?.sizeBytes, 100 * MiB);
  assert.deepEqual(checkCacheTable(session.identity, big!).problems, [
    { code: 'tooLarge', message: `${SCHEMA}.big holds about 100 MiB of data and indexes; TiDB caches tables of at most 64.0 MiB.` },
  ]);
  const outcome = await cacheTable(session, ref('big'));
  assert.ok(!outcome.ok);
  assert.equal(outcome.error.errno, 8242);
  assert.equal(outcome.error.serverMessage, "'table too large' is unsupported on cache tables.");
  assert.equal(outcome.error.title, 'Table too large to cache');
});

test('a partitioned table: pre-check and server refusal', async () => {
  const parts = (await readTableControlInfo(session, SCHEMA, ['parts'])).get('parts');
  assert.equal(parts?.kind, 'partitioned');
  assert.equal(checkCacheTable(session.identity, parts!).problems[0].code, 'partitioned');
  const outcome = await cacheTable(session, ref('parts'));
  assert.ok(!outcome.ok);
  assert.equal(outcome.error.title, 'Partitioned tables cannot be cached');
  const view = (await readTableControlInfo(session, SCHEMA, ['v'])).get('v');
  assert.equal(view?.kind, 'view');
  assert.equal(checkCacheTable(session.identity, view!).problems[0].code, 'view');
});

test('DDL on a cached table is refused and mapped to "stop caching it first"; after NOCACHE it works', async () => {
  assert.equal((await cacheTable(session, ref('order'))).ok, true);
  const truncate = `TRUNCATE TABLE ${quoteQualifiedName(SCHEMA, 'order')}`;
  const refusal = await session.run(truncate).then(
    () => assert.fail('TRUNCATE of a cached table should be refused'),
    (error: unknown) => mapTiDBError(error, { table: ref('order') }),
  );
  assert.equal(refusal.title, 'TiDB refuses DDL on cached tables');
  assert.equal(refusal.remedy, 'stopCaching');
  assert.equal(
    refusal.detail,
    `TiDB refuses 'Truncate Table' on a cached table: stop caching ${SCHEMA}.order first, make the change, then cache it again.`,
  );

  const info = (await readTableControlInfo(session, SCHEMA, ['order'])).get('order')!;
  assert.equal(checkSetTableTiFlashReplica(session.identity, info, 1, 2).problems[0].remedy, 'stopCaching');
  const replica = await setTableTiFlashReplica(session, ref('order'), 1);
  assert.ok(!replica.ok);
  assert.equal(replica.error.serverMessage, "'Alter Table' is unsupported on cache tables.");
  assert.equal(replica.error.remedy, 'stopCaching');

  assert.equal((await stopCachingTable(session, ref('order'))).ok, true);
  await session.run(`DELETE FROM ${quoteQualifiedName(SCHEMA, 'order')} WHERE id = 2`);
  const rows = await session.query(`SELECT id FROM ${quoteQualifiedName(SCHEMA, 'order')}`);
  assert.deepEqual(rows, [{ id: 1 }]);
});

test('verify a cache hit: the first read goes to TiKV, later reads are served from memory', async () => {
  const table = 'exchange rates';
  const notCached = await verifyCacheHit(session, SCHEMA, table, { attempts: 2, intervalMs: 10 });
  assert.equal(notCached.servedFromCache, false);
  assert.equal((await cacheTable(session, ref(table))).ok, true);
  const firstRead = await verifyCacheHit(session, SCHEMA, table, { attempts: 1 });
  assert.equal(firstRead.servedFromCache, false);
  assert.match(firstRead.detail, /still went to TiKV after 1 try/);
  // The load the first read triggered takes 150 ms in this stand-in: the check retries until then.
  const loaded = await verifyCacheHit(session, SCHEMA, table, { attempts: 10, intervalMs: 50 });
  assert.equal(loaded.servedFromCache, true, loaded.detail);
  assert.ok(loaded.attempts >= 2, `served on attempt ${loaded.attempts}, before the load could finish`);
  // A write invalidates the cache until the next load.
  await session.run(`UPDATE ${quoteQualifiedName(SCHEMA, table)} SET v = 'uno' WHERE id = 1`);
  assert.equal((await verifyCacheHit(session, SCHEMA, table, { attempts: 1 })).servedFromCache, false);
  assert.equal((await stopCachingTable(session, ref(table))).ok, true);
});

test('TiFlash: node count, a replica set and watched to the end, then removed', async () => {
  assert.equal(await readTiFlashNodeCount(session), 2);
  const components = await readClusterComponents(session);
  assert.deepEqual(components?.map((component) => component.type).sort(), ['pd', 'tidb', 'tiflash', 'tiflash', 'tikv']);

  const target = ref('Bücher Ω');
  assert.equal((await setTableTiFlashReplica(session, target, 2, ['zone', 'rack'])).ok, true);
  const seen: ReplicaWatchStatus[][] = [];
  const result = await watchReplicaProgress(session, [target], { intervalMs: 40, onProgress: (statuses) => seen.push(statuses) });
  assert.equal(result.cancelled, false);
  assert.equal(result.statuses[0].phase, 'ready');
  assert.deepEqual(result.statuses[0].replica?.locationLabels, ['zone', 'rack']);
  assert.equal(result.statuses[0].replica?.replicaCount, 2);
  assert.ok(seen.length >= 3, `only ${seen.length} polls`);
  assert.ok(
    seen.some((statuses) => statuses[0].phase === 'replicating' && statuses[0].replica!.progress > 0 && statuses[0].replica!.progress < 1),
  );

  assert.equal((await setTableTiFlashReplica(session, target, 0)).ok, true);
  assert.deepEqual(await readTiFlashReplicas(session, { tables: [target] }), []);
  assert.equal((await watchReplicaProgress(session, [target], { intervalMs: 10 })).statuses[0].phase, 'noReplica');
});

test('TiFlash: cancelling a watch stops watching, not the replication', async () => {
  const target = ref('exchange rates');
  assert.equal((await setTableTiFlashReplica(session, target, 1)).ok, true);
  const controller = new AbortController();
  const result = await watchReplicaProgress(session, [target], {
    intervalMs: 1000,
    signal: controller.signal,
    onProgress: () => controller.abort(),
  });
  assert.equal(result.cancelled, true);
  const [replica] = await readTiFlashReplicas(session, { tables: [target] });
  assert.equal(replica.replicaCount, 1);
  assert.equal((await setTableTiFlashReplica(session, target, 0)).ok, true);
});

test('TiFlash: more replicas than nodes is foreseen and, when sent anyway, mapped with both numbers', async () => {
  const info = (await readTableControlInfo(session, SCHEMA, ['order'])).get('order')!;
  const precheck = checkSetTableTiFlashReplica(session.identity, info, 3, await readTiFlashNodeCount(session));
  assert.equal(precheck.problems[0].message, 'You asked for 3 TiFlash replicas but the cluster has 2 TiFlash nodes; choose at most 2.');
  const outcome = await setTableTiFlashReplica(session, ref('order'), 3);
  assert.ok(!outcome.ok);
  assert.equal(outcome.error.serverMessage, 'the tiflash replica count: 3 should be less than the total tiflash server count: 2');
  assert.equal(outcome.error.detail, precheck.problems[0].message);
  assert.equal(outcome.error.maxReplicas, 2);
});

test('TiFlash for a whole database: every base table gets a replica', async () => {
  assert.equal((await setDatabaseTiFlashReplica(session, SCHEMA, 1)).ok, true);
  const replicas = await readTiFlashReplicas(session, { schemas: [SCHEMA] });
  assert.deepEqual(replicas.map((replica) => replica.table).sort(), [...AWKWARD_TABLES, 'big', 'parts'].sort());
  assert.equal((await setDatabaseTiFlashReplica(session, SCHEMA, 0)).ok, true);
  assert.deepEqual(await readTiFlashReplicas(session, { schemas: [SCHEMA] }), []);
});

test('the cache lease is read and set', async () => {
  assert.equal(await readTableCacheLease(session), 3);
  await setTableCacheLease(session, 10);
  assert.equal(await readTableCacheLease(session), 10);
  await assert.rejects(setTableCacheLease(session, 11), RangeError);
  await setTableCacheLease(session, 3);
  assert.equal(await readTableCacheLease(session), 3);
});

test('TiDB Cloud Starter-like cluster: cluster_info is refused, so the node count is unknown, not an error', async () => {
  const serverless = await startTestStandIn({ serverless: true, versionString: '8.0.11-TiDB-v8.5.3-serverless' });
  const starter = await DatabaseSession.open(profile(serverless.port), db.password);
  try {
    assert.equal(starter.identity.isTiDBCloudServerless, true);
    assert.equal(await readTiFlashNodeCount(starter), null);
    assert.equal(await readClusterComponents(starter), null);
    const info = (await readTableControlInfo(starter, SCHEMA, ['order'])).get('order')!;
    assert.equal(checkSetTableTiFlashReplica(starter.identity, info, 5, null).allowed, true);
  } finally {
    await starter.close();
    await serverless.close();
  }
});

test('older TiDB and MariaDB: cached tables unavailable, with the reason', async () => {
  const old = await startTestStandIn({ versionString: '5.7.25-TiDB-v5.4.0' });
  const oldSession = await DatabaseSession.open(profile(old.port), db.password);
  const mariadb = await DatabaseSession.open(profile(db.port), db.password);
  try {
    assert.equal(
      checkCachedTablesAvailable(oldSession.identity).problems[0].message,
      'Cached tables need TiDB v6.0.0 or later; this server is TiDB v5.4.0.',
    );
    assert.match(
      checkCachedTablesAvailable(mariadb.identity).problems[0].message,
      /^Cached tables are a TiDB feature; this server is MariaDB 10\.\d+\.\d+\.$/,
    );
  } finally {
    await oldSession.close();
    await mariadb.close();
    await old.close();
  }
});
