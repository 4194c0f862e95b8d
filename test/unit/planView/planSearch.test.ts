import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { highlightSegments, searchPlan } from '../../../webview/planView/planSearch';
import { fixtureView, ids } from './planViewFixtures';

describe('plan view search', () => {
  const plan = fixtureView('index-join-tablereader-probe.txt');

  it('finds operators by id, access object and operator info, with the operators above them', () => {
    const byTable = searchPlan(plan.nodes, 'TABLE:T2');
    assert.deepEqual(ids(plan, byTable.matches), ['TableFullScan_19']);
    assert.deepEqual(ids(plan, byTable.rows), ['IndexJoin_14', 'TableReader_20', 'TableFullScan_19']);
    assert.deepEqual(ids(plan, searchPlan(plan.nodes, 'decided by').matches), ['TableRangeScan_8']);
    assert.deepEqual(
      ids(plan, searchPlan(plan.nodes, 'tablereader').matches),
      ['IndexJoin_14', 'TableReader_20', 'TableReader_10'],
      'the join names its inner reader',
    );
    assert.deepEqual(ids(plan, searchPlan(plan.nodes, 'probe').matches), ['TableReader_10'], 'the role counts as part of the id');
  });

  it('matches nothing for an empty query or one no operator holds', () => {
    assert.deepEqual(searchPlan(plan.nodes, '   ').rows, []);
    assert.deepEqual(searchPlan(plan.nodes, 'tiflash').matches, []);
  });

  it('splits text around every match, keeping markup as plain text', () => {
    assert.deepEqual(highlightSegments('eq(t.a, "<b>x</b>"), eq(T.A, 1)', 't.a'), [
      { text: 'eq(', match: false },
      { text: 't.a', match: true },
      { text: ', "<b>x</b>"), eq(', match: false },
      { text: 'T.A', match: true },
      { text: ', 1)', match: false },
    ]);
    assert.deepEqual(highlightSegments('keep order:false', ''), [{ text: 'keep order:false', match: false }]);
    assert.deepEqual(highlightSegments('', 'x'), []);
  });

  it('does not cut text whose length changes when lower-cased', () => {
    assert.deepEqual(highlightSegments('İstanbul table', 'table'), [{ text: 'İstanbul table', match: true }]);
  });
});
