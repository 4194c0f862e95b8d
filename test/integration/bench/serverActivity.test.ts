// Server evidence against the real MariaDB (started with performance_schema and the statement
// digest consumers by scripts/start-mariadb.sh): a run of N events finds its statements in the
// server's own counts with exactly those counts, sent as text (events_statements_summary_by_digest)
// and as server-side prepared statements (prepared_statements_instances, read before the run's
// connections close), for the built-in engine, sysbench and an experiment cell.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { benchOptions, db, dropDatabase, freshDatabase, query } from './support/benchFixtures';
import { runMeasuredWithEngine } from '../../../src/core/bench/benchEngine';
import { prepareWithOptions } from '../../../src/core/bench/prepareBenchmark';
import { findSysbench } from '../../../src/core/bench/externalSysbench/sysbenchInstallation';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import type { RunResult, ServerStatement } from '../../../src/core/results/benchmarkResult';
import { until } from '../../support/until';

const EVENTS = 300;
let database: string;

const options = (extra: string[]) =>
  benchOptions('oltp_point_select', [
    `--mysql-host=${db.host}`,
    `--mysql-port=${db.port}`,
    `--mysql-user=${db.user}`,
    `--mysql-password=${db.password}`,
    `--mysql-db=${database}`,
    '--tables=1',
    '--table-size=1000',
    // One thread: MariaDB adds to a digest's counters without atomics, so two connections running
    // the same statement at once can lose a count (299 of 300 seen in a run under load).
    '--threads=1',
    `--events=${EVENTS}`,
    '--time=0',
    ...extra,
  ]);

before(async () => {
  const [state] = await query<{ enabled: number }>('mysql', 'SELECT @@GLOBAL.performance_schema AS enabled');
  assert.equal(
    Number(state.enabled),
    1,
    'performance_schema is off on the test MariaDB: restart it with scripts/start-mariadb.sh stop && scripts/start-mariadb.sh',
  );
  database = await freshDatabase('activity');
  await prepareWithOptions(options([]));
});

after(async () => {
  await dropDatabase(database);
});

function pointSelect(result: RunResult): ServerStatement | undefined {
  return result.server?.activity?.statements.find((statement) =>
    /^SELECT\s+`?c`?\s+FROM\s+`?sbtest1`?\s+WHERE\s+`?id`?\s*=\s*\?/i.test(statement.text),
  );
}

test('text protocol (--db-ps-mode=disable): the digest table counts exactly the events sent', async () => {
  const { result } = await runMeasuredWithEngine(options(['--db-ps-mode=disable']), {}, { engine: 'builtin' });
  assert.equal(result.status, 'completed');
  assert.equal(result.summary.events, EVENTS);
  const activity = result.server?.activity;
  assert.ok(activity, 'the result carries server.activity');
  assert.equal(activity.source, 'performance_schema.events_statements_summary_by_digest');
  const statement = pointSelect(result);
  assert.ok(statement, `the point select is among ${JSON.stringify(activity.statements.map((s) => s.text))}`);
  assert.equal(statement.execCount, EVENTS);
  assert.equal(statement.counted, 'digest');
  assert.equal(statement.schema, database);
  assert.ok(statement.avgLatencyMs > 0 && statement.maxLatencyMs >= statement.avgLatencyMs);
  // only the run's statements: none of the reads of the evidence itself
  assert.ok(
    activity.statements.every((s) => !/performance_schema|NOW\(\)/i.test(s.text)),
    JSON.stringify(activity.statements.map((s) => s.text)),
  );
  // the result round-trips through validation with its activity
  const parsed = parseBenchmarkResult(JSON.stringify(result));
  assert.ok(parsed.ok);
  assert.deepEqual(
    parsed.ok && parsed.result.kind === 'run' ? parsed.result.server?.activity : undefined,
    JSON.parse(JSON.stringify(activity)),
  );
});

