// `tidb-lab bench --engine=sysbench` stopped from outside: SIGINT KILLs on the server what sysbench's
// connections still run (a statement waiting on a row lock outlives sysbench otherwise, until
// innodb_lock_wait_timeout); SIGKILL of the CLI takes sysbench with it (its watchdog) and leaves no
// password file; the password file is gone as soon as sysbench has read it, while the run goes on.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { connectionArgs, dropDatabase, freshDatabase, lockAllRows, query } from './support/benchFixtures';
import { waitFor } from '../../support/serverStatements';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
let database: string;

before(async () => {
  database = await freshDatabase('sbstop');
  const prepare = new CliProcess(['--tables=1', '--table-size=1000', 'oltp_update_index', 'prepare']);
  assert.equal((await prepare.exited).code, 0, prepare.stderr);
});

after(async () => {
  await dropDatabase(database);
});

class CliProcess {
  stdout = '';
  stderr = '';
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(args: string[]) {
    this.child = spawn(process.execPath, [CLI, 'bench', '--engine=sysbench', ...connectionArgs(database), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    const killer = setTimeout(() => this.child.kill('SIGKILL'), 120_000);
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

  /** the sysbench process this CLI started */
  sysbenchPid(): number {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const status = readFileSync(`/proc/${entry}/status`, 'utf8');
        if (/^Name:\s+sysbench$/m.test(status) && new RegExp(`^PPid:\\s+${this.child.pid}$`, 'm').test(status)) return Number(entry);
      } catch {
        // gone meanwhile
      }
    }
    assert.fail(`no sysbench child of ${this.child.pid}`);
  }
}

const INTERVAL_LINE = /^\[ \d+s \] thds: /m;

function configPathOf(pid: number): string {
  const argument = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    .split('\0')
    .find((arg) => arg.startsWith('--config-file='));
  assert.ok(argument, 'sysbench runs with --config-file');
  return argument.slice('--config-file='.length);
}

/** A live process, not a zombie waiting for its parent to reap it. */
function running(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

async function waitingUpdates(locker: number): Promise<number> {
  const rows = await query<{ n: number }>(
    'information_schema',
    "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> ? AND INFO LIKE 'UPDATE sbtest1 %'",
    [database, locker],
  );
  return Number(rows[0].n);
}

describe('the sysbench engine stopped from outside', () => {
  test('SIGINT to the CLI while every thread waits for a row lock: within 3 s no statement of the run is on the server', async () => {
    const locker = await lockAllRows(database);
    try {
      const run = new CliProcess([
        '--tables=1',
        '--table-size=1000',
        '--threads=4',
        '--time=60',
        '--report-interval=1',
        'oltp_update_index',
        'run',
      ]);
      await run.output('sysbench started', /Threads started!/);
      await waitFor('four UPDATEs waiting for the lock', async () => ((await waitingUpdates(locker.lockerId)) === 4 ? true : undefined));
      run.child.kill('SIGINT');
      const sent = Date.now();
      // the lock stays held: without the KILLs they would wait for innodb_lock_wait_timeout (50 s)
      await waitFor(
        'no UPDATE of the run left on the server',
        async () => ((await waitingUpdates(locker.lockerId)) === 0 ? true : undefined),
        10_000,
      );
      const tookMs = Date.now() - sent;
      assert.ok(tookMs < 3_000, `the UPDATEs were gone ${tookMs} ms after SIGINT`);
      const exited = await run.exited;
      assert.equal(exited.code, 130, run.stderr);
      assert.match(run.stdout, /Killed 4 statements sysbench left running on the server\./);
      // the locker is still there: nothing but the run's connections was killed
      const lockerRows = await query('information_schema', 'SELECT ID FROM information_schema.PROCESSLIST WHERE ID = ?', [locker.lockerId]);
      assert.equal(lockerRows.length, 1);
    } finally {
      await locker.release();
    }
  });

  test('SIGKILL to the CLI: sysbench is gone within a few seconds and no password file is left', async () => {
    const run = new CliProcess(['--tables=1', '--threads=2', '--time=60', '--report-interval=1', 'oltp_point_select', 'run']);
    await run.output('the first interval line', INTERVAL_LINE);
    const pid = run.sysbenchPid();
    const configPath = configPathOf(pid);
    run.child.kill('SIGKILL');
    await run.exited;
    await waitFor('sysbench gone', async () => (running(pid) ? undefined : true), 5_000);
    assert.equal(existsSync(configPath), false);
    assert.equal(existsSync(join(configPath, '..')), false);
  });

  test('the password file is gone while the run still runs', async () => {
    const run = new CliProcess(['--tables=1', '--threads=1', '--time=4', '--report-interval=1', 'oltp_point_select', 'run']);
    await run.output('the first interval line', INTERVAL_LINE);
    const pid = run.sysbenchPid();
    const configPath = configPathOf(pid);
    assert.equal(existsSync(configPath), false, 'the config file is removed once sysbench has read it');
    assert.equal(existsSync(join(configPath, '..')), false);
    assert.ok(running(pid), 'sysbench still runs');
    const exited = await run.exited;
    assert.equal(exited.code, 0, run.stderr);
    assert.match(run.stdout, /SQL statistics:/);
  });
});
