// scripts/demo.sh checks its port, its workspace and, with DEMO_MYSQL, the user's server before it
// installs, builds, starts or writes anything: what is not the demo's stops it with the variable to
// change, and is left as it was.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
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

// Demos on two DEMO_PORTs: the real demo.sh, copied into a sandbox repository whose set-up steps,
// mariadb client, npm and code-server are stand-ins (no package is installed, nothing is built, no real
// code-server starts); the stand-in code-server only answers HTTP on its port.
const sandbox = join(work, 'ports');
const sandboxRepo = join(sandbox, 'repo');
const sandboxState = join(sandbox, 'state');
const sandboxTools = join(sandbox, 'tools');
const fakeBin = join(sandbox, 'bin');
const startedGroups: number[] = [];

after(() => {
  for (const pid of startedGroups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

function writeExecutable(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text, { mode: 0o755 });
}

function makeSandbox() {
  mkdirSync(join(sandboxRepo, 'node_modules'), { recursive: true });
  mkdirSync(join(sandboxRepo, 'scripts'), { recursive: true });
  copyFileSync(SCRIPT, join(sandboxRepo, 'scripts', 'demo.sh'));
  for (const step of ['setup-machine.sh', 'start-mariadb.sh', 'create-demo-user.sh'])
    writeExecutable(join(sandboxRepo, 'scripts', step), '#!/usr/bin/env bash\nexit 0\n');
  // the sysbench tables are "already there": 4 tables with rows, 10000 rows in the last
  writeExecutable(
    join(fakeBin, 'mariadb'),
    '#!/usr/bin/env bash\ncase "$*" in *"SUM(TABLE_ROWS"*) echo 4 ;; *"COUNT(*)"*) echo 10000 ;; *) cat >/dev/null ;; esac\n',
  );
  writeExecutable(join(fakeBin, 'npm'), '#!/usr/bin/env bash\nexit 0\n');
  writeExecutable(
    join(sandboxTools, 'code-server-4.100.3', 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    [
      'const args = process.argv.slice(2);',
      "if (args.includes('--install-extension')) process.exit(0);",
      "if (args.includes('--list-extensions')) { console.log('tidb-lab.tidb-lab'); process.exit(0); }",
      "const [host, port] = args[args.indexOf('--bind-addr') + 1].split(':');",
      "require('node:http').createServer((request, response) => response.end('stand-in code-server')).listen(Number(port), host);",
      '',
    ].join('\n'),
  );
}

function sandboxDemo(port: number) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    PATH: `${fakeBin}:${process.env.PATH ?? ''}`,
    TIDB_LAB_STATE_DIR: sandboxState,
    TIDB_LAB_TOOLS_DIR: sandboxTools,
    DEMO_PORT: String(port),
    DEMO_EDITOR: 'code-server',
    DEMO_NO_WAIT: '1',
  };
  for (const name of ['DEMO_CHECK', 'DEMO_MYSQL', 'DEMO_TIDB', 'TIDB_LAB_DEMO_WORKSPACE']) delete env[name];
  const result = spawnSync('bash', [join(sandboxRepo, 'scripts', 'demo.sh')], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
  const started = /keeps running in the background \(pid (\d+)\)/.exec(result.stdout);
  if (started) startedGroups.push(Number(started[1]));
  return { ...result, pid: started ? Number(started[1]) : undefined };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether the stand-in code-server answers on the port (a new connection each time: none kept from a stopped one). */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path: '/', agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(body === 'stand-in code-server'));
    });
    request.on('error', () => resolve(false));
  });
}

test('demos on two DEMO_PORTs keep their own state and leave each other running; a second run on one port replaces its own', async () => {
  makeSandbox();
  const first = await freePort();
  let second = await freePort();
  while (second === first) second = await freePort();

  const one = sandboxDemo(first);
  assert.equal(one.status, 0, one.stdout + one.stderr);
  assert.ok(one.pid !== undefined && (await answers(first)), one.stdout);

  const two = sandboxDemo(second);
  assert.equal(two.status, 0, two.stdout + two.stderr);
  assert.doesNotMatch(two.stdout, /Stopping the previous demo code-server/);
  assert.ok(alive(one.pid), `the demo on port ${first} is still running`);
  assert.ok(await answers(first), `the demo on port ${first} still answers`);
  assert.ok(two.pid !== undefined && (await answers(second)), two.stdout);
  assert.notEqual(
    readFileSync(join(sandboxState, 'demo-code-server', String(first), 'code-server.pid'), 'utf8'),
    readFileSync(join(sandboxState, 'demo-code-server', String(second), 'code-server.pid'), 'utf8'),
  );

  const again = sandboxDemo(first);
  assert.equal(again.status, 0, again.stdout + again.stderr);
  assert.match(again.stdout, new RegExp(`Stopping the previous demo code-server on port ${first} \\(pid ${one.pid}\\)`));
  assert.ok(!alive(one.pid), 'the first run on that port was stopped');
  assert.ok(again.pid !== undefined && again.pid !== one.pid && (await answers(first)), again.stdout);
  assert.ok(alive(two.pid ?? -1) && (await answers(second)), `the demo on port ${second} is left running`);
});
