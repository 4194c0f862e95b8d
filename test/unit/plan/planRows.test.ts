// The rows mysql2 hands back for EXPLAIN statements, in each column set TiDB produces.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePlanRows, planNodes, type ParsedPlan } from '../../../src/core/plan';
import { readDerivedPlan, readRealPlan } from './planFixtures';

function shape(plan: ParsedPlan): string[] {
  return planNodes(plan.roots).map((node) => `${node.depth} ${node.id} ${node.task} ${node.engine} ${node.estRows} ${node.actRows}`);
}

test('9-column EXPLAIN ANALYZE rows keyed by column name', () => {
  const rows = [
    {
      id: 'TableReader_5',
      estRows: '13.00',
      actRows: '13',
      task: 'root',
      'access object': '',
      'execution info': 'time:923.459µs, loops:2, cop_task: {num: 4, max: 839.788µs, proc_keys: 12}',
      'operator info': 'data:TableFullScan_4',
      memory: '632 Bytes',
      disk: 'N/A',
    },
    {
      id: '└─TableFullScan_4',
      estRows: '13.00',
      actRows: '13',
      task: 'cop[tikv]',
      'access object': 'table:t1',
      'execution info': 'tikv_task:{time:0s, loops:4}',
      'operator info': 'keep order:false, stats:pseudo',
      memory: 'N/A',
      disk: 'N/A',
    },
  ];
  const plan = parsePlanRows(rows);
  assert.equal(plan.format, 'result-rows');
  assert.equal(plan.layout, 'explain-analyze');
  assert.equal(plan.hasRuntimeStats, true);
  assert.deepEqual(shape(plan), ['0 TableReader_5 root TiDB 13 13', '1 TableFullScan_4 cop[tikv] TiKV 13 13']);
  const [reader, scan] = planNodes(plan.roots);
  assert.equal(reader.memoryBytes, 632);
  assert.equal(reader.accessObject, null);
  assert.equal(reader.timeMs, 0.923459);
  assert.equal(scan.accessObject, 'table:t1');
});

test('5-column EXPLAIN with mysql2 field packets and rows as arrays', () => {
  const fields = ['id', 'estRows', 'task', 'access object', 'operator info'].map((name) => ({ name, columnType: 253 }));
  const rows = [
    ['IndexLookUp_10', '10.00', 'root', '', ''],
    ['├─IndexRangeScan_8(Build)', '10.00', 'cop[tikv]', 'table:t, index:a(a)', 'range:[1,1], keep order:false, stats:pseudo'],
    ['└─TableRowIDScan_9(Probe)', '10.00', 'cop[tikv]', 'table:t', 'keep order:false, stats:pseudo'],
  ];
  const plan = parsePlanRows(rows, fields);
  assert.equal(plan.layout, 'explain');
  assert.equal(plan.hasRuntimeStats, false);
  assert.deepEqual(
    planNodes(plan.roots).map((node) => `${node.depth} ${node.id} ${node.role}`),
    ['0 IndexLookUp_10 null', '1 IndexRangeScan_8 Build', '1 TableRowIDScan_9 Probe'],
  );
});

test('4-column legacy rows: count is the estimate, task cop means TiKV', () => {
  const plan = parsePlanRows([
    { id: 'TableReader_6', count: '10.00', task: 'root', 'operator info': 'data:Selection_5' },
    { id: '└─Selection_5', count: '10.00', task: 'cop', 'operator info': 'eq(test.t1.c1, 3)' },
  ]);
  assert.equal(plan.layout, 'legacy');
  assert.deepEqual(shape(plan), ['0 TableReader_6 root TiDB 10 null', '1 Selection_5 cop TiKV 10 null']);
});

