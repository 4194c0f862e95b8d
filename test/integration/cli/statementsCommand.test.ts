// `tidb-lab statements` against real servers: on MariaDB (performance_schema on, as
// scripts/start-mariadb.sh starts it) the statements just sent are listed with their counts, in the
// text table and in --json (parsed, its fields checked), only those of the database asked for; on the
// TiDB stand-in it reads the statement summary (cluster_statements_summary) and lists the plan digests.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createConnection } from 'mysql2/promise';
import { runStatementsCommand } from '../../../src/cli/statementsCommand';
import type { TopStatements } from '../../../src/core/server/topStatements';
import { adminQuery } from '../../support/adminQuery';
import { testDatabase } from '../../support/testDatabase';
import { startTestStandIn } from '../../standin/testStandIn';
import type { TiDBStandIn } from '../../standin/tidbStandIn';

const db = testDatabase();
const SCHEMA = 'tidblab_statements_cli';
// performance_schema keeps digests after their database is dropped: a table name of this run's own keeps the counts exact.
const TABLE = `t${process.pid}_${Date.now() % 100000}`;
let standIn: TiDBStandIn;

async function send(port: number, database: string | undefined, statements: [string, unknown[], number][]): Promise<void> {
  // as text (values interpolated by the client): MariaDB's digest table does not count server-side prepared executions
  const client = await createConnection({ host: db.host, port, user: db.user, password: db.password, database });
  try {
    for (const [sql, values, times] of statements) for (let i = 0; i < times; i++) await client.query(sql, [...values, i]);
  } finally {
    await client.end();
  }
}

async function cli(port: number, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runStatementsCommand([`--mysql-host=${db.host}`, `--mysql-port=${port}`, `--mysql-user=${db.user}`, ...args], {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    env: { MYSQL_PWD: db.password },
  });
  return { code, out: out.join(''), err: err.join('') };
}

before(async () => {
  await adminQuery(
    `DROP DATABASE IF EXISTS ${SCHEMA}; CREATE DATABASE ${SCHEMA}; CREATE TABLE ${SCHEMA}.${TABLE} (id INT PRIMARY KEY, v INT)`,
  );
  standIn = await startTestStandIn();
});

after(async () => {
  await standIn?.close();
  await adminQuery(`DROP DATABASE IF EXISTS ${SCHEMA}`);
});

test('MariaDB: the table lists the statements sent with their counts, by executions, in the database asked for', async () => {
  await send(db.port, SCHEMA, [
    [`SELECT v FROM ${TABLE} WHERE id = ?`, [], 23],
    [`SELECT COUNT(*) FROM ${TABLE} WHERE v > ?`, [], 4],
  ]);
  const { code, out, err } = await cli(db.port, [`--db=${SCHEMA}`, '--order=count', '--limit=20']);
  assert.equal(code, 0, err);
  const lines = out.split('\n');
  assert.equal(lines[0], 'Top statements by executions from performance_schema.events_statements_summary_by_digest');
  assert.match(lines[1], /^\s*total\s+avg\s+max\s+execs\s+plans\s+db\s+digest\s+statement$/);
  const point = lines.find((line) => line.includes(TABLE) && /WHERE `?id`? = \?/i.test(line));
  const count = lines.find((line) => line.includes(TABLE) && /COUNT/i.test(line));
  assert.ok(point && count, out);
  // execs, plans (none on MariaDB), the database, then the digest and the text
  assert.match(point, new RegExp(`\\s23\\s+-\\s+${SCHEMA}\\s+[0-9a-f]{12}\\s+SELECT`, 'i'));
  assert.match(count, new RegExp(`\\s4\\s+-\\s+${SCHEMA}\\s+[0-9a-f]{12}\\s+SELECT`, 'i'));
  assert.ok(lines.indexOf(point) < lines.indexOf(count), 'by executions, the most first');

  const elsewhere = await cli(db.port, ['--db=no_such_database_here']);
  assert.equal(elsewhere.code, 0, elsewhere.err);
  assert.match(elsewhere.out, /^No statements\.$/m);
});

test('MariaDB --json: {source, since, statements, warnings} with each statement counted', async () => {
  await send(db.port, SCHEMA, [[`UPDATE ${TABLE} SET v = v + 1 WHERE id = ?`, [], 11]]);
  const { code, out, err } = await cli(db.port, [`--db=${SCHEMA}`, '--json', '--window=30', '--limit=50']);
  assert.equal(code, 0, err);
  const parsed = JSON.parse(out) as TopStatements;
  assert.deepEqual(Object.keys(parsed).sort(), ['since', 'source', 'statements', 'warnings']);
  assert.equal(parsed.source, 'performance_schema.events_statements_summary_by_digest');
  assert.match(parsed.since ?? '', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  assert.deepEqual(parsed.warnings, []);
  const update = parsed.statements.find((statement) => statement.digestText.includes(TABLE) && /^UPDATE/i.test(statement.digestText));
  assert.ok(update, JSON.stringify(parsed.statements.map((statement) => statement.digestText)));
  assert.equal(update.execCount, 11);
  assert.equal(update.schemaName, SCHEMA);
  assert.match(update.digest, /^[0-9a-f]{32}$/);
  assert.ok(update.sumLatencyMs > 0 && update.avgLatencyMs > 0 && update.maxLatencyMs >= update.avgLatencyMs, JSON.stringify(update));
  assert.deepEqual(update.plans, []);
  assert.ok(parsed.statements.every((statement) => statement.schemaName === SCHEMA));
});

test("TiDB stand-in --json: the statement summary's statements with their counts and plan digests", async () => {
  await send(standIn.port, SCHEMA, [[`SELECT v FROM ${TABLE} WHERE id = ?`, [], 7]]);
  const { code, out, err } = await cli(standIn.port, [`--db=${SCHEMA}`, '--json']);
  assert.equal(code, 0, err);
  const parsed = JSON.parse(out) as TopStatements;
  assert.equal(parsed.source, 'information_schema.cluster_statements_summary', parsed.warnings.join(' '));
  const point = parsed.statements.find((statement) => statement.digestText.includes(TABLE));
  assert.ok(point, JSON.stringify(parsed.statements.map((statement) => statement.digestText)));
  assert.equal(point.digestText, `select v from ${TABLE} where id = ?`);
  assert.equal(point.execCount, 7);
  assert.equal(point.schemaName, SCHEMA);
  assert.match(point.digest, /^[0-9a-f]{64}$/);
  assert.equal(point.plans.length, 1);
  assert.equal(point.plans[0].execCount, 7);

  const table = await cli(standIn.port, [`--db=${SCHEMA}`]);
  assert.equal(table.code, 0, table.err);
  assert.match(table.out, /^Top statements by total time from information_schema\.cluster_statements_summary/);
  assert.match(table.out, new RegExp(`\\s7\\s+1\\s+${SCHEMA}\\s+[0-9a-f]{12}\\s+select v from ${TABLE} where id = \\?$`, 'm'));
});
