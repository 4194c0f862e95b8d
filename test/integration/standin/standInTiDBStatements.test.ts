// The TiDB-only statements the stand-in answers itself, as a client sees them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import { testDatabase } from '../../support/testDatabase';
import { planFixtureDirectory } from '../../standin/planFixtures';
import { startTestStandIn } from '../../standin/testStandIn';
import { waitFor } from '../../support/serverStatements';
import type { TiDBStandIn } from '../../standin/tidbStandIn';

const db = testDatabase();
const SCHEMA = 'tidblab_tidb_standin_sql';
let standIn: TiDBStandIn;
let client: Connection;

before(async () => {
  standIn = await startTestStandIn({
    tiflashNodes: 1,
    replicaProgressPerSecond: 1000,
    planFixtures: { rules: [{ match: 'FROM trips', file: 'streamagg-indexreader-rangescan.txt' }] },
  });
  client = await createConnection({ host: db.host, port: standIn.port, user: db.user, password: db.password, dateStrings: true });
  await client.query(`DROP DATABASE IF EXISTS ${SCHEMA}`);
  await client.query(`CREATE DATABASE ${SCHEMA}`);
  await client.query(`USE ${SCHEMA}`);
  await client.query('CREATE TABLE t (id INT PRIMARY KEY, v INT)');
  await client.query('CREATE TABLE trips (id INT PRIMARY KEY)');
  await client.query('INSERT INTO t VALUES (1, 10), (2, 20)');
});

after(async () => {
  await client.query(`DROP DATABASE IF EXISTS ${SCHEMA}`);
  await client.end();
  await standIn.close();
});

function fixtureLineCount(file: string): number {
  const text = readFileSync(join(planFixtureDirectory({}), file), 'utf8');
  // data rows of a mysql client table: lines that start with "|", minus the header
  return text.split('\n').filter((line) => line.startsWith('|')).length - 1;
}

test('VERSION(), @@version and TIDB_VERSION() answer as TiDB; the rest of the statement stays real', async () => {
  const [rows] = await client.query<RowDataPacket[]>(
    'SELECT VERSION(), @@version AS v, LEFT(VERSION(), 6) AS prefix, 1 + 1 AS two, TIDB_VERSION() AS info',
  );
  assert.equal(rows[0]['VERSION()'], '8.0.11-TiDB-v8.5.1');
  assert.equal(rows[0].v, '8.0.11-TiDB-v8.5.1');
  assert.equal(rows[0].prefix, '8.0.11');
  assert.equal(rows[0].two, 2);
  assert.match(rows[0].info, /^Release Version: v8\.5\.1\nEdition: Community\nGit Commit Hash: /);
  assert.match(rows[0].info, /\nStore: tikv$/);
  const [literal] = await client.query<RowDataPacket[]>("SELECT 'VERSION()' AS text -- VERSION()");
  assert.equal(literal[0].text, 'VERSION()');
});

test('tidb_* variables: SET GLOBAL and @@ reads; the lease is validated', async () => {
  const [initial] = await client.query<RowDataPacket[]>(
    'SELECT @@tidb_table_cache_lease AS a, @@GLOBAL.tidb_table_cache_lease AS b, @@tidb_isolation_read_engines AS c',
  );
  assert.deepEqual(initial[0], { a: '3', b: '3', c: 'tikv,tidb,tiflash' });
  await client.query('SET GLOBAL tidb_table_cache_lease = 7');
  await client.query("SET @@SESSION.tidb_isolation_read_engines = 'tiflash'");
  const [changed] = await client.query<RowDataPacket[]>('SELECT @@tidb_table_cache_lease AS a, @@tidb_isolation_read_engines AS c');
  assert.deepEqual(changed[0], { a: '7', c: 'tiflash' });
  await assert.rejects(client.query('SET GLOBAL tidb_table_cache_lease = 11'), { errno: 1105, message: /not in tidb-facts\.md/ });
  await client.query('SET GLOBAL tidb_table_cache_lease = 3');
  await client.query("SET tidb_isolation_read_engines = 'tikv,tidb,tiflash'");
  // Ordinary SETs still reach MariaDB.
  await client.query('SET @x = 5');
  const [user] = await client.query<RowDataPacket[]>('SELECT @x AS x');
  assert.equal(user[0].x, 5);
});