test('verbose and cost_trace extras: estCost and costFormula', () => {
  const plan = parsePlanRows([
    {
      id: 'TableReader_5',
      estRows: '10000.00',
      estCost: '177906.67',
      costFormula: '(scan(10000*logrowsize(32)*tikv_scan_factor(40.7)))',
      task: 'root',
      'access object': '',
      'operator info': 'data:TableFullScan_4',
    },
  ]);
  const [reader] = planNodes(plan.roots);
  assert.equal(reader.estCost, 177906.67);
  assert.equal(reader.costFormula, '(scan(10000*logrowsize(32)*tikv_scan_factor(40.7)))');
});

test('slow-log / tidb_decode_plan column order', () => {
  const plan = parsePlanRows([
    {
      id: 'TableReader_7',
      task: 'root',
      estRows: '319.04',
      'operator info': 'data:Selection_6',
      actRows: '960',
      'execution info': 'time:713.1µs, loops:2',
      memory: '3.99 KB',
      disk: 'N/A',
    },
    {
      id: '└─Selection_6',
      task: 'cop[tikv]',
      estRows: '319.04',
      'operator info': 'lt(test.t.a, 10000)',
      actRows: '960',
      'execution info': 'tikv_task:{time:313.8µs, loops:960}',
      memory: 'N/A',
      disk: 'N/A',
    },
  ]);
  assert.equal(plan.layout, 'slow-log');
  assert.deepEqual(shape(plan), ['0 TableReader_7 root TiDB 319.04 960', '1 Selection_6 cop[tikv] TiKV 319.04 960']);
  assert.equal(planNodes(plan.roots)[1].timeMs, 0.3138);
});

test("FORMAT='ru' keeps the RU columns as extras", () => {
  const plan = parsePlanRows([
    { id: 'TableReader_7', task: 'root', actRows: 5, selfRU: '537.00', cumRU: '547.00', 'cumRU%': '100.00%', detail: '' },
    { id: '└─Selection_6', task: 'cop[tikv]', actRows: 5, selfRU: '10.00', cumRU: '10.00', 'cumRU%': '1.83%', detail: '' },
  ]);
  assert.equal(plan.layout, 'ru');
  assert.deepEqual(planNodes(plan.roots)[0].extra, { selfRU: '537.00', cumRU: '547.00', 'cumRU%': '100.00%' });
  assert.equal(planNodes(plan.roots)[1].actRows, 5);
});

test("FORMAT='tidb_json' and FORMAT='dot' come back as one cell", () => {
  const json = parsePlanRows([{ TiDB_JSON: readDerivedPlan('hash-join-tidb-json.json') }]);
  assert.equal(json.format, 'tidb_json');
  assert.equal(planNodes(json.roots).length, 6);
  const dotText = readRealPlan('explain-format-dot.txt');
  const dot = parsePlanRows([{ 'dot contents': dotText.slice(dotText.indexOf('digraph'), dotText.lastIndexOf('}') + 1) }]);
  assert.equal(dot.format, 'dot');
  assert.equal(planNodes(dot.roots).length, 9);
});

test('numbers, nulls and Buffers in cells are read as text', () => {
  const plan = parsePlanRows([
    {
      id: Buffer.from('Point_Get_1'),
      estRows: 1,
      actRows: 1,
      task: 'root',
      'access object': 'table:t1',
      'execution info': null,
      'operator info': 'handle:1',
      memory: null,
      disk: undefined,
    },
  ]);
  const [point] = planNodes(plan.roots);
  assert.equal(point.id, 'Point_Get_1');
  assert.equal(point.estRows, 1);
  assert.equal(point.executionInfo, null);
  assert.equal(point.memoryBytes, null);
});

test('bad input returns a warning, never throws', () => {
  assert.deepEqual(parsePlanRows('not rows').roots, []);
  assert.match(parsePlanRows('not rows').warnings[0], /not a list of rows/);
  assert.match(parsePlanRows([]).warnings[0], /no plan rows/);
  assert.match(parsePlanRows([{ a: 1, b: 2 }]).warnings[0], /no id column/);
  assert.deepEqual(parsePlanRows([null, 3, 'x']).roots.length, 0);
});
