import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addToHistory,
  firstLine,
  MAX_QUERY_HISTORY,
  readHistory,
  removeFromHistory,
  type QueryRun,
} from '../../../src/core/sql/queryHistory';

const run = (statement: string, extra: Partial<QueryRun> = {}): QueryRun => ({
  statement,
  connectionId: 'c1',
  connectionName: 'Local',
  database: 'shop',
  ranAt: '2026-12-07T15:00:00.000Z',
  durationMs: 12,
  rows: 3,
  error: null,
  ...extra,
});

test('newest first, bounded: the oldest runs drop out past the limit', () => {
  let history = addToHistory([], run('SELECT 1'), 'a');
  history = addToHistory(history, run('SELECT 2'), 'b');
  assert.deepEqual(
    history.map((entry) => entry.statement),
    ['SELECT 2', 'SELECT 1'],
  );
  for (let i = 0; i < MAX_QUERY_HISTORY + 20; i++) history = addToHistory(history, run(`SELECT ${i}`), `id${i}`);
  assert.equal(history.length, MAX_QUERY_HISTORY);
  assert.equal(history[0].statement, `SELECT ${MAX_QUERY_HISTORY + 19}`);
  assert.equal(addToHistory(history, run('SELECT x'), 'x', 3).length, 3);
});

test('IDENTIFIED BY secrets and passwords are never stored, in the statement or its error', () => {
  const statement = "CREATE USER 'app'@'%' IDENTIFIED BY 's3cr3t-pw'";
  const [entry] = addToHistory([], run(statement, { error: "You have an error in your SQL syntax near 'BY 's3cr3t-pw'' at line 1" }), 'a');
  assert.ok(!JSON.stringify(entry).includes('s3cr3t-pw'), JSON.stringify(entry));
  assert.match(entry.statement, /IDENTIFIED BY '\*\*\*'/);
  const [alter] = addToHistory([], run("SET PASSWORD FOR 'app'@'%' = PASSWORD('hunter22')"), 'b');
  assert.ok(!alter.statement.includes('hunter22'), alter.statement);
  const [dsn] = addToHistory([], run("SELECT 'mysql://root:topsecret@127.0.0.1:4000/db'"), 'c');
  assert.ok(!dsn.statement.includes('topsecret'), dsn.statement);
});

test('what is read back from the workspace state is checked entry by entry', () => {
  const stored = addToHistory([], run('SELECT 1', { error: 'boom', rows: null }), 'a');
  assert.deepEqual(readHistory(JSON.parse(JSON.stringify(stored))), stored);
  assert.deepEqual(readHistory(undefined), []);
  assert.deepEqual(readHistory([{ id: 1 }, 'x', null, ...stored]), stored);
  assert.deepEqual(removeFromHistory(stored, 'a'), []);
});

test('the label is the first line that is not blank, cut', () => {
  assert.equal(firstLine('\n  SELECT a,\n  b FROM t'), 'SELECT a,');
  assert.equal(firstLine('x'.repeat(100), 10), `${'x'.repeat(9)}…`);
});
