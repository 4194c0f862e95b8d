// `tidb-lab bench` stopped by a signal, as `timeout`, CI cancellation and `docker stop` (SIGTERM)
// or a user (Ctrl-C) stop it: the statements on the server are killed, what was measured is printed
// and written (--out, marked cancelled), the exit code is 128 + the signal's number; a prepare says
// which table is half-filled and how to clean it.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { adminConnection, connectionArgs, db, dropDatabase, freshDatabase, lockAllRows, query } from './support/benchFixtures';
import { INNODB_TRX_POLL_MS, RUNNING_STATEMENTS_SQL, runningStatementsFrom, waitFor } from '../../support/serverStatements';
import { runBenchCommand, type BenchCommandIo, type InterruptSignal } from '../../../src/cli/benchCommand';
import type { ExperimentResult, RunResult } from '../../../src/core/results/benchmarkResult';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
const work = mkdtempSync(join(tmpdir(), 'tidblab-bench-signals-'));
let database: string;

before(async () => {
  database = await freshDatabase('signals');
  const prepare = new CliProcess([
    ...connectionArgs(database),
    '--tables=2',
    '--table-size=5000',
    '--threads=2',
    'oltp_read_write',
    'prepare',
  ]);
  assert.equal((await prepare.exited).code, 0, prepare.stderr);
});

after(async () => {
  await dropDatabase(database);
  rmSync(work, { recursive: true, force: true });
});

