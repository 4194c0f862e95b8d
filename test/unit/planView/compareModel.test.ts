import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { comparePlans } from '../../../src/core/plan';
import { planViewStrings } from '../../../src/extension/plans/planViewStrings';
import { buildCompareModel, speedChange } from '../../../webview/planView/compareModel';
import { fill } from '../../../webview/planView/template';
import { builtFixture } from './planViewFixtures';

const strings = planViewStrings((message, ...args) => fill(message, ...args));

describe('plan comparison in the plan view', () => {
  it('marks changed, added and removed operators on both sides and lists what changed', () => {
    const before = builtFixture('streamagg-tablereader-fullscan-pseudo.txt');
    const after = builtFixture('cop-tiflash-hashagg-tiflash-scan.txt');
    const comparison = comparePlans(before.parsed, after.parsed);
    const model = buildCompareModel(comparison, before.view.nodes.length, after.view.nodes.length, strings);
    assert.equal(model.beforeStatus.length, 5);
    assert.equal(model.afterStatus.length, 5);
    assert.equal(model.changes.length, comparison.matched.filter((match) => match.changed).length + comparison.added.length + comparison.removed.length);
    for (const added of comparison.added) assert.equal(model.afterStatus[added.index], 'added');
    for (const removed of comparison.removed) assert.equal(model.beforeStatus[removed.index], 'removed');
    const reader = model.changes.find((change) => change.status === 'changed');
    assert.ok(reader, model.changes.map((change) => change.id).join(', '));
    assert.equal(reader.id, 'TableReader_21 → TableReader_10', 'matched by operator type when the ids differ');
    assert.deepEqual(reader.details, ['rows 56 → 300,000', 'time 1.03 s → 43.5 ms']);
    assert.equal(model.afterToBefore.get(reader.after ?? -1), reader.before);
    assert.ok(model.changes.some((change) => change.status === 'added' && change.id === 'TableFullScan_9'), 'the TiFlash scan is only in the after plan');
    assert.ok(model.changes.some((change) => change.status === 'removed' && change.id === 'TableFullScan_18'));
  });

  it('says how much faster or slower the statement got', () => {
    assert.equal(speedChange(1031, 60.8, strings), '17× faster');
    assert.equal(speedChange(10, 13, strings), '1.3× slower');
    assert.equal(speedChange(null, 13, strings), null);
    assert.equal(speedChange(5, 5, strings), null);
  });
});
