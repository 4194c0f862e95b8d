import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mapTiDBError } from '../../../src/core/tidb/tidbErrorMapping';
import {
  CACHED_TABLE_DDL_REFUSALS,
  parseTiFlashReplicaCount,
  parseUnsupportedOnCacheTable,
  tiflashReplicaCountMessage,
  unsupportedOnCacheTableMessage,
} from '../../../src/core/tidb/tidbFacts';
import { serverError } from './fakeSqlExecutor';

const table = { schema: 'app', table: 'rates' };

test('8242 table too large', () => {
  const mapped = mapTiDBError(serverError(8242, "'table too large' is unsupported on cache tables."), { table });
  assert.equal(mapped.title, 'Table too large to cache');
  assert.match(mapped.detail, /^app\.rates holds more than 64 MiB of data and indexes/);
  assert.equal(mapped.remedy, undefined);
  assert.equal(mapped.errno, 8242);
  assert.equal(mapped.serverMessage, "'table too large' is unsupported on cache tables.");
});

test('8242 partition mode', () => {
  const mapped = mapTiDBError(serverError(8242, "'partition mode' is unsupported on cache tables."), { table });
  assert.equal(mapped.title, 'Partitioned tables cannot be cached');
  assert.equal(mapped.detail, 'app.rates is partitioned; TiDB only caches tables without partitions.');
});

test('8242 for every DDL on a cached table says to stop caching first', () => {
  for (const what of CACHED_TABLE_DDL_REFUSALS) {
    const mapped = mapTiDBError(serverError(8242, `'${what}' is unsupported on cache tables.`), { table });
    assert.equal(mapped.title, 'TiDB refuses DDL on cached tables', what);
    assert.equal(
      mapped.detail,
      `TiDB refuses '${what}' on a cached table: stop caching app.rates first, make the change, then cache it again.`,
    );
    assert.equal(mapped.remedy, 'stopCaching');
  }
  // Without a table in the context the sentence still reads.
  assert.match(mapTiDBError(serverError(8242, "'Truncate Table' is unsupported on cache tables.")).detail, /stop caching it first/);
});

test('the system-database messages', () => {
  const cache = mapTiDBError(serverError(8200, 'ALTER table cache for tables in system database is currently unsupported'), {
    table: { schema: 'mysql', table: 'user' },
  });
  assert.equal(cache.title, 'System tables cannot be cached');
  assert.equal(cache.detail, 'mysql.user is in a system schema; TiDB only caches tables in user schemas.');
  const replica = mapTiDBError(serverError(8200, 'ALTER table replica for tables in system database is currently unsupported'));
  assert.equal(replica.title, 'System tables cannot have TiFlash replicas');
});

test('TiFlash replica count above the number of TiFlash servers, with and without a [ddl] prefix', () => {
  const mapped = mapTiDBError(serverError(1105, 'the tiflash replica count: 3 should be less than the total tiflash server count: 2'));
  assert.equal(mapped.title, 'More replicas than TiFlash nodes');
  assert.equal(mapped.detail, 'You asked for 3 TiFlash replicas but the cluster has 2 TiFlash nodes; choose at most 2.');
  assert.equal(mapped.remedy, 'reduceReplicas');
  assert.equal(mapped.maxReplicas, 2);
  const none = mapTiDBError(serverError(1105, '[ddl] the tiflash replica count: 1 should be less than the total tiflash server count: 0'));
  assert.equal(none.title, 'No TiFlash in this cluster');
  assert.equal(none.remedy, 'addTiFlashNodes');
});

test('1815: no access path', () => {
  const message =
    "No access path for table 't' is found with 'tidb_isolation_read_engines' = 'tiflash', valid values can be 'tikv'. Please check tiflash replica.";
  const mapped = mapTiDBError(serverError(1815, message));
  assert.equal(mapped.title, 'No TiFlash replica to read from');
  assert.equal(
    mapped.detail,
    "TiDB found no way to read t: tidb_isolation_read_engines is 'tiflash' and only 'tikv' can serve it. Add a TiFlash replica to the table, or allow tikv in tidb_isolation_read_engines.",
  );
  assert.equal(mapped.remedy, 'addTiFlashReplica');
});

test('insecure transport asks for TLS (TiDB text and MariaDB text)', () => {
  assert.equal(mapTiDBError(serverError(3159, 'Connections using insecure transport are prohibited')).remedy, 'enableTls');
  assert.equal(
    mapTiDBError(serverError(1105, 'Connections using insecure transport are prohibited while --require_secure_transport=ON.')).remedy,
    'enableTls',
  );
});

test('views and temporary tables (texts from the TiDB source)', () => {
  assert.equal(mapTiDBError(serverError(1347, "'app.v' is not BASE TABLE"), { table }).title, 'Not a base table');
  assert.equal(
    mapTiDBError(serverError(8006, "'alter temporary table cache' is unsupported on temporary tables.")).title,
    'Temporary tables are not supported',
  );
});

test('unknown errors pass the server text through, whatever shape they come in', () => {
  const mapped = mapTiDBError(serverError(1146, "Table 'app.nope' doesn't exist"));
  assert.equal(mapped.title, 'The server refused the statement');
  assert.equal(mapped.detail, "Error 1146: Table 'app.nope' doesn't exist");
  assert.equal(mapped.serverMessage, "Table 'app.nope' doesn't exist");
  assert.equal(mapTiDBError(new Error('socket hang up')).detail, 'socket hang up');
  assert.equal(mapTiDBError('plain text').serverMessage, 'plain text');
  assert.equal(mapTiDBError(undefined).serverMessage, 'undefined');
});

test('the facts parse their own texts back', () => {
  for (const what of ['table too large', 'partition mode', ...CACHED_TABLE_DDL_REFUSALS]) {
    assert.equal(parseUnsupportedOnCacheTable(unsupportedOnCacheTableMessage(what)), what);
  }
  assert.equal(parseUnsupportedOnCacheTable('Table t does not exist'), undefined);
  assert.deepEqual(parseTiFlashReplicaCount(tiflashReplicaCountMessage(4, 3)), { requested: 4, tiflashServers: 3 });
  assert.equal(parseTiFlashReplicaCount('replica count 4'), undefined);
});
