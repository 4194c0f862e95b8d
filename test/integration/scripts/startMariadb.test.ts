// scripts/start-mariadb.sh tells TiDB Lab's own servers (pid file, data directory, socket) from a
// server someone else runs on the same port, and never uses or changes the latter. The tests' own
// servers play the "someone else's" part for a state directory that did not start them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { testDatabase } from '../../support/testDatabase';

const db = testDatabase();
const SCRIPT = join(__dirname, '..', '..', '..', '..', 'scripts', 'start-mariadb.sh');
const otherStateDir = mkdtempSync('/var/tmp/tidblab-start-mariadb-test-');

after(() => rmSync(otherStateDir, { recursive: true, force: true }));

function startMariadb(env: Record<string, string>) {
  return spawnSync('bash', [SCRIPT], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 180_000 });
}

async function usersAndDatabases(): Promise<string[]> {
  const client = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    const [users] = await client.query<RowDataPacket[]>("SELECT CONCAT(user, '@', host) AS name FROM mysql.user ORDER BY 1");
    const [databases] = await client.query<RowDataPacket[]>('SHOW DATABASES');
    return [...users.map((row) => `user ${row.name}`), ...databases.map((row) => `database ${row.Database}`)];
  } finally {
    await client.end();
  }
}

test('ports held by a MariaDB this state directory did not start: refused with the port and the variable, nothing started or changed', async () => {
  const before = await usersAndDatabases();

  const result = startMariadb({
    TIDB_LAB_STATE_DIR: otherStateDir,
    TIDB_LAB_MYSQL_PORT: String(db.port),
    TIDB_LAB_TLS_PORT: String(db.tlsOnlyPort),
  });

  assert.equal(result.status, 1, result.stdout + result.stderr);
  assert.match(
    result.stderr,
    new RegExp(`Port ${db.port}, where TiDB Lab's MariaDB 'main' should listen, is taken by another program.*TIDB_LAB_MYSQL_PORT=<port>`),
  );
  assert.match(
    result.stderr,
    new RegExp(
      `Port ${db.tlsOnlyPort}, where TiDB Lab's MariaDB 'tls-only' should listen, is taken by another program.*TIDB_LAB_TLS_PORT=<port>`,
    ),
  );
  assert.match(result.stderr, /nothing was started/);
  assert.deepEqual(readdirSync(otherStateDir), [], 'no data directory, certificate, socket or log was made');
  assert.deepEqual(await usersAndDatabases(), before);
});

test("the tests' own servers are recognised by their pid file and socket, and left running", async () => {
  const result = startMariadb({});

  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, new RegExp(`TiDB Lab's MariaDB 'main' already runs on 127\\.0\\.0\\.1:${db.port} \\(pid \\d+\\)`));
  assert.match(result.stdout, new RegExp(`TiDB Lab's MariaDB 'tls-only' already runs on 127\\.0\\.0\\.1:${db.tlsOnlyPort} \\(pid \\d+\\)`));
});
