// The findings each real plan should trigger, worked out by reading the numbers in each
// fixture against the thresholds in src/core/plan/planThresholds.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzePlan, parsePlanText, type PlanFinding } from '../../../src/core/plan';
import { readDerivedPlan, readRealPlan, realPlanNames } from './planFixtures';

const EXPECTED_FINDINGS: Record<string, string[]> = {
  // 299,821.99 groups estimated, 24 produced; the scan below is exact, so the error starts at the aggregation.
  // A final aggregation under a projection: nothing above uses its estimate, so it is not critical.
  'cop-tiflash-hashagg-tiflash-scan.txt': ['warning misestimate HashAgg_5'],
  'explain-analyze-format-ru.txt': [],
  'explain-apply-maxonerow-indexlookup.txt': ['warning pseudo-stats TableFullScan_13', 'warning pseudo-stats IndexRangeScan_25'],
  'explain-brief-delete-no-id-suffix.txt': ['warning pseudo-stats TableFullScan'],
  'explain-format-dot.txt': [],
  'explain-index-merge-union.txt': ['warning pseudo-stats IndexRangeScan_5'],
  'explain-merge-join.txt': [],
  'explain-mpp-shuffle-hash-join.txt': [],
  'explain-partition-pruned-single.txt': [],
  'explain-scalar-subquery-multi-root.txt': ['warning pseudo-stats TableFullScan_14', 'warning pseudo-stats TableFullScan_8'],
  'explain-semi-join-correlated-mergejoin.txt': [],
  'explain-unionscan-cached-table.txt': ['warning pseudo-stats TableFullScan_6'],
  'explain-v3-legacy-count-column.txt': ['warning pseudo-stats TableScan_4'],
  // 142,020 vs 71,010 and 180,000 vs 90,000 are 2x: no misestimate; scans of 71,010 / 90,000 rows are below 100,000.
  'hash-join-old-format-float-memory.txt': [],
  // The join was expected to return 90,000 rows and returned none; 97,368 tombstones against 69,744 keys.
  // The join is the root: its 90,000x error shaped nothing, so it is a warning.
  'hash-join-tikv-spill-disk-column.txt': ['warning misestimate HashJoin_20', 'warning mvcc-garbage TableFullScan_24'],
  // 71.01 estimated, 10,000 produced by the selection over an exactly estimated scan.
  'hash-join-v5-tikv-task-time0.txt': ['warning misestimate Selection_21'],
  // The probe side estimates per lookup and is not reported; 42 cop tasks with copr_cache_hit_ratio 0.00.
  'index-join-tablereader-probe.txt': [
    'warning misestimate IndexJoin_14',
    'warning mvcc-garbage TableFullScan_19',
    'info low-copr-cache-hit TableReader_10',
  ],
  // TableRowIDScan_5 shows actRows 0 with loops:0: its stats were not collected, so no misestimate.
  'index-lookup-copr-cache.txt': ['warning index-lookup-huge-table-side IndexLookUp_6', 'warning pseudo-stats IndexFullScan_4'],
  'index-lookup-v4-legacy-rpc-fields.txt': [],
  // tot_wait 429.5ms against tot_proc 203.3ms.
  'markdown-verbose-partition-global-index.txt': [
    'warning tikv-queueing TableRowIDScan_6',
    'info low-copr-cache-hit IndexRangeScan_5',
    'info partial-stats IndexRangeScan_5',
    'info low-copr-cache-hit TableRowIDScan_6',
  ],
  'point-get.txt': [],
  // 816,090 rows scanned in TiKV for a GROUP BY; the partial aggregation expected 633 groups and made 111,679.
  'psql-style-hashagg-tikv-mangled-indent.txt': [
    'warning tiflash-candidate TableReader_16',
    'warning misestimate HashAgg_8',
    'warning full-table-scan TableFullScan_14',
  ],
  'psql-truncated-tikv-hashagg-ru.txt': ['warning misestimate HashAgg_9'],
  'slowlog-decoded-batch-point-get.txt': [],
  'streamagg-count-regions.txt': ['warning full-table-scan TableFullScan_15'],
  'streamagg-indexreader-rangescan.txt': [],
  'streamagg-tablereader-fullscan-pseudo.txt': [
    'critical misestimate TableFullScan_18',
    'warning tiflash-candidate TableReader_21',
    'warning full-table-scan TableFullScan_18',
    'warning pseudo-stats TableFullScan_18',
  ],
  'tablereader-fullscan-pseudo-stats.txt': ['warning pseudo-stats TableFullScan_4'],
  'tidb-decode-plan-output.txt': ['warning pseudo-stats TableFullScan_5'],
};

