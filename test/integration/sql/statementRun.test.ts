// Run Statement's core against the real MariaDB: rows as the server sent them, NULL apart from
// 'NULL', the row limit with the true total, DML's affected rows and insert id (kept or rolled
// back), SHOW WARNINGS after the statement, and the server's error with its code.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DatabaseSession } from '../../../src/core/db/databaseSession';
import type { ConnectionProfile } from '../../../src/core/db/connectionProfile';
import type { SqlLogEntry } from '../../../src/core/db/sqlExecutor';
import { runStatement } from '../../../src/core/sql/statementRun';
import { answersOf, type OutcomeResult, type RowsResult } from '../../../src/core/sql/resultModel';
import { testDatabase } from '../../support/testDatabase';

const db = testDatabase();
const SCHEMA = 'tidblab_run_it';
const profile: ConnectionProfile = {
  id: 'run-it',
  name: 'run-it',
  host: db.host,
  port: db.port,
  user: db.user,
  tls: 'off',
  passwordMode: 'secretStorage',
  database: SCHEMA,
};
let session: DatabaseSession;
const log: SqlLogEntry[] = [];

before(async () => {
  const admin = await DatabaseSession.open({ ...profile, database: undefined }, db.password);
  try {
    await admin.run(`DROP DATABASE IF EXISTS ${SCHEMA}`);
    await admin.run(`CREATE DATABASE ${SCHEMA}`);
    await admin.run(
      `CREATE TABLE ${SCHEMA}.items (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(40), price DECIMAL(12,2), big BIGINT UNSIGNED, raw VARBINARY(8))`,
    );
    await admin.run(
      `INSERT INTO ${SCHEMA}.items (name, price, big, raw) VALUES ('NULL', 10.50, 18446744073709551615, X'00FF'), (NULL, NULL, NULL, NULL), ('', 0.00, 1, 'ok')`,
    );
    await admin.run(`CREATE TABLE ${SCHEMA}.many (n INT PRIMARY KEY)`);
    await admin.run(`CREATE PROCEDURE ${SCHEMA}.two_sets() BEGIN SELECT 1 AS a; SELECT 2 AS b, 'x' AS c; END`);
    await admin.run(`INSERT INTO ${SCHEMA}.many (n) SELECT seq FROM ${SCHEMA}.seq_1_to_2500`);
  } finally {
    await admin.close();
  }
  session = await DatabaseSession.open(profile, db.password, { logger: (entry) => log.push(entry) });
});

after(async () => {
  await session?.close();
  const admin = await DatabaseSession.open({ ...profile, database: undefined }, db.password);
  await admin.run(`DROP DATABASE IF EXISTS ${SCHEMA}`);
  await admin.close();
});

test('rows come as the server sent them: exact DECIMAL and BIGINT text, NULL apart from the string NULL, bytes as hex', async () => {
  const result = await runStatement(session, 'SELECT id, name, price, big, raw FROM items ORDER BY id', { rowLimit: 100 });
  const answer = result.answer as RowsResult;
  assert.equal(answer.kind, 'rows');
  assert.deepEqual(
    answer.columns.map((column) => [column.name, column.numeric]),
    [
      ['id', true],
      ['name', false],
      ['price', true],
      ['big', true],
      ['raw', false],
    ],
  );
  assert.deepEqual(answer.rows, [
    ['1', 'NULL', '10.50', '18446744073709551615', '0x00FF'],
    ['2', null, null, null, null],
    ['3', '', '0.00', '1', 'ok'],
  ]);
  assert.equal(answer.totalRows, 3);
  assert.equal(answer.totalKnown, true);
  assert.deepEqual(result.warnings, []);
  assert.ok(result.elapsedMs >= 0);
});

