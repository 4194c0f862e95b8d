// Cancelling EXPLAIN ANALYZE against the real MariaDB: KILL QUERY stops the statement on the server
// (the processlist no longer shows it) and a rolled-back transaction leaves no change and no lock.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ConnectionProfile } from '../../../src/core/db/connectionProfile';
import { DatabaseSession } from '../../../src/core/db/databaseSession';
import type { SqlLogEntry } from '../../../src/core/db/sqlExecutor';
import { ExplainCancelled } from '../../../src/extension/plans/explainCancelled';
import { runExplain } from '../../../src/extension/plans/explainRunner';
import { explainRequest, explainTargets } from '../../../src/extension/plans/explainStatements';
import { RUNNING_STATEMENTS_SQL, runningStatementsFrom, waitFor, type RunningStatement } from '../../support/serverStatements';
import { testDatabase } from '../../support/testDatabase';

const db = testDatabase();
const SCHEMA = `tidblab_explain_cancel_${process.pid}`;
const SLEEP_SECONDS = 30;

const profile: ConnectionProfile = {
  id: 'it',
  name: 'it',
  host: db.host,
  port: db.port,
  user: db.user,
  tls: 'off',
  passwordMode: 'secretStorage',
};

let session: DatabaseSession;
const sqlLog: SqlLogEntry[] = [];

before(async () => {
  session = await DatabaseSession.open(profile, db.password, { logger: (entry) => sqlLog.push(entry) });
  await session.run(`DROP DATABASE IF EXISTS ${SCHEMA}`);
  await session.run(`CREATE DATABASE ${SCHEMA}`);
  await session.run(`CREATE TABLE ${SCHEMA}.accounts (id INT PRIMARY KEY, balance INT NOT NULL) ENGINE=InnoDB`);
  await session.run(`INSERT INTO ${SCHEMA}.accounts VALUES (1, 100), (2, 200)`);
});

after(async () => {
  await session.run(`DROP DATABASE IF EXISTS ${SCHEMA}`).catch(() => undefined);
  await session.close();
});

/** Connections (other than the asking one) whose running statement contains `marker`. */
async function runningWith(marker: string): Promise<RunningStatement[]> {
  return runningStatementsFrom(await session.query(RUNNING_STATEMENTS_SQL, [marker]));
}

/** Starts the EXPLAIN ANALYZE of `statement` as the command routes it, waits until the server runs it, then cancels. */
async function cancelWhileRunning(
  statement: string,
  marker: string,
  inRolledBackTransaction: boolean,
): Promise<{ cancelled: ExplainCancelled; runningId: number; settledAfterAbortMs: number }> {
  const target = explainTargets(statement)[0];
  const request = explainRequest(target, 'analyze', session.identity.flavor);
  assert.match(request.sql, /^ANALYZE /, 'MariaDB spells EXPLAIN ANALYZE as ANALYZE <statement>');
  const controller = new AbortController();
  const running = runExplain(session, request, inRolledBackTransaction, { signal: controller.signal });
  const settled = running.then(
    () => assert.fail('the run should have been cancelled'),
    (error: unknown) => error,
  );
  const [seen] = await waitFor('the statement in the processlist', async () => {
    const rows = await runningWith(marker);
    return rows.length > 0 ? rows : undefined;
  });
  const abortedAt = performance.now();
  controller.abort();
  const error = await settled;
  const settledAfterAbortMs = performance.now() - abortedAt;
  assert.ok(error instanceof ExplainCancelled, `expected ExplainCancelled, got ${String(error)}`);
  return { cancelled: error, runningId: seen.id, settledAfterAbortMs };
}

test('cancelling EXPLAIN ANALYZE of a long SELECT kills it on the server', async () => {
  const marker = `cancel-select-${process.pid}`;
  const { cancelled, runningId, settledAfterAbortMs } = await cancelWhileRunning(
    `SELECT /* ${marker} */ SLEEP(${SLEEP_SECONDS})`,
    marker,
    false,
  );

  assert.ok(settledAfterAbortMs < 15_000, `settled ${Math.round(settledAfterAbortMs)} ms after the abort`);
  assert.equal(cancelled.run.statement, 'interrupted');
  assert.equal(
    cancelled.run.connectionId,
    BigInt(runningId),
    'KILL QUERY named the connection the processlist showed running the statement',
  );
  assert.equal(cancelled.run.killError, undefined);
  assert.equal((cancelled.cause as { errno?: number }).errno, 1317);
  const kill = sqlLog.find((entry) => entry.sql === `KILL QUERY ${runningId}`);
  assert.ok(kill && !kill.error, 'KILL QUERY was logged and accepted');
  await waitFor('the statement to leave the processlist', async () => ((await runningWith(marker)).length === 0 ? true : undefined));
});

test('cancelling EXPLAIN ANALYZE of an UPDATE in a rolled-back transaction kills it, keeps no change and holds no lock', async () => {
  const marker = `cancel-update-${process.pid}`;
  const statement = `UPDATE ${SCHEMA}.accounts SET balance = balance + 1 + SLEEP(${SLEEP_SECONDS}) /* ${marker} */ WHERE id = 1`;
  const { cancelled, settledAfterAbortMs } = await cancelWhileRunning(statement, marker, true);

  assert.ok(settledAfterAbortMs < 15_000, `settled ${Math.round(settledAfterAbortMs)} ms after the abort`);
  assert.equal(cancelled.run.statement, 'interrupted');
  await waitFor('the statement to leave the processlist', async () => ((await runningWith(marker)).length === 0 ? true : undefined));
  assert.deepEqual(await session.query(`SELECT balance FROM ${SCHEMA}.accounts WHERE id = 1`), [{ balance: 100 }]);
  await session.withDedicatedConnection(async (other) => {
    await other.run('SET SESSION innodb_lock_wait_timeout = 1');
    await other.run('BEGIN');
    await other.run(`UPDATE ${SCHEMA}.accounts SET balance = 101 WHERE id = 1`);
    await other.run('ROLLBACK');
  });
});