function describe(findings: readonly PlanFinding[]): string[] {
  return findings.map((finding) => `${finding.severity} ${finding.code} ${finding.nodeId}`);
}

test('every shared fixture has its expected findings written down', () => {
  assert.deepEqual(realPlanNames(), Object.keys(EXPECTED_FINDINGS).sort());
});

for (const [name, expected] of Object.entries(EXPECTED_FINDINGS)) {
  test(`${name} triggers ${expected.length === 0 ? 'no findings' : expected.map((line) => line.split(' ')[1]).join(', ')}`, () => {
    assert.deepEqual(describe(analyzePlan(parsePlanText(readRealPlan(name))).findings), expected);
  });
}

test('a finding names its numbers and says what to do', () => {
  const [misestimate] = analyzePlan(parsePlanText(readRealPlan('hash-join-v5-tikv-task-time0.txt'))).findings;
  assert.match(misestimate.message, /estimated at 71\.01 rows but produced 10,000: 141x more/);
  assert.match(misestimate.advice, /ANALYZE TABLE/);
  const findings = analyzePlan(parsePlanText(readRealPlan('markdown-verbose-partition-global-index.txt'))).findings;
  const queueing = findings.find((finding) => finding.code === 'tikv-queueing');
  assert.match(queueing?.message ?? '', /waited 430 ms .* against 203 ms of processing \(totals over all tasks\)/);
  const lookup = analyzePlan(parsePlanText(readRealPlan('index-lookup-copr-cache.txt'))).findings[0];
  assert.match(lookup.message, /262,400 row ids from a\(a, c\) .* from t by its id/);
});

test('a spill to disk is reported with its size', () => {
  const findings = analyzePlan(parsePlanText(readDerivedPlan('hash-join-spill-to-disk.txt'))).findings;
  const spill = findings.find((finding) => finding.code === 'disk-spill');
  assert.equal(spill?.nodeId, 'HashJoin_20');
  assert.equal(spill?.severity, 'warning');
  assert.match(spill?.message ?? '', /spilled 12\.5 MiB to disk after holding 32 MiB in memory/);
  assert.match(spill?.advice ?? '', /tidb_mem_quota_query/);
});

test('a "0 Bytes" disk cell is no spill', () => {
  const findings = analyzePlan(parsePlanText(readRealPlan('hash-join-tikv-spill-disk-column.txt'))).findings;
  assert.equal(
    findings.some((finding) => finding.code === 'disk-spill'),
    false,
  );
});

test('one slow and heavy cop task is reported as skew, with both ratios', () => {
  const findings = analyzePlan(parsePlanText(readDerivedPlan('cop-task-skew.txt'))).findings;
  const skew = findings.find((finding) => finding.code === 'cop-task-skew');
  assert.equal(skew?.nodeId, 'TableReader_21');
  assert.match(skew?.message ?? '', /56 coprocessor tasks/);
  assert.match(skew?.message ?? '', /slowest took 1\.9 s while 95% finished within 609 ms \(3\.1x\)/);
  assert.match(skew?.message ?? '', /2,910,371 keys against 704,775 at p95 \(4\.1x\)/);
});

test('the original of the skew variant (782ms vs 609ms at p95) is not skew', () => {
  const findings = analyzePlan(parsePlanText(readRealPlan('streamagg-tablereader-fullscan-pseudo.txt'))).findings;
  assert.equal(
    findings.some((finding) => finding.code === 'cop-task-skew'),
    false,
  );
});

test('copr_cache: disabled is reported once', () => {
  const text = readRealPlan('streamagg-count-regions.txt').replace('copr_cache_hit_ratio: 0.00}', 'copr_cache: disabled}  ');
  const findings = analyzePlan(parsePlanText(text)).findings.filter((finding) => finding.code === 'copr-cache-disabled');
  assert.equal(findings.length, 1);
  assert.equal(findings[0].nodeId, 'TableReader_17');
});

