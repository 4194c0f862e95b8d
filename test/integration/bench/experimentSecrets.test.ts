// `tidb-lab bench experiment` with a variant that creates a user with a password: the statement
// runs with the real password (the user can log in with it), and the password is in neither the
// printed output nor the --out file nor the result as the extension's store reads it back.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createConnection } from 'mysql2/promise';
import { adminConnection, connectionArgs, db, dropDatabase, freshDatabase, runProcess } from './support/benchFixtures';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
const work = mkdtempSync(join(tmpdir(), 'tidblab-secrets-'));
const SECRET = 'sekret-xyz';
const USER = `lab_probe_${process.pid}`;
let database: string;

async function dropUser(): Promise<void> {
  const connection = await adminConnection();
  try {
    await connection.query(`DROP USER IF EXISTS '${USER}'@'%'`);
  } finally {
    await connection.end();
  }
}

before(async () => {
  database = await freshDatabase('secrets');
  await dropUser();
});

after(async () => {
  await dropUser();
  await dropDatabase(database);
  rmSync(work, { recursive: true, force: true });
});

function experimentFile(name: string, setup: string[]): string {
  const file = join(work, `${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      name,
      workloads: ['oltp_point_select'],
      threads: [1],
      tableSizes: [100],
      options: { time: 0, events: 10, tables: 1 },
      variants: [{ name: 'with user', setup }],
    }),
  );
  return file;
}

describe('a password in a variant set-up', () => {
  test('runs as written and is printed, written and stored as ***', async () => {
    const file = experimentFile('create-user', [
      `CREATE USER '${USER}'@'%' IDENTIFIED BY '${SECRET}'`,
      `GRANT SELECT ON *.* TO '${USER}'@'%'`,
    ]);
    const out = join(work, 'create-user-result.json');
    const outcome = await runProcess(process.execPath, [CLI, 'bench', 'experiment', file, ...connectionArgs(database), '--out', out]);
    assert.equal(outcome.code, 0, outcome.stdout + outcome.stderr);
    assert.ok(outcome.stdout.includes(`CREATE USER '${USER}'@'%' IDENTIFIED BY '***'`), outcome.stdout);
    assert.ok(!outcome.stdout.includes(SECRET) && !outcome.stderr.includes(SECRET), outcome.stdout + outcome.stderr);

    const written = readFileSync(out, 'utf8');
    assert.ok(!written.includes(SECRET), written);
    assert.ok(written.includes("IDENTIFIED BY '***'"));
    const stored = parseBenchmarkResult(written);
    assert.ok(stored.ok && !JSON.stringify(stored.result).includes(SECRET));

    const json = await runProcess(process.execPath, [
      CLI,
      'bench',
      'experiment',
      experimentFile('again', [`ALTER USER '${USER}'@'%' IDENTIFIED BY '${SECRET}'`]),
      ...connectionArgs(database),
      '--json',
    ]);
    assert.equal(json.code, 0, json.stderr);
    assert.ok(!json.stdout.includes(SECRET) && !json.stderr.includes(SECRET));

    const probe = await createConnection({ host: db.host, port: db.port, user: USER, password: SECRET });
    try {
      const [rows] = (await probe.query('SELECT CURRENT_USER() AS user')) as unknown as [Array<{ user: string }>];
      assert.equal(rows[0].user, `${USER}@%`, 'the user was created with the real password');
    } finally {
      await probe.end();
    }
  });

  test('a set-up the server rejects, quoting it from the password on, is reported without the password', async () => {
    // MariaDB answers "... near 'BY 'sekret-xyz'' at line 1": no IDENTIFIED left in the quote
    const file = experimentFile('broken', [`CREATE USER IDENTIFIED BY '${SECRET}'`]);
    const out = join(work, 'broken-result.json');
    const outcome = await runProcess(process.execPath, [CLI, 'bench', 'experiment', file, ...connectionArgs(database), '--out', out]);
    assert.equal(outcome.code, 1);
    assert.match(
      outcome.stdout,
      /The set-up of variant 'with user' failed: You have an error in your SQL syntax; .* near 'BY '\*\*\*'' at line 1/,
    );
    assert.ok(!outcome.stdout.includes(SECRET) && !outcome.stderr.includes(SECRET), outcome.stdout + outcome.stderr);
    assert.ok(!readFileSync(out, 'utf8').includes(SECRET));
  });
});
