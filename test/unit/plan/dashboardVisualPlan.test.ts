// TiDB Dashboard's visual plan JSON (the binary plan as its API serves it) reads as the same
// tree, with the same findings, as the text forms of the same plan.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzePlan, parsePlanRows, parsePlanText, planNodes, type ParsedPlan } from '../../../src/core/plan';
import { readDerivedPlan, readRealPlan } from './planFixtures';

function shape(plan: ParsedPlan): string[] {
  return planNodes(plan.roots).map(
    (node) =>
      `${node.depth} ${node.id} ${node.role ?? '-'} ${node.task} ${node.engine} ${node.accessObject ?? '-'} ${node.estRows} ${node.actRows} ${node.timeMs} ${node.memoryBytes}`,
  );
}

function findings(plan: ParsedPlan): string[] {
  return analyzePlan(plan).findings.map((finding) => `${finding.code} ${finding.nodeId} ${finding.severity} ${finding.message}`);
}

test("the hash join: the same tree, times, memory and findings as EXPLAIN ANALYZE's table", () => {
  const text = parsePlanText(readRealPlan('hash-join-tikv-spill-disk-column.txt'));
  const visual = parsePlanText(readDerivedPlan('hash-join-dashboard-visual-plan.json'));
  assert.equal(visual.format, 'dashboard-visual-plan');
  assert.equal(visual.hasRuntimeStats, true);
  assert.deepEqual(shape(visual), shape(text));
  assert.deepEqual(findings(visual), findings(text));
  assert.ok(findings(text).length > 0);
  const probe = planNodes(visual.roots).find((node) => node.id === 'TableReader_25');
  assert.deepEqual(
    probe?.executionInfo?.cop_task,
    planNodes(text.roots).find((node) => node.id === 'TableReader_25')?.executionInfo?.cop_task,
  );
  const scan = planNodes(visual.roots).find((node) => node.id === 'TableFullScan_24');
  assert.equal(
    ((scan?.executionInfo?.scan_detail as Record<string, unknown>).rocksdb as Record<string, unknown>).key_skipped_count,
    236847,
  );
  // protojson leaves a 0 out and Dashboard writes what is missing as N/A: the join that did not spill has no disk figure.
  assert.equal(planNodes(visual.roots)[0].diskBytes, null);
  assert.deepEqual(visual.warnings, []);
});

test("a /statements/plan/detail response: binary_plan_json read, Dashboard's diagnosis labels kept beside the findings", () => {
  const text = parsePlanText(readRealPlan('streamagg-tablereader-fullscan-pseudo.txt'));
  const visual = parsePlanText(readDerivedPlan('streamagg-pseudo-dashboard-plan-detail.json'));
  assert.deepEqual(shape(visual), shape(text));
  const codes = (plan: ParsedPlan) => analyzePlan(plan).findings.map((finding) => `${finding.code} ${finding.nodeId}`);
  assert.deepEqual(codes(visual), codes(text));
  assert.ok(codes(visual).includes('pseudo-stats TableFullScan_18'));
  const scan = planNodes(visual.roots).find((node) => node.id === 'TableFullScan_18');
  assert.equal(scan?.extra.diagnosis, 'pseudo_est, high_est_error');
});

test('main plus ctes, without runtime stats: two roots linked by data:CTE_0, roles from the labels', () => {
  const text = parsePlanText(readDerivedPlan('cte-recursive-constructed.txt'));
  const visual = parsePlanText(readDerivedPlan('cte-recursive-dashboard-visual-plan.json'));
  assert.deepEqual(shape(visual), shape(text));
  assert.equal(visual.hasRuntimeStats, false);
  assert.deepEqual(
    visual.roots.map((root) => root.id),
    ['CTEFullScan_17', 'CTE_0'],
  );
  assert.deepEqual(visual.roots[1].usedBy, [visual.roots[0].index]);
  assert.equal(visual.roots[0].accessObject, 'CTE:cte');
});

test('pasted inside a mysql client cell, or returned as one column of rows, it is read the same', () => {
  const json = JSON.stringify(JSON.parse(readDerivedPlan('hash-join-dashboard-visual-plan.json')));
  const expected = shape(parsePlanText(json));
  const framed = [
    '+------------------+',
    '| binary_plan_json |',
    '+------------------+',
    `| ${json} |`,
    '+------------------+',
    '1 row in set',
  ].join('\n');
  assert.deepEqual(shape(parsePlanText(framed)), expected);
  assert.deepEqual(shape(parsePlanRows([{ binary_plan_json: json }])), expected);
});

test("TiDB's own JSON of the struct (snake_case, enums as numbers, indexes and partitions) reads the same way", () => {
  const plan = parsePlanText(
    JSON.stringify({
      main: {
        name: 'IndexLookUp_10',
        task_type: 1,
        store_type: 1,
        est_rows: 10,
        act_rows: 3,
        root_basic_exec_info: 'time:1.2ms, loops:2',
        memory_bytes: 1024,
        disk_bytes: -1,
        children: [
          {
            name: 'IndexRangeScan_8',
            labels: [1],
            task_type: 2,
            store_type: 2,
            est_rows: 10,
            act_rows: 3,
            access_objects: [
              { scan_object: { database: 'test', table: 't', partitions: ['p0', 'p1'], indexes: [{ name: 'k', cols: ['a', 'b'] }] } },
            ],
            cop_exec_info: 'tikv_task:{time:0s, loops:1}',
            memory_bytes: -1,
            disk_bytes: -1,
          },
          {
            name: 'TableRowIDScan_9',
            labels: [2],
            task_type: 2,
            store_type: 2,
            est_rows: 10,
            act_rows: 3,
            cop_exec_info: 'tikv_task:{time:1ms, loops:1}',
          },
        ],
      },
      with_runtime_stats: true,
    }),
  );
  assert.deepEqual(shape(plan), [
    '0 IndexLookUp_10 - root TiDB - 10 3 1.2 1024',
    '1 IndexRangeScan_8 Build cop[tikv] TiKV table:t, partition:p0,p1, index:k(a, b) 10 3 0 null',
    '1 TableRowIDScan_9 Probe cop[tikv] TiKV - 10 3 1 null',
  ]);
});

test('a plan TiDB discarded as too long says so instead of showing an empty tree', () => {
  const plan = parsePlanText('{"discardedDueToTooLong": true, "main": {"name": ""}}');
  assert.equal(plan.roots.length, 0);
  assert.equal(plan.format, 'dashboard-visual-plan');
  assert.ok(plan.warnings.some((warning) => /too long/.test(warning)));
});
