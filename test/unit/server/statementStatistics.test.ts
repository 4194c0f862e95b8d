import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readStatementStatistics } from '../../../src/core/server/statementStatistics';
import { resolveStatementPlan } from '../../../src/core/server/statementPlan';
import { FakeSqlExecutor, serverError } from '../tidb/fakeSqlExecutor';

// A row as TiDB returns it from SELECT * (upper-case names; durations in nanoseconds: docs
// statement-summary-tables.md sample: SUM_LATENCY 1035161 for 3 executions).
const TIDB_ROW = {
  INSTANCE: '127.0.0.1:10080',
  SUMMARY_BEGIN_TIME: '2020-01-02 11:00:00',
  SUMMARY_END_TIME: '2020-01-02 11:30:00',
  SCHEMA_NAME: 'test',
  DIGEST: '0611cc2fe792f8c146cc97d39b31d9562014cf15f8d41f23a4938ca341f54182',
  DIGEST_TEXT: 'select * from employee where id = ?',
  EXEC_COUNT: 3,
  SUM_LATENCY: 1035161,
  MAX_LATENCY: 399594,
  MIN_LATENCY: 301353,
  AVG_LATENCY: 345053,
  SUM_COP_TASK_NUM: 0,
  AVG_PROCESSED_KEYS: 0,
  MAX_PROCESSED_KEYS: 0,
  PLAN_DIGEST: 'f415b8d52640b535b9b12a9c148a8630d2c6d59e419aad29397842e32e8e5de3',
  PLAN: '\tPoint_Get_1\troot\t1\ttable:employee, handle:3100',
  BINARY_PLAN: '',
  QUERY_SAMPLE_TEXT: 'select * from employee where id=3100',
};

test('TiDB: the cluster table first, durations from nanoseconds to ms, closed windows that ended after a time', async () => {
  const executor = new FakeSqlExecutor((sql) =>
    /_history/.test(sql) ? [{ ...TIDB_ROW, SUMMARY_BEGIN_TIME: '2020-01-02 10:30:00', EXEC_COUNT: 1 }] : [TIDB_ROW],
  );
  const read = await readStatementStatistics(executor, 'tidb', { schemas: ['test'], historySince: '2020-01-02 10:45:00' });
  assert.equal(read.source, 'information_schema.cluster_statements_summary');
  assert.match(executor.sqls[0], /FROM information_schema\.cluster_statements_summary WHERE SCHEMA_NAME IN \(\?\)$/);
  assert.match(executor.sqls[1], /cluster_statements_summary_history WHERE SCHEMA_NAME IN \(\?\) AND SUMMARY_END_TIME > \?/);
  assert.deepEqual(executor.statements[1].values, ['test', '2020-01-02 10:45:00']);
  assert.equal(read.rows.length, 2);
  const [row] = read.rows.filter((r) => !r.fromHistory);
  assert.equal(row.execCount, 3);
  assert.equal(row.sumLatencyMs, 1.035161);
  assert.equal(row.avgLatencyMs, 0.345053);
  assert.equal(row.maxLatencyMs, 0.399594);
  assert.equal(row.instance, '127.0.0.1:10080');
  assert.equal(row.windowBegin, '2020-01-02 11:00:00');
  assert.equal(row.binaryPlan, null);
  assert.equal(read.rows.find((r) => r.fromHistory)?.windowBegin, '2020-01-02 10:30:00');
});

test('TiDB: one statement looked up in every closed window kept, with no time bound', async () => {
  const executor = new FakeSqlExecutor((sql) => (/_history/.test(sql) ? [{ ...TIDB_ROW, SUMMARY_END_TIME: '2020-01-02 11:00:00' }] : []));
  const read = await readStatementStatistics(executor, 'tidb', { digests: [TIDB_ROW.DIGEST], withPlans: false, allHistory: true });
  assert.match(executor.sqls[1], /FROM information_schema\.cluster_statements_summary_history WHERE DIGEST IN \(\?\)$/);
  assert.deepEqual(executor.statements[1].values, [TIDB_ROW.DIGEST]);
  assert.deepEqual(
    read.rows.map((r) => [r.fromHistory, r.windowEnd, r.execCount]),
    [[true, '2020-01-02 11:00:00', 3]],
  );
});

