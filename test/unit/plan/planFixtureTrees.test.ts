// Every real plan in test/fixtures/tidb-plans parses to the tree a reader sees in it.
// The expected rows below were written by reading each fixture by hand:
// `depth id [role] task estRows actRows` (`-` for a value the plan does not have).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePlanText, planNodes, type ParsedPlan, type PlanFormat } from '../../../src/core/plan';
import { readRealPlan, realPlanNames } from './planFixtures';

interface Expected {
  format: PlanFormat;
  roots: number;
  rows: string;
}

const EXPECTED: Record<string, Expected> = {
  'cop-tiflash-hashagg-tiflash-scan.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 Projection_4 root 299821.99 24
    1 HashAgg_5 root 299821.99 24
    2 Projection_15 root 300000 300000
    3 TableReader_10 root 300000 300000
    4 TableFullScan_9 cop[tiflash] 300000 300000`,
  },
  'explain-analyze-format-ru.txt': {
    format: 'tab-separated',
    roots: 1,
    rows: `
    0 TableReader_7 root - 5
    1 Selection_6 cop[tikv] - 5
    2 TableFullScan_5 cop[tikv] - 10`,
  },
  'explain-apply-maxonerow-indexlookup.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 Projection_10 root 10000 -
    1 Apply_12 root 10000 -
    2 TableReader_14 (Build) root 10000 -
    3 TableFullScan_13 cop[tikv] 10000 -
    2 MaxOneRow_15 (Probe) root 1 -
    3 HashAgg_27 root 1 -
    4 IndexLookUp_28 root 1 -
    5 IndexRangeScan_25 (Build) cop[tikv] 10 -
    5 HashAgg_17 (Probe) cop[tikv] 1 -
    6 TableRowIDScan_26 cop[tikv] 10 -`,
  },
  'explain-brief-delete-no-id-suffix.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 Delete root - -
    1 TableReader root 0 -
    2 Selection cop[tikv] 0 -
    3 TableFullScan cop[tikv] 3 -`,
  },
  'explain-format-dot.txt': {
    format: 'dot',
    roots: 1,
    rows: `
    0 Projection_8 root - -
    1 HashJoin_9 root - -
    2 TableReader_13 root - -
    3 Selection_12 cop - -
    4 TableFullScan_11 cop - -
    2 Selection_14 root - -
    3 TableReader_17 root - -
    4 Selection_16 cop - -
    5 TableFullScan_15 cop - -`,
  },
  'explain-index-merge-union.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 IndexMerge_8 root 5555.56 -
    1 IndexRangeScan_5 (Build) cop[tikv] 3333.33 -
    1 IndexRangeScan_6 (Build) cop[tikv] 3333.33 -
    1 TableRowIDScan_7 (Probe) cop[tikv] 5555.56 -`,
  },
  'explain-merge-join.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 MergeJoin_7 root 142020 -
    1 TableReader_12 (Build) root 180000 -
    2 TableFullScan_11 cop[tikv] 180000 -
    1 TableReader_10 (Probe) root 142020 -
    2 TableFullScan_9 cop[tikv] 142020 -`,
  },
  'explain-mpp-shuffle-hash-join.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 StreamAgg_14 root 1 -
    1 TableReader_48 root 9 -
    2 ExchangeSender_47 cop[tiflash] 9 -
    3 HashJoin_44 cop[tiflash] 9 -
    4 ExchangeReceiver_19 (Build) cop[tiflash] 6 -
    5 ExchangeSender_18 cop[tiflash] 6 -
    6 Selection_17 cop[tiflash] 6 -
    7 TableFullScan_16 cop[tiflash] 6 -
    4 ExchangeReceiver_23 (Probe) cop[tiflash] 6 -
    5 ExchangeSender_22 cop[tiflash] 6 -
    6 Selection_21 cop[tiflash] 6 -
    7 TableFullScan_20 cop[tiflash] 6 -`,
  },
  'explain-partition-pruned-single.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 StreamAgg_21 root 1 -
    1 TableReader_22 root 1 -
    2 StreamAgg_10 cop[tikv] 1 -
    3 Selection_20 cop[tikv] 8.87 -
    4 TableFullScan_19 cop[tikv] 8870 -`,
  },
  'explain-scalar-subquery-multi-root.txt': {
    format: 'mysql-table',
    roots: 2,
    rows: `
    0 Selection_13 root 8000 -
    1 TableReader_15 root 10000 -
    2 TableFullScan_14 cop[tikv] 10000 -
    0 ScalarSubQuery_10 root - -
    1 MaxOneRow_6 root 1 -
    2 TableReader_9 root 1 -
    3 TableFullScan_8 cop[tikv] 1 -`,
  },
  'explain-semi-join-correlated-mergejoin.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 MergeJoin_9 root 45446.4 -
    1 IndexReader_24 (Build) root 90000 -
    2 IndexFullScan_23 cop[tikv] 90000 -
    1 TableReader_22 (Probe) root 56808 -
    2 Selection_21 cop[tikv] 56808 -
    3 TableFullScan_20 cop[tikv] 71010 -`,
  },
  'explain-unionscan-cached-table.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 UnionScan_5 root 1 -
    1 TableReader_7 root 1 -
    2 TableFullScan_6 cop[tikv] 1 -`,
  },
  'explain-v3-legacy-count-column.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 TableReader_6 root 10 -
    1 Selection_5 cop 10 -
    2 TableScan_4 cop 10000 -`,
  },
  'hash-join-old-format-float-memory.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 HashJoin_27 root 142020 71010
    1 TableReader_29 (Build) root 142020 71010
    2 TableFullScan_28 cop[tikv] 142020 71010
    1 TableReader_31 (Probe) root 180000 90000
    2 TableFullScan_30 cop[tikv] 180000 90000`,
  },
  'hash-join-tikv-spill-disk-column.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 HashJoin_20 root 90000 0
    1 TableReader_23 (Build) root 9955.54 10000
    2 Selection_22 cop[tikv] 9955.54 10000
    3 TableFullScan_21 cop[tikv] 71010 71010
    1 TableReader_25 (Probe) root 90000 90000
    2 TableFullScan_24 cop[tikv] 90000 90000`,
  },
  'hash-join-v5-tikv-task-time0.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 HashJoin_19 root 90000 20000
    1 TableReader_22 (Build) root 71.01 10000
    2 Selection_21 cop[tikv] 71.01 10000
    3 TableFullScan_20 cop[tikv] 71010 71010
    1 TableReader_24 (Probe) root 90000 90000
    2 TableFullScan_23 cop[tikv] 90000 90000`,
  },
  'index-join-tablereader-probe.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 IndexJoin_14 root 90000 0
    1 TableReader_20 (Build) root 90000 90000
    2 TableFullScan_19 cop[tikv] 90000 90000
    1 TableReader_10 (Probe) root 12617.92 0
    2 Selection_9 cop[tikv] 12617.92 0
    3 TableRangeScan_8 cop[tikv] 90000 56`,
  },
  'index-lookup-copr-cache.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 IndexLookUp_6 root 262400 262400
    1 IndexFullScan_4 (Build) cop[tikv] 262400 262400
    1 TableRowIDScan_5 (Probe) cop[tikv] 262400 0`,
  },
  'index-lookup-v4-legacy-rpc-fields.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 IndexLookUp_10 root 583 297
    1 IndexRangeScan_8 (Build) cop[tikv] 583 297
    1 TableRowIDScan_9 (Probe) cop[tikv] 583 297`,
  },
  'markdown-verbose-partition-global-index.txt': {
    format: 'markdown-table',
    roots: 1,
    rows: `
    0 IndexLookUp_8 root 398.73 400
    1 IndexRangeScan_5 (Build) cop[tikv] 398.73 400
    1 TableRowIDScan_6 (Probe) cop[tikv] 398.73 400`,
  },
  'point-get.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 Point_Get_1 root 1 1`,
  },
  'psql-style-hashagg-tikv-mangled-indent.txt': {
    format: 'pipe-table',
    roots: 1,
    rows: `
    0 Sort_5 root 633 73633
    1 Projection_7 root 633 73633
    2 HashAgg_15 root 633 73633
    3 TableReader_16 root 633 111679
    4 HashAgg_8 cop[tikv] 633 111679
    5 TableFullScan_14 cop[tikv] 816090 816090`,
  },
  'psql-truncated-tikv-hashagg-ru.txt': {
    format: 'pipe-table',
    roots: 1,
    rows: `
    0 Sort_5 root 4019 28
    1 Projection_7 root 4019 28
    2 HashAgg_15 root 4019 28
    3 TableReader_16 root 4019 28
    4 HashAgg_9 cop[tikv] 4019 28
    5 TableFullScan_14 cop[tikv] 68223 68223`,
  },
  'slowlog-decoded-batch-point-get.txt': {
    format: 'space-aligned',
    roots: 1,
    rows: `
    0 Projection_4 root 3 0
    1 Batch_Point_Get_5 root 3 0`,
  },
  'streamagg-count-regions.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 StreamAgg_16 root 1 1
    1 TableReader_17 root 1 4
    2 StreamAgg_8 cop[tikv] 1 4
    3 TableFullScan_15 cop[tikv] 242020 121010`,
  },
  'streamagg-indexreader-rangescan.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 StreamAgg_17 root 1 1
    1 IndexReader_18 root 1 1
    2 StreamAgg_9 cop[tikv] 1 1
    3 IndexRangeScan_16 cop[tikv] 8471.88 11409`,
  },
  'streamagg-tablereader-fullscan-pseudo.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 StreamAgg_20 root 1 1
    1 TableReader_21 root 1 56
    2 StreamAgg_9 cop[tikv] 1 56
    3 Selection_19 cop[tikv] 250 11409
    4 TableFullScan_18 cop[tikv] 10000 19117643`,
  },
  'tablereader-fullscan-pseudo-stats.txt': {
    format: 'mysql-table',
    roots: 1,
    rows: `
    0 TableReader_5 root 13 13
    1 TableFullScan_4 cop[tikv] 13 13`,
  },
  'tidb-decode-plan-output.txt': {
    format: 'vertical',
    roots: 1,
    rows: `
    0 TableReader_7 root 319.04 960
    1 Selection_6 cop[tikv] 319.04 960
    2 TableFullScan_5 cop[tikv] 960 960`,
  },
};

function describeRows(plan: ParsedPlan): string[] {
  return planNodes(plan.roots).map((node) =>
    [
      node.depth,
      node.id,
      ...(node.role === null ? [] : [`(${node.role})`]),
      node.task ?? '-',
      node.estRows ?? '-',
      node.actRows ?? '-',
    ].join(' '),
  );
}

function expectedRows(rows: string): string[] {
  return rows
    .trim()
    .split('\n')
    .map((line) => line.trim());
}

test('every shared fixture has an expectation (a new fixture needs one written by hand)', () => {
  assert.deepEqual(realPlanNames(), Object.keys(EXPECTED).sort());
});

for (const [name, expected] of Object.entries(EXPECTED)) {
  test(`${name} parses to the tree in the file`, () => {
    const plan = parsePlanText(readRealPlan(name));
    assert.equal(plan.format, expected.format);
    assert.equal(plan.roots.length, expected.roots);
    assert.deepEqual(describeRows(plan), expectedRows(expected.rows));
  });
}

test('no operator is lost: every id-bearing line of a table fixture becomes one operator', () => {
  for (const name of realPlanNames()) {
    if (name === 'explain-format-dot.txt' || name === 'tidb-decode-plan-output.txt') continue;
    const plan = parsePlanText(readRealPlan(name));
    const body = readRealPlan(name)
      .split('\n')
      .filter((line) => !line.startsWith('--'));
    const operatorLines = body.filter(
      (line) => /^[\s|│├└─]*[A-Z][A-Za-z_]*(?:_\d+)?(?:\([A-Za-z ]+\))?\s*(?:\||\t|\s{2})/.test(line) && !/^\s*\|?\s*id\s/.test(line),
    );
    assert.equal(planNodes(plan.roots).length, operatorLines.length, name);
  }
});
