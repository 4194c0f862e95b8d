// scripts/start-playground.sh (the demo's DEMO_TIDB=playground) with the FAKE tiup on the PATH:
// starts a playground, waits until TiDB answers where it printed, reuses it, stops it; without
// tiup it prints TiUP's install command and starts nothing. demo.sh refuses DEMO_TIDB=playground
// without tiup before anything starts.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { isProcessAlive } from '../../../src/core/tiup/runningPlaygrounds';
import { tidbReadinessProbe } from '../../../src/core/tiup/tidbReadiness';

const repoRoot = resolve(__dirname, '../../../..');
const work = mkdtempSync('/var/tmp/tidblab-start-playground-test-');
after(() => rmSync(work, { recursive: true, force: true }));
const bin = join(work, 'bin');
mkdirSync(bin);
writeFileSync(join(bin, 'tiup'), `#!/bin/sh\nexec '${join(repoRoot, 'test', 'fakeTiup', 'tiup')}' "$@"\n`);
chmodSync(join(bin, 'tiup'), 0o755);
const emptyHome = join(work, 'home');
mkdirSync(emptyHome);

function script(args: string[], env: Record<string, string>) {
  return spawnSync('bash', [join(repoRoot, 'scripts', 'start-playground.sh'), ...args], {
    env: {
      ...process.env,
      TIUP_HOME: join(work, 'tiup-home'),
      TIDB_LAB_STATE_DIR: join(work, 'state'),
      TIDB_LAB_FAKE_TIUP_STEP_MS: '10',
      ...env,
    },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  await new Promise((done) => server.close(done));
  return port;
}

test('starts the playground, connects where it printed, reuses it on a second run, and stops it', async () => {
  const port = await freePort();
  const env = { PATH: `${bin}:${process.env.PATH ?? ''}`, TIDB_LAB_FAKE_TIUP_TIDB_PORT: String(port) };
  const first = script([], env);
  assert.equal(first.status, 0, first.stdout + first.stderr);
  assert.match(first.stdout, new RegExp(`TiDB playground 'tidb-lab-demo' is up: TiDB at 127\\.0\\.0\\.1:${port}`));
  const endpointFile = join(work, 'state', 'playground', 'tidb-lab-demo.endpoint');
  const [host, endpointPort, pid] = readFileSync(endpointFile, 'utf8').trim().split(' ');
  assert.deepEqual([host, Number(endpointPort)], ['127.0.0.1', port]);
  assert.equal((await tidbReadinessProbe()({ host, port })).ready, true);
  assert.match(readFileSync(join(work, 'state', 'playground', 'tidb-lab-demo.log'), 'utf8'), /--tiflash 1 --without-monitor/);

  const second = script([], env);
  assert.equal(second.status, 0, second.stderr);
  assert.match(second.stdout, new RegExp(`already running \\(pid ${pid}\\): TiDB at 127\\.0\\.0\\.1:${port}`));

  const stop = script(['stop'], env);
  assert.equal(stop.status, 0, stop.stderr);
  assert.equal(isProcessAlive(Number(pid)), false);
  assert.equal(existsSync(endpointFile), false);
});

test('without tiup: the install command to run yourself, and nothing started', () => {
  const result = script([], { HOME: emptyHome, PATH: '/usr/bin:/bin', TIDB_LAB_STATE_DIR: join(work, 'state-no-tiup') });
  assert.equal(result.status, 1);
  assert.match(
    result.stderr,
    /needs TiUP, which is not installed[\s\S]*curl --proto '=https' --tlsv1\.2 -sSf https:\/\/tiup-mirrors\.pingcap\.com\/install\.sh \| sh[\s\S]*Nothing was started\./,
  );
  assert.equal(existsSync(join(work, 'state-no-tiup')), false);
});

test('demo.sh with DEMO_TIDB=playground and no tiup stops before anything starts', () => {
  const result = spawnSync('bash', [join(repoRoot, 'scripts', 'demo.sh')], {
    env: {
      ...process.env,
      HOME: emptyHome,
      PATH: '/usr/bin:/bin',
      DEMO_TIDB: 'playground',
      DEMO_CHECK: '1',
      TIDB_LAB_STATE_DIR: join(work, 'demo-state'),
    },
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.equal(result.status, 1, result.stdout + result.stderr);
  assert.doesNotMatch(result.stdout, /Setting up the machine/);
  assert.match(result.stderr, /DEMO_TIDB=playground needs TiUP[\s\S]*install\.sh \| sh/);
  assert.equal(existsSync(join(work, 'demo-state')), false);
});
