import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ConnectionFailure, DatabaseSession } from '../../../src/core/db/databaseSession';
import type { ConnectionProfile } from '../../../src/core/db/connectionProfile';
import { listColumns, listIndexes, listSchemas, listTables } from '../../../src/core/db/schemaQueries';
import type { SqlLogEntry } from '../../../src/core/db/sqlExecutor';
import { testDatabase } from '../../support/testDatabase';

const db = testDatabase();
const SCHEMA = 'tidblab_db_it';

function profile(overrides: Partial<ConnectionProfile> = {}): ConnectionProfile {
  return { id: 'it', name: 'it', host: db.host, port: db.port, user: db.user, tls: 'off', passwordMode: 'secretStorage', ...overrides };
}

async function failureOf(promise: Promise<unknown>): Promise<ConnectionFailure> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ConnectionFailure, `expected ConnectionFailure, got ${String(error)}`);
    return error;
  }
  assert.fail('the connection should have failed');
}

before(async () => {
  const session = await DatabaseSession.open(profile(), db.password);
  await session.run(`DROP DATABASE IF EXISTS ${SCHEMA}`);
  await session.run(`CREATE DATABASE ${SCHEMA}`);
  await session.run(
    `CREATE TABLE ${SCHEMA}.\`order items\` (id INT PRIMARY KEY, k INT NOT NULL, c CHAR(20) DEFAULT 'x', KEY k_1 (k), UNIQUE KEY uk (c, k))`,
  );
  await session.run(`INSERT INTO ${SCHEMA}.\`order items\` VALUES (1, 1, 'a'), (2, 2, 'b')`);
  await session.run(`CREATE VIEW ${SCHEMA}.v AS SELECT id FROM ${SCHEMA}.\`order items\``);
  await session.close();
});

after(async () => {
  const session = await DatabaseSession.open(profile(), db.password);
  await session.run(`DROP DATABASE IF EXISTS ${SCHEMA}`);
  await session.close();
});

test('connects, identifies MariaDB and logs each statement without the password', async () => {
  const log: SqlLogEntry[] = [];
  const session = await DatabaseSession.open(profile(), db.password, { logger: (entry) => log.push(entry) });
  try {
    assert.equal(session.identity.flavor, 'mariadb');
    assert.match(session.identity.version, /^\d+\.\d+\.\d+$/);
    await session.query('SELECT 1 AS one');
    assert.ok(log.some((entry) => entry.sql === 'SELECT 1 AS one' && entry.durationMs >= 0));
    assert.equal(JSON.stringify(log).includes(db.password), false);
  } finally {
    await session.close();
  }
});

test('the explorer queries list schemas, tables, columns and indexes', async () => {
  const session = await DatabaseSession.open(profile(), db.password);
  try {
    const schemas = await listSchemas(session, { includeSystem: false });
    assert.ok(schemas.some((s) => s.name === SCHEMA));
    assert.equal(
      schemas.some((s) => s.name === 'mysql'),
      false,
      'system schemas hidden',
    );
    assert.ok((await listSchemas(session, { includeSystem: true })).some((s) => s.name === 'mysql'));

    const tables = await listTables(session, SCHEMA);
    assert.deepEqual(
      tables.map((t) => [t.name, t.kind]),
      [
        ['order items', 'table'],
        ['v', 'view'],
      ],
    );
    assert.ok((tables[0].dataBytes ?? 0) > 0);

    const columns = await listColumns(session, SCHEMA, 'order items');
    assert.deepEqual(
      columns.map((c) => c.name),
      ['id', 'k', 'c'],
    );
    assert.equal(columns[2].nullable, true);
    assert.equal(columns[0].key, 'PRI');

    const indexes = await listIndexes(session, SCHEMA, 'order items');
    assert.deepEqual(
      indexes.map((i) => [i.name, i.columns.join(',')]),
      [
        ['PRIMARY', 'id'],
        ['k_1', 'k'],
        ['uk', 'c,k'],
      ],
    );
  } finally {
    await session.close();
  }
});

test('a wrong password is reported as such', async () => {
  const failure = await failureOf(DatabaseSession.open(profile(), 'not-the-password'));
  assert.equal(failure.problem.kind, 'wrongPassword');
  assert.equal(failure.message.includes('not-the-password'), false);
});

test('a closed port is reported as refused', async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const failure = await failureOf(DatabaseSession.open(profile({ port }), db.password));
  assert.equal(failure.problem.kind, 'refused');
  assert.deepEqual(failure.problem.detail, { source: 'system', text: `Nothing listens on 127.0.0.1:${port} (connection refused).` });
});

test('an unknown default database is reported', async () => {
  const failure = await failureOf(DatabaseSession.open(profile({ database: 'tidblab_no_such_db' }), db.password));
  assert.equal(failure.problem.kind, 'unknownDatabase');
});

test('a server that requires TLS: a plain connection is told as "requires encryption" first, TLS connection works', async () => {
  const log: SqlLogEntry[] = [];
  const plain = await failureOf(
    DatabaseSession.open(profile({ port: db.tlsOnlyPort }), db.password, { logger: (entry) => log.push(entry) }),
  );
  // MariaDB answers a plain connection to a require_secure_transport server with "Access denied";
  // the same user and password accepted over TLS tell it apart from a wrong password.
  assert.equal(plain.problem.kind, 'tlsRequiredByServer');
  assert.match(plain.problem.title, new RegExp(`^${db.host}:${db.tlsOnlyPort} requires encrypted connections`));
  assert.match(plain.problem.nextStep, /TLS mode/);
  assert.deepEqual(plain.problem.detail.source, 'server');
  assert.ok(
    log.some((entry) => /over TLS/.test(entry.sql) && entry.error === undefined),
    'the TLS check is logged',
  );
  // A wrong password stays a wrong password, on the TLS-only server too.
  const wrong = await failureOf(DatabaseSession.open(profile({ port: db.tlsOnlyPort }), 'not-the-password'));
  assert.equal(wrong.problem.kind, 'wrongPassword');
  const encrypted = await DatabaseSession.open(profile({ port: db.tlsOnlyPort, tls: 'required' }), db.password);
  await encrypted.close();
  const verified = await DatabaseSession.open(profile({ port: db.tlsOnlyPort, tls: 'verify', caFile: db.caFile }), db.password);
  await verified.close();
});

test('a certificate from an unknown CA is rejected under TLS verify', async () => {
  const failure = await failureOf(DatabaseSession.open(profile({ port: db.tlsOnlyPort, tls: 'verify' }), db.password));
  assert.equal(failure.problem.kind, 'certificateRejected');
});

test('a server that does not speak MySQL is named as such', async () => {
  const servers: Server[] = [
    createServer((socket) => socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n')),
    createServer((socket) => socket.write('SSH-2.0-OpenSSH_9.2\r\n')),
  ];
  try {
    for (const server of servers) {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as AddressInfo).port;
      const failure = await failureOf(DatabaseSession.open(profile({ port }), db.password, { connectTimeoutMs: 1500 }));
      assert.equal(failure.problem.kind, 'notMySqlCompatible', failure.message);
    }
  } finally {
    for (const server of servers) {
      server.close();
    }
  }
});
