// `tidb-lab bench tpcc --engine=go-tpc run` (and ch's) with the installed go-tpc 1.0.12, against
// the local MariaDB with a user of this file whose password only it knows: the result's tpmC is the
// one go-tpc printed and source.engine is 'go-tpc'; the password is on no process's command line
// while go-tpc runs (go-tpc has the relay's one-time password); SIGINT keeps what go-tpc printed as
// a cancelled result and leaves no go-tpc process and no server connection behind; a wrong
// password ends with a clear message. go-tpc comes from TIDB_LAB_GO_TPC or the tool cache
// (scripts/install-go-tpc.sh); without it the tests fail under CI and are skipped elsewhere.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { db, dropDatabase, freshDatabase, query, runProcess, waitForNoConnections, type ProcessOutcome } from './support/benchFixtures';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import type { RunResult } from '../../../src/core/results/benchmarkResult';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
const GO_TPC = process.env.TIDB_LAB_GO_TPC ?? '/var/cache/tidb-lab-tools/go-tpc-v1.0.12/go-tpc';
const missing = existsSync(GO_TPC) ? undefined : `go-tpc not found at ${GO_TPC} (set TIDB_LAB_GO_TPC or run scripts/install-go-tpc.sh)`;
if (missing !== undefined && process.env.CI) throw new Error(missing);
const skip = missing ?? false;

const work = mkdtempSync(join(tmpdir(), 'tidblab-gotpc-'));
let database: string;
const user = `tidblab_gt_${process.pid}`;
const password = `gt-${randomBytes(8).toString('hex')}`;
const env = { ...process.env, MYSQL_PWD: password };

const connection = () => [`--mysql-host=${db.host}`, `--mysql-port=${db.port}`, `--mysql-user=${user}`, `--mysql-db=${database}`];
const bench = (args: string[], options: Parameters<typeof runProcess>[2] = {}) =>
  runProcess(process.execPath, [CLI, 'bench', ...args], { env, timeoutMs: 5 * 60_000, ...options });

/** Every process whose command line holds `text` (processes that end while we look are skipped). */
function processesWith(text: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`).includes(text)) found.push(entry);
    } catch {
      // gone
    }
  }
  return found;
}

function readResult(path: string): RunResult {
  const parsed = parseBenchmarkResult(readFileSync(path, 'utf8'));
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.errors.join('; '));
  assert.equal(parsed.result.kind, 'run');
  return parsed.result as RunResult;
}

const goTpcProcesses = () => processesWith(`--db=${database}`).filter((pid) => readFileSync(`/proc/${pid}/cmdline`).includes(GO_TPC));

before(async () => {
  if (missing !== undefined) return;
  database = await freshDatabase('gotpc');
  await query('mysql', `CREATE USER '${user}'@'%' IDENTIFIED BY '${password}'`);
  await query('mysql', `GRANT ALL ON \`${database}\`.* TO '${user}'@'%'`);
  const prepared = await bench(['tpcc', '--warehouses=1', '--threads=2', ...connection(), 'prepare'], { timeoutMs: 15 * 60_000 });
  assert.equal(prepared.code, 0, prepared.stderr);
});

after(async () => {
  rmSync(work, { recursive: true, force: true });
  if (missing !== undefined) return;
  await query('mysql', `DROP USER IF EXISTS '${user}'@'%'`);
  await dropDatabase(database);
});

