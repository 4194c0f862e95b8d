// An editor's session against the real MariaDB: state carries over from one statement to the next
// (what a pooled connection per statement lost), and the transaction flag comes from the server.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ConnectionProfile } from '../../../src/core/db/connectionProfile';
import { connectionOptionsFor } from '../../../src/core/db/connectionOptions';
import { DatabaseSession } from '../../../src/core/db/databaseSession';
import { SessionConnection } from '../../../src/core/db/sessionConnection';
import { EditorSession } from '../../../src/core/sql/editorSession';
import { testDatabase } from '../../support/testDatabase';

const db = testDatabase();
const HOME = 'tidblab_session_it';
const OTHER = 'tidblab_session_it_other';

function profile(): ConnectionProfile {
  return { id: 'it', name: 'it', host: db.host, port: db.port, user: db.user, tls: 'off', passwordMode: 'secretStorage', database: HOME };
}

const open = () => SessionConnection.open(connectionOptionsFor(profile(), db.password));

before(async () => {
  const pool = await DatabaseSession.open({ ...profile(), database: undefined }, db.password);
  for (const name of [HOME, OTHER]) {
    await pool.run(`DROP DATABASE IF EXISTS ${name}`);
    await pool.run(`CREATE DATABASE ${name}`);
  }
  await pool.run(`CREATE TABLE ${HOME}.t (id INT PRIMARY KEY, origin VARCHAR(10))`);
  await pool.run(`CREATE TABLE ${OTHER}.t (id INT PRIMARY KEY, origin VARCHAR(10))`);
  await pool.run(`INSERT INTO ${HOME}.t VALUES (1, 'home')`);
  await pool.run(`INSERT INTO ${OTHER}.t VALUES (1, 'other')`);
  await pool.close();
});

after(async () => {
  const pool = await DatabaseSession.open({ ...profile(), database: undefined }, db.password);
  for (const name of [HOME, OTHER]) await pool.run(`DROP DATABASE IF EXISTS ${name}`);
  await pool.close();
});

test('SET SESSION reaches the next statement of the session', async () => {
  const session = new EditorSession(open);
  try {
    await session.run((link) => link.run('SET SESSION max_join_size = 12345'));
    await session.run((link) => link.run('SET @tidb_lab_marker = 42'));
    const [row] = await session.run((link) => link.query('SELECT @@SESSION.max_join_size AS v, @tidb_lab_marker AS m'));
    assert.equal(Number(row?.v), 12345);
    assert.equal(Number(row?.m), 42);
  } finally {
    await session.close();
  }
});

test('USE other_db then an unqualified SELECT reads other_db, and the session knows its database', async () => {
  const session = new EditorSession(open);
  try {
    assert.equal(await session.run(async (link) => link.database), HOME);
    await session.run(async (link) => {
      await link.runResults(`USE ${OTHER}`, { onColumns: () => undefined, onRow: () => undefined, onOutcome: () => undefined });
      await link.settle(`USE ${OTHER}`);
    });
    assert.equal(session.state().database, OTHER);
    const [row] = await session.run((link) => link.query('SELECT origin FROM t WHERE id = 1'));
    assert.equal(row?.origin, 'other');
  } finally {
    await session.close();
  }
});

test('BEGIN; INSERT: a SELECT in the same session sees the row, another session does not, and closing rolls it back', async () => {
  const mine = new EditorSession(open);
  const theirs = new EditorSession(open);
  try {
    await mine.run((link) => link.run('BEGIN'));
    assert.equal(mine.state().inTransaction, true, 'the OK packet of BEGIN says a transaction is open');
    await mine.run((link) => link.run(`INSERT INTO t VALUES (2, 'pending')`));
    const seen = await mine.run((link) => link.query('SELECT id FROM t WHERE id = 2'));
    assert.equal(seen.length, 1);
    const unseen = await theirs.run((link) => link.query('SELECT id FROM t WHERE id = 2'));
    assert.equal(unseen.length, 0);
    assert.deepEqual(await mine.close(), { rolledBack: true });
    const after = await theirs.run((link) => link.query('SELECT id FROM t WHERE id = 2'));
    assert.equal(after.length, 0, 'closing the editor rolled the insert back');
  } finally {
    await mine.close();
    await theirs.close();
  }
});

test('the transaction flag is read after a result set too (its EOF packet carries no flags mysql2 passes on)', async () => {
  const session = new EditorSession(open);
  try {
    await session.run((link) => link.run('BEGIN'));
    await session.run(async (link) => {
      await link.runResults('COMMIT', { onColumns: () => undefined, onRow: () => undefined, onOutcome: () => undefined });
      await link.settle('COMMIT');
    });
    assert.equal(session.state().inTransaction, false);
    await session.run(async (link) => {
      await link.run('START TRANSACTION');
      await link.runResults('SELECT 1', { onColumns: () => undefined, onRow: () => undefined, onOutcome: () => undefined });
      await link.settle('SELECT 1');
    });
    assert.equal(session.state().inTransaction, true);
  } finally {
    await session.close();
  }
});

test('a session the server kills is reopened with a notice that its state is gone', async () => {
  const session = new EditorSession(open);
  const pool = await DatabaseSession.open(profile(), db.password);
  try {
    await session.run((link) => link.run('SET @tidb_lab_marker = 7'));
    const id = await session.run(async (link) => link.connectionId);
    await pool.run(`KILL CONNECTION ${id}`);
    // the server closes the socket: the session notices it with no statement of its own
    for (let waited = 0; session.state().open && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(session.state().open, false);
    const result = await session.run(async (link, reopened) => ({ reopened, rows: await link.query('SELECT @tidb_lab_marker AS m') }));
    assert.ok(result.reopened, 'the work after the loss hears of it');
    assert.equal(result.reopened.lostState.database, HOME);
    assert.equal(result.rows[0]?.m, null, 'the user variable went with the old connection');
  } finally {
    await session.close();
    await pool.close();
  }
});

test('a CALL hands over each of its result sets', async () => {
  const pool = await DatabaseSession.open(profile(), db.password);
  await pool.run('DROP PROCEDURE IF EXISTS two_sets');
  await pool.run(`CREATE PROCEDURE two_sets() BEGIN SELECT 1 AS a; SELECT 2 AS b, 'x' AS c; END`);
  await pool.close();
  const session = new EditorSession(open);
  try {
    const sets: { columns: string[]; rows: (string | null)[][] }[] = [];
    await session.run((link) =>
      link.runResults('CALL two_sets()', {
        onColumns: (columns) => sets.push({ columns: columns.map((column) => column.name), rows: [] }),
        onRow: (row) => sets.at(-1)?.rows.push(row),
        onOutcome: () => undefined,
      }),
    );
    assert.deepEqual(sets, [
      { columns: ['a'], rows: [['1']] },
      { columns: ['b', 'c'], rows: [['2', 'x']] },
    ]);
  } finally {
    await session.close();
  }
});
