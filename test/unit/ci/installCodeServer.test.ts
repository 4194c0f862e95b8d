// scripts/install-code-server.sh shared by parallel runs: one install at a time, built aside and
// renamed into place, so a run never deletes or half-writes another run's copy. npm is replaced by
// a stand-in that lays out the files the script expects (the real install takes minutes and the
// network); everything else the script runs is the machine's own.
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';

const script = resolve(__dirname, '../../../../scripts/install-code-server.sh');
const scratch = mkdtempSync(join(tmpdir(), 'tidblab-install-code-server-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const FAKE_NPM = `#!/bin/sh
# install-code-server.sh's npm calls; only the code-server install lays out files (slowly).
if [ "$1" = install ] && echo "$*" | grep -q 'code-server@'; then
  echo "$$ $PWD" >> "$FAKE_NPM_LOG"
  sleep "$FAKE_NPM_SECONDS"
  mkdir -p node_modules/code-server/out/node node_modules/code-server/lib/vscode/bin/remote-cli \\
    node_modules/code-server/lib/vscode/bin/helpers node_modules/code-server/lib/vscode/extensions
  echo "console.log('4.100.3 0000000 with Code 1.100.3')" > node_modules/code-server/out/node/entry.js
fi
exit 0
`;

interface Outcome {
  code: number | null;
  output: string;
}

function fakeMachine(name: string): { tools: string; env: NodeJS.ProcessEnv; installs: () => string[] } {
  const root = join(scratch, name);
  const bin = join(root, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'npm'), FAKE_NPM);
  chmodSync(join(bin, 'npm'), 0o755);
  const log = join(root, 'npm.log');
  writeFileSync(log, '');
  const tools = join(root, 'tools');
  const env = {
    ...process.env,
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    TIDB_LAB_TOOLS_DIR: tools,
    FAKE_NPM_LOG: log,
    FAKE_NPM_SECONDS: '1',
  };
  return { tools, env, installs: () => readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

function install(env: NodeJS.ProcessEnv): Promise<Outcome> {
  return new Promise((resolveRun, reject) => {
    const child = spawn('bash', [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ code, output }));
  });
}

const installDir = (tools: string) => join(tools, 'code-server-4.100.3');

describe('installing code-server into a tool folder shared by parallel runs', () => {
  test('two runs at once: one installs, the other waits and uses it; nothing half-built is left', async () => {
    const machine = fakeMachine('parallel');
    const [first, second] = await Promise.all([install(machine.env), install(machine.env)]);
    assert.equal(first.code, 0, first.output);
    assert.equal(second.code, 0, second.output);
    assert.equal(
      machine.installs().length,
      1,
      `npm installed code-server ${machine.installs().length} times:\n${first.output}\n${second.output}`,
    );
    assert.ok(existsSync(join(installDir(machine.tools), '.install-complete')));
    assert.ok(existsSync(join(installDir(machine.tools), 'node_modules/code-server/out/node/entry.js')));
    assert.deepEqual(
      readdirSync(machine.tools).filter((entry) => entry.includes('staging')),
      [],
      'no staging folder is left',
    );
    assert.equal(statSync(installDir(machine.tools)).mode & 0o777, 0o755, 'readable by every user, as an install in place was');
  });

  test('the install is built aside: the final folder appears only when finished', async () => {
    const machine = fakeMachine('aside');
    const running = install({ ...machine.env, FAKE_NPM_SECONDS: '2' });
    const deadline = Date.now() + 30_000;
    while (machine.installs().length === 0 && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 50));
    const [, building] = machine.installs()[0].split(' ');
    assert.notEqual(building, installDir(machine.tools), 'npm does not run in the folder other runs use');
    assert.ok(!existsSync(installDir(machine.tools)), 'while it builds, there is no half-built copy under the final name');
    assert.equal((await running).code, 0);
    assert.ok(existsSync(join(installDir(machine.tools), '.install-complete')));
  });

  test('a finished copy in use is left alone; an unfinished one from before is replaced', async () => {
    const machine = fakeMachine('reuse');
    assert.equal((await install(machine.env)).code, 0);
    const inUse = statSync(installDir(machine.tools)).ino;
    assert.equal((await install(machine.env)).code, 0);
    assert.equal(statSync(installDir(machine.tools)).ino, inUse, 'the copy was not touched');
    assert.equal(machine.installs().length, 1);

    rmSync(join(installDir(machine.tools), '.install-complete'));
    writeFileSync(join(installDir(machine.tools), 'left-by-an-interrupted-install'), '');
    assert.equal((await install(machine.env)).code, 0);
    assert.ok(existsSync(join(installDir(machine.tools), '.install-complete')));
    assert.ok(!existsSync(join(installDir(machine.tools), 'left-by-an-interrupted-install')));
    assert.deepEqual(
      readdirSync(machine.tools).filter((entry) => entry.startsWith('.code-server') && !entry.endsWith('.lock')),
      [],
      'the unfinished copy went',
    );
  });
});
