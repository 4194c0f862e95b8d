import { test } from 'node:test';
import assert from 'node:assert/strict';
import { enginesOfPlan } from '../../../src/core/server/planEngines';
import { readRealPlan } from '../plan/planFixtures';

test('a point get reads TiKV by key from TiDB (real plan)', () => {
  assert.deepEqual(enginesOfPlan(readRealPlan('point-get.txt')), ['TiDB', 'TiKV']);
});

test('cop[tiflash] and mpp[tiflash] name TiFlash with their task kind (real plans)', () => {
  assert.deepEqual(enginesOfPlan(readRealPlan('cop-tiflash-hashagg-tiflash-scan.txt')), ['TiDB', 'TiFlash (cop)']);
  assert.deepEqual(enginesOfPlan(readRealPlan('explain-mpp-shuffle-hash-join.txt')), ['TiDB', 'TiFlash (MPP)']);
  assert.deepEqual(enginesOfPlan(readRealPlan('streamagg-indexreader-rangescan.txt')), ['TiDB', 'TiKV']);
});

test('the decoded PLAN column (tidb_decode_plan output) names TiKV, and TiFlash without a task kind', () => {
  assert.deepEqual(enginesOfPlan(readRealPlan('tidb-decode-plan-output.txt'), 'plan'), ['TiDB', 'TiKV']);
  // plancodec's text form: a tab before each row, tab-separated fields, header first
  const plan = [
    '\tid                  \ttask        \testRows\toperator info',
    '\tStreamAgg_16        \troot        \t1      \tfuncs:count(Column#6)->Column#4',
    '\t└─TableReader_17    \troot        \t1      \tdata:StreamAgg_8',
    '\t  └─StreamAgg_8     \tcop[tiflash]\t1      \tfuncs:count(1)->Column#6',
    '\t    └─TableFullScan_15\tcop[tiflash]\t10000  \ttable:sbtest1, keep order:false',
  ].join('\n');
  assert.deepEqual(enginesOfPlan(plan, 'plan'), ['TiDB', 'TiFlash']);
  assert.deepEqual(enginesOfPlan(plan, 'binary_plan'), ['TiDB', 'TiFlash (cop)']);
});

test('batchCop[tiflash] in the tidb_decode_binary_plan form (borderless pipe rows)', () => {
  const plan = [
    '| id                     | estRows | estCost  | actRows | task              | access object | execution info | operator info            | memory | disk |',
    '| StreamAgg_24           | 1.00    | 10.00    | 1       | root              |               | time:63.4ms    | funcs:count(Column#10)->Column#5 | 372 Bytes | N/A |',
    '| └─TableReader_25       | 1.00    | 9.00     | 1       | root              |               | time:63.4ms    | data:StreamAgg_8         | 77 Bytes | N/A |',
    '|   └─StreamAgg_8        | 1.00    | 8.00     | 1       | batchCop[tiflash] |               | tiflash_task:{time:58.6ms} | funcs:count(1)->Column#10 | N/A | N/A |',
    '|     └─TableFullScan_22 | 1000000 | 7.00     | 1000000 | batchCop[tiflash] | table:sbtest2 | tiflash_task:{time:58.6ms} | keep order:false | N/A | N/A |',
  ].join('\n');
  assert.deepEqual(enginesOfPlan(plan), ['TiDB', 'TiFlash (batchCop)']);
});

test('no plan, no engines', () => {
  assert.deepEqual(enginesOfPlan(''), []);
  assert.deepEqual(enginesOfPlan('   \n'), []);
});