describe('bench tpcc --engine=go-tpc', { skip }, () => {
  test("runs go-tpc: the result's tpmC is the one go-tpc printed, source.engine go-tpc, the password on no command line", async () => {
    const out = join(work, 'run.json');
    const seen: { checks: number; withPassword: string[]; goTpc: string[] } = { checks: 0, withPassword: [], goTpc: [] };
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const goTpc = goTpcProcesses();
        if (goTpc.length > 0) {
          seen.checks++;
          seen.goTpc.push(...goTpc);
          seen.withPassword.push(
            ...processesWith(password),
            ...goTpc.filter((pid) => readFileSync(`/proc/${pid}/cmdline`).includes(db.password)),
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const outcome = await bench([
      'tpcc',
      '--engine=go-tpc',
      `--go-tpc=${GO_TPC}`,
      '--warehouses=1',
      '--threads=2',
      '--time=5s',
      '--interval=2s',
      ...connection(),
      `--out=${out}`,
      'run',
    ]);
    watching = false;
    await watch;
    assert.equal(outcome.code, 0, outcome.stderr);
    assert.ok(seen.checks > 0, 'go-tpc was seen running');
    assert.deepEqual(seen.withPassword, []);
    const printed = /^tpmC: ([\d.]+), tpmTotal: ([\d.]+), efficiency: ([\d.]+)%$/m.exec(outcome.stdout);
    assert.ok(printed, outcome.stdout);
    assert.match(outcome.stdout, /^\[Current\] NEW_ORDER - Takes\(s\):/m);
    assert.match(outcome.stdout, /^\[Summary\] NEW_ORDER - Takes\(s\):/m);
    const result = readResult(out);
    assert.equal(result.kind, 'run');
    assert.equal(result.status, 'completed');
    assert.equal(result.workload, 'tpcc');
    assert.deepEqual(result.source, {
      tool: 'tidb-lab',
      toolVersion: result.source.toolVersion,
      engine: 'go-tpc',
      engineVersion: '1.0.12',
    });
    assert.equal(result.labels?.tpmC, Number(printed[1]));
    assert.equal(result.labels?.tpmTotal, Number(printed[2]));
    const newOrders = /^\[Summary\] NEW_ORDER - Takes\(s\): [\d.]+, Count: (\d+),/m.exec(outcome.stdout);
    assert.equal(result.labels?.['NEW_ORDER.count'], Number(newOrders?.[1]));
    // the same tpcc block as the built-in engine's, from go-tpc's numbers
    assert.ok(result.tpcc, 'the result has its tpcc block');
    assert.equal(result.tpcc.warehouses, 1);
    assert.equal(result.tpcc.tpmC, Number(printed[1]));
    assert.equal(result.tpcc.tpmTotal, Number(printed[2]));
    assert.equal(result.tpcc.efficiency, Number(printed[3]));
    assert.equal(result.tpcc.transactions.new_order.count, Number(newOrders?.[1]));
    const payments = /^\[Summary\] PAYMENT - Takes\(s\): [\d.]+, Count: (\d+),.* 95th\(ms\): ([\d.]+),/m.exec(outcome.stdout);
    assert.ok(payments, outcome.stdout);
    assert.equal(result.tpcc.transactions.payment.count, Number(payments[1]));
    assert.equal(result.tpcc.transactions.payment.latencyMs.p95, Number(payments[2]));
    assert.ok(result.intervals.length >= 1);
    assert.equal(result.options.mysql_user, user);
    assert.equal(JSON.stringify(result).includes(password), false);
    assert.deepEqual(goTpcProcesses(), []);
    assert.equal(await waitForNoConnections(database, [], 10_000), 0);
  });

  test('SIGINT mid-run keeps what go-tpc printed as a cancelled result; no go-tpc process or connection is left', async () => {
    const out = join(work, 'cancelled.json');
    let sent = false;
    const outcome: ProcessOutcome = await new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          CLI,
          'bench',
          'tpcc',
          '--engine=go-tpc',
          `--go-tpc=${GO_TPC}`,
          '--warehouses=1',
          '--threads=2',
          '--time=120s',
          '--interval=1s',
          ...connection(),
          `--out=${out}`,
          'run',
        ],
        { env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (!sent && /^\[Current\] NEW_ORDER/m.test(stdout)) {
          sent = true;
          child.kill('SIGINT');
        }
      });
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });
    assert.ok(sent);
    assert.equal(outcome.code, 130, outcome.stderr);
    assert.match(outcome.stdout, /^\[Summary\] NEW_ORDER - Takes\(s\):/m);
    const printed = /^tpmC: ([\d.]+),/m.exec(outcome.stdout);
    const result = readResult(out);
    assert.equal(result.status, 'cancelled');
    assert.equal(result.source.engine, 'go-tpc');
    assert.ok(result.intervals.length >= 1);
    assert.ok(result.durationSec < 60, `ran ${result.durationSec} s of 120`);
    if (printed) assert.equal(result.labels?.tpmC, Number(printed[1]));
    assert.deepEqual(goTpcProcesses(), []);
    assert.equal(await waitForNoConnections(database, [], 10_000), 0);
  });

  test('a wrong password ends with a clear message and no go-tpc left', async () => {
    const outcome = await runProcess(
      process.execPath,
      [CLI, 'bench', 'tpcc', '--engine=go-tpc', `--go-tpc=${GO_TPC}`, '--warehouses=1', '--time=5s', ...connection(), 'run'],
      { env: { ...env, MYSQL_PWD: 'not-the-password' }, timeoutMs: 60_000 },
    );
    assert.equal(outcome.code, 1);
    assert.match(outcome.stderr, /^FATAL: Cannot connect to 127.0.0.1:\d+: The server refused user '[^']+': wrong user name or password/m);
    assert.deepEqual(goTpcProcesses(), []);
  });

  test('go-tpc asked for but not found: a clear reason, nothing run', async () => {
    const outcome = await bench([
      'tpcc',
      '--engine=go-tpc',
      `--go-tpc=${join(work, 'no-go-tpc')}`,
      '--warehouses=1',
      '--time=5s',
      ...connection(),
      'run',
    ]);
    assert.equal(outcome.code, 1);
    assert.match(outcome.stderr, /^FATAL: The go-tpc engine was asked for, but .*no-go-tpc is not an executable file/m);
  });
});
