// What the Statements view and `tidb-lab statements` list: statements summed over windows,
// instances and plans, ordered three ways; slow queries; plan bindings' statements and gates.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SqlExecutor, SqlRow } from '../../../src/core/db/sqlExecutor';
import { identifyServer } from '../../../src/core/db/serverFlavor';
import { readSlowQueries } from '../../../src/core/server/slowQueries';
import type { StatementStatisticsRow } from '../../../src/core/server/statementStatistics';
import { readTopStatements, topStatements } from '../../../src/core/server/topStatements';
import {
  bindFromHistoryStatement,
  bindFromHistoryUnavailable,
  dropBindingStatement,
  dropBySqlDigestUnavailable,
  readGlobalBindings,
} from '../../../src/core/tidb/planBindings';
import { statementRow } from '../../support/statementRows';

function row(
  digest: string,
  planDigest: string | null,
  execCount: number,
  sumLatencyMs: number,
  extra: Partial<StatementStatisticsRow> = {},
): StatementStatisticsRow {
  return statementRow({
    digest,
    digestText: `select ${digest}`,
    planDigest,
    execCount,
    sumLatencyMs,
    avgLatencyMs: sumLatencyMs / execCount,
    maxLatencyMs: (sumLatencyMs / execCount) * 2,
    firstSeen: '2026-12-01 10:00:00',
    lastSeen: '2026-12-01 10:05:00',
    ...extra,
  });
}

const ROWS = [
  // a: many cheap executions over two plans and two windows
  row('a', 'p1', 1000, 500),
  row('a', 'p2', 500, 400, { fromHistory: true, lastSeen: '2026-12-01 10:30:00' }),
  row('a', 'p1', 500, 100, { fromHistory: true }),
  // b: few slow ones
  row('b', 'p3', 10, 2000),
  // c: in between
  row('c', 'p4', 100, 1500),
];

test('statements are summed over windows and plans, with every plan digest kept', () => {
  const [a] = topStatements(ROWS, 'count', 10);
  assert.equal(a.digest, 'a');
  assert.equal(a.execCount, 2000);
  assert.equal(a.sumLatencyMs, 1000);
  assert.equal(a.avgLatencyMs, 0.5);
  assert.equal(a.lastSeen, '2026-12-01 10:30:00');
  assert.deepEqual(
    a.plans.map((plan) => `${plan.planDigest} ${plan.execCount} ${plan.sumLatencyMs}`),
    ['p1 1500 600', 'p2 500 400'],
  );
});

test('ordered by total time, by average time, by executions; cut to the limit', () => {
  assert.deepEqual(
    topStatements(ROWS, 'total', 10).map((s) => s.digest),
    ['b', 'c', 'a'],
  );
  assert.deepEqual(
    topStatements(ROWS, 'avg', 10).map((s) => s.digest),
    ['b', 'c', 'a'],
  );
  assert.deepEqual(
    topStatements(ROWS, 'count', 10).map((s) => s.digest),
    ['a', 'c', 'b'],
  );
  assert.deepEqual(
    topStatements(ROWS, 'total', 2).map((s) => s.digest),
    ['b', 'c'],
  );
  const avgFirst = topStatements([row('x', null, 1, 900), row('y', null, 100, 1000)], 'avg', 10);
  assert.deepEqual(
    avgFirst.map((s) => s.digest),
    ['x', 'y'],
  );
  assert.deepEqual(
    topStatements([row('x', null, 1, 900), row('y', null, 100, 1000)], 'total', 10).map((s) => s.digest),
    ['y', 'x'],
  );
});

test('the same digest in two databases is two statements', () => {
  const statements = topStatements([row('a', null, 1, 1), row('a', null, 1, 1, { schemaName: 'other' })], 'total', 10);
  assert.equal(statements.length, 2);
});

function fakeExecutor(
  answer: (sql: string, values: readonly unknown[]) => SqlRow[],
): SqlExecutor & { sent: [string, readonly unknown[]][] } {
  const sent: [string, readonly unknown[]][] = [];
  return {
    sent,
    query: async (sql, values = []) => {
      sent.push([sql, values]);
      return answer(sql, values);
    },
    run: async () => ({ affectedRows: 0 }),
  };
}

