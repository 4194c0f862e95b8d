// Runs Debian's sysbench against the local MariaDB right now (two short runs appended to one log,
// as the seed studies kept theirs) and imports what it printed: the result must hold sysbench's
// own numbers, exactly.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { createConnection } from 'mysql2/promise';
import { quoteIdentifier } from '../../../src/core/db/sqlIdentifiers';
import { importBenchmarkLog } from '../../../src/core/results/importers/importBenchmarkLog';
import { testDatabase } from '../../support/testDatabase';
import { assertSameNumbers, sysbenchRunsInText } from '../../unit/results/support/sysbenchReportOracle';

const run = promisify(execFile);
const db = testDatabase();
const SCHEMA = `tidblab_results_it_${process.pid}`;
const SYSBENCH = process.env.TIDB_LAB_SYSBENCH ?? '/usr/bin/sysbench';

function connectionArgs(): string[] {
  return [
    '--db-driver=mysql',
    `--mysql-host=${db.host}`,
    `--mysql-port=${db.port}`,
    `--mysql-user=${db.user}`,
    `--mysql-password=${db.password}`,
    `--mysql-db=${SCHEMA}`,
    '--tables=1',
    '--table-size=1000',
  ];
}

async function sysbench(args: string[]): Promise<string> {
  const { stdout, stderr } = await run(SYSBENCH, [...connectionArgs(), ...args], { timeout: 60_000 });
  return stdout + stderr;
}

async function onServer(sql: string): Promise<void> {
  const connection = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}

before(async () => {
  await onServer(`CREATE DATABASE IF NOT EXISTS ${quoteIdentifier(SCHEMA)}`);
  await sysbench(['oltp_read_write', 'prepare']);
});

after(async () => {
  await onServer(`DROP DATABASE IF EXISTS ${quoteIdentifier(SCHEMA)}`);
});

test("a log written just now by sysbench imports with sysbench's own numbers", async () => {
  let log = '';
  for (const [workload, threads] of [
    ['oltp_read_only', '2'],
    ['oltp_point_select', '2'],
  ]) {
    log += `$ sysbench ${connectionArgs().join(' ')} --threads=${threads} --time=2 --report-interval=1 ${workload} run\n`;
    log += await sysbench([`--threads=${threads}`, '--time=2', '--report-interval=1', workload, 'run']);
  }
  const expected = sysbenchRunsInText(log);
  assert.equal(expected.length, 2);
  assert.ok(
    expected.every((runInLog) => runInLog.summary !== null && runInLog.intervals.length >= 1),
    log,
  );

  const { format, results, warnings } = importBenchmarkLog(log, 'fresh.log');
  assert.equal(format, 'sysbench');
  assert.deepEqual(warnings, []);
  assert.deepEqual(
    results.map((result) => result.kind === 'run' && [result.workload, result.status, result.options.threads]),
    [
      ['oltp_read_only', 'completed', 2],
      ['oltp_point_select', 'completed', 2],
    ],
  );
  results.forEach((result, index) => {
    assert.ok(result.kind === 'run');
    assertSameNumbers(result, expected[index]);
  });
  assert.ok(!JSON.stringify(results).includes(db.password), 'no password in the results');
});
