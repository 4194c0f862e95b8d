// scripts/demo.sh checks its port, its workspace and, with DEMO_MYSQL, the user's server before it
// installs, builds, starts or writes anything: what is not the demo's stops it with the variable to
// change, and is left as it was.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { createConnection } from 'mysql2/promise';
import { testDatabase } from '../../support/testDatabase';

const db = testDatabase();
const SCRIPT = join(__dirname, '..', '..', '..', '..', 'scripts', 'demo.sh');
const work = mkdtempSync('/var/tmp/tidblab-demo-preflight-test-');
const stateDir = join(work, 'state');

after(() => rmSync(work, { recursive: true, force: true }));

function demo(env: Record<string, string>) {
  return spawnSync('bash', [SCRIPT], {
    // DEMO_CHECK: should a check ever let the demo through, it stops its code-server instead of serving on.
    env: { ...process.env, TIDB_LAB_STATE_DIR: stateDir, DEMO_CHECK: '1', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
}

function assertNothingStarted(result: ReturnType<typeof demo>) {
  assert.equal(result.status, 1, result.stdout + result.stderr);
  assert.doesNotMatch(result.stdout, /Setting up the machine/);
  assert.deepEqual(
    readdirSync(work).filter((entry) => entry === 'state'),
    [],
    'the state directory was not made',
  );
}

test('a DEMO_PORT held by another program stops the demo before anything starts', async () => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const port = (holder.address() as AddressInfo).port;
  try {
    const result = demo({ DEMO_PORT: String(port) });
    assertNothingStarted(result);
    assert.match(
      result.stderr,
      new RegExp(
        `port ${port}, for the demo's code-server, is taken by another program: choose another with DEMO_PORT=<port>\\. Nothing was started\\.`,
      ),
    );
  } finally {
    await new Promise((resolve) => holder.close(resolve));
  }
});

test('a TIDB_LAB_DEMO_WORKSPACE whose settings the demo did not write is refused and left as it was', () => {
  const workspace = join(work, 'users-project');
  mkdirSync(join(workspace, '.vscode'), { recursive: true });
  writeFileSync(join(workspace, '.vscode', 'settings.json'), '{ "editor.fontSize": 14 }\n');

  const result = demo({ TIDB_LAB_DEMO_WORKSPACE: workspace });

  assertNothingStarted(result);
  assert.match(
    result.stderr,
    /settings\.json exists and was not written by the demo: choose another folder with TIDB_LAB_DEMO_WORKSPACE=<folder>/,
  );
  assert.equal(readFileSync(join(workspace, '.vscode', 'settings.json'), 'utf8'), '{ "editor.fontSize": 14 }\n');
});

test('DEMO_MYSQL without a terminal says which credentials to set', () => {
  const result = demo({ DEMO_MYSQL: `127.0.0.1:${db.port}`, DEMO_MYSQL_USER: '' });

  assertNothingStarted(result);
  assert.match(result.stderr, /DEMO_MYSQL without a terminal: set DEMO_MYSQL_USER and DEMO_MYSQL_PASSWORD/);
});

test("DEMO_MYSQL on a database holding the user's own tables is refused, and the tables are left as they were", async () => {
  const database = `tidblab_demo_refusal_${process.pid}`;
  const client = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    await client.query(`CREATE DATABASE \`${database}\``);
    await client.query(`CREATE TABLE \`${database}\`.sbtest1 (id INT PRIMARY KEY, note VARCHAR(20))`);
    await client.query(`INSERT INTO \`${database}\`.sbtest1 VALUES (1, 'theirs')`);

    const result = demo({
      DEMO_MYSQL: `127.0.0.1:${db.port}`,
      DEMO_MYSQL_USER: db.user,
      DEMO_MYSQL_PASSWORD: db.password,
      DEMO_MYSQL_DB: database,
      DEMO_MYSQL_CREATE_DB: '1',
    });

    assertNothingStarted(result);
    assert.match(
      result.stderr,
      new RegExp(
        `the database ${database} on 127\\.0\\.0\\.1:${db.port} holds tables the demo did not make \\(sbtest1\\): choose another with DEMO_MYSQL_DB=<name>\\. Nothing was changed\\.`,
      ),
    );
    const [rows] = await client.query(`SELECT id, note FROM \`${database}\`.sbtest1`);
    assert.deepEqual(rows, [{ id: 1, note: 'theirs' }]);
  } finally {
    await client.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await client.end();
  }
});
