// A fresh database with one sbtest table, made by the extension's own CLI (the built-in engine's
// prepare, not sysbench's), for the e2e tests that run point selects from the palette.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { adminQuery } from '../../support/adminQuery';
import { testDatabase } from '../../support/testDatabase';
import { repoRoot } from './paths';

const execFileAsync = promisify(execFile);

export async function preparePointSelectTable(database: string, tableSize: number, timeoutMs: number): Promise<void> {
  const db = testDatabase();
  await adminQuery(`DROP DATABASE IF EXISTS ${database}`);
  await adminQuery(`CREATE DATABASE ${database}`);
  await execFileAsync(
    process.execPath,
    [
      join(repoRoot, 'dist', 'cli.js'),
      'bench',
      '--engine=builtin',
      `--mysql-host=${db.host}`,
      `--mysql-port=${db.port}`,
      `--mysql-user=${db.user}`,
      `--mysql-db=${database}`,
      '--tables=1',
      `--table-size=${tableSize}`,
      'oltp_point_select',
      'prepare',
    ],
    { timeout: timeoutMs, env: { ...process.env, MYSQL_PWD: db.password } },
  );
}
