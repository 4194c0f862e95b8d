// Run Statement on an editor's session against the real MariaDB: what one statement leaves in the
// session reaches the next (each run on the pool took a connection of its own and lost it).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ConnectionProfile } from '../../../src/core/db/connectionProfile';
import { DatabaseSession } from '../../../src/core/db/databaseSession';
import { EditorSession } from '../../../src/core/sql/editorSession';
import { editorSessionTarget } from '../../../src/core/sql/editorSessionTarget';
import { answersOf, type StatementRunResult } from '../../../src/core/sql/resultModel';
import { runStatement } from '../../../src/core/sql/statementRun';
import { testDatabase } from '../../support/testDatabase';

const db = testDatabase();
const HOME = 'tidblab_edrun_it';
const OTHER = 'tidblab_edrun_it_other';
let pool: DatabaseSession;

function profile(): ConnectionProfile {
  return { id: 'it', name: 'it', host: db.host, port: db.port, user: db.user, tls: 'off', passwordMode: 'secretStorage', database: HOME };
}

function cells(result: StatementRunResult): unknown[][] {
  assert.equal(result.answer.kind, 'rows');
  return result.answer.kind === 'rows' ? result.answer.rows : [];
}

before(async () => {
  const admin = await DatabaseSession.open({ ...profile(), database: undefined }, db.password);
  for (const name of [HOME, OTHER]) {
    await admin.run(`DROP DATABASE IF EXISTS ${name}`);
    await admin.run(`CREATE DATABASE ${name}`);
    await admin.run(`CREATE TABLE ${name}.t (id INT PRIMARY KEY, origin VARCHAR(10))`);
    await admin.run(`INSERT INTO ${name}.t VALUES (1, '${name === HOME ? 'home' : 'other'}')`);
    await admin.run(`CREATE PROCEDURE ${name}.two_sets() BEGIN SELECT 1 AS a; SELECT 2 AS b, 'x' AS c; END`);
  }
  await admin.close();
  pool = await DatabaseSession.open(profile(), db.password);
});

after(async () => {
  await pool.run(`DROP DATABASE IF EXISTS ${HOME}`);
  await pool.run(`DROP DATABASE IF EXISTS ${OTHER}`);
  await pool.close();
});

function editor() {
  const session = new EditorSession(() => pool.openSessionConnection());
  return { session, target: editorSessionTarget(session, pool) };
}

const run = (target: ReturnType<typeof editor>['target'], sql: string, inRolledBackTransaction = false) =>
  runStatement(target, sql, { rowLimit: 100, inRolledBackTransaction, signal: new AbortController().signal });

test('SET SESSION, then the next Run reads the variable', async () => {
  const { session, target } = editor();
  try {
    await run(target, 'SET SESSION max_join_size = 4242');
    assert.deepEqual(cells(await run(target, 'SELECT @@SESSION.max_join_size AS v')), [['4242']]);
  } finally {
    await session.close();
  }
});

test('USE other_db, then an unqualified SELECT reads other_db; the session reports its database', async () => {
  const { session, target } = editor();
  try {
    await run(target, `USE ${OTHER}`);
    assert.equal(session.state().database, OTHER);
    assert.deepEqual(cells(await run(target, 'SELECT origin FROM t')), [['other']]);
  } finally {
    await session.close();
  }
});

test('BEGIN; INSERT: the same session sees the row, another does not; a rolled-back preview keeps the transaction', async () => {
  const mine = editor();
  const theirs = editor();
  try {
    await run(mine.target, 'BEGIN');
    assert.equal(mine.session.state().inTransaction, true);
    await run(mine.target, `INSERT INTO t VALUES (2, 'mine')`);
    // a preview on a session in a transaction: BEGIN would commit the insert
    const preview = await run(mine.target, `INSERT INTO t VALUES (3, 'preview')`, true);
    assert.equal(preview.rolledBack, true);
    assert.equal(mine.session.state().inTransaction, true);
    assert.deepEqual(cells(await run(mine.target, 'SELECT id FROM t ORDER BY id')), [['1'], ['2']]);
    assert.deepEqual(cells(await run(theirs.target, 'SELECT id FROM t ORDER BY id')), [['1']]);
    assert.deepEqual(await mine.session.close(), { rolledBack: true });
    assert.deepEqual(cells(await run(theirs.target, 'SELECT id FROM t ORDER BY id')), [['1']]);
  } finally {
    await mine.session.close();
    await theirs.session.close();
  }
});

test('reading stops at the count limit with KILL QUERY, and the session goes on', async () => {
  const { session, target } = editor();
  try {
    await run(target, 'SET @kept = 5');
    const result = await runStatement(target, 'SELECT seq FROM seq_1_to_100000', { rowLimit: 10, countLimit: 10 });
    assert.equal(result.answer.kind === 'rows' && result.answer.totalKnown, false);
    assert.deepEqual(cells(await run(target, 'SELECT @kept AS k')), [['5']]);
  } finally {
    await session.close();
  }
});

test('a CALL with two result sets on the session answers both, and the session goes on', async () => {
  const { session, target } = editor();
  try {
    await run(target, 'SET @kept = 7');
    const result = await run(target, 'CALL two_sets()');
    assert.deepEqual(
      answersOf(result).map((answer) => (answer.kind === 'rows' ? [answer.columns.map((column) => column.name), answer.rows] : answer)),
      [
        [['a'], [['1']]],
        [['b', 'c'], [['2', 'x']]],
      ],
    );
    assert.deepEqual(cells(await run(target, 'SELECT @kept AS k')), [['7']]);
  } finally {
    await session.close();
  }
});
