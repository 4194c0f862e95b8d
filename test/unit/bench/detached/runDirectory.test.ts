// The files of a detached run: events read line by line (a half-written last line waits for the next
// read), the result written whole or not at all, one window only stores it, and which runs a window
// starting up takes over (going on, finished, died; not those another live window follows).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { findAdoptableRuns } from '../../../../src/core/bench/detached/adoptableRuns';
import { isRunProcessAlive, startDetachedRun } from '../../../../src/core/bench/detached/processes';
import {
  RUN_FILES,
  appendEvent,
  claimCollection,
  createRunDirectory,
  readEvents,
  readOutcome,
  writeOutcome,
  writeOwner,
  writePid,
} from '../../../../src/core/bench/detached/runDirectory';
import { RUN_DIRECTORY_VERSION, type DetachedRunMeta } from '../../../../src/core/bench/detached/runEvents';
import { RunFollower } from '../../../../src/core/bench/detached/runFollower';
import type { RunResult } from '../../../../src/core/results/benchmarkResult';

const root = mkdtempSync(join(tmpdir(), 'tidblab-rundir-'));
const children: ChildProcess[] = [];
after(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

let runCount = 0;
function meta(runKey = `run-${++runCount}`): DetachedRunMeta {
  return {
    version: RUN_DIRECTORY_VERSION,
    runKey,
    createdAt: new Date().toISOString(),
    spec: {
      kind: 'benchmark',
      workload: 'oltp_point_select',
      connection: { host: '127.0.0.1', port: 3306, user: 'u', database: 'd' },
      options: { threads: 1 },
      engine: { engine: 'builtin' },
    },
  };
}

const interval = (t: number) => ({
  t,
  threads: 1,
  tps: 10,
  qps: 10,
  reads: 10,
  writes: 0,
  others: 0,
  errors: 0,
  reconnects: 0,
  latencyMs: { p95: 1 },
});

/** A process whose command line names the run directory, as the runner's does; it waits until killed. */
async function fakeRunProcess(directory: string): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', directory], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid ?? 0;
}

async function goneProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid ?? 0;
}

describe('the run directory', () => {
  test('events are read in order, and a half-written last line only on the read after it is complete', async () => {
    const directory = await createRunDirectory(root, meta());
    appendEvent(directory, { kind: 'started', pid: 1 });
    appendEvent(directory, { kind: 'interval', interval: interval(1) });
    appendFileSync(join(directory, RUN_FILES.events), '{"kind":"interval","inter');
    const first = readEvents(directory, 0);
    assert.deepEqual(
      first.events.map((event) => event.kind),
      ['started', 'interval'],
    );
    assert.deepEqual(readEvents(directory, first.offset).events, []);
    appendFileSync(join(directory, RUN_FILES.events), `val":${JSON.stringify(interval(2))}}\n`);
    const second = readEvents(directory, first.offset);
    assert.deepEqual(second.events, [{ kind: 'interval', interval: interval(2) }]);
    assert.deepEqual(readEvents(directory, second.offset).events, []);
  });

  test('the result is written whole through a temporary file, none left behind', async () => {
    const directory = await createRunDirectory(root, meta());
    assert.equal(readOutcome(directory), undefined);
    writeOutcome(directory, { kind: 'error', message: 'no such database' });
    assert.deepEqual(readOutcome(directory), { kind: 'error', message: 'no such database' });
    assert.deepEqual(readdirSync(directory).sort(), [RUN_FILES.meta, RUN_FILES.result].sort());
  });

  test('only one window gets to store the result', async () => {
    const directory = await createRunDirectory(root, meta());
    assert.equal(claimCollection(directory), true);
    assert.equal(claimCollection(directory), false);
  });
});

describe('the runs a starting window takes over', () => {
  test('going on, finished or died; not those another live window follows, this window follows, or stored', async () => {
    const folder = join(root, 'runs');
    mkdirSync(folder);
    const gone = await goneProcess();
    const make = async (name: string) => createRunDirectory(folder, meta(name));

    const running = await make('running');
    writePid(running, await fakeRunProcess(running));
    writeOwner(running, gone);

    const finished = await make('finished');
    writePid(finished, gone);
    writeOutcome(finished, { kind: 'error', message: 'x' });

    const died = await make('died');
    writePid(died, gone);

    // a process id that is alive but is not this run's process (reused): the run died
    const reused = await make('reused');
    writePid(reused, process.pid);

    const followedElsewhere = await make('followed-elsewhere');
    writePid(followedElsewhere, await fakeRunProcess(followedElsewhere));
    writeOwner(followedElsewhere, process.pid);

    const followedHere = await make('followed-here');
    writePid(followedHere, await fakeRunProcess(followedHere));
    writeOwner(followedHere, 4242);

    const stored = await make('stored');
    writeOutcome(stored, { kind: 'error', message: 'x' });
    claimCollection(stored);

    const found = findAdoptableRuns(folder, 4242)
      .map((run) => `${run.meta.runKey}:${run.state}`)
      .sort();
    assert.deepEqual(found, ['died:died', 'finished:finished', 'reused:died', 'running:running']);
  });
});

describe('the run process', () => {
  test('gets the password on its stdin, not in its arguments or a file of the run', async () => {
    const directory = await createRunDirectory(root, meta());
    const received = join(root, 'received.txt');
    // a stand-in for the runner: keeps what its stdin said outside the run directory, then waits
    const script = join(root, 'fake-runner.js');
    writeFileSync(
      script,
      `let text = ''; process.stdin.on('data', (c) => (text += c)); process.stdin.on('end', () => { require('fs').writeFileSync(${JSON.stringify(received)}, text); setInterval(() => {}, 1000); });`,
    );
    const pid = await startDetachedRun({ execPath: process.execPath, script }, directory, { password: 's3cret-pw' });
    try {
      const deadline = Date.now() + 30_000;
      while (!readFileSafe(received) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.deepEqual(JSON.parse(readFileSafe(received) ?? '{}'), { password: 's3cret-pw' });
      assert.ok(isRunProcessAlive(pid, directory));
      assert.ok(!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('s3cret-pw'));
      for (const file of readdirSync(directory)) assert.ok(!readFileSync(join(directory, file), 'utf8').includes('s3cret-pw'), file);
    } finally {
      process.kill(pid, 'SIGKILL');
    }
  });

  test('a follower that starts late replays what happened, then reads the rest, and ends with the result', async () => {
    const directory = await createRunDirectory(root, meta());
    writePid(directory, await fakeRunProcess(directory));
    appendEvent(directory, { kind: 'interval', interval: interval(1) });
    const seen: string[] = [];
    const follower = new RunFollower(directory, {
      onEvent: (event, replayed) => seen.push(`${event.kind}${replayed ? ' (replayed)' : ''}`),
      pollMs: 10,
    });
    const following = follower.follow();
    appendEvent(directory, { kind: 'interval', interval: interval(2) });
    const result = { kind: 'run', status: 'completed' } as unknown as RunResult;
    writeOutcome(directory, { kind: 'result', result });
    const end = await following;
    assert.deepEqual(end, { kind: 'outcome', outcome: { kind: 'result', result } });
    assert.deepEqual(seen, ['interval (replayed)', 'interval']);
  });
});

function readFileSafe(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
