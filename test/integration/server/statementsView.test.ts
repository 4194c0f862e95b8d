// The Statements view's core against real servers: MariaDB's performance_schema (counts the
// statements sent, ordered three ways, filtered by database) and the TiDB stand-in (slow queries
// from cluster_slow_query, a plan bound from history, listed and dropped, a statement found by digest
// and its plan read after its summary window closed).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createConnection } from 'mysql2/promise';
import type { ConnectionProfile } from '../../../src/core/db/connectionProfile';
import { DatabaseSession } from '../../../src/core/db/databaseSession';
import { readSlowQueries, readSlowQueryPlan } from '../../../src/core/server/slowQueries';
import { resolveStatementPlan } from '../../../src/core/server/statementPlan';
import { readStatementPlans } from '../../../src/core/server/statementPlans';
import { readStatementStatistics } from '../../../src/core/server/statementStatistics';
import { readTopStatements } from '../../../src/core/server/topStatements';
import { bindFromHistoryStatement, dropBindingStatement, readGlobalBindings } from '../../../src/core/tidb/planBindings';
import { parsePlanText, planNodes } from '../../../src/core/plan';
import { adminQuery } from '../../support/adminQuery';
import { testDatabase } from '../../support/testDatabase';
import { FULL_SCAN_PLAN_DIGEST, INDEX_PLAN_DIGEST, SLOW_QUERY_DIGEST } from '../../standin/slowQueryFixture';
import { startTestStandIn } from '../../standin/testStandIn';
import type { TiDBStandIn } from '../../standin/tidbStandIn';

const db = testDatabase();
// performance_schema keeps digests after their database is dropped: a database and a table name of this run's own keep
// the counts exact, and the top 10 of this database this run's alone (earlier runs' 37s filled them on a long-lived server)
const SCHEMA = `tidblab_statements_view_${process.pid}`;
const TABLE = `t${process.pid}_${Date.now() % 100000}`;
let standIn: TiDBStandIn;
let tidb: DatabaseSession;
let maria: DatabaseSession;

function profile(port: number, database?: string): ConnectionProfile {
  return { id: `it-${port}`, name: 'it', host: db.host, port, user: db.user, tls: 'off', passwordMode: 'secretStorage', database };
}

before(async () => {
  await adminQuery(
    `DROP DATABASE IF EXISTS ${SCHEMA}; CREATE DATABASE ${SCHEMA}; CREATE TABLE ${SCHEMA}.${TABLE} (id INT PRIMARY KEY, v INT)`,
  );
  standIn = await startTestStandIn();
  tidb = await DatabaseSession.open(profile(standIn.port), db.password);
  maria = await DatabaseSession.open(profile(db.port, SCHEMA), db.password);
});

after(async () => {
  await tidb?.close();
  await maria?.close();
  await standIn?.close();
  await adminQuery(`DROP DATABASE IF EXISTS ${SCHEMA}`);
});

test('MariaDB: the statements sent are counted, ordered by executions, total and average, in their database only', async () => {
  // Sent as text (values interpolated by the client): MariaDB's digest table does not count server-side prepared executions.
  const client = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password, database: SCHEMA });
  for (let i = 0; i < 37; i++) await client.query(`SELECT v FROM ${TABLE} WHERE id = ?`, [i]);
  for (let i = 0; i < 3; i++) await client.query(`SELECT COUNT(*), SLEEP(0.05) FROM ${TABLE} WHERE v > ?`, [i]);
  await client.end();
  const byCount = await readTopStatements(maria, 'mariadb', { order: 'count', database: SCHEMA, limit: 10 });
  assert.equal(byCount.source, 'performance_schema.events_statements_summary_by_digest', byCount.warnings.join(' '));
  assert.ok(byCount.statements.every((statement) => statement.schemaName === SCHEMA));
  const ours = byCount.statements.filter((statement) => statement.digestText.includes(TABLE));
  const point = ours.find((statement) => !/SLEEP/i.test(statement.digestText));
  const sleepy = ours.find((statement) => /SLEEP/i.test(statement.digestText));
  assert.equal(point?.execCount, 37);
  assert.equal(sleepy?.execCount, 3);
  const order = (list: { digest: string }[]) =>
    list
      .filter((statement) => statement.digest === point?.digest || statement.digest === sleepy?.digest)
      .map((statement) => (statement.digest === point?.digest ? 'point' : 'sleepy'));
  assert.deepEqual(order(byCount.statements), ['point', 'sleepy']);
  const byAvg = await readTopStatements(maria, 'mariadb', { order: 'avg', database: SCHEMA, limit: 50 });
  assert.deepEqual(order(byAvg.statements), ['sleepy', 'point']);
  const byTotal = await readTopStatements(maria, 'mariadb', { order: 'total', database: SCHEMA, limit: 50, windowMinutes: 10 });
  assert.deepEqual(order(byTotal.statements), ['sleepy', 'point']);
  assert.match(byTotal.since ?? '', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  const elsewhere = await readTopStatements(maria, 'mariadb', { order: 'total', database: 'no_such_database_here' });
  assert.equal(elsewhere.statements.length, 0);
});