test('EXPLAIN and EXPLAIN ANALYZE answer with the real fixture plans', async () => {
  const [explain, explainFields] = await client.query<RowDataPacket[]>('EXPLAIN SELECT * FROM t WHERE v > 1');
  assert.deepEqual(
    explainFields.map((field) => field.name),
    ['id', 'estRows', 'task', 'access object', 'operator info'],
  );
  assert.equal(explain.length, fixtureLineCount('explain-merge-join.txt'));
  assert.equal(explain[1].id, '├─TableReader_12(Build)');
  const [analyze, analyzeFields] = await client.query<RowDataPacket[]>('EXPLAIN ANALYZE SELECT * FROM t');
  assert.deepEqual(
    analyzeFields.map((field) => field.name),
    ['id', 'estRows', 'actRows', 'task', 'access object', 'execution info', 'operator info', 'memory', 'disk'],
  );
  assert.equal(analyze.length, fixtureLineCount('tablereader-fullscan-pseudo-stats.txt'));
  const [ruled] = await client.query<RowDataPacket[]>('explain analyze select count(*) from trips');
  assert.equal(ruled.length, fixtureLineCount('streamagg-indexreader-rangescan.txt'));
  const [dot, dotFields] = await client.query<RowDataPacket[]>("EXPLAIN FORMAT = 'dot' SELECT * FROM t");
  assert.deepEqual(
    dotFields.map((field) => field.name),
    ['dot contents'],
  );
  assert.match(dot[0]['dot contents'], /^digraph Projection_8 \{\n[\s\S]*\n\}$/);
  await assert.rejects(client.query("EXPLAIN FORMAT = 'tidb_json' SELECT * FROM t"), { errno: 1105 });
  await assert.rejects(client.query('EXPLAIN SELECT * FROM missing_table'), { errno: 1146 });
  // DESCRIBE of a table is still MariaDB's.
  const [describe] = await client.query<RowDataPacket[]>('DESCRIBE t');
  assert.deepEqual(
    describe.map((row) => row.Field),
    ['id', 'v'],
  );
});

test('EXPLAIN ANALYZE runs the statement for real, so a rolled-back transaction undoes it', async () => {
  await client.query('BEGIN');
  await client.query('EXPLAIN ANALYZE DELETE FROM t WHERE id = 1');
  const [inside] = await client.query<RowDataPacket[]>('SELECT COUNT(*) AS n FROM t');
  assert.equal(inside[0].n, 1);
  await client.query('ROLLBACK');
  const [afterwards] = await client.query<RowDataPacket[]>('SELECT COUNT(*) AS n FROM t');
  assert.equal(afterwards[0].n, 2);
});

test('a cached table: CREATE_OPTIONS, SHOW CREATE TABLE, TRACE before and after the load, EXPLAIN with UnionScan', async () => {
  await client.query('ALTER TABLE t CACHE');
  const [options] = await client.query<RowDataPacket[]>(
    `SELECT TABLE_NAME, CREATE_OPTIONS FROM information_schema.TABLES WHERE TABLE_SCHEMA = '${SCHEMA}' ORDER BY TABLE_NAME`,
  );
  assert.deepEqual(options, [
    { TABLE_NAME: 't', CREATE_OPTIONS: 'cached=on' },
    { TABLE_NAME: 'trips', CREATE_OPTIONS: '' },
  ]);
  // Aliased columns, as the explorer queries them, with the schema only in the WHERE clause.
  const [aliased] = await client.query<RowDataPacket[]>(
    'SELECT TABLE_NAME AS name, CREATE_OPTIONS AS createOptions FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME',
    [SCHEMA],
  );
  assert.deepEqual(aliased, [
    { name: 't', createOptions: 'cached=on' },
    { name: 'trips', createOptions: '' },
  ]);
  const [created] = await client.query<RowDataPacket[]>('SHOW CREATE TABLE t');
  assert.match(created[0]['Create Table'], / \/\* CACHED ON \*\/$/);
  const spans = async () =>
    (await client.query<RowDataPacket[]>("TRACE FORMAT='row' SELECT * FROM t"))[0].map((row) => String(row.operation));
  const first = await spans();
  assert.ok(
    first.some((span) => span.endsWith('regionRequest.SendReqCtx')),
    first.join('\n'),
  );
  assert.ok(first.some((span) => span.endsWith('*executor.UnionScanExec.Next')));
  const second = await spans();
  assert.equal(
    second.some((span) => span.includes('regionRequest.SendReqCtx')),
    false,
    second.join('\n'),
  );
  const [plan] = await client.query<RowDataPacket[]>('EXPLAIN SELECT * FROM t');
  assert.equal(plan[0].id, 'UnionScan_5');
  await assert.rejects(client.query('ALTER TABLE t ADD COLUMN w INT'), {
    errno: 8242,
    sqlMessage: "'Alter Table' is unsupported on cache tables.",
  });
  await assert.rejects(client.query('CREATE INDEX k ON t (v)'), { sqlMessage: "'Create Index' is unsupported on cache tables." });
  await assert.rejects(client.query('RENAME TABLE t TO t2'), { sqlMessage: "'Rename Table' is unsupported on cache tables." });
  await assert.rejects(client.query('DROP TABLE t'), { sqlMessage: "'Drop Table' is unsupported on cache tables." });
  await client.query('ALTER TABLE t CACHE');
  await client.query('ALTER TABLE t NOCACHE');
  const [plain] = await client.query<RowDataPacket[]>('SHOW CREATE TABLE t');
  assert.doesNotMatch(plain[0]['Create Table'], /CACHED ON/);
});

