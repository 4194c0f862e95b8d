// Server evidence on TiDB, against the TiDB stand-in's statement summary (test/standin/
// statementSummary.ts: rows kept from the statements really sent, columns and units of TiDB's
// docs): every run's statements with their exec counts, plans and engines; the TiFlash study as an
// experiment, where the range SELECTs ran on TiKV without a replica and on TiFlash with one; a plan
// that changed during a run; a summary window that rolled over during a run.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestStandIn } from '../../standin/testStandIn';
import type { TiDBStandIn } from '../../standin/tidbStandIn';
import { benchOptions, db, dropDatabase, freshDatabase } from './support/benchFixtures';
import { runMeasuredWithEngine } from '../../../src/core/bench/benchEngine';
import { prepareWithOptions } from '../../../src/core/bench/prepareBenchmark';
import { runExperiment } from '../../../src/core/bench/experiments/runExperiment';
import { compareVariantStatements, variantStatementSentences } from '../../../src/core/results/variantStatements';
import type { RunResult } from '../../../src/core/results/benchmarkResult';

let standIn: TiDBStandIn;
let database: string;

const via = () => [
  `--mysql-host=${db.host}`,
  `--mysql-port=${standIn.port}`,
  `--mysql-user=${db.user}`,
  `--mysql-password=${db.password}`,
  `--mysql-db=${database}`,
];
const readOnly = (extra: string[]) =>
  benchOptions('oltp_read_only', [...via(), '--tables=1', '--table-size=1000', '--threads=2', '--events=40', '--time=0', ...extra]);

before(async () => {
  database = await freshDatabase('tidbevidence');
  standIn = await startTestStandIn({ replicaProgressPerSecond: 100 });
  await prepareWithOptions(benchOptions('oltp_read_only', [...via(), '--tables=1', '--table-size=1000']));
});

after(async () => {
  await standIn.close();
  await dropDatabase(database);
});

function byText(result: RunResult, pattern: RegExp) {
  return result.server?.activity?.statements.find((statement) => pattern.test(statement.text));
}

test('a run on TiDB: each statement with its exec count, plan and engines from the statement summary', async () => {
  const { result } = await runMeasuredWithEngine(readOnly([]), {}, { engine: 'builtin' });
  assert.equal(result.status, 'completed', result.message);
  const activity = result.server?.activity;
  assert.equal(activity?.source, 'information_schema.cluster_statements_summary', JSON.stringify(activity));
  // oltp_read_only: 10 point selects and one of each range select per event (sysbench defaults)
  const point = byText(result, /^select c from sbtest1 where id = \?$/);
  assert.equal(point?.execCount, 400);
  assert.deepEqual(point?.engines, ['TiDB', 'TiKV']);
  const range = byText(result, /^select c from sbtest1 where id between \? and \?$/);
  assert.equal(range?.execCount, 40);
  assert.deepEqual(range?.engines, ['TiDB', 'TiKV']);
  assert.match(range?.plan ?? '', /TableRangeScan_6\s*\|.*cop\[tikv\]/);
  assert.equal(range?.planChanged, undefined);
  assert.ok((range?.copTasks ?? 0) >= 40);
  assert.ok(activity?.statements.every((statement) => !/statements_summary|now\(/i.test(statement.text)));
});

test('the TiFlash study: with replicas the range SELECTs ran on TiFlash (batchCop), the SUM on MPP; the experiment says so', async () => {
  const result = await runExperiment(
    {
      name: 'TiFlash study (small)',
      workloads: ['oltp_read_only'],
      threads: [2],
      tableSizes: [1000],
      options: { time: 1, tables: 1 },
      variants: [
        { name: 'no replica' },
        {
          name: 'TiFlash replica',
          setup: ['ALTER TABLE {table} SET TIFLASH REPLICA 1'],
          teardown: ['ALTER TABLE {table} SET TIFLASH REPLICA 0'],
          ready: { kind: 'tiflash-replica', timeoutSec: 30 },
        },
      ],
      prepare: false,
      cleanup: false,
    },
    { host: db.host, port: standIn.port, user: db.user, password: db.password, database },
    {},
  );
  assert.equal(result.status, 'completed', result.message);
  const [without, withReplica] = result.cells.map((cell) => cell.run);
  assert.deepEqual(byText(without, /between \? and \?$/)?.engines, ['TiDB', 'TiKV']);
  assert.deepEqual(byText(withReplica, /^select c from sbtest1 where id between \? and \?$/)?.engines, ['TiDB', 'TiFlash (batchCop)']);
  assert.deepEqual(byText(withReplica, /^select sum\(k\)/)?.engines, ['TiDB', 'TiFlash (MPP)']);
  assert.deepEqual(byText(withReplica, /where id = \?$/)?.engines, ['TiDB', 'TiKV']);
  const sentences = variantStatementSentences(compareVariantStatements(result));
  assert.ok(
    sentences.some((line) =>
      /in 'TiFlash replica', the range SELECTs \(3 statements\) ran on TiDB \+ TiFlash \(batchCop\), not TiDB \+ TiKV as in 'no replica'/.test(
        line,
      ),
    ),
    sentences.join('\n'),
  );
  assert.ok(
    sentences.some((line) => /"select sum\(k\) from sbtest1 where id between \? and \?" ran on TiDB \+ TiFlash \(MPP\)/.test(line)),
    sentences.join('\n'),
  );
});

test('a replica that becomes available during a run: the range SELECTs changed plan, both plan digests kept', async () => {
  let replicaSet = false;
  const { result } = await runMeasuredWithEngine(
    readOnly(['--events=200']),
    {
      onThreadsStarted: () => {
        setTimeout(() => {
          standIn.state.setReplica(database, 'sbtest1', 1, []);
          replicaSet = true;
        }, 150);
      },
    },
    { engine: 'builtin' },
  );
  standIn.state.setReplica(database, 'sbtest1', 0, []);
  assert.ok(replicaSet);
  const range = byText(result, /^select c from sbtest1 where id between \? and \?$/);
  assert.equal(range?.execCount, 200);
  assert.equal(range?.planChanged, true, JSON.stringify(range));
  assert.equal(range?.planDigests.length, 2);
  assert.deepEqual(range?.engines, ['TiDB', 'TiKV', 'TiFlash (batchCop)']);
  assert.equal(
    range?.plans?.reduce((sum, plan) => sum + plan.execCount, 0),
    200,
  );
});

test('a summary window that closes during the run: the closed window comes from _history and the counts still add up', async () => {
  const { result } = await runMeasuredWithEngine(
    readOnly(['--events=100']),
    {
      onThreadsStarted: () => setTimeout(() => standIn.state.statementSummary.rollWindowForTests(), 100),
    },
    { engine: 'builtin' },
  );
  assert.equal(byText(result, /^select c from sbtest1 where id = \?$/)?.execCount, 1000);
});
