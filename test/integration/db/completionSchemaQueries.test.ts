import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DatabaseSession } from '../../../src/core/db/databaseSession';
import { readSchemaSnapshot, readSystemVariableNames } from '../../../src/core/db/completionSchemaQueries';
import { sqlCompletionsAt } from '../../../src/core/sql/sqlCompletion';
import { testDatabase } from '../../support/testDatabase';

const db = testDatabase();
const SCHEMA = 'tidblab_completion_it';
const profile = { id: 'it', name: 'it', host: db.host, port: db.port, user: db.user, tls: 'off', passwordMode: 'secretStorage' } as const;

before(async () => {
  const session = await DatabaseSession.open(profile, db.password);
  await session.run(`DROP DATABASE IF EXISTS ${SCHEMA}`);
  await session.run(`CREATE DATABASE ${SCHEMA}`);
  await session.run(`CREATE TABLE ${SCHEMA}.orders (order_id INT PRIMARY KEY, total DECIMAL(10,2), placed DATETIME)`);
  await session.run(`CREATE VIEW ${SCHEMA}.big_orders AS SELECT order_id FROM ${SCHEMA}.orders WHERE total > 100`);
  await session.close();
});

after(async () => {
  const session = await DatabaseSession.open(profile, db.password);
  await session.run(`DROP DATABASE IF EXISTS ${SCHEMA}`);
  await session.close();
});

test('the snapshot has the databases, tables, views and columns in order, without system schemas', async () => {
  const session = await DatabaseSession.open(profile, db.password);
  try {
    const snapshot = await readSchemaSnapshot(session, { includeSystem: false });
    assert.ok(snapshot.databases.includes(SCHEMA));
    assert.ok(!snapshot.databases.includes('mysql'));
    assert.deepEqual(
      snapshot.table(SCHEMA, 'orders')?.columns.map((column) => column.name),
      ['order_id', 'total', 'placed'],
    );
    assert.equal(snapshot.table(SCHEMA, 'orders')?.columns[1].type, 'decimal(10,2)');
    assert.equal(snapshot.table(SCHEMA, 'big_orders')?.isView, true);
    assert.equal(snapshot.table(SCHEMA, 'orders')?.isView, false);
    const answer = sqlCompletionsAt('SELECT o. FROM orders o', 9, { schema: snapshot, defaultDatabase: SCHEMA, tidbHints: false });
    assert.deepEqual(
      answer.items.map((item) => item.label),
      ['order_id', 'total', 'placed'],
    );
    const withSystem = await readSchemaSnapshot(session, { includeSystem: true });
    assert.ok(withSystem.databases.includes('mysql'));
  } finally {
    await session.close();
  }
});

test('the system variable names come from SHOW VARIABLES', async () => {
  const session = await DatabaseSession.open(profile, db.password);
  try {
    const names = await readSystemVariableNames(session);
    assert.ok(names.includes('sql_mode'));
    assert.ok(names.includes('max_join_size'));
    assert.ok(names.length > 100);
  } finally {
    await session.close();
  }
});
