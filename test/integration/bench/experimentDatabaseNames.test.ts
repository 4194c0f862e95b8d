// An experiment on a database whose name has '$' patterns, backticks and quotes: prepare, the
// variant set-up and the tear-down act on exactly that database and create nothing anywhere else.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { adminConnection, connectionArgs, runProcess } from './support/benchFixtures';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
const work = mkdtempSync(join(tmpdir(), 'tidblab-hostile-db-'));
// what String.replace would make of it: '$$' -> '$', '$&' -> the placeholder, '$`'/"$'" -> the text around it
const HOSTILE = `app$$prod\`x'$&$\`$'_${process.pid}`;

const quoted = (name: string) => '`' + name.split('`').join('``') + '`';

async function databases(): Promise<string[]> {
  const connection = await adminConnection();
  try {
    const [rows] = (await connection.query(
      'SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA ORDER BY SCHEMA_NAME',
    )) as unknown as [Array<{ name: string }>];
    return rows.map((row) => row.name);
  } finally {
    await connection.end();
  }
}

async function tablesIn(schema: string): Promise<Array<{ name: string; comment: string }>> {
  const connection = await adminConnection();
  try {
    const [rows] = (await connection.query(
      'SELECT TABLE_NAME AS name, TABLE_COMMENT AS comment FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME',
      [schema],
    )) as unknown as [Array<{ name: string; comment: string }>];
    return rows;
  } finally {
    await connection.end();
  }
}

async function drop(name: string): Promise<void> {
  const connection = await adminConnection();
  try {
    await connection.query(`DROP DATABASE IF EXISTS ${quoted(name)}`);
  } finally {
    await connection.end();
  }
}

before(async () => {
  await drop(HOSTILE);
  const connection = await adminConnection();
  try {
    await connection.query(`CREATE DATABASE ${quoted(HOSTILE)}`);
  } finally {
    await connection.end();
  }
});

after(async () => {
  await drop(HOSTILE);
  rmSync(work, { recursive: true, force: true });
});

test('prepare, variant set-up and tear-down act on the database named on the command line and no other', async () => {
  const before = await databases();
  assert.ok(before.includes(HOSTILE));
  const file = join(work, 'experiment.json');
  writeFileSync(
    file,
    JSON.stringify({
      name: 'hostile database name',
      workloads: ['oltp_point_select'],
      threads: [1],
      tableSizes: [100],
      options: { time: 0, events: 20, tables: 1 },
      cleanup: false,
      variants: [
        {
          name: 'marked',
          setup: ['CREATE TABLE {schema}.setup_marker (id INT)', "ALTER TABLE {qualifiedTable} COMMENT 'set up'"],
          teardown: [
            'DROP TABLE {schema}.setup_marker',
            'CREATE TABLE {schema}.teardown_marker (id INT)',
            "ALTER TABLE {table} COMMENT 'torn down'",
          ],
        },
      ],
    }),
  );
  const outcome = await runProcess(process.execPath, [CLI, 'bench', 'experiment', file, ...connectionArgs(HOSTILE)]);
  assert.equal(outcome.code, 0, outcome.stdout + outcome.stderr);
  assert.ok(outcome.stdout.includes(`CREATE TABLE ${quoted(HOSTILE)}.setup_marker (id INT)`), outcome.stdout);

  assert.deepEqual(await tablesIn(HOSTILE), [
    { name: 'sbtest1', comment: 'torn down' },
    { name: 'teardown_marker', comment: '' },
  ]);
  assert.deepEqual(await databases(), before, 'no database was created or dropped');
});
