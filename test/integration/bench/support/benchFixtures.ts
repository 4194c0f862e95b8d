// What the benchmark integration tests share: a database of their own on the local MariaDB, the
// way to run Debian's sysbench and our engine against it, and statement-stream helpers.
import { spawn } from 'node:child_process';
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import { testDatabase } from '../../../support/testDatabase';
import { waitFor } from '../../../support/serverStatements';
import { resolveBenchOptions, type BenchOptions } from '../../../../src/core/bench/benchOptions';
import type { CapturedCommand } from './mysqlSniffingProxy';

export const db = testDatabase();

export async function adminConnection(database?: string): Promise<Connection> {
  return createConnection({ host: db.host, port: db.port, user: db.user, password: db.password, database, multipleStatements: false });
}

/** Creates a fresh database for one test file and returns its name. */
export async function freshDatabase(suffix: string): Promise<string> {
  const name = `tidblab_bench_${suffix}_${process.pid}`;
  const connection = await adminConnection();
  try {
    await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await connection.query(`CREATE DATABASE \`${name}\``);
  } finally {
    await connection.end();
  }
  return name;
}

export async function dropDatabase(name: string): Promise<void> {
  const connection = await adminConnection();
  try {
    await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await connection.end();
  }
}

export async function query<T = RowDataPacket>(database: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const connection = await adminConnection(database);
  try {
    const [rows] = await connection.query<RowDataPacket[]>(sql, values);
    return rows as unknown as T[];
  } finally {
    await connection.end();
  }
}

/** Connections the server still has in this database (the admin connection asking is not in it). */
export async function connectionsIn(database: string): Promise<number> {
  const rows = await query<{ n: number }>('information_schema', 'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = ?', [
    database,
  ]);
  return Number(rows[0].n);
}

/** A connection holding every row of sbtest1 locked (SELECT ... FOR UPDATE in an open transaction) until released. */
export async function lockAllRows(database: string): Promise<{ lockerId: number; release: () => Promise<void> }> {
  const locker = await adminConnection(database);
  await locker.query('BEGIN');
  await locker.query('SELECT id FROM sbtest1 FOR UPDATE');
  const [[{ id }]] = (await locker.query('SELECT CONNECTION_ID() AS id')) as unknown as [[{ id: number }]];
  return {
    lockerId: Number(id),
    release: async () => {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    },
  };
}

/** Waits until `count` connections but `locker` run an UPDATE of sbtest1 in the database (waiting on its lock). */
export async function waitForUpdatesWaiting(
  database: string,
  locker: number,
  count: number,
  stillRunning: () => void = () => undefined,
): Promise<void> {
  await waitFor(`${count} UPDATEs of sbtest1 waiting on the lock`, async () => {
    stillRunning();
    const rows = await query<{ n: number }>(
      'information_schema',
      "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> ? AND INFO LIKE 'UPDATE sbtest1 %'",
      [database, locker],
    );
    return Number(rows[0].n) >= count ? true : undefined;
  });
}

/** Waits until no connection but `except` uses the database; returns how many are left at the timeout. */
export async function waitForNoConnections(name: string, except: number[] = [], timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await query<{ id: number }>('information_schema', 'SELECT ID AS id FROM information_schema.PROCESSLIST WHERE DB = ?', [
      name,
    ]);
    const left = rows.filter((row) => !except.includes(Number(row.id))).length;
    if (left === 0 || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function connectionArgs(database: string, port = db.port): string[] {
  return [
    `--mysql-host=${db.host}`,
    `--mysql-port=${port}`,
    `--mysql-user=${db.user}`,
    `--mysql-password=${db.password}`,
    `--mysql-db=${database}`,
  ];
}

export interface ProcessOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runProcess(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; onStart?: (pid: number) => void; onStdout?: (stdoutSoFar: string) => void; timeoutMs?: number } = {},
): Promise<ProcessOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      options.onStdout?.(stdout);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    child.on('error', reject);
    child.on('spawn', () => options.onStart?.(child.pid ?? 0));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export async function sysbench(args: string[]): Promise<ProcessOutcome> {
  const outcome = await runProcess('/usr/bin/sysbench', args);
  if (outcome.code !== 0) throw new Error(`sysbench ${args.join(' ')} failed (${outcome.code}): ${outcome.stdout}${outcome.stderr}`);
  return outcome;
}

/** Our options from a sysbench-style argument list (connection arguments included). */
export function benchOptions(workload: string, args: string[]): BenchOptions {
  const map = new Map<string, string>();
  for (const arg of args) {
    const [name, ...rest] = arg.replace(/^--/, '').split('=');
    map.set(name, rest.join('='));
  }
  return resolveBenchOptions(workload, map);
}

/** The commands of the benchmark connections, without the admin connection (it asks SELECT VERSION()). */
export function benchmarkCommands(commands: readonly CapturedCommand[]): CapturedCommand[] {
  const admin = new Set(commands.filter((command) => command.sql === 'SELECT VERSION() AS version').map((command) => command.connection));
  return commands.filter((command) => !admin.has(command.connection) && command.kind !== 'other');
}

/** A stream as comparable lines; statement closes are compared as a set (sysbench closes in hash order). */
export function streamLines(commands: readonly CapturedCommand[]): { ordered: string[]; closes: string[] } {
  const ordered: string[] = [];
  const closes: string[] = [];
  for (const command of commands) {
    const line = `${command.kind} ${command.sql ?? ''}${command.params ? ` ${JSON.stringify(command.params)}` : ''}`;
    if (command.kind === 'close') closes.push(line);
    else ordered.push(line);
  }
  return { ordered, closes: closes.sort() };
}

/** "SELECT c FROM sbtest2 WHERE id=?" -> "SELECT c FROM sbtestN WHERE id=?"; text values become ?. */
export function statementShape(command: CapturedCommand): string {
  return `${command.kind} ${(command.sql ?? '')
    .replace(/sbtest\d+/g, 'sbtestN')
    .replace(/'[^']*'/g, '?')
    .replace(/-?\d+/g, 'N')}`;
}

export function shapeCounts(commands: readonly CapturedCommand[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const command of commands) {
    if (command.kind !== 'execute' && command.kind !== 'query') continue;
    const shape = statementShape(command);
    counts.set(shape, (counts.get(shape) ?? 0) + 1);
  }
  return counts;
}