test('TiDB: statements_summary when the cluster table is refused; a warning says why', async () => {
  const executor = new FakeSqlExecutor((sql) => (/cluster_/.test(sql) ? serverError(1142, 'SELECT command denied') : [TIDB_ROW]));
  const read = await readStatementStatistics(executor, 'tidb');
  assert.equal(read.source, 'information_schema.statements_summary');
  assert.match(read.warnings[0], /cluster_statements_summary could not be read: SELECT command denied/);
});

test('TiDB: neither table readable gives no rows and says how to turn the summary on, never throws', async () => {
  const read = await readStatementStatistics(new FakeSqlExecutor(() => serverError(1146, "Table doesn't exist")), 'tidb');
  assert.equal(read.source, 'none');
  assert.deepEqual(read.rows, []);
  assert.match(read.warnings.at(-1) ?? '', /tidb_enable_stmt_summary/);
});

test('MariaDB: performance_schema off says how to turn it on', async () => {
  const executor = new FakeSqlExecutor((sql) => (/@@GLOBAL.performance_schema/.test(sql) ? [{ enabled: 0 }] : []));
  const read = await readStatementStatistics(executor, 'mariadb');
  assert.equal(read.source, 'none');
  assert.match(read.warnings[0], /performance_schema=ON.*performance_schema_consumer_statements_digest=ON.*restart/);
  assert.equal(executor.sqls.length, 1);
});

test('MySQL: timers from picoseconds to ms', async () => {
  const executor = new FakeSqlExecutor((sql) =>
    /@@GLOBAL/.test(sql)
      ? [{ enabled: 1 }]
      : [
          {
            schema_name: 'sbtest',
            digest: 'abc',
            digest_text: 'SELECT `c` FROM `sbtest1` WHERE `id` = ?',
            exec_count: '3000',
            sum_timer: '3000000000000',
            avg_timer: '1000000000',
            max_timer: '5000000000',
            min_timer: '1',
            rows_examined: 3000,
            rows_sent: 3000,
          },
        ],
  );
  const read = await readStatementStatistics(executor, 'mysql', { schemas: ['sbtest'] });
  assert.equal(read.source, 'performance_schema.events_statements_summary_by_digest');
  assert.equal(read.rows[0].execCount, 3000);
  assert.equal(read.rows[0].sumLatencyMs, 3000);
  assert.equal(read.rows[0].avgLatencyMs, 1);
  assert.equal(read.rows[0].maxLatencyMs, 5);
  assert.deepEqual(executor.statements[1].values, ['sbtest']);
});

test('plans: the binary plan is decoded on the server, an encoded PLAN with tidb_decode_plan, a text PLAN kept', async () => {
  const decoded =
    '| id | estRows | task | access object | operator info |\n| TableReader_7 | 10 | root | | data:TableRangeScan_6 |\n| └─TableRangeScan_6 | 10 | batchCop[tiflash] | table:sbtest1 | range:[1,100] |';
  const executor = new FakeSqlExecutor((sql) => [
    { plan: /binary/.test(sql) ? `\n${decoded}\n` : '\tPoint_Get_1\troot\t1\ttable:t, handle:1' },
  ]);
  const fromBinary = await resolveStatementPlan(executor, { plan: 'ignored', binaryPlan: 'lQLwPgqQAgoM' });
  assert.equal(fromBinary?.source, 'binary_plan');
  assert.equal(fromBinary?.text, decoded);
  assert.deepEqual(fromBinary?.engines, ['TiDB', 'TiFlash (batchCop)']);
  assert.match(executor.sqls[0], /^SELECT tidb_decode_binary_plan\(\?\)/);

  const encoded = await resolveStatementPlan(executor, { plan: '8QIYMAkzMV83CQEH8E85LjA0', binaryPlan: null });
  assert.match(executor.sqls[1], /^SELECT tidb_decode_plan\(\?\)/);
  assert.deepEqual(encoded?.engines, ['TiDB', 'TiKV']);

  const text = await resolveStatementPlan(executor, { plan: '\tPoint_Get_1\troot\t1\ttable:employee, handle:3100', binaryPlan: null });
  assert.equal(executor.sqls.length, 2);
  assert.equal(text?.source, 'plan');
  assert.equal(await resolveStatementPlan(executor, { plan: null, binaryPlan: null }), null);
});
