// mysql2 sessions against servers that break the protocol (test/support/hostileServers.ts): mysql2
// leaves the socket of an ERR greeting open, and buffers a packet of any announced size; a
// DatabaseSession ends its sockets on every failure and refuses a handshake packet over 64 KiB.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { ConnectionFailure, DatabaseSession } from '../../../src/core/db/databaseSession';
import type { ConnectionProfile } from '../../../src/core/db/connectionProfile';
import { errGreetingServer, floodingGreetingServer, type HostileServer } from '../../support/hostileServers';

function profile(port: number): ConnectionProfile {
  return { id: 'hostile', name: 'hostile', host: '127.0.0.1', port, user: 'u', tls: 'off', passwordMode: 'secretStorage' };
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

function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
    }),
  ]);
}

describe('mysql2 sessions against hostile servers', () => {
  const servers: HostileServer[] = [];
  after(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  test('an ERR greeting on a socket the server keeps open: the session fails in words and closes the socket', async () => {
    const server = await errGreetingServer();
    servers.push(server);
    const failure = await failureOf(DatabaseSession.open(profile(server.port), ''));
    assert.equal(failure.problem.kind, 'tooManyConnections');
    assert.match(failure.message, /Too many connections/);
    assert.ok(server.accepted >= 1);
    await within(3000, server.allClosed(), 'the client closes its sockets');
  });

  test('a greeting announcing 16 MiB, then a flood: refused from the header, at once, and the socket closed', async () => {
    const server = await floodingGreetingServer();
    servers.push(server);
    const started = Date.now();
    const failure = await failureOf(DatabaseSession.open(profile(server.port), '', { connectTimeoutMs: 20_000 }));
    const ms = Date.now() - started;
    assert.match(
      `${failure.problem.title} ${failure.problem.detail.text} ${failure.problem.serverMessage}`,
      /16777215 bytes during the handshake, more than the 65536 bytes/,
    );
    assert.ok(ms < 5000, `took ${ms} ms`);
    await within(3000, server.allClosed(), 'the client closes its sockets');
  });
});