test('findings come most severe first, then in plan order', () => {
  const findings = analyzePlan(parsePlanText(readRealPlan('streamagg-tablereader-fullscan-pseudo.txt'))).findings;
  const order = { critical: 0, warning: 1, info: 2 };
  for (let i = 1; i < findings.length; i++) {
    const previous = findings[i - 1];
    const current = findings[i];
    assert.ok(
      order[previous.severity] < order[current.severity] ||
        (order[previous.severity] === order[current.severity] && previous.nodeIndex <= current.nodeIndex),
    );
  }
});

test('the misestimate advice names the tables below the operator', () => {
  const findings = analyzePlan(parsePlanText(readRealPlan('hash-join-tikv-spill-disk-column.txt'))).findings;
  assert.match(findings[0].advice, /Run ANALYZE TABLE t1, t2;/);
});

test('a misestimate nothing above depends on (the root, a final aggregation) is not critical, and says why', () => {
  const root = analyzePlan(parsePlanText(readRealPlan('hash-join-tikv-spill-disk-column.txt'))).findings.find(
    (finding) => finding.code === 'misestimate',
  );
  assert.equal(root?.severity, 'warning');
  assert.match(root?.advice ?? '', /^Nothing above HashJoin_20 chooses how to run from its estimate/);
  // An 18,000x error under a join that builds on it is critical.
  const underJoin = [
    '| id | estRows | actRows | task | access object | execution info | operator info |',
    '|---|---|---|---|---|---|---|',
    '| IndexJoin_1 | 10 | 0 | root | | time:1s, loops:1 | |',
    '| ├─HashAgg_2(Build) | 90000 | 5 | root | | time:1s, loops:1 | |',
    '| │ └─TableReader_3 | 90000 | 90000 | root | | time:1s, loops:1 | |',
    '| │   └─TableFullScan_4 | 90000 | 90000 | cop[tikv] | table:t1 | tikv_task:{time:1ms, loops:1} | keep order:false |',
    '| └─TableReader_5(Probe) | 1 | 0 | root | | time:1s, loops:1 | |',
    '|   └─TableRangeScan_6 | 1 | 0 | cop[tikv] | table:t2 | tikv_task:{time:1ms, loops:1} | |',
  ].join('\n');
  const underJoinFinding = analyzePlan(parsePlanText(underJoin)).findings.find(
    (finding) => finding.code === 'misestimate' && finding.nodeId === 'HashAgg_2',
  );
  assert.equal(underJoinFinding?.severity, 'critical');
  // A final aggregation under projections and a TopN only reaches the client.
  const final = [
    '| id | estRows | actRows | task | access object | execution info | operator info |',
    '|---|---|---|---|---|---|---|',
    '| Projection_1 | 90000 | 5 | root | | time:1s, loops:1 | |',
    '| └─TopN_2 | 90000 | 5 | root | | time:1s, loops:1 | |',
    '|   └─HashAgg_3 | 90000 | 5 | root | | time:1s, loops:1 | |',
    '|     └─TableReader_4 | 90000 | 90000 | root | | time:1s, loops:1 | |',
    '|       └─TableFullScan_5 | 90000 | 90000 | cop[tikv] | table:t1 | tikv_task:{time:1ms, loops:1} | keep order:false |',
  ].join('\n');
  const finalFinding = analyzePlan(parsePlanText(final)).findings.find((finding) => finding.code === 'misestimate');
  assert.equal(finalFinding?.nodeId, 'HashAgg_3');
  assert.equal(finalFinding?.severity, 'warning');
});

test('an operator with loops:0 and no rows did not run: no estimate error, no finding', () => {
  const analysis = analyzePlan(parsePlanText(readRealPlan('index-lookup-copr-cache.txt')));
  const rowIdScan = analysis.operators.find((op) => op.id === 'TableRowIDScan_5');
  assert.equal(rowIdScan?.runtimeStatsMissing, true);
  assert.equal(rowIdScan?.estimateError, null);
  assert.equal(analysis.operators.find((op) => op.id === 'IndexFullScan_4')?.runtimeStatsMissing, false);
  // Cop operators of TiDB v5 print time:0ns, loops:0 but do have rows: they ran.
  const v5 = analyzePlan(parsePlanText(readRealPlan('hash-join-v5-tikv-task-time0.txt')));
  assert.ok(v5.operators.every((op) => !op.runtimeStatsMissing));
});
