// DEMO_CHECK=1 of scripts/demo.sh: connects the way the demo workspace's connection says (its
// .vscode/settings.json, the one TiDB Lab shows) and reads the sysbench table the demo's queries.sql
// starts with. The password, when the connection has one, comes from MYSQL_PWD.
// Usage: node scripts/demoCheck.mjs <workspace>/.vscode/settings.json <expected rows in sbtest1>
import { readFileSync } from 'node:fs';
import mysql from 'mysql2/promise';

const [settingsPath, expectedRows] = process.argv.slice(2);
const settingsText = readFileSync(settingsPath, 'utf8')
  .split('\n')
  .filter((line) => !line.trimStart().startsWith('//'))
  .join('\n');
const connection = JSON.parse(settingsText)['tidbLab.connections']?.[0];
if (!connection) throw new Error(`${settingsPath} has no tidbLab.connections entry`);

const client = await mysql.createConnection({
  host: connection.host,
  port: connection.port,
  user: connection.user,
  password: connection.passwordMode === 'empty' ? '' : (process.env.MYSQL_PWD ?? ''),
  database: connection.database,
});
try {
  const [[{ version }]] = await client.query('SELECT VERSION() AS version');
  const [[{ count }]] = await client.query('SELECT COUNT(*) AS count FROM sbtest1');
  if (Number(count) !== Number(expectedRows)) {
    throw new Error(`sbtest1 in ${connection.database} has ${count} rows, expected ${expectedRows}`);
  }
  console.log(
    `Demo connection "${connection.name}" works: ${connection.user}@${connection.host}:${connection.port} (${version}), ${connection.database}.sbtest1 has ${count} rows.`,
  );
} finally {
  await client.end();
}
