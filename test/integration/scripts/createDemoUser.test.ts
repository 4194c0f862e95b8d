// scripts/create-demo-user.sh, the one place that makes the demo's MariaDB user: the user may use
// sbtest and its own database and may read performance_schema (the benchmark's "what the server
// did"), from 127.0.0.1 and localhost, with an empty password. Run with a user name of this file's
// own on TiDB Lab's MariaDB, dropped after.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { createConnection } from 'mysql2/promise';
import { testDatabase } from '../../support/testDatabase';

const db = testDatabase();
const SCRIPT = join(__dirname, '..', '..', '..', '..', 'scripts', 'create-demo-user.sh');
const USER = `tidblab_demo_t${process.pid}`;

async function asAdmin(sql: string): Promise<void> {
  const client = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

after(async () => {
  for (const host of ['127.0.0.1', 'localhost']) await asAdmin(`DROP USER IF EXISTS '${USER}'@'${host}'`);
  await asAdmin(`DROP DATABASE IF EXISTS \`${USER}\``);
});

function createDemoUser() {
  return spawnSync('bash', [SCRIPT, USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

test('the demo user reads performance_schema and uses its databases; a second run changes nothing', async () => {
  const first = createDemoUser();
  assert.equal(first.status, 0, first.stdout + first.stderr);
  const again = createDemoUser();
  assert.equal(again.status, 0, again.stdout + again.stderr);

  const demo = await createConnection({ host: '127.0.0.1', port: db.port, user: USER, password: '' });
  try {
    const [[current]] = (await demo.query('SELECT CURRENT_USER() AS account')) as unknown as [[{ account: string }]];
    assert.equal(current.account, `${USER}@127.0.0.1`);
    // what the run's server evidence reads (performanceSchemaDigests.ts, preparedStatementInstances.ts)
    await demo.query('SELECT COUNT(*) FROM performance_schema.events_statements_summary_by_digest');
    await demo.query('SELECT COUNT(*) FROM performance_schema.prepared_statements_instances');
    await demo.query(`CREATE TABLE \`${USER}\`.t (id INT PRIMARY KEY)`);
    const [grants] = (await demo.query('SHOW GRANTS')) as unknown as [Record<string, string>[]];
    assert.deepEqual(grants.map((row) => Object.values(row)[0]).sort(), [
      `GRANT ALL PRIVILEGES ON \`sbtest\`.* TO \`${USER}\`@\`127.0.0.1\``,
      `GRANT ALL PRIVILEGES ON \`${USER}\`.* TO \`${USER}\`@\`127.0.0.1\``,
      `GRANT SELECT ON \`performance_schema\`.* TO \`${USER}\`@\`127.0.0.1\``,
      `GRANT USAGE ON *.* TO \`${USER}\`@\`127.0.0.1\``,
    ]);
  } finally {
    await demo.end();
  }
});

test('a user name that is not letters, digits and _ is refused', () => {
  const result = spawnSync('bash', [SCRIPT, "x'; DROP USER root; --"], { encoding: 'utf8' });
  assert.equal(result.status, 1);
  assert.match(result.stderr, /the user must be letters, digits and _/);
});