test("TiDB stand-in: slow queries over Dashboard's 300 ms, the slowest first, and their plans decoded", async () => {
  const slow = await readSlowQueries(tidb, {});
  assert.equal(slow.source, 'information_schema.cluster_slow_query', slow.warnings.join(' '));
  assert.deepEqual(
    slow.queries.map((query) => `${query.digest.slice(0, 8)} ${query.planDigest?.slice(0, 8)} ${query.queryTimeMs}`),
    [
      `${SLOW_QUERY_DIGEST.slice(0, 8)} ${FULL_SCAN_PLAN_DIGEST.slice(0, 8)} 1912`,
      `${SLOW_QUERY_DIGEST.slice(0, 8)} ${INDEX_PLAN_DIGEST.slice(0, 8)} 412`,
    ],
  );
  assert.equal((await readSlowQueries(tidb, { thresholdMs: 100 })).queries.length, 3);
  assert.equal((await readSlowQueries(tidb, { database: 'sbtest', thresholdMs: 100 })).queries.length, 1);
  const encoded = await readSlowQueryPlan(tidb, slow.queries[0]);
  assert.ok(encoded !== null);
  const plan = await resolveStatementPlan(tidb, encoded);
  assert.deepEqual(
    planNodes(parsePlanText(plan?.text ?? '').roots).map((node) => node.id),
    ['TableReader_7', 'Selection_6', 'TableFullScan_5'],
  );
});

test('TiDB stand-in: a plan bound from history is listed, then dropped', async () => {
  assert.deepEqual(await readGlobalBindings(tidb), []);
  await tidb.run(bindFromHistoryStatement(INDEX_PLAN_DIGEST));
  const [binding] = await readGlobalBindings(tidb);
  assert.equal(binding.source, 'history');
  assert.equal(binding.sqlDigest, SLOW_QUERY_DIGEST);
  assert.equal(binding.planDigest, INDEX_PLAN_DIGEST);
  assert.equal(binding.originalSql, 'select * from `t` where `a` < ?');
  await tidb.run(dropBindingStatement(SLOW_QUERY_DIGEST));
  assert.deepEqual(await readGlobalBindings(tidb), []);
});

test('TiDB stand-in: a statement whose summary window has closed is still found by digest, with its plan', async () => {
  const sql = `SELECT v FROM ${SCHEMA}.${TABLE} WHERE id = ?`;
  for (let i = 0; i < 4; i++) await tidb.query(sql, [i]);
  const ofTable = <T extends { digestText: string }>(statements: readonly T[]) =>
    statements.filter((statement) => statement.digestText.includes(TABLE.toLowerCase()));
  const [listed] = ofTable((await readTopStatements(tidb, 'tidb', { order: 'count' })).statements);
  assert.equal(listed?.execCount, 4);
  standIn.state.statementSummary.rollWindowForTests();
  assert.deepEqual(ofTable((await readTopStatements(tidb, 'tidb', { order: 'count' })).statements), [], 'the current window is empty');

  const found = await readStatementStatistics(tidb, 'tidb', { digests: [listed.digest], withPlans: false, allHistory: true });
  assert.deepEqual(
    found.rows.map((row) => [row.fromHistory, row.execCount]),
    [[true, 4]],
  );
  const { plans } = await readStatementPlans(tidb, 'tidb', listed.digest);
  assert.equal(plans.length, 1);
  assert.match(plans[0].plan?.text ?? '', /Point_Get/);
});
