// Starting and stopping `tiup playground` with the FAKE tiup (test/fakeTiup/tiup: TiUP's printed
// texts, and the TiDB STAND-IN relaying to the test MariaDB where the playground's TiDB would be).
// Needs the MariaDB of scripts/start-mariadb.sh and `npm run build:tests`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { DEFAULT_PLAYGROUND_TAG, type PlaygroundRequest } from '../../../src/core/tiup/playgroundArguments';
import { PlaygroundStartFailure, startPlayground, type PlaygroundLaunch } from '../../../src/core/tiup/localPlayground';
import type { PlaygroundOutputEvent } from '../../../src/core/tiup/playgroundOutput';
import { stopPlaygroundByPid } from '../../../src/core/tiup/playgroundProcess';
import { findRunningPlaygrounds, isProcessAlive } from '../../../src/core/tiup/runningPlaygrounds';
import { tidbReadinessProbe } from '../../../src/core/tiup/tidbReadiness';
import { listTiDBVersions } from '../../../src/core/tiup/tiupCommand';

const repoRoot = resolve(__dirname, '../../../..');
const fakeTiup = join(repoRoot, 'test', 'fakeTiup', 'tiup');
const tiupHome = mkdtempSync(join(tmpdir(), 'tidb-lab-fake-tiup-home-'));
after(() => rmSync(tiupHome, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  await new Promise((done) => server.close(done));
  return port;
}

function request(overrides: Partial<PlaygroundRequest> = {}): PlaygroundRequest {
  return { version: 'v8.5.1', tag: DEFAULT_PLAYGROUND_TAG, tiflashNodes: 1, monitor: false, ...overrides };
}

async function launch(env: Record<string, string>, overrides: Partial<PlaygroundLaunch> = {}): Promise<PlaygroundLaunch> {
  return {
    tiupPath: fakeTiup,
    request: request(),
    logFile: join(tiupHome, 'logs', `${Math.random().toString(36).slice(2)}.log`),
    env: {
      ...process.env,
      TIUP_HOME: tiupHome,
      TIDB_LAB_FAKE_TIUP_STEP_MS: '20',
      TIDB_LAB_FAKE_TIUP_TIDB_PORT: String(await freePort()),
      ...env,
    },
    readyTimeoutMs: 30_000,
    pollIntervalMs: 200,
    stopOptions: { graceMs: 10_000 },
    ...overrides,
  };
}

async function startFailure(options: PlaygroundLaunch): Promise<PlaygroundStartFailure> {
  try {
    const started = await startPlayground(options);
    await started.process.stop();
  } catch (error) {
    assert.ok(error instanceof PlaygroundStartFailure, String(error));
    return error;
  }
  assert.fail('the start did not fail');
}

describe('tiup playground lifecycle (fake tiup, TiDB stand-in)', () => {
  it('starts, follows the output, connects where the playground printed, is found as running, and stops', async () => {
    const events: PlaygroundOutputEvent[] = [];
    // TiDB answers well before TiFlash is up: ready means the playground says it started, too.
    const options = await launch(
      { TIDB_LAB_FAKE_TIUP_TIFLASH_MS: '1500' },
      { request: request({ tag: 'lifecycle' }), onEvent: (event) => events.push(event) },
    );
    const started = await startPlayground(options);
    try {
      const preferred = Number(options.env?.TIDB_LAB_FAKE_TIUP_TIDB_PORT);
      assert.deepEqual(started.endpoint, { host: '127.0.0.1', port: preferred });
      assert.equal(started.versionString, '8.0.11-TiDB-v8.5.1');
      assert.equal(started.dashboardUrl, 'http://127.0.0.1:2379/dashboard');
      assert.equal(started.grafanaUrl, undefined);
      assert.equal(started.commandLine, 'tiup playground v8.5.1 --tag lifecycle --tiflash 1 --without-monitor');
      const steps = events.filter((event) => event.kind === 'step').map((event) => event.message);
      for (const expected of [
        'Starting TiUP playground',
        'Downloading tidb v8.5.1',
        'Starting PD v8.5.1',
        `Waiting for TiDB 127.0.0.1:${preferred}`,
        `TiDB 127.0.0.1:${preferred} is up`,
        'TiFlash 127.0.0.1:3930 is up',
        'The playground is started',
      ]) {
        assert.ok(steps.includes(expected), `no step '${expected}' in ${JSON.stringify(steps)}`);
      }
      assert.match(readFileSync(started.logFile, 'utf8'), /^\$ tiup playground v8\.5\.1 --tag lifecycle[\s\S]*Connect TiDB:/);

      const running = findRunningPlaygrounds(tiupHome).find((playground) => playground.tag === 'lifecycle');
      assert.ok(running, 'the running playground is not found in TIUP_HOME/data');
      assert.equal(running.pid, started.process.pid);
      assert.equal(running.version, 'v8.5.1');
      assert.deepEqual(running.tidbEndpoints, [started.endpoint]);
    } finally {
      await started.process.stop();
    }
    assert.equal(started.process.isRunning, false);
    assert.deepEqual(await tidbReadinessProbe(1000)(started.endpoint).then((result) => result.ready), false);
    assert.equal(
      findRunningPlaygrounds(tiupHome).some((playground) => playground.tag === 'lifecycle'),
      false,
    );
    assert.match(readFileSync(started.logFile, 'utf8'), /Playground receive signal: terminated/);
  });

  it('port taken: TiUP picks another port, and the connection goes where it printed, not to the taken one', async () => {
    const taken: Server = createServer((socket) => socket.end('not TiDB\n'));
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    const takenPort = (taken.address() as { port: number }).port;
    try {
      const started = await startPlayground(
        await launch({ TIDB_LAB_FAKE_TIUP_TIDB_PORT: String(takenPort) }, { request: request({ tag: 'port-taken', tiflashNodes: 0 }) }),
      );
      try {
        assert.notEqual(started.endpoint.port, takenPort);
        assert.match(started.versionString, /TiDB/);
      } finally {
        await started.process.stop();
      }
    } finally {
      taken.close();
    }
  });

  it('the playground exits early: its own error is the message, and the log keeps the rest', async () => {
    const failure = await startFailure(
      await launch({ TIDB_LAB_FAKE_TIUP_SCENARIO: 'exit-early' }, { request: request({ tag: 'exits-early' }) }),
    );
    assert.equal(failure.kind, 'exitedEarly');
    assert.match(failure.message, /exit code 1\): Playground bootstrapping failed: failed to wait PD 127\.0\.0\.1:2379 to be ready/);
    assert.ok(failure.lastLines.some((line) => line.startsWith('Start tidb instance')));
    assert.ok(existsSync(failure.logFile));
  });

  it('TiDB never answers within the timeout: the playground is stopped and the message says where it waited', async () => {
    const options = await launch(
      { TIDB_LAB_FAKE_TIUP_SCENARIO: 'never-answers' },
      {
        request: request({ tag: 'never-answers', tiflashNodes: 0 }),
        readyTimeoutMs: 3000,
        probe: tidbReadinessProbe(500),
      },
    );
    const failure = await startFailure(options);
    assert.equal(failure.kind, 'timeout');
    assert.match(
      failure.message,
      /not ready within 3 s: TiDB at 127\.0\.0\.1:\d+ did not answer \(no answer within 500 ms\)\. The playground was stopped\./,
    );
    const meta = JSON.parse(readFileSync(join(tiupHome, 'data', 'never-answers', 'tiup_process_meta'), 'utf8')) as { pid: number };
    assert.equal(isProcessAlive(meta.pid), false);
  });

  it('TiDB fails to start: said at once, the playground stopped', async () => {
    const failure = await startFailure(
      await launch({ TIDB_LAB_FAKE_TIUP_SCENARIO: 'tidb-fails' }, { request: request({ tag: 'tidb-fails', tiflashNodes: 0 }) }),
    );
    assert.equal(failure.kind, 'tidbFailed');
    assert.match(failure.message, /TiDB \(tidb-0\) quit: exit status 1/);
    const meta = JSON.parse(readFileSync(join(tiupHome, 'data', 'tidb-fails', 'tiup_process_meta'), 'utf8')) as { pid: number };
    assert.equal(isProcessAlive(meta.pid), false);
  });

  it('the user cancels while it downloads: the playground is stopped', async () => {
    const controller = new AbortController();
    const options = await launch(
      { TIDB_LAB_FAKE_TIUP_STEP_MS: '400' },
      {
        request: request({ version: 'v8.1.2', tag: 'cancelled' }),
        signal: controller.signal,
        onEvent: (event) => {
          if (event.kind === 'step' && event.message.startsWith('Downloading')) controller.abort();
        },
      },
    );
    const failure = await startFailure(options);
    assert.equal(failure.kind, 'cancelled');
    const meta = JSON.parse(readFileSync(join(tiupHome, 'data', 'cancelled', 'tiup_process_meta'), 'utf8')) as { pid: number };
    assert.equal(isProcessAlive(meta.pid), false);
    assert.match(readFileSync(failure.logFile, 'utf8'), /Playground receive signal: terminated/);
  });

  it('a tiup that cannot run: said so', async () => {
    const failure = await startFailure(await launch({}, { tiupPath: join(tiupHome, 'no-such-tiup') }));
    assert.equal(failure.kind, 'spawnFailed');
    assert.match(failure.message, /ENOENT/);
  });

  it('a playground started from a terminal is found and stopped by its pid', async () => {
    const port = await freePort();
    const child = spawn(fakeTiup, ['playground', '--tag', 'from-terminal', '--tiflash', '0'], {
      env: { ...process.env, TIUP_HOME: tiupHome, TIDB_LAB_FAKE_TIUP_STEP_MS: '10', TIDB_LAB_FAKE_TIUP_TIDB_PORT: String(port) },
      stdio: 'ignore',
    });
    const exited = new Promise((done) => child.once('exit', done));
    try {
      const deadline = Date.now() + 20_000;
      let found = findRunningPlaygrounds(tiupHome).find((p) => p.tag === 'from-terminal' && p.tidbEndpoints.length > 0);
      while (!found && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 100));
        found = findRunningPlaygrounds(tiupHome).find((p) => p.tag === 'from-terminal' && p.tidbEndpoints.length > 0);
      }
      assert.ok(found, 'not found');
      assert.deepEqual(found.tidbEndpoints, [{ host: '127.0.0.1', port }]);
      assert.equal((await tidbReadinessProbe()(found.tidbEndpoints[0])).ready, true);
      await stopPlaygroundByPid(found.pid, { graceMs: 10_000 });
      await exited;
      assert.equal(
        findRunningPlaygrounds(tiupHome).some((p) => p.tag === 'from-terminal'),
        false,
      );
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('versions: the online list, or the installed ones with the reason when offline', async () => {
    const env = { ...process.env, TIUP_HOME: tiupHome };
    const online = await listTiDBVersions(fakeTiup, { env });
    assert.equal(online.onlineProblem, undefined);
    assert.equal(online.list.latest, 'v8.5.1');
    assert.equal(online.list.nightly, 'v9.0.0-alpha-nightly-20250415');
    const offline = await listTiDBVersions(fakeTiup, { env: { ...env, TIDB_LAB_FAKE_TIUP_LIST: 'offline' } });
    assert.match(offline.onlineProblem ?? '', /exit code 1\): Error: failed to fetch component/);
    assert.ok(offline.list.installed.includes('v8.5.1'), JSON.stringify(offline.list));
    assert.ok(!offline.list.releases.includes('v7.1.6'));
  });
});
