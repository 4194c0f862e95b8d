// The credential relay go-tpc logs in through, against the local MariaDB (plain and TLS-only
// ports), with mysql2 as the client: the one-time password logs in and queries run through it in
// the connection's database; any other password is refused by the relay, before the server is
// asked; the server's refusal of the real credentials reaches the client as the server's error and
// is kept in upstreamErrors; closing the relay closes the server's connections.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { db, dropDatabase, freshDatabase, waitForNoConnections } from './support/benchFixtures';
import { startCredentialRelay, type CredentialRelay } from '../../../src/core/bench/goTpcEngine/credentialRelay';

let database: string;
const relays: CredentialRelay[] = [];

before(async () => {
  database = await freshDatabase('gotpcrelay');
});

after(async () => {
  for (const relay of relays) await relay.close();
  await dropDatabase(database);
});

async function relayTo(upstream: Partial<Parameters<typeof startCredentialRelay>[0]> = {}, hooks = {}) {
  const relay = await startCredentialRelay({ host: db.host, port: db.port, user: db.user, password: db.password, ...upstream }, hooks);
  relays.push(relay);
  return relay;
}

const through = (relay: CredentialRelay, password = relay.oneTimePassword, inDatabase: string | null = database) =>
  createConnection({ host: relay.host, port: relay.port, user: relay.user, password, database: inDatabase ?? undefined });

describe('credential relay', () => {
  test('the one-time password logs in; statements run on the server in the database asked for', async () => {
    const relay = await relayTo();
    assert.notEqual(relay.oneTimePassword, db.password);
    const connection = await through(relay);
    try {
      const [rows] = await connection.query<RowDataPacket[]>('SELECT DATABASE() AS db, CURRENT_USER() AS who, CONNECTION_ID() AS id');
      assert.equal(rows[0].db, database);
      assert.match(String(rows[0].who), new RegExp(`^${db.user}@`));
      assert.deepEqual(relay.openConnectionIds(), [Number(rows[0].id)]);
      await connection.query('CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(10))');
      await connection.query('INSERT INTO t VALUES (1, ?), (2, ?)', ['a', 'b']);
      const [counted] = await connection.query<RowDataPacket[]>('SELECT COUNT(*) AS n FROM t');
      assert.equal(Number(counted[0].n), 2);
    } finally {
      await connection.end();
    }
  });

  test('another password (the real one among them) is refused by the relay', async () => {
    const refused: string[] = [];
    const relay = await relayTo({}, { onRefused: (message: string) => refused.push(message) });
    for (const password of ['wrong', db.password, '']) {
      await assert.rejects(through(relay, password), (error: Error & { errno?: number }) => {
        assert.equal(error.errno, 1045);
        assert.match(error.message, /one-time password/);
        return true;
      });
    }
    assert.equal(refused.length, 3);
    assert.deepEqual(relay.upstreamErrors, []);
  });

  test("the server's refusal of the real credentials reaches the client as the server's error", async () => {
    const upstreamErrors: string[] = [];
    const relay = await relayTo({ password: 'not-the-password' }, { onUpstreamError: (message: string) => upstreamErrors.push(message) });
    await assert.rejects(through(relay), (error: Error & { errno?: number }) => {
      assert.equal(error.errno, 1045);
      assert.match(error.message, /Access denied for user 'tidblab'/);
      return true;
    });
    assert.equal(upstreamErrors.length, 1);
    assert.match(upstreamErrors[0], /^1045 \(28000\): Access denied/);
    assert.deepEqual(relay.upstreamErrors, upstreamErrors);
  });

  test('TLS upstream on the TLS-only port; the client talks plain to the relay', async () => {
    const relay = await relayTo({ port: db.tlsOnlyPort, tls: { mode: 'verify_ca', ca: readFileSync(db.caFile) } });
    // the TLS-only port is a server of its own, without this file's database
    const connection = await through(relay, relay.oneTimePassword, null);
    try {
      const [rows] = await connection.query<RowDataPacket[]>("SHOW SESSION STATUS LIKE 'Ssl_cipher'");
      assert.notEqual(String(rows[0].Value), '');
    } finally {
      await connection.end();
    }
  });

  test("closing the relay closes the server's connections", async () => {
    const relay = await relayTo();
    const connection = await through(relay);
    connection.on('error', () => undefined);
    await connection.query('SELECT 1');
    assert.equal(relay.openConnectionIds().length, 1);
    await relay.close();
    assert.equal(await waitForNoConnections(database, [], 10_000), 0);
    connection.destroy();
  });
});
