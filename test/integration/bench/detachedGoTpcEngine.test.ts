// "Run TPC-C..." with tidbLab.benchmarks.engine = go-tpc: the run in a process of its own
// (benchRunner.js, as the extension starts it) drives the installed go-tpc 1.0.12 against the local
// MariaDB. go-tpc runs under a wrapper (the tidbLab.benchmarks.goTpcPath setting) that copies what
// it prints to a file, so the test reads go-tpc's own numbers: the stored result's tpmC is the one
// go-tpc printed, its intervals are go-tpc's [Current] blocks, streamed as events while it ran, and
// the engine is named (go-tpc 1.0.12). Cancelled (SIGTERM to the runner, as the editor's Cancel),
// the result keeps what go-tpc printed; with every district row locked by this test, go-tpc's
// waiting statements are KILLed, so the processlist holds none of the run's. The password is on
// go-tpc's command line nowhere and in no file of the run directory. go-tpc asked for and not found:
// the error names the settings.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Connection } from 'mysql2/promise';
import { adminConnection, db, dropDatabase, query } from './support/benchFixtures';
import { detachedConnection, preparedGoTpcDatabase } from './support/detachedGoTpc';
import { goTpcBinary } from '../../support/goTpcBinary';
import { startDetachedRun } from '../../../src/core/bench/detached/processes';
import { createRunDirectory, writeOwner } from '../../../src/core/bench/detached/runDirectory';
import { RUN_DIRECTORY_VERSION, type DetachedRunEvent, type DetachedRunSpec } from '../../../src/core/bench/detached/runEvents';
import { RunFollower, type FollowEnd } from '../../../src/core/bench/detached/runFollower';
import type { ResultInterval, RunResult } from '../../../src/core/results/benchmarkResult';
import { importGoTpcLog } from '../../../src/core/results/importers/goTpcLogImporter';
import { goTpcOptionsOfCh, goTpcOptionsOfTpcc } from '../../../src/core/bench/goTpcEngine/goTpcDetachedRun';
import { goTpcRunArgs } from '../../../src/core/bench/goTpcEngine/goTpcInvocation';

const { path: goTpc, missing } = goTpcBinary();
const RUNNER = { execPath: process.execPath, script: join(__dirname, '..', '..', '..', 'src', 'cli', 'benchRunner.js') };
const work = mkdtempSync(join(tmpdir(), 'tidblab-detached-gotpc-'));
const runs = join(work, 'runs');
const wrapper = join(work, 'go-tpc');
const printed = join(work, 'printed.log');
let database: string;
let chDatabase: string;

before(async () => {
  if (missing !== undefined) return;
  // go-tpc itself (exec), its stdout through tee into printed.log; `version` straight through
  writeFileSync(
    wrapper,
    `#!/bin/bash\nif [ "$1" = version ]; then exec '${goTpc}' "$@"; fi\nexec '${goTpc}' "$@" > >(exec tee '${printed}')\n`,
  );
  chmodSync(wrapper, 0o755);
  database = await preparedGoTpcDatabase('tpcc', 'dgotpc');
  chDatabase = await preparedGoTpcDatabase('ch', 'dgotpc_ch');
});

after(async () => {
  if (database) await dropDatabase(database);
  if (chDatabase) await dropDatabase(chDatabase);
  rmSync(work, { recursive: true, force: true });
});

const tpccRun = (timeSec: number) => ({
  warehouses: 1,
  threads: 2,
  timeSec,
  count: 0,
  intervalSec: 1,
  ignoreError: false,
  isolation: 0,
  weights: [45, 43, 4, 4, 4],
});

interface Started {
  directory: string;
  pid: number;
  follower: RunFollower;
  end: Promise<FollowEnd>;
  goTpcCommandLines: string[][];
}

