// --out and --start-at as the user meets them, against the local MariaDB: a path that cannot be
// written fails before the first cell (fast, no table created); an experiment killed (SIGKILL) after
// its first cell leaves a valid partial result with that cell; a second writer of the same --out is
// refused while the first runs, and a lock left by the killed one is taken over with a warning; the
// file is replaced by a rename, not written in place; a --start-at in a mistyped year is refused
// before anything connects.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, linkSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { connectionArgs, dropDatabase, freshDatabase, query, runProcess } from '../bench/support/benchFixtures';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import type { ExperimentResult } from '../../../src/core/results/benchmarkResult';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
const work = mkdtempSync(join(tmpdir(), 'tidblab-cli-out-'));
let database: string;

const bench = (args: string[]) => runProcess(process.execPath, [CLI, 'bench', '--engine=builtin', ...args]);

/** An experiment of `cells` cells of `seconds` each on a 200-row table (threads 1, 2, 3, ...). */
function experimentFile(name: string, cells: number, seconds: number): string {
  const file = join(work, `${name}.experiment.json`);
  writeFileSync(
    file,
    JSON.stringify({
      name,
      workloads: ['oltp_point_select'],
      threads: Array.from({ length: cells }, (_, index) => index + 1),
      tableSizes: [200],
      options: { time: seconds, tables: 1 },
      variants: [{ name: 'plain' }],
    }),
  );
  return file;
}

async function tablesIn(name: string): Promise<number> {
  const rows = await query<{ n: number }>(
    'information_schema',
    'SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?',
    [name],
  );
  return Number(rows[0].n);
}

before(async () => {
  database = await freshDatabase('cli_out');
});

after(async () => {
  await dropDatabase(database);
  rmSync(work, { recursive: true, force: true });
});

test('experiment --out=/nonexistent/x.json fails at once, before any cell, and creates no table', async () => {
  const file = experimentFile('nowhere', 2, 3);
  // a table prepared by the experiment would be seen while it runs: watch for one
  let tableSeen = false;
  const watching = setInterval(() => {
    void tablesIn(database).then((n) => (tableSeen ||= n > 0));
  }, 100);
  const started = Date.now();
  const outcome = await bench(['experiment', file, ...connectionArgs(database), '--out=/nonexistent/x.json']);
  const elapsedMs = Date.now() - started;
  clearInterval(watching);
  assert.equal(outcome.code, 1, outcome.stdout);
  assert.match(outcome.stderr, /^tidb-lab bench: cannot write --out \/nonexistent\/x\.json: the folder '\/nonexistent' does not exist\.$/m);
  assert.doesNotMatch(outcome.stdout, /\[1\/2\]/, 'no cell ran');
  assert.ok(elapsedMs < 5000, `exited after ${elapsedMs} ms (two cells of 3 s would take longer)`);
  assert.equal(tableSeen, false, 'no table was created');
  assert.equal(await tablesIn(database), 0);
});

test('SIGKILL after the first cell: --out holds a valid partial result with that cell; the next run takes the stale lock over', async () => {
  const file = experimentFile('killed', 3, 2);
  const out = join(work, 'killed.json');
  const child = spawn(process.execPath, [CLI, 'bench', '--engine=builtin', 'experiment', file, ...connectionArgs(database), '--out', out], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('close', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no first cell in 60 s: ${stdout}${stderr}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (/^\[1\/3\] /m.test(stdout)) {
        clearTimeout(timer);
        child.kill('SIGKILL');
        resolve();
      }
    });
  });
  assert.equal(await exited, 'SIGKILL');
  assert.doesNotMatch(stdout, /^\[2\/3\] /m, 'killed before the second cell ended');
  const parsed = parseBenchmarkResult(readFileSync(out, 'utf8'));
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.errors.join('; '));
  const partial = parsed.result as ExperimentResult;
  assert.equal(partial.kind, 'experiment');
  assert.equal(partial.cells.length, 1);
  assert.equal(partial.cells[0].threads, 1);
  assert.ok(partial.cells[0].run.summary.events > 0, 'the cell has its measurements');
  assert.equal(partial.status, 'cancelled');
  assert.match(partial.message ?? '', /^Partial result: 1 of 3 cells/);
  assert.equal(readFileSync(`${out}.lock`, 'utf8'), `${child.pid} ${hostname()}\n`, 'the killed process left its lock');

  const again = await bench(['experiment', experimentFile('again', 1, 1), ...connectionArgs(database), '--out', out]);
  assert.equal(again.code, 0, again.stderr);
  assert.match(
    again.stderr,
    new RegExp(`^warning: taking over .*killed\\.json\\.lock: process ${child.pid} that created it is not running\\.$`, 'm'),
  );
  const final = JSON.parse(readFileSync(out, 'utf8')) as ExperimentResult;
  assert.equal(final.status, 'completed');
  assert.equal(final.cells.length, 1);
  assert.equal(existsSync(`${out}.lock`), false, 'the lock is removed at the end');
});

test("a second writer of the same --out is refused while the first runs; the first one's result is written whole", async () => {
  const out = join(work, 'shared.json');
  // an earlier file with a second name: written in place, both names would show the new text;
  // replaced by a rename, the second name keeps the old file
  writeFileSync(out, 'earlier\n');
  linkSync(out, join(work, 'shared-earlier.json'));
  const earlierInode = statSync(out).ino;
  const first = bench(['experiment', experimentFile('first', 1, 3), ...connectionArgs(database), '--out', out]);
  const deadline = Date.now() + 30_000;
  while (!existsSync(`${out}.lock`) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const holder = readFileSync(`${out}.lock`, 'utf8').split(' ')[0];
  const started = Date.now();
  const second = await bench(['experiment', experimentFile('second', 1, 1), ...connectionArgs(database), '--out', out]);
  assert.equal(second.code, 1, second.stdout);
  assert.match(
    second.stderr,
    new RegExp(
      `^tidb-lab bench: --out .*shared\\.json is being written by another tidb-lab \\(process ${holder}\\): wait for it to end or choose another file`,
      'm',
    ),
  );
  assert.ok(Date.now() - started < 4000, 'refused at once');
  const firstOutcome = await first;
  assert.equal(firstOutcome.code, 0, firstOutcome.stderr);
  const written = JSON.parse(readFileSync(out, 'utf8')) as ExperimentResult;
  assert.equal(written.name, 'first');
  assert.equal(written.status, 'completed');
  assert.equal(existsSync(`${out}.lock`), false);
  assert.notEqual(statSync(out).ino, earlierInode, 'a new file was renamed over the old one');
  assert.equal(readFileSync(join(work, 'shared-earlier.json'), 'utf8'), 'earlier\n');
  assert.deepEqual(
    readdirSync(work).filter((name) => name.startsWith('.shared.json.')),
    [],
    'no temporary file is left',
  );
});

test('run --start-at in a mistyped year is refused at once, before connecting', async () => {
  const started = Date.now();
  const outcome = await bench([...connectionArgs(database), '--time=2', '--start-at=2030-01-01T00:00:00Z', 'oltp_point_select', 'run']);
  assert.equal(outcome.code, 1);
  assert.match(outcome.stderr, /^tidb-lab bench: --start-at 2030-01-01T00:00:00\.000Z is more than 7 days ahead/m);
  assert.doesNotMatch(outcome.stderr, /TimeoutOverflowWarning/);
  assert.doesNotMatch(outcome.stdout, /Waiting until|Running the test/);
  assert.ok(Date.now() - started < 4000);
});