test('a time window on MariaDB keeps digests last seen in it; on TiDB it reads the history from it', async () => {
  const maria = fakeExecutor((sql) =>
    /DATE_FORMAT/.test(sql) ? [{ since: '2026-12-01 09:00:00' }] : /performance_schema AS enabled/.test(sql) ? [{ enabled: 1 }] : [],
  );
  const result = await readTopStatements(maria, 'mariadb', { order: 'total', windowMinutes: 60, database: 'sbtest' });
  assert.equal(result.since, '2026-12-01 09:00:00');
  const digests = maria.sent.find(([sql]) => /events_statements_summary_by_digest/.test(sql));
  assert.match(digests?.[0] ?? '', /LAST_SEEN >= \?/);
  assert.deepEqual(digests?.[1], ['sbtest', '2026-12-01 09:00:00']);
  const tidb = fakeExecutor((sql) => (/DATE_FORMAT/.test(sql) ? [{ since: '2026-12-01 09:00:00' }] : []));
  await readTopStatements(tidb, 'tidb', { order: 'avg', windowMinutes: 60 });
  const history = tidb.sent.find(([sql]) => /statements_summary_history/.test(sql));
  assert.match(history?.[0] ?? '', /SUMMARY_END_TIME > \?/);
});

test('slow queries: the cluster table first, slow_query when it is refused, seconds to ms, the 300 ms threshold', async () => {
  const executor = fakeExecutor((sql) => {
    if (/cluster_slow_query/.test(sql)) throw new Error('Access denied; you need (at least one of) the PROCESS privilege(s)');
    return [
      {
        time: '2026-12-01 10:00:00.123456',
        instance: null,
        query_time: '1.5',
        db: 'sbtest',
        digest: 'd1',
        plan_digest: 'p1',
        query: 'select 1',
        process_keys: 10,
        total_keys: 12,
        mem_max: 1024,
        succ: 1,
      },
    ];
  });
  const slow = await readSlowQueries(executor, { database: 'sbtest' });
  assert.equal(slow.source, 'information_schema.slow_query');
  assert.equal(slow.thresholdMs, 300);
  assert.equal(slow.queries[0].queryTimeMs, 1500);
  assert.ok(slow.warnings.some((warning) => /cluster_slow_query could not be read/.test(warning)));
  const [sql, values] = executor.sent[1];
  assert.match(sql, /Query_time >= \?/);
  assert.equal(values[0], 0.3);
  assert.deepEqual(values.slice(2), ['sbtest']);
});

test('binding from history: the exact statement, only on TiDB v6.6 or later; drop by SQL digest from v6.5', () => {
  const digest = 'e5796985ccafe2f71126ed6c0ac939ffa015a8c0744a24b7aee6d587103fd2f7';
  assert.equal(bindFromHistoryStatement(digest), `CREATE GLOBAL BINDING FROM HISTORY USING PLAN DIGEST '${digest}'`);
  assert.equal(dropBindingStatement(digest), `DROP GLOBAL BINDING FOR SQL DIGEST '${digest}'`);
  assert.throws(() => bindFromHistoryStatement("x' OR '1"), /not a plan digest/);
  assert.equal(bindFromHistoryUnavailable(identifyServer('8.0.11-TiDB-v6.6.0')), null);
  assert.match(bindFromHistoryUnavailable(identifyServer('8.0.11-TiDB-v6.5.3')) ?? '', /v6\.6 or later/);
  assert.match(bindFromHistoryUnavailable(identifyServer('10.11.19-MariaDB-0+deb12u1')) ?? '', /not TiDB/);
  assert.equal(dropBySqlDigestUnavailable(identifyServer('8.0.11-TiDB-v6.5.0')), null);
  assert.match(dropBySqlDigestUnavailable(identifyServer('8.0.11-TiDB-v6.1.7')) ?? '', /v6\.5 or later/);
});

test('SHOW GLOBAL BINDINGS columns are read whatever their case', async () => {
  const executor = fakeExecutor(() => [
    {
      Original_sql: 'select * from `t` where `a` = ?',
      Bind_sql: 'SELECT /*+ use_index(@`sel_1` `t` `a`)*/ * FROM `t` WHERE `a` = 1',
      Default_db: 'test',
      Status: 'enabled',
      Create_time: 'x',
      Update_time: 'y',
      Charset: 'utf8mb4',
      Collation: 'utf8mb4_bin',
      Source: 'history',
      Sql_digest: 'abc',
      Plan_digest: 'def',
    },
  ]);
  const [binding] = await readGlobalBindings(executor);
  assert.equal(binding.source, 'history');
  assert.equal(binding.sqlDigest, 'abc');
  assert.equal(binding.planDigest, 'def');
});