test('a second run counts only its own executions (the difference, not the totals)', async () => {
  const { result } = await runMeasuredWithEngine(options(['--db-ps-mode=disable']), {}, { engine: 'builtin' });
  assert.equal(pointSelect(result)?.execCount, EVENTS);
});

test('server-side prepared statements (--db-ps-mode=auto): counted from prepared_statements_instances before the connections close', async () => {
  const { result } = await runMeasuredWithEngine(options([]), {}, { engine: 'builtin' });
  assert.equal(result.summary.events, EVENTS);
  const statement = pointSelect(result);
  assert.ok(statement, JSON.stringify(result.server?.activity));
  assert.equal(statement.counted, 'prepared');
  assert.equal(statement.execCount, EVENTS);
  assert.deepEqual(result.server?.activity?.warnings, []);
});

test("the run's connections, held open until their prepared statements were read, then close with a goodbye (no aborted client on the server)", async () => {
  const abortedClients = async () =>
    Number((await query<{ Value: string }>('mysql', "SHOW GLOBAL STATUS LIKE 'Aborted_clients'"))[0].Value);
  const runConnections = async () =>
    Number((await query<{ n: number }>('mysql', 'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = ?', [database]))[0].n);
  const before = await abortedClients();
  const { result } = await runMeasuredWithEngine(options([]), {}, { engine: 'builtin' });
  assert.equal(pointSelect(result)?.counted, 'prepared', 'the connections were held for prepared_statements_instances');
  // a connection cut without COM_QUIT is counted once the server has seen it go
  await until(runConnections, (n) => n === 0, 'the run connections gone');
  assert.equal(await abortedClients(), before);
});

test('sysbench engine, text protocol: the same exact count; prepared mode says what is missing', async (t) => {
  const lookup = await findSysbench(undefined);
  if (!lookup.found) {
    t.skip(`sysbench is not installed: ${lookup.reason}`);
    return;
  }
  const text = await runMeasuredWithEngine(options(['--db-ps-mode=disable']), {}, { engine: 'sysbench' }, lookup);
  assert.equal(text.result.source.engine, 'sysbench');
  assert.equal(pointSelect(text.result)?.execCount, EVENTS);
  const prepared = await runMeasuredWithEngine(options([]), {}, { engine: 'sysbench' }, lookup);
  assert.match(
    prepared.result.server?.activity?.warnings.join('\n') ?? '',
    /prepared_statements_instances only while their connections are open/,
  );
});

test('a user who may not read performance_schema still gets the run, with a warning', async () => {
  const user = `tidblab_noperf_${process.pid}`;
  await query('mysql', `CREATE USER '${user}'@'%' IDENTIFIED BY 'x-pw-1'`);
  await query('mysql', `GRANT ALL ON \`${database}\`.* TO '${user}'@'%'`);
  try {
    const limited = benchOptions('oltp_point_select', [
      `--mysql-host=${db.host}`,
      `--mysql-port=${db.port}`,
      `--mysql-user=${user}`,
      '--mysql-password=x-pw-1',
      `--mysql-db=${database}`,
      '--tables=1',
      '--table-size=1000',
      '--threads=1',
      '--events=20',
      '--time=0',
      '--db-ps-mode=disable',
    ]);
    const { result } = await runMeasuredWithEngine(limited, {}, { engine: 'builtin' });
    assert.equal(result.status, 'completed');
    assert.equal(result.summary.events, 20);
    // the warning is the grant it lacks (serverActivityGrant.test.ts has the whole message), not the server's denial
    assert.equal(result.server?.activity?.missingGrant?.account, `${user}@%`, JSON.stringify(result.server?.activity));
    assert.equal(result.server?.activity?.missingGrant?.grant, `GRANT SELECT ON performance_schema.* TO '${user}'@'%'`);
  } finally {
    await query('mysql', `DROP USER IF EXISTS '${user}'@'%'`);
  }
});
