// An account without SELECT on performance_schema (the demo's user before scripts/create-demo-user.sh
// granted it): a run against the real MariaDB says which account lacks which grant instead of
// "counted none"; with the grant the demo now gives, the same run counts its statements.
// The account is this file's own, made with tidblab and dropped after.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminConnection, benchOptions, db, dropDatabase, freshDatabase } from './support/benchFixtures';
import { runMeasuredWithEngine } from '../../../src/core/bench/benchEngine';
import { prepareWithOptions } from '../../../src/core/bench/prepareBenchmark';
import { serverActivityLines } from '../../../src/core/results/serverActivityText';

const USER = `tidblab_nogrant_${process.pid}`;
const PASSWORD = 'nogrant-pw';
let database: string;

const options = (user: string, password: string) =>
  benchOptions('oltp_point_select', [
    `--mysql-host=${db.host}`,
    `--mysql-port=${db.port}`,
    `--mysql-user=${user}`,
    `--mysql-password=${password}`,
    `--mysql-db=${database}`,
    '--tables=1',
    '--table-size=100',
    '--threads=1',
    '--events=50',
    '--time=0',
    // prepared statements: the run reads prepared_statements_instances too
    '--db-ps-mode=auto',
  ]);

async function admin(sql: string): Promise<void> {
  const connection = await adminConnection();
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}

before(async () => {
  database = await freshDatabase('nogrant');
  await prepareWithOptions(options(db.user, db.password));
  await admin(`DROP USER IF EXISTS '${USER}'@'127.0.0.1'`);
  await admin(`CREATE USER '${USER}'@'127.0.0.1' IDENTIFIED BY '${PASSWORD}'`);
  await admin(`GRANT ALL PRIVILEGES ON \`${database}\`.* TO '${USER}'@'127.0.0.1'`);
});

after(async () => {
  await admin(`DROP USER IF EXISTS '${USER}'@'127.0.0.1'`);
  await dropDatabase(database);
});

test('without SELECT on performance_schema the run names the account and the GRANT, not "counted none"', async () => {
  const { result } = await runMeasuredWithEngine(options(USER, PASSWORD), {}, { engine: 'builtin' });
  assert.equal(result.status, 'completed');
  const activity = result.server?.activity;
  assert.ok(activity);
  assert.deepEqual(activity.statements, []);
  assert.deepEqual(activity.missingGrant, {
    account: `${USER}@127.0.0.1`,
    privilege: 'SELECT on performance_schema',
    grant: `GRANT SELECT ON performance_schema.* TO '${USER}'@'127.0.0.1'`,
  });
  assert.ok(
    activity.warnings.every((warning) => !/command denied/i.test(warning)),
    JSON.stringify(activity.warnings),
  );
  const lines = serverActivityLines(activity).join('\n');
  assert.match(lines, new RegExp(`Not read: ${USER}@127\\.0\\.0\\.1 has no SELECT on performance_schema`));
  assert.doesNotMatch(lines, /none of the run's statements were counted/);
  assert.doesNotMatch(JSON.stringify(result), new RegExp(PASSWORD));
});

test('with the grant the demo gives (SELECT ON performance_schema.*), the same run counts its statements', async () => {
  await admin(`GRANT SELECT ON performance_schema.* TO '${USER}'@'127.0.0.1'`);
  const { result } = await runMeasuredWithEngine(options(USER, PASSWORD), {}, { engine: 'builtin' });
  const activity = result.server?.activity;
  assert.ok(activity);
  assert.equal(activity.missingGrant, undefined);
  assert.equal(activity.source, 'performance_schema.events_statements_summary_by_digest');
  assert.ok(
    activity.statements.some((statement) => /sbtest1/.test(statement.text) && statement.execCount > 0),
    JSON.stringify(activity),
  );
});