test('tiflash_replica and cluster_info answer ordinary SQL: filters, joins, counts', async () => {
  await client.query("ALTER TABLE trips SET TIFLASH REPLICA 1 LOCATION LABELS 'zone'");
  await assert.rejects(client.query('ALTER TABLE t SET TIFLASH REPLICA 2'), {
    errno: 1105,
    sqlMessage: 'the tiflash replica count: 2 should be less than the total tiflash server count: 1',
  });
  await waitFor('the replica of trips to be available', async () => {
    const [rows] = await client.query<RowDataPacket[]>(
      "SELECT AVAILABLE FROM information_schema.tiflash_replica WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'trips'",
      [SCHEMA],
    );
    return Number(rows[0]?.AVAILABLE) === 1 ? true : undefined;
  });
  const [joined] = await client.query<RowDataPacket[]>(
    `SELECT r.TABLE_NAME, r.REPLICA_COUNT, r.LOCATION_LABELS, r.AVAILABLE, r.PROGRESS, t.TABLE_TYPE
       FROM information_schema.tiflash_replica r JOIN information_schema.TABLES t
         ON t.TABLE_SCHEMA = r.TABLE_SCHEMA AND t.TABLE_NAME = r.TABLE_NAME
      WHERE r.TABLE_SCHEMA = ?`,
    [SCHEMA],
  );
  assert.deepEqual(joined, [
    { TABLE_NAME: 'trips', REPLICA_COUNT: 1, LOCATION_LABELS: 'zone', AVAILABLE: 1, PROGRESS: 1, TABLE_TYPE: 'BASE TABLE' },
  ]);
  const [counted] = await client.query<RowDataPacket[]>(
    "SELECT COUNT(*) AS n FROM INFORMATION_SCHEMA.`CLUSTER_INFO` WHERE TYPE = 'tiflash'",
  );
  assert.equal(counted[0].n, 1);
  standIn.state.tiflashNodes = 3;
  const [more] = await client.query<RowDataPacket[]>("SELECT COUNT(*) AS n FROM information_schema.cluster_info WHERE TYPE='tiflash'");
  assert.equal(more[0].n, 3);
  standIn.state.tiflashNodes = 1;
  await client.query('ALTER TABLE trips SET TIFLASH REPLICA 0');
  const [none] = await client.query<RowDataPacket[]>('SELECT * FROM information_schema.tiflash_replica');
  assert.deepEqual(none, []);
});

test('TiDB-only statements work as prepared statements too', async () => {
  const [version] = await client.execute<RowDataPacket[]>('SELECT VERSION() AS v, ? AS n', [7]);
  assert.deepEqual(version, [{ v: '8.0.11-TiDB-v8.5.1', n: 7 }]);
  await client.execute('ALTER TABLE trips SET TIFLASH REPLICA 1');
  const [replicas] = await client.execute<RowDataPacket[]>(
    'SELECT TABLE_NAME, REPLICA_COUNT FROM information_schema.tiflash_replica WHERE TABLE_SCHEMA = ?',
    [SCHEMA],
  );
  assert.deepEqual(replicas, [{ TABLE_NAME: 'trips', REPLICA_COUNT: 1 }]);
  await client.execute('ALTER TABLE trips SET TIFLASH REPLICA 0');
  await client.execute('ALTER TABLE t CACHE');
  await assert.rejects(client.execute('TRUNCATE TABLE t'), { errno: 8242, sqlState: 'HY000' });
  await client.execute('ALTER TABLE t NOCACHE');
});

test('what the stand-in received is recorded for tests to check', () => {
  assert.ok(standIn.state.receivedStatements.includes('ALTER TABLE t NOCACHE'));
});
