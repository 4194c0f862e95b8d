// The run says when the client, not the server, set its pace (src/core/results/clientBound.ts):
// the CLI pinned with a CPU hog to one core is flagged; a light --rate=200 run is not, however busy
// the machine is (the rule rests on the client's own CPU, event loop and run-queue waits, not on
// the machine's).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { connectionArgs, dropDatabase, freshDatabase, runProcess } from './support/benchFixtures';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import { CLIENT_READY_STARVED, CLIENT_WAIT_STARVED } from '../../../src/core/results/clientBound';
import type { RunResult } from '../../../src/core/results/benchmarkResult';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
const work = mkdtempSync(join(tmpdir(), 'tidblab-client-bound-'));
let database: string;

/** The CLI's arguments for a built-in engine run on this test's one table of 10,000 rows, then `rest`. */
function benchArgs(...rest: string[]): string[] {
  return [CLI, 'bench', '--engine=builtin', ...connectionArgs(database), '--tables=1', '--table-size=10000', ...rest];
}

function storedRun(file: string): RunResult {
  const parsed = parseBenchmarkResult(readFileSync(file, 'utf8'));
  assert.ok(parsed.ok && parsed.result.kind === 'run', parsed.ok ? '' : parsed.errors.join('; '));
  return parsed.result as RunResult;
}

before(async () => {
  database = await freshDatabase('clientbound');
  const prepare = await runProcess(process.execPath, benchArgs('oltp_point_select', 'prepare'));
  assert.equal(prepare.code, 0, prepare.stderr);
});

after(async () => {
  await dropDatabase(database);
  rmSync(work, { recursive: true, force: true });
});

describe('the client bottleneck', () => {
  test('64 threads pinned to one core that a CPU hog also wants: the run is client-bound, its threads waited for the core', async () => {
    const core = availableParallelism() > 1 ? '1' : '0';
    // in a session of its own, as a busy loop started elsewhere (issue 27): the scheduler then
    // halves the core between the two sessions, which left the client's loop less than half busy
    // and its delay under 10 ms, and the run unflagged (bound: false) before waitShare
    const hog = spawn('taskset', ['-c', core, process.execPath, '-e', 'for (;;) {}'], { stdio: 'ignore', detached: true });
    try {
      const out = join(work, 'pinned.json');
      const run = await runProcess(
        'taskset',
        [
          '-c',
          core,
          process.execPath,
          ...benchArgs('--threads=64', '--time=4', '--report-interval=1', 'oltp_point_select', 'run', `--out=${out}`),
        ],
        { timeoutMs: 180_000 },
      );
      assert.equal(run.code, 0, run.stderr);
      const result = storedRun(out);
      assert.ok(result.client, 'the run carries the client load');
      assert.equal(result.client.cores, 1, 'taskset -c leaves the client one core');
      assert.equal(
        result.client.bound,
        true,
        JSON.stringify({ run: result.client, intervals: result.intervals.map((interval) => interval.client) }),
      );
      assert.ok(result.intervals.length > 0 && result.intervals.every((interval) => interval.client?.cores === 1));
      // the wait figure says why: its threads had work and waited for the core the hog held
      const waitShare = result.client.waitShare;
      assert.ok(waitShare !== undefined && waitShare >= CLIENT_WAIT_STARVED, `waitShare ${String(waitShare)}`);
      const starved = result.intervals.filter(
        ({ client }) => (client?.waitShare ?? 0) >= CLIENT_WAIT_STARVED && (client?.runnableShare ?? 0) >= CLIENT_READY_STARVED,
      );
      assert.ok(starved.length >= 0.3 * result.intervals.length, JSON.stringify(result.intervals.map((interval) => interval.client)));
      const summaryLine = run.stdout.split('\n').find((line) => line.startsWith('Client: '));
      assert.match(
        summaryLine ?? '',
        /^Client: \d+% of 1 core, event loop busy \d+%, event-loop delay p99 [\d.]+ ms, worker running or waiting for a core \d+% — the client limited this run \(saturated in \d+ of \d+ intervals\), .*the sysbench engine \(--engine=sysbench\)\.$/,
      );
      // after sysbench's own report, as its last line
      assert.ok(run.stdout.trimEnd().endsWith(summaryLine ?? '-'));
    } finally {
      hog.kill('SIGKILL');
    }
  });

  test('a light run (--rate=200) is not client-bound, even on a busy machine', async () => {
    const out = join(work, 'light.json');
    const run = await runProcess(
      process.execPath,
      benchArgs('--threads=8', '--rate=200', '--time=4', '--report-interval=1', 'oltp_point_select', 'run', `--out=${out}`),
      { timeoutMs: 180_000 },
    );
    assert.equal(run.code, 0, run.stderr);
    const result = storedRun(out);
    assert.ok(result.client, 'the run carries the client load');
    assert.equal(result.client.cores, availableParallelism());
    assert.equal(
      result.client.bound,
      false,
      JSON.stringify({ run: result.client, intervals: result.intervals.map((interval) => interval.client) }),
    );
    assert.ok(result.intervals.length > 0 && result.intervals.every((interval) => interval.client !== undefined));
    // measured (Linux), and no verdict of its own: on a busy machine such a client waits for a core
    // at each wake-up (waitShare up to 0.96 at load average 20), but is ready only then
    if (process.platform === 'linux')
      assert.ok(
        [result.client, ...result.intervals.map((interval) => interval.client)].every((load) => typeof load?.waitShare === 'number'),
        'the run and each interval carry waitShare',
      );
    assert.match(
      run.stdout,
      /^Client: \d+% of \d+ cores?, event loop busy \d+%, event-loop delay p99 [\d.]+ ms, worker running or waiting for a core \d+%; the client did not limit this run\.$/m,
    );
  });

  test('blocking reads sample no event-loop delay: the result and the CLI line carry none, not 0 ms', async () => {
    const out = join(work, 'blocking.json');
    const run = await runProcess(
      process.execPath,
      benchArgs('--threads=2', '--client-io=blocking', '--time=3', '--report-interval=1', 'oltp_point_select', 'run', `--out=${out}`),
      { timeoutMs: 180_000 },
    );
    assert.equal(run.code, 0, run.stderr);
    const result = storedRun(out);
    assert.ok(result.client, 'the run carries the client load');
    assert.ok(result.client.cores >= 1 && result.client.cpuUtilization >= 0);
    const loads = [result.client, ...result.intervals.map((interval) => interval.client)];
    assert.ok(result.intervals.length > 0 && loads.every((load) => load !== undefined));
    assert.equal(loads.filter((load) => load && 'eventLoopDelayP99Ms' in load).length, 0, JSON.stringify(loads));
    // an interval whose workers were all in read(2) at the tick sent no loop (no run-queue share
    // either, on Linux): it says nothing of the loop rather than "busy 0%"
    const withoutLoop = result.intervals.map((interval) => interval.client).filter((load) => load && !('runnableShare' in load));
    assert.equal(withoutLoop.filter((load) => load && 'eventLoopUtilization' in load).length, 0, JSON.stringify(loads));
    const summaryLine = run.stdout.split('\n').find((line) => line.startsWith('Client: '));
    assert.match(summaryLine ?? '', /^Client: \d+% of \d+ cores?, event loop busy \d+%/);
    assert.doesNotMatch(summaryLine ?? '', /delay/);
  });
});
