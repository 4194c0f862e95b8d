import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { comparePlans } from '../../../src/core/plan';
import { planViewStrings } from '../../../src/extension/plans/planViewStrings';
import { buildCompareModel, speedChange } from '../../../webview/planView/compareModel';
import { fill } from '../../../webview/shared/template';
import { buildPlan } from '../../../src/extension/plans/planDocument';
import { builtFixture } from './planViewFixtures';

const strings = planViewStrings((message, ...args) => fill(message, ...args));

describe('plan comparison in the plan view', () => {
  it('marks changed, added and removed operators on both sides and lists what changed', () => {
    // A TiKV plan of trips and a TiFlash plan of ratings: nothing reads the same table.
    const before = builtFixture('streamagg-tablereader-fullscan-pseudo.txt');
    const after = builtFixture('cop-tiflash-hashagg-tiflash-scan.txt');
    const comparison = comparePlans(before.parsed, after.parsed);
    const model = buildCompareModel(comparison, before.view.nodes.length, after.view.nodes.length, strings);
    assert.equal(model.beforeStatus.length, 5);
    assert.equal(model.afterStatus.length, 5);
    assert.equal(
      model.changes.length,
      comparison.matched.filter((match) => match.changed).length + comparison.added.length + comparison.removed.length,
    );
    for (const added of comparison.added) assert.equal(model.afterStatus[added.index], 'added');
    for (const removed of comparison.removed) assert.equal(model.beforeStatus[removed.index], 'removed');
    assert.ok(
      !model.changes.some((change) => change.id === 'TableReader_21 → TableReader_10'),
      'the reader of trips is not the reader of ratings',
    );
    assert.ok(
      model.changes.some((change) => change.status === 'added' && change.id === 'TableFullScan_9'),
      'the TiFlash scan is only in the after plan',
    );
    assert.ok(model.changes.some((change) => change.status === 'removed' && change.id === 'TableFullScan_18'));
  });

  it('a hash join and an index join of the same tables: readers paired by the table they read, the joins by their tables, estimate changes listed', () => {
    const header = ['| id | estRows | actRows | task | access object | execution info | operator info |', '|---|---|---|---|---|---|---|'];
    const hashJoin = [
      ...header,
      '| HashJoin_20 | 90000.00 | 12 | root | | time:314ms, loops:1 | inner join, equal:[eq(test.t1.id, test.t2.t1_id)] |',
      '| ├─TableReader_23(Build) | 9956.00 | 10000 | root | | time:23ms, loops:1 | data:TableFullScan_21 |',
      '| │ └─TableFullScan_21 | 71010.00 | 71010 | cop[tikv] | table:t1 | tikv_task:{time:101ms, loops:1} | keep order:false |',
      '| └─TableReader_25(Probe) | 90000.00 | 90000 | root | | time:294ms, loops:1 | data:TableFullScan_24 |',
      '|   └─TableFullScan_24 | 90000.00 | 90000 | cop[tikv] | table:t2 | tikv_task:{time:31ms, loops:1} | keep order:false |',
    ].join('\n');
    // Same ids, other places: TableReader_23 now reads t2, TableReader_25 reads t1.
    const indexJoin = [
      ...header,
      '| IndexJoin_14 | 12.00 | 12 | root | | time:40ms, loops:1 | inner join, inner:TableReader_25 |',
      '| ├─TableReader_23(Build) | 12.00 | 12 | root | | time:30ms, loops:1 | data:TableFullScan_24 |',
      '| │ └─TableFullScan_24 | 90000.00 | 90000 | cop[tikv] | table:t2 | tikv_task:{time:31ms, loops:1} | keep order:false |',
      '| └─TableReader_25(Probe) | 1.00 | 10 | root | | time:5ms, loops:2 | data:TableRangeScan_8 |',
      '|   └─TableRangeScan_8 | 1.00 | 10 | cop[tikv] | table:t1 | tikv_task:{time:1ms, loops:1} | range: decided by [test.t2.t1_id] |',
    ].join('\n');
    const before = buildPlan({ origin: { title: 'hash' }, input: { kind: 'text', text: hashJoin } });
    const after = buildPlan({ origin: { title: 'index' }, input: { kind: 'text', text: indexJoin } });
    const comparison = comparePlans(before.parsed, after.parsed);
    const pairs = comparison.matched.map((match) => `${match.before.id}=${match.after.id}`);
    assert.ok(pairs.includes('TableReader_23=TableReader_25'), `the reader of t1 pairs with the reader of t1: ${pairs.join(', ')}`);
    assert.ok(!pairs.includes('TableReader_23=TableReader_23'), 'not the reader of t2 that has its id');
    assert.ok(pairs.includes('TableReader_25=TableReader_23'), 'the reader of t2 pairs with the reader of t2');
    assert.ok(pairs.includes('TableFullScan_24=TableFullScan_24'));
    const join = comparison.matched.find((match) => match.before.id === 'HashJoin_20');
    assert.equal(join?.after.id, 'IndexJoin_14');
    assert.equal(join?.matchedBy, 'tables');
    assert.deepEqual(join?.operator, { before: 'HashJoin', after: 'IndexJoin' });
    assert.deepEqual(
      comparison.removed.map((ref) => ref.id),
      ['TableFullScan_21'],
    );
    assert.deepEqual(
      comparison.added.map((ref) => ref.id),
      ['TableRangeScan_8'],
    );
    const model = buildCompareModel(comparison, before.view.nodes.length, after.view.nodes.length, strings);
    const joinLine = model.changes.find((change) => change.id === 'HashJoin_20 → IndexJoin_14');
    assert.ok(joinLine?.details.includes('estimate 90,000 → 12'), `the estimate change is listed: ${joinLine?.details.join(' · ')}`);
    // The reader of t2 produced as many rows as before, but its estimate fell: listed all the same.
    const t2Reader = model.changes.find((change) => change.id === 'TableReader_25 → TableReader_23');
    assert.ok(t2Reader?.details.includes('estimate 90,000 → 12'), `${t2Reader?.details.join(' · ')}`);
  });

  it('says how much faster or slower the statement got', () => {
    assert.equal(speedChange(1031, 60.8, strings), '17× faster');
    assert.equal(speedChange(10, 13, strings), '1.3× slower');
    assert.equal(speedChange(null, 13, strings), null);
    assert.equal(speedChange(5, 5, strings), null);
  });
});
