// A benchmark or experiment in a process of its own (dist/benchRunner.js) against the local
// MariaDB: the "host" that started it goes away, another one finds it still running, follows it
// (the events so far replayed, the rest as they come) and gets its complete result; cancel and a
// killed process still leave a result. The password is never in the process's arguments or files.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { connectionArgs, db, dropDatabase, freshDatabase, runProcess } from './support/benchFixtures';
import { waitFor } from '../../support/serverStatements';
import { findAdoptableRuns } from '../../../src/core/bench/detached/adoptableRuns';
import { partialResult } from '../../../src/core/bench/detached/partialResult';
import { isRunProcessAlive, signalRunToStop, startDetachedRun } from '../../../src/core/bench/detached/processes';
import { createRunDirectory, readPid, writeOwner } from '../../../src/core/bench/detached/runDirectory';
import { RUN_DIRECTORY_VERSION, type DetachedRunEvent, type DetachedRunSpec } from '../../../src/core/bench/detached/runEvents';
import { RunFollower, type FollowEnd } from '../../../src/core/bench/detached/runFollower';
import type { ExperimentResult, RunResult } from '../../../src/core/results/benchmarkResult';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
const RUNNER = { execPath: process.execPath, script: join(__dirname, '..', '..', '..', 'src', 'cli', 'benchRunner.js') };
const runs = mkdtempSync(join(tmpdir(), 'tidblab-detached-'));
let database: string;
let deadHost: number;

/** The process id of a "host" that has gone. */
async function goneProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid ?? 1;
}

function benchmarkSpec(options: Record<string, string | number | boolean>): DetachedRunSpec {
  return {
    kind: 'benchmark',
    workload: 'oltp_point_select',
    connection: { host: db.host, port: db.port, user: db.user, database },
    options: { tables: 1, table_size: 1000, report_interval: 1, ...options },
    engine: { engine: 'builtin' },
  };
}

/** Host A: makes the run directory, starts the process, follows it until `until` holds, then goes away. */
async function startByHostA(runKey: string, spec: DetachedRunSpec, until: (events: DetachedRunEvent[]) => boolean): Promise<string> {
  const directory = await createRunDirectory(runs, { version: RUN_DIRECTORY_VERSION, runKey, createdAt: new Date().toISOString(), spec });
  writeOwner(directory, process.pid);
  await startDetachedRun(RUNNER, directory, { password: db.password });
  const hostA = new RunFollower(directory, { onEvent: () => undefined, pollMs: 50 });
  const following = hostA.follow();
  await waitFor('host A to see the run going', async () => (until(hostA.events) ? true : undefined), 60_000);
  hostA.stop();
  assert.equal((await following).kind, 'detached');
  writeOwner(directory, deadHost);
  return directory;
}

/** Host B: finds the run among those no live window follows, and follows it to its end. */
async function followByHostB(
  directory: string,
): Promise<{ end: FollowEnd; replayed: DetachedRunEvent[]; live: DetachedRunEvent[]; follower: RunFollower }> {
  const adoptable = findAdoptableRuns(runs, process.pid).find((run) => run.directory === directory);
  assert.equal(adoptable?.state, 'running');
  writeOwner(directory, process.pid);
  const replayed: DetachedRunEvent[] = [];
  const live: DetachedRunEvent[] = [];
  const follower = new RunFollower(directory, { onEvent: (event, wasReplayed) => (wasReplayed ? replayed : live).push(event), pollMs: 50 });
  return { end: await follower.follow(), replayed, live, follower };
}

const intervalsOf = (events: DetachedRunEvent[]) => events.filter((event) => event.kind === 'interval');

before(async () => {
  database = await freshDatabase('detached');
  deadHost = await goneProcess();
  const prepare = await runProcess(process.execPath, [
    CLI,
    'bench',
    '--engine=builtin',
    ...connectionArgs(database),
    '--tables=1',
    '--table-size=1000',
    'oltp_point_select',
    'prepare',
  ]);
  assert.equal(prepare.code, 0, prepare.stderr);
});

after(async () => {
  await dropDatabase(database);
  rmSync(runs, { recursive: true, force: true });
});

