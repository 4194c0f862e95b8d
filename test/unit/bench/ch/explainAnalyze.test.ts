// go-tpc's --use-explain: the placeholder each CH query starts with becomes EXPLAIN ANALYZE (ANALYZE
// on MariaDB, which has no EXPLAIN ANALYZE), and the plan is printed as go-pretty's default table.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CH_QUERIES } from '../../../../src/core/bench/ch/chQueries';
import { explainAnalyzePrefix, explainAnalyzeQuery, explainHeading, explainTable } from '../../../../src/core/bench/ch/explainAnalyze';

test('the placeholder is replaced once, by the words the server understands', () => {
  assert.equal(explainAnalyzePrefix('tidb'), 'explain analyze');
  assert.equal(explainAnalyzePrefix('mysql'), 'explain analyze');
  assert.equal(explainAnalyzePrefix('mariadb'), 'analyze');
  const q1 = explainAnalyzeQuery(CH_QUERIES.q1, 'explain analyze');
  assert.match(q1, /^\nexplain analyze \/\*q1\*\/select {3}ol_number,/);
  assert.equal(explainAnalyzeQuery('/*PLACEHOLDER*/ select 1 /*PLACEHOLDER*/', 'analyze'), 'analyze select 1 /*PLACEHOLDER*/');
});

test("the plan as go-pretty's default table, under go-tpc's heading", () => {
  const table = explainTable([
    { id: 'HashAgg_9', estRows: '1.00', actRows: 1, task: 'root', 'operator info': null },
    { id: '└─TableReader_10', estRows: '10000.00', actRows: 2, task: 'root', 'operator info': 'data:TableFullScan' },
  ]);
  assert.equal(
    table,
    [
      '+------------------+----------+---------+------+--------------------+',
      '| ID               | ESTROWS  | ACTROWS | TASK | OPERATOR INFO      |',
      '+------------------+----------+---------+------+--------------------+',
      '| HashAgg_9        | 1.00     | 1       | root |                    |',
      '| └─TableReader_10 | 10000.00 | 2       | root | data:TableFullScan |',
      '+------------------+----------+---------+------+--------------------+',
    ].join('\n'),
  );
  assert.equal(explainHeading('q1', 1234.5), 'explain analyze result of query q1 (takes 1.2345s):');
  assert.equal(explainHeading('q6', 12.25), 'explain analyze result of query q6 (takes 12.25ms):');
});
