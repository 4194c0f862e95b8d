// Run Selection / Run File's order and its tidbLab.sql.onError setting: every statement in order;
// "stop" ends at the first failure (the rest not run), "continue" goes on; a cancel always ends it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { StatementRunResult } from '../../../src/core/sql/resultModel';
import { firstLineOf, runStatementBatch } from '../../../src/core/sql/statementBatch';
import { splitStatements } from '../../../src/core/sql/statementSplitter';

class Cancelled extends Error {}

const ok = (sql: string): StatementRunResult => ({
  answer: {
    kind: 'rows',
    columns: [{ name: sql, type: 'LONGLONG', numeric: true }],
    rows: [['1']],
    totalRows: 1,
    totalKnown: true,
    rowLimit: 10,
  },
  elapsedMs: 1,
  warnings: [],
  rolledBack: false,
});

function fakeServer(failing: readonly string[], cancelling: readonly string[] = []) {
  const sent: string[] = [];
  const runOne = (sql: string) => {
    sent.push(sql);
    if (cancelling.includes(sql)) return Promise.reject(new Cancelled());
    if (failing.includes(sql)) return Promise.reject(new Error(`failed: ${sql}`));
    return Promise.resolve(ok(sql));
  };
  return { sent, runOne };
}

const statements = splitStatements("SELECT 1 AS a; SELECT 2 AS b, 'x' AS c;\nSELECT nope;\nSELECT 4").map((statement) => statement.text);
const isCancellation = (error: unknown) => error instanceof Cancelled;

test('every statement of the selection runs, in order, one after another', async () => {
  const server = fakeServer([]);
  const batch = await runStatementBatch(statements, server.runOne, { onError: 'stop', isCancellation });
  assert.deepEqual(server.sent, ['SELECT 1 AS a', "SELECT 2 AS b, 'x' AS c", 'SELECT nope', 'SELECT 4']);
  assert.deepEqual(
    batch.runs.map((run) => [run.index, run.outcome.ok]),
    [
      [0, true],
      [1, true],
      [2, true],
      [3, true],
    ],
  );
  assert.equal(batch.notRun, 0);
  assert.equal(batch.firstFailure, undefined);
});

test('"stop": the first failure ends the batch, the statements after it do not run', async () => {
  const server = fakeServer(['SELECT nope']);
  const batch = await runStatementBatch(statements, server.runOne, { onError: 'stop', isCancellation });
  assert.deepEqual(server.sent, ['SELECT 1 AS a', "SELECT 2 AS b, 'x' AS c", 'SELECT nope']);
  assert.equal(batch.firstFailure?.index, 2);
  assert.equal(batch.firstFailure?.statement, 'SELECT nope');
  assert.equal(batch.failures, 1);
  assert.equal(batch.notRun, 1);
  assert.equal(batch.cancelled, false);
});

test('"continue": a failure is kept and the next statements run', async () => {
  const server = fakeServer(["SELECT 2 AS b, 'x' AS c", 'SELECT nope']);
  const batch = await runStatementBatch(statements, server.runOne, { onError: 'continue', isCancellation });
  assert.equal(server.sent.length, 4);
  assert.equal(batch.firstFailure?.index, 1);
  assert.equal(batch.failures, 2);
  assert.equal(batch.notRun, 0);
  assert.deepEqual(
    batch.runs.map((run) => run.outcome.ok),
    [true, false, false, true],
  );
});

test('a cancelled statement ends the batch (also with "continue"), and is no failure', async () => {
  const server = fakeServer([], ["SELECT 2 AS b, 'x' AS c"]);
  const batch = await runStatementBatch(statements, server.runOne, { onError: 'continue', isCancellation });
  assert.deepEqual(server.sent, ['SELECT 1 AS a', "SELECT 2 AS b, 'x' AS c"]);
  assert.equal(batch.cancelled, true);
  assert.equal(batch.failures, 0);
  assert.equal(batch.notRun, 3);
  assert.equal(batch.runs.length, 1);
});

test('a batch cancelled between statements sends nothing more', async () => {
  const cancel = new AbortController();
  const server = fakeServer([]);
  const batch = await runStatementBatch(
    statements,
    (sql, index) => {
      if (index === 1) cancel.abort();
      return server.runOne(sql);
    },
    { onError: 'stop', isCancellation, signal: cancel.signal },
  );
  assert.equal(server.sent.length, 2);
  assert.deepEqual([batch.cancelled, batch.notRun], [true, 2]);
});

test('a message names a statement by its first line that is not blank, cut short', () => {
  assert.equal(firstLineOf('\n  UPDATE t\n  SET x = 1\n WHERE id = 2'), 'UPDATE t');
  assert.equal(firstLineOf(`SELECT ${'x'.repeat(200)}`, 20), `SELECT ${'x'.repeat(12)}…`);
});