describe('a detached benchmark run', () => {
  test('outlives the host that started it; another host follows it and gets the complete result', async () => {
    const directory = await startByHostA('complete', benchmarkSpec({ threads: 2, time: 4 }), (events) => intervalsOf(events).length >= 1);
    const pid = readPid(directory);
    assert.ok(pid !== undefined && isRunProcessAlive(pid, directory));
    // the password reached the process through its stdin only: not in its arguments, not in any file of the run
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    assert.ok(cmdline.includes(directory));
    assert.ok(!cmdline.includes(db.password), cmdline);
    for (const file of readdirSync(directory)) assert.ok(!readFileSync(join(directory, file), 'utf8').includes(db.password), file);

    const { end, replayed, live } = await followByHostB(directory);
    assert.ok(intervalsOf(replayed).length >= 1, 'what happened before host B came is replayed');
    assert.equal(end.kind, 'outcome');
    assert.ok(end.kind === 'outcome' && end.outcome.kind === 'result');
    const result = end.outcome.result as RunResult;
    assert.equal(result.status, 'completed');
    assert.equal(result.workload, 'oltp_point_select');
    assert.equal(result.intervals.length, 4);
    assert.deepEqual(
      [...intervalsOf(replayed), ...intervalsOf(live)].map((event) => event.kind === 'interval' && event.interval.t),
      result.intervals.map((interval) => interval.t),
    );
    assert.ok(result.summary.events > 0);
    assert.ok(!JSON.stringify(result).includes(db.password));
    await waitFor('the run process to exit', async () => (isRunProcessAlive(pid, directory) ? undefined : true));
  });

  test('with the sysbench engine too: sysbench runs under the detached process and its result comes back complete', async () => {
    const spec = { ...benchmarkSpec({ threads: 1, time: 3 }), engine: { engine: 'sysbench' as const } };
    const directory = await startByHostA('sysbench', spec, (events) => intervalsOf(events).length >= 1);
    const { end } = await followByHostB(directory);
    assert.ok(end.kind === 'outcome' && end.outcome.kind === 'result', JSON.stringify(end));
    const result = end.outcome.result as RunResult;
    assert.equal(result.source.engine, 'sysbench');
    assert.equal(result.status, 'completed');
    // sysbench prints the report line of the last second or not, as its timer falls
    assert.ok(result.intervals.length >= 2, `${result.intervals.length} intervals`);
  });

  test("an SQL file benchmark (go-tpc's rawsql) too: the next host gets its complete result", async () => {
    const spec: DetachedRunSpec = {
      kind: 'rawsql',
      run: {
        queries: [{ name: 'Q1', sql: 'SELECT COUNT(*) FROM sbtest1', kind: 'read' }],
        queryFiles: ['q1.sql'],
        threads: 1,
        timeSec: 3,
        count: 0,
        intervalSec: 1,
        ignoreError: false,
      },
      connection: { host: db.host, port: db.port, user: db.user, database },
    };
    const directory = await startByHostA('rawsql', spec, (events) => intervalsOf(events).length >= 1);
    const { end } = await followByHostB(directory);
    assert.ok(end.kind === 'outcome' && end.outcome.kind === 'result', JSON.stringify(end));
    const result = end.outcome.result as RunResult;
    assert.equal(result.workload, 'rawsql');
    assert.equal(result.status, 'completed');
    assert.ok(result.summary.reads > 0);
  });

  test('cancelled by the host that took it over: stops and keeps what it measured, marked cancelled', async () => {
    const directory = await startByHostA('cancel', benchmarkSpec({ threads: 1, time: 300 }), (events) => intervalsOf(events).length >= 1);
    const adoptable = findAdoptableRuns(runs, process.pid).find((run) => run.directory === directory);
    assert.equal(adoptable?.state, 'running');
    const follower = new RunFollower(directory, { onEvent: () => undefined, pollMs: 50 });
    const following = follower.follow();
    assert.ok(signalRunToStop(readPid(directory), directory));
    const end = await following;
    assert.ok(end.kind === 'outcome' && end.outcome.kind === 'result', JSON.stringify(end));
    const result = end.outcome.result as RunResult;
    assert.equal(result.status, 'cancelled');
    assert.ok(result.intervals.length >= 1);
    assert.ok(follower.events.some((event) => event.kind === 'stopping'));
  });

  test('killed without a result: the follower says so and the partial result keeps its intervals, marked failed', async () => {
    const directory = await startByHostA('killed', benchmarkSpec({ threads: 1, time: 300 }), (events) => intervalsOf(events).length >= 2);
    const pid = readPid(directory);
    assert.ok(pid !== undefined);
    process.kill(pid, 'SIGKILL');
    await waitFor('the killed process to be gone', async () => (isRunProcessAlive(pid, directory) ? undefined : true));
    assert.equal(findAdoptableRuns(runs, process.pid).find((run) => run.directory === directory)?.state, 'died');
    const follower = new RunFollower(directory, { onEvent: () => undefined, pollMs: 50 });
    const end = await follower.follow();
    assert.equal(end.kind, 'died');
    const meta = JSON.parse(readFileSync(join(directory, 'run.json'), 'utf8'));
    const partial = partialResult(meta, follower.events) as RunResult;
    assert.equal(partial.status, 'failed');
    assert.match(partial.message ?? '', /ended without writing its result/);
    assert.ok(partial.intervals.length >= 2);
    assert.ok(partial.summary.qps > 0);
  });

  test('an experiment outlives its host too: the next host follows its cells to the complete result', async () => {
    const spec: DetachedRunSpec = {
      kind: 'experiment',
      definition: {
        kind: 'sysbench',
        name: 'detached sweep',
        workloads: [{ name: 'oltp_point_select' }],
        threads: [1, 2],
        tableSizes: [1000],
        options: { tables: 1, time: 2, report_interval: 1 },
        variants: [{ name: 'default' }],
        params: {},
        repeat: 1,
        prepare: false,
        cleanup: false,
      },
      connection: { host: db.host, port: db.port, user: db.user, database },
      engine: { engine: 'builtin' },
    };
    const directory = await startByHostA('experiment', spec, (events) => intervalsOf(events).length >= 1);
    const { end, replayed, live } = await followByHostB(directory);
    assert.ok(end.kind === 'outcome' && end.outcome.kind === 'result', JSON.stringify(end));
    const result = end.outcome.result as ExperimentResult;
    assert.equal(result.kind, 'experiment');
    assert.equal(result.status, 'completed');
    assert.deepEqual(
      result.cells.map((cell) => [cell.threads, cell.run.status]),
      [
        [1, 'completed'],
        [2, 'completed'],
      ],
    );
    const cellsOfIntervals = new Set([...replayed, ...live].flatMap((event) => (event.kind === 'interval' ? [event.cellIndex] : [])));
    assert.deepEqual([...cellsOfIntervals].sort(), [0, 1]);
  });
});