/** The built CLI as a child process whose output can be waited on while it runs. */
class CliProcess {
  stdout = '';
  stderr = '';
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(args: string[], env: NodeJS.ProcessEnv = process.env) {
    // the built-in engine's signal handling (sysbench runs are stopped by SIGINT: sysbenchEngine.test.ts)
    this.child = spawn(process.execPath, [CLI, 'bench', '--engine=builtin', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout?.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    const killer = setTimeout(() => this.child.kill('SIGKILL'), 180_000);
    this.exited = new Promise((resolve) =>
      this.child.on('close', (code, signal) => {
        clearTimeout(killer);
        resolve({ code, signal });
      }),
    );
  }

  async output(what: string, pattern: RegExp): Promise<void> {
    await waitFor(what, async () => (pattern.test(this.stdout) ? true : undefined), 60_000);
  }
}

async function runningStatements(marker: string): Promise<string[]> {
  const rows = await query<Record<string, unknown>>('information_schema', RUNNING_STATEMENTS_SQL, [marker]);
  return runningStatementsFrom(rows).map((row) => row.info);
}

const INTERVAL_LINE = /^\[ \d+s \] thds: /m;

/** oltp_update_index with three threads on rows another session holds locked: back once it reported and all three wait. */
async function startRunWaitingOnLock(extraArgs: string[]): Promise<{ run: CliProcess; waiting: string[] }> {
  const run = new CliProcess([
    ...connectionArgs(database),
    '--tables=1',
    '--threads=3',
    '--time=120',
    '--report-interval=1',
    '--db-ps-mode=disable',
    'oltp_update_index',
    'run',
    ...extraArgs,
  ]);
  await run.output('the first interval line', INTERVAL_LINE);
  const waiting = await waitFor(
    'three UPDATEs waiting for the lock',
    async () => {
      const statements = await runningStatements('UPDATE sbtest1');
      return statements.length === 3 ? statements : undefined;
    },
    30_000,
  );
  return { run, waiting };
}

describe('tidb-lab bench and signals', () => {
  test('SIGTERM during a run: the summary is printed, --out is written marked cancelled, exit code 143', async () => {
    const out = join(work, 'sigterm.json');
    const run = new CliProcess([
      ...connectionArgs(database),
      '--tables=2',
      '--threads=4',
      '--time=120',
      '--report-interval=1',
      'oltp_read_only',
      'run',
      '--out',
      out,
    ]);
    await run.output('the first interval line', INTERVAL_LINE);
    run.child.kill('SIGTERM');
    const exited = await run.exited;
    assert.equal(exited.code, 143, `${exited.signal ?? ''} ${run.stderr}`);
    assert.match(run.stderr, /Interrupted \(SIGTERM\)/);
    assert.match(run.stdout, /SQL statistics:/);
    assert.match(run.stdout, /^ {4}transactions: {24}[1-9]\d*/m);
    const result = JSON.parse(readFileSync(out, 'utf8')) as RunResult;
    assert.equal(result.status, 'cancelled');
    assert.ok(result.summary.events > 0);
    assert.equal(await waitForNoBenchmarkConnections(), 0);
  });

  test('SIGTERM while every thread waits for a lock: the waiting statements are killed on the server', async () => {
    const locker = await lockAllRows(database);
    try {
      const out = join(work, 'locked.json');
      const { run, waiting } = await startRunWaitingOnLock(['--out', out]);
      assert.equal(waiting.length, 3);
      run.child.kill('SIGTERM');
      const exited = await run.exited;
      assert.equal(exited.code, 143, run.stderr);
      assert.match(run.stdout, /SQL statistics:/);
      assert.equal((JSON.parse(readFileSync(out, 'utf8')) as RunResult).status, 'cancelled');
      // without the KILL they would wait for innodb_lock_wait_timeout (50 s) with the lock still held
      await waitFor(
        'no UPDATE left on the server',
        async () => ((await runningStatements('UPDATE sbtest1')).length === 0 ? true : undefined),
        10_000,
      );
    } finally {
      await locker.release();
    }
  });

  test('a second SIGTERM while every thread waits for a lock ends the process at once, removing its --out lock', async () => {
    const locker = await lockAllRows(database);
    const out = join(work, 'second-sigterm.json');
    try {
      const { run } = await startRunWaitingOnLock(['--out', out]);
      assert.equal(existsSync(`${out}.lock`), true, 'the run holds the lock');
      run.child.kill('SIGTERM');
      await waitFor('the first signal heard', async () => (/Interrupted \(SIGTERM\)/.test(run.stderr) ? true : undefined), 30_000);
      run.child.kill('SIGTERM');
      const exited = await run.exited;
      // ended by the signal itself: process.exit() would wait for the threads blocked in read(2)
      // until the lock is released (the lock is held until the process is gone)
      assert.equal(exited.signal, 'SIGTERM', `${exited.code ?? ''} ${run.stderr}`);
      assert.match(run.stderr, /SIGTERM again: exiting now/);
      assert.equal(existsSync(`${out}.lock`), false, 'the lock went with the process');
    } finally {
      await locker.release();
    }
    assert.equal(await waitForNoBenchmarkConnections(), 0);
  });

  test('SIGHUP after the terminal went away: the statements are stopped and --out is still written, exit code 129', async () => {
    const out = join(work, 'sighup.json');
    const run = new CliProcess([
      ...connectionArgs(database),
      '--tables=2',
      '--threads=2',
      '--time=120',
      '--report-interval=1',
      'oltp_point_select',
      'run',
      '--out',
      out,
    ]);
    await run.output('the first interval line', INTERVAL_LINE);
    // the terminal is gone: every later write to stdout and stderr fails (EPIPE)
    run.child.stdout?.destroy();
    run.child.stderr?.destroy();
    run.child.kill('SIGHUP');
    const exited = await run.exited;
    assert.equal(exited.code, 129);
    const result = JSON.parse(readFileSync(out, 'utf8')) as RunResult;
    assert.equal(result.status, 'cancelled');
    assert.ok(result.summary.events > 0);
    assert.equal(await waitForNoBenchmarkConnections(), 0);
  });

  test('a second signal ends the process at once', async () => {
    const handlers: Array<(signal: InterruptSignal) => void> = [];
    const exits: number[] = [];
    let stdout = '';
    let secondSent = false;
    const io: BenchCommandIo = {
      stdout: (text) => {
        stdout += text;
        if (!secondSent && INTERVAL_LINE.test(stdout)) {
          secondSent = true;
          for (const handler of [...handlers]) handler('SIGTERM');
          for (const handler of [...handlers]) handler('SIGINT');
        }
      },
      stderr: () => undefined,
      readFile: (path) => readFileSync(path, 'utf8'),
      writeFile: () => undefined,
      fileModifiedTime: () => undefined,
      env: {},
      onInterrupt: (handler) => {
        handlers.push(handler);
        return () => handlers.splice(handlers.indexOf(handler), 1);
      },
      exit: (code) => exits.push(code),
    };
    const code = await runBenchCommand(
      [...connectionArgs(database), '--tables=2', '--threads=2', '--time=120', '--report-interval=1', 'oltp_point_select', 'run'],
      io,
    );
    assert.deepEqual(exits, [130], 'the second signal (SIGINT) exits with its code at once');
    assert.equal(code, 143, 'the first signal decides the code of the orderly stop');
    assert.equal(handlers.length, 0, 'no signal listener is left behind');
  });

  test('SIGTERM during prepare kills its INSERTs on the server, names the half-filled tables and the exact cleanup command, which works', async () => {
    const prepareDb = await freshDatabase('signals_prepare');
    try {
      const args = [
        `--mysql-host=${db.host}`,
        `--mysql-port=${db.port}`,
        `--mysql-user=${db.user}`,
        `--mysql-db=${prepareDb}`,
        '--tables=2',
      ];
      const env = { ...process.env, MYSQL_PWD: db.password };
      const prepare = new CliProcess([...args, '--table-size=1000000', '--threads=2', 'oltp_read_only', 'prepare'], env);
      await prepare.output('sbtest1 being filled', /^Inserting 1000000 records into 'sbtest1'$/m);
      // the next INSERT into sbtest1 waits for a lock the server would hold it on for 50 s, unless killed
      const locker = await adminConnection(prepareDb);
      try {
        // The gap after the last row (the supremum), locked by a read of ids past any the prepare
        // writes: it waits for no row, so it cannot deadlock with the INSERT in flight (locking the
        // last row did, in CI: that row was the in-flight INSERT's), and the INSERT's next row waits.
        await locker.query('BEGIN');
        await locker.query('SELECT id FROM sbtest1 WHERE id > 1000000000 FOR UPDATE');
        await waitFor(
          'an INSERT into sbtest1 waiting for the lock',
          async () => {
            const rows = await query<{ n: number }>(
              'information_schema',
              "SELECT COUNT(*) AS n FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT' AND trx_query LIKE 'INSERT INTO sbtest1%'",
            );
            return Number(rows[0].n) === 1 ? true : undefined;
          },
          30_000,
          INNODB_TRX_POLL_MS,
        );
        prepare.child.kill('SIGTERM');
        const exited = await prepare.exited;
        assert.equal(exited.code, 143, prepare.stderr);
        await waitFor(
          'the waiting INSERT killed on the server',
          async () => ((await runningStatements('INSERT INTO sbtest')).length === 0 ? true : undefined),
          10_000,
        );
      } finally {
        await locker.query('ROLLBACK').catch(() => undefined);
        await locker.end();
      }
      assert.match(
        prepare.stderr,
        /Prepare was cancelled with half-filled tables: sbtest1 \([\d,]+ of 1,000,000 rows\), sbtest2 \([\d,]+ of 1,000,000 rows\)\./,
      );
      assert.match(
        prepare.stderr,
        /DROP TABLE IF EXISTS `tidblab_bench_signals_prepare_\d+`\.`sbtest1`, `tidblab_bench_signals_prepare_\d+`\.`sbtest2`/,
      );
      const cleanupLine = /^To clean up \(with the password in MYSQL_PWD or --mysql-password\):\n {2}(tidb-lab bench .*)$/m.exec(
        prepare.stderr,
      )?.[1];
      assert.equal(cleanupLine, `tidb-lab bench ${args.join(' ')} oltp_read_only cleanup`);
      assert.ok(!prepare.stderr.includes(db.password));

      const cleanup = new CliProcess(cleanupLine!.split(' ').slice(2), env);
      assert.equal((await cleanup.exited).code, 0, cleanup.stderr);
      const left = await query(
        prepareDb,
        "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE 'sbtest%'",
      );
      assert.equal(left.length, 0);
    } finally {
      await dropDatabase(prepareDb);
    }
  });

  test('SIGTERM during an experiment keeps the measured cells and writes them, marked cancelled', async () => {
    const file = join(work, 'experiment.json');
    // the second cell is the one the signal stops: it starts when the first cell's line is printed
    writeFileSync(
      file,
      JSON.stringify({
        name: 'stopped',
        workloads: ['oltp_point_select'],
        threads: [1, 2],
        tableSizes: [5000],
        prepare: false,
        cleanup: false,
        options: { time: 2, tables: 2 },
        variants: [{ name: 'as is' }],
      }),
    );
    const out = join(work, 'experiment-result.json');
    const experiment = new CliProcess(['experiment', file, ...connectionArgs(database), '--out', out]);
    await experiment.output('the first cell', /^\[1\/2\] oltp_point_select threads=1 /m);
    experiment.child.kill('SIGTERM');
    const exited = await experiment.exited;
    assert.equal(exited.code, 143, experiment.stderr);
    const result = JSON.parse(readFileSync(out, 'utf8')) as ExperimentResult;
    assert.equal(result.status, 'cancelled');
    assert.ok(result.cells.length >= 1);
    assert.equal(result.cells[0].run.status, 'completed');
    assert.ok(result.cells[0].run.summary.events > 0);
    assert.equal(await waitForNoBenchmarkConnections(), 0);
  });
});

async function waitForNoBenchmarkConnections(): Promise<number> {
  return waitFor(
    'no connection left in the database',
    async () => {
      const rows = await query<{ n: number }>(
        'information_schema',
        'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = ?',
        [database],
      );
      return Number(rows[0].n) === 0 ? 0 : undefined;
    },
    10_000,
  );
}