/** Starts the spec in a process of its own; while it runs, the command lines of the go-tpc it starts are collected. */
async function start(
  runKey: string,
  spec: DetachedRunSpec,
  onEvent: (event: DetachedRunEvent) => void = () => undefined,
): Promise<Started> {
  rmSync(printed, { force: true });
  const directory = await createRunDirectory(runs, { version: RUN_DIRECTORY_VERSION, runKey, createdAt: new Date().toISOString(), spec });
  writeOwner(directory, process.pid);
  const pid = await startDetachedRun(RUNNER, directory, { password: db.password });
  const follower = new RunFollower(directory, { onEvent: (event) => onEvent(event), pollMs: 50 });
  const goTpcCommandLines: string[][] = [];
  let watching = true;
  const end = follower.follow().finally(() => (watching = false));
  void (async () => {
    while (watching) {
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\u0000');
          if (
            (args.includes(`--db=${database}`) || args.includes(`--db=${chDatabase}`)) &&
            !goTpcCommandLines.some((seen) => seen.join(' ') === args.join(' '))
          )
            goTpcCommandLines.push(args);
        } catch {
          // gone
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return { directory, pid, follower, end, goTpcCommandLines };
}

function resultOf(end: FollowEnd): RunResult {
  assert.ok(end.kind === 'outcome' && end.outcome.kind === 'result', JSON.stringify(end));
  return end.outcome.result as RunResult;
}

const intervalsOf = (events: readonly DetachedRunEvent[]): ResultInterval[] =>
  events.flatMap((event) => (event.kind === 'interval' ? [event.interval] : []));
const enginesOf = (events: readonly DetachedRunEvent[]): string[] =>
  events.flatMap((event) => (event.kind === 'engine' ? [event.text] : []));

/** What go-tpc printed, as the importer reads it after the run's command line (its interval, its threads). */
function goTpcPrinted(timeSec: number, options = goTpcOptionsOfTpcc(tpccRun(timeSec))): { text: string; run: RunResult } {
  const text = readFileSync(printed, 'utf8');
  const [run] = importGoTpcLog(`# go-tpc ${goTpcRunArgs(options).join(' ')} run\n${text}`).results;
  assert.ok(run, text);
  return { text, run };
}

function assertNoPassword(started: Started): void {
  assert.ok(started.goTpcCommandLines.length > 0, 'go-tpc was seen running');
  for (const args of started.goTpcCommandLines) {
    assert.ok(!args.join(' ').includes(db.password), `the password on a command line: ${args.join(' ')}`);
    assert.ok(args.some((arg) => /^--password=.+/.test(arg)) && args.includes('--host=127.0.0.1'), args.join(' '));
  }
  for (const file of readdirSync(started.directory))
    assert.ok(!readFileSync(join(started.directory, file), 'utf8').includes(db.password), `the password in ${file}`);
}

async function statementsIn(name: string, except: number): Promise<string[]> {
  const rows = await query<{ id: number; info: string | null }>(
    'information_schema',
    "SELECT ID AS id, INFO AS info FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> ? AND COMMAND <> 'Sleep'",
    [name, except],
  );
  return rows.map((row) => `${row.id}: ${String(row.info).slice(0, 80)}`);
}

describe('a detached TPC-C run with the go-tpc engine', { skip: missing ?? false, timeout: 5 * 60_000 }, () => {
  const goTpcEngine = () => ({ engine: 'go-tpc' as const, goTpcPath: wrapper });

  test("stores go-tpc's numbers (tpmC as printed, its [Current] blocks as the streamed intervals) and names the engine", async () => {
    const spec: DetachedRunSpec = { kind: 'tpcc', run: tpccRun(4), connection: detachedConnection(database), goTpcEngine: goTpcEngine() };
    const started = await start('gotpc', spec);
    const result = resultOf(await started.end);
    const events = started.follower.events;
    assert.equal(result.status, 'completed', result.message);
    assert.equal(result.workload, 'tpcc');
    assert.equal(result.source.engine, 'go-tpc');
    assert.equal(result.source.engineVersion, '1.0.12');
    assert.deepEqual(enginesOf(events), [`Engine: go-tpc 1.0.12 (${wrapper})`]);

    const { text, run } = goTpcPrinted(4);
    const tpmC = /^tpmC: ([\d.]+)/m.exec(text);
    assert.ok(tpmC, text);
    assert.equal(result.tpcc?.tpmC, Number(tpmC[1]), 'the tpmC go-tpc printed');
    assert.equal(result.summary.events, run.summary.events);
    assert.deepEqual(result.intervals, run.intervals, "the result's intervals are go-tpc's [Current] blocks");
    const streamed = intervalsOf(events);
    assert.ok(streamed.length >= 2, `${streamed.length} intervals streamed`);
    assert.deepEqual(streamed, result.intervals, 'each interval reached the live tab as go-tpc printed it');
    assert.ok(streamed.every((interval) => (interval.operations?.NEW_ORDER ?? 0) > 0));
    assertNoPassword(started);
  });

  test('cancel: SIGINT to go-tpc keeps what it printed; its statements waiting on a lock are KILLed', async () => {
    const locker: Connection = await adminConnection(database);
    try {
      const [[{ id }]] = (await locker.query('SELECT CONNECTION_ID() AS id')) as unknown as [[{ id: number }]];
      const lockerId = Number(id);
      const spec: DetachedRunSpec = {
        kind: 'tpcc',
        run: tpccRun(120),
        connection: detachedConnection(database),
        goTpcEngine: goTpcEngine(),
      };
      let intervals = 0;
      let printedTwice: () => void = () => undefined;
      const twice = new Promise<void>((resolve) => (printedTwice = resolve));
      const started = await start('gotpc-cancel', spec, (event) => {
        if (event.kind === 'interval' && ++intervals === 2) printedTwice();
      });
      await Promise.race([twice, started.end.then(() => assert.fail('the run ended before two intervals'))]);
      // now every district row: go-tpc's New-Order and Payment wait on it
      await locker.query('BEGIN');
      await locker.query('SELECT d_id FROM district FOR UPDATE');
      const deadline = Date.now() + 60_000;
      while ((await statementsIn(database, lockerId)).length < 2) {
        assert.ok(Date.now() < deadline, `go-tpc's threads wait on the lock: ${(await statementsIn(database, lockerId)).join('; ')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      process.kill(started.pid, 'SIGTERM');
      const result = resultOf(await started.end);
      let left = await statementsIn(database, lockerId);
      for (let i = 0; i < 10 && left.length > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        left = await statementsIn(database, lockerId);
      }
      assert.deepEqual(left, [], 'statements of the cancelled run still on the server');
      assert.ok(
        started.follower.events.some((event) => event.kind === 'log' && /^Killed \d+ statements? go-tpc left running/.test(event.message)),
        JSON.stringify(started.follower.events.filter((event) => event.kind === 'log')),
      );
      assert.equal(result.status, 'cancelled');
      assert.equal(result.source.engine, 'go-tpc');
      const { run } = goTpcPrinted(120);
      assert.ok(result.intervals.length >= 2);
      assert.deepEqual(result.intervals, run.intervals, 'what go-tpc printed before the cancel is kept');
      assert.deepEqual(intervalsOf(started.follower.events), result.intervals);
      assertNoPassword(started);
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
  });

  test('go-tpc asked for and not found: the run does not start, and the error names the settings', async () => {
    const spec: DetachedRunSpec = {
      kind: 'tpcc',
      run: tpccRun(4),
      connection: detachedConnection(database),
      goTpcEngine: { engine: 'go-tpc', goTpcPath: join(work, 'no-such-go-tpc') },
    };
    const started = await start('gotpc-missing', spec);
    const end = await started.end;
    assert.ok(end.kind === 'outcome' && end.outcome.kind === 'error', JSON.stringify(end));
    assert.match(end.outcome.message, /tidbLab\.benchmarks\.engine asks for go-tpc/);
    assert.match(end.outcome.message, /tidbLab\.benchmarks\.goTpcPath/);
    assert.match(end.outcome.message, /no-such-go-tpc is not an executable file/);
  });
});

describe('a detached CH-benCHmark run with the go-tpc engine', { skip: missing ?? false, timeout: 5 * 60_000 }, () => {
  test("runs go-tpc's ch with the AP thread and the queries asked for; go-tpc's tpmC and intervals are stored and streamed", async () => {
    const run = { tpcc: tpccRun(5), acThreads: 1, queries: ['q1', 'q6'] as ['q1', 'q6'], apSessionStatements: [], apConnParams: '' };
    const spec: DetachedRunSpec = {
      kind: 'ch',
      run,
      connection: detachedConnection(chDatabase),
      goTpcEngine: { engine: 'go-tpc', goTpcPath: wrapper },
    };
    const started = await start('gotpc-ch', spec);
    const result = resultOf(await started.end);
    assert.equal(result.status, 'completed', result.message);
    assert.equal(result.workload, 'ch');
    assert.equal(result.source.engine, 'go-tpc');
    assert.ok(
      started.goTpcCommandLines.some((args) => args.includes('ch') && args.includes('--acThreads=1') && args.includes('--queries=q1,q6')),
      JSON.stringify(started.goTpcCommandLines),
    );
    const { text, run: printedRun } = goTpcPrinted(5, goTpcOptionsOfCh(run));
    const tpmC = /^tpmC: ([\d.]+)/m.exec(text);
    assert.ok(tpmC, text);
    assert.equal(result.tpcc?.tpmC, Number(tpmC[1]));
    assert.deepEqual(result.intervals, printedRun.intervals);
    assert.deepEqual(intervalsOf(started.follower.events), result.intervals);
    assertNoPassword(started);
  });
});
