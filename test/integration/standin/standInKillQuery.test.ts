// Stopping a statement through the TiDB stand-in, as TiDB Lab's Cancel does: CONNECTION_ID() on the
// running connection, then KILL QUERY <id> from another one. tidb-facts.md says nothing about
// either, so the stand-in relays both to MariaDB (its rule for everything outside the facts): the id
// is the MariaDB thread behind the client's stand-in connection, and the error is MariaDB's.
// The e2e test of cancelling EXPLAIN ANALYZE (test/e2e/plans.test.ts) depends on this.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import { RUNNING_STATEMENTS_SQL, runningStatementsFrom, waitFor, type RunningStatement } from '../../support/serverStatements';
import { testDatabase } from '../../support/testDatabase';
import { startTestStandIn } from '../../standin/testStandIn';
import type { TiDBStandIn } from '../../standin/tidbStandIn';

const db = testDatabase();
const MARKER = `standin_kill_${process.pid}`;
let standIn: TiDBStandIn;
let admin: Connection;

before(async () => {
  standIn = await startTestStandIn();
  admin = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
});

after(async () => {
  await admin.end();
  await standIn.close();
});

function connectToStandIn(): Promise<Connection> {
  return createConnection({ host: db.host, port: standIn.port, user: db.user, password: db.password, supportBigNumbers: true });
}

/** MariaDB threads (other than the admin's) running a statement that contains `marker`. */
async function runningOnMariaDB(marker: string): Promise<RunningStatement[]> {
  const [rows] = await admin.query<RowDataPacket[]>(RUNNING_STATEMENTS_SQL, [marker]);
  return runningStatementsFrom(rows);
}

test('KILL QUERY with the id from CONNECTION_ID() stops the statement EXPLAIN ANALYZE runs on MariaDB', async () => {
  const runner = await connectToStandIn();
  const killer = await connectToStandIn();
  try {
    const [ids] = await runner.query<RowDataPacket[]>('SELECT CONNECTION_ID() AS id');
    const connectionId = Number(ids[0].id);

    const explained = runner.query(`EXPLAIN ANALYZE SELECT SLEEP(30) AS ${MARKER}`).then(
      () => assert.fail('EXPLAIN ANALYZE of the killed statement should fail'),
      (error: unknown) => error as { errno?: number; sqlState?: string; message?: string },
    );
    const [running] = await waitFor('the statement on MariaDB', async () => {
      const rows = await runningOnMariaDB(MARKER);
      return rows.length > 0 ? rows : undefined;
    });
    assert.equal(running.id, connectionId, 'CONNECTION_ID() through the stand-in names the MariaDB thread that runs the statement');
    assert.equal(running.info, `SELECT SLEEP(30) AS ${MARKER}`, 'the statement under EXPLAIN ANALYZE runs for real');

    await killer.query(`KILL QUERY ${connectionId}`);
    const error = await explained;
    assert.equal(error.errno, 1317);
    assert.equal(error.sqlState, '70100');
    assert.match(error.message ?? '', /^Query execution was interrupted/);
    await waitFor(
      'the statement to leave the processlist',
      async () => ((await runningOnMariaDB(MARKER)).length === 0 ? true : undefined),
      2_000,
    );

    // KILL QUERY ends the statement, not the connection: both clients go on.
    const [again] = await runner.query<RowDataPacket[]>('SELECT CONNECTION_ID() AS id, 1 + 1 AS two');
    assert.deepEqual(
      again.map((row) => ({ id: Number(row.id), two: Number(row.two) })),
      [{ id: connectionId, two: 2 }],
    );
    const [alive] = await killer.query<RowDataPacket[]>('SELECT 1 AS one');
    assert.equal(Number(alive[0].one), 1);
  } finally {
    for (const statement of await runningOnMariaDB(MARKER)) await admin.query(`KILL QUERY ${statement.id}`).catch(() => undefined);
    await runner.end().catch(() => undefined);
    await killer.end().catch(() => undefined);
  }
});

test("KILL QUERY of a connection that does not exist is refused with MariaDB's error", async () => {
  const client = await connectToStandIn();
  try {
    await assert.rejects(client.query('KILL QUERY 4000000000'), { errno: 1094, message: /^Unknown thread id: 4000000000/ });
    const [rows] = await client.query<RowDataPacket[]>('SELECT 1 AS one');
    assert.equal(Number(rows[0].one), 1, 'the connection stays usable');
  } finally {
    await client.end();
  }
});