test('the row limit keeps the first rows and counts the rest without keeping them; the count limit stops reading', async () => {
  const limited = await runStatement(session, 'SELECT n FROM many ORDER BY n', { rowLimit: 100 });
  const answer = limited.answer as RowsResult;
  assert.equal(answer.rows.length, 100);
  assert.deepEqual(answer.rows[99], ['100']);
  assert.equal(answer.totalRows, 2500);
  assert.equal(answer.totalKnown, true);
  assert.equal(answer.rowLimit, 100);

  const stopped = await runStatement(session, 'SELECT n FROM many ORDER BY n', { rowLimit: 10, countLimit: 500 });
  const partial = stopped.answer as RowsResult;
  assert.equal(partial.rows.length, 10);
  assert.equal(partial.totalRows, 500);
  assert.equal(partial.totalKnown, false);
  // the session still works after a read was stopped (its connection was closed, not returned)
  const again = await runStatement(session, 'SELECT COUNT(*) AS c FROM many', { rowLimit: 10 });
  assert.deepEqual((again.answer as RowsResult).rows, [['2500']]);
});

test('DML reports affected rows and the insert id; in a rolled-back transaction nothing is kept', async () => {
  const inserted = await runStatement(session, "INSERT INTO items (name, price) VALUES ('new', 1.00)", { rowLimit: 10 });
  const outcome = inserted.answer as OutcomeResult;
  assert.equal(outcome.kind, 'outcome');
  assert.equal(outcome.affectedRows, 1);
  assert.equal(outcome.insertId, 4);
  assert.equal(inserted.rolledBack, false);

  const updated = await runStatement(session, 'UPDATE items SET price = 2.00 WHERE id >= 3', {
    rowLimit: 10,
    inRolledBackTransaction: true,
  });
  assert.equal((updated.answer as OutcomeResult).affectedRows, 2);
  assert.match((updated.answer as OutcomeResult).info ?? '', /Rows matched: 2\s+Changed: 2/);
  assert.equal(updated.rolledBack, true);
  const prices = await runStatement(session, 'SELECT price FROM items WHERE id >= 3 ORDER BY id', { rowLimit: 10 });
  assert.deepEqual((prices.answer as RowsResult).rows, [['0.00'], ['1.00']]);
});

test('warnings are read with SHOW WARNINGS on the same connection, right after the statement', async () => {
  const result = await runStatement(session, "SELECT CAST('12abc' AS SIGNED) AS n, 1/0 AS z", { rowLimit: 10 });
  assert.deepEqual((result.answer as RowsResult).rows, [['12', null]]);
  assert.deepEqual(
    result.warnings.map((warning) => [warning.level, warning.code]),
    [
      ['Warning', 1292],
      ['Warning', 1365],
    ],
  );
  assert.match(result.warnings[0].message, /Truncated incorrect INTEGER value: '12abc'/);
});

test("the server's error comes with its code", async () => {
  await assert.rejects(runStatement(session, 'SELECT * FROM no_such_table', { rowLimit: 10 }), (error: unknown) => {
    const e = error as { errno?: number; code?: string; sqlState?: string; message?: string };
    assert.equal(e.errno, 1146);
    assert.equal(e.code, 'ER_NO_SUCH_TABLE');
    assert.equal(e.sqlState, '42S02');
    assert.match(e.message ?? '', /no_such_table' doesn't exist/);
    return true;
  });
  const failed = log.filter((entry) => entry.error?.errno === 1146);
  assert.equal(failed.length, 1, 'the failed statement is logged once, with its code');
});

test('a statement without a result set and without rows changed is an outcome of 0 rows', async () => {
  const result = await runStatement(session, 'SET @x = 1', { rowLimit: 10 });
  assert.deepEqual(result.answer, { kind: 'outcome', affectedRows: 0 });
});

test('a CALL of a procedure with two SELECTs answers both result sets, in order (the grid showed the first)', async () => {
  const result = await runStatement(session, 'CALL two_sets()', { rowLimit: 10 });
  const answers = answersOf(result);
  assert.deepEqual(
    answers.map((answer) =>
      answer.kind === 'rows' ? [answer.columns.map((column) => column.name), answer.rows, answer.totalKnown] : answer,
    ),
    [
      [['a'], [['1']], true],
      [['b', 'c'], [['2', 'x']], true],
    ],
  );
  assert.deepEqual(result.warnings, []);
});
