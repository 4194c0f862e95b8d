import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planViewStrings } from '../../../src/extension/plans/planViewStrings';
import { fitColumns } from '../../../webview/planView/columnFit';
import { estimateCell, rowsText, timeCell } from '../../../webview/planView/planCells';
import { planColumns } from '../../../webview/planView/planColumns';
import { findMppFragments } from '../../../webview/planView/mppFragments';
import { nextSort, sortedRows } from '../../../webview/planView/planSort';
import { fill } from '../../../webview/shared/template';
import { fixtureView, ids } from './planViewFixtures';

const strings = planViewStrings((message, ...args) => fill(message, ...args));

function columnKeys(name: string): string[] {
  const plan = fixtureView(name);
  return planColumns(
    { plan, strings, fragments: findMppFragments(plan.nodes), findingsByNode: new Map(), isCollapsed: () => false, query: () => '' },
    'full',
    300,
  ).map((column) => column.key);
}

describe('top operators: the plan sorted by a column', () => {
  it('orders by own time in TiDB and task time in TiKV, largest first, so the root is not always first', () => {
    const plan = fixtureView('index-join-tablereader-probe.txt');
    assert.deepEqual(ids(plan, sortedRows(plan.nodes, { key: 'time', descending: true })).slice(0, 3), [
      'TableReader_20',
      'TableFullScan_19',
      'TableReader_10',
    ]);
  });

  it('orders by estimate error and puts operators without one (or that did not run) last', () => {
    const plan = fixtureView('streamagg-tablereader-fullscan-pseudo.txt');
    assert.deepEqual(ids(plan, sortedRows(plan.nodes, { key: 'estimate', descending: true })), [
      'TableFullScan_18',
      'TableReader_21',
      'StreamAgg_9',
      'Selection_19',
      'StreamAgg_20',
    ]);
    const lookup = fixtureView('index-lookup-copr-cache.txt');
    assert.equal(ids(lookup, sortedRows(lookup.nodes, { key: 'estimate', descending: true })).at(-1), 'TableRowIDScan_5');
    assert.equal(ids(lookup, sortedRows(lookup.nodes, { key: 'rows', descending: true })).at(-1), 'TableRowIDScan_5');
  });

  it('orders by rows and memory, smallest first on a second click, back to the tree on a third', () => {
    const plan = fixtureView('hash-join-tikv-spill-disk-column.txt');
    assert.deepEqual(ids(plan, sortedRows(plan.nodes, { key: 'memory', descending: true })).slice(0, 3), [
      'TableReader_25',
      'HashJoin_20',
      'TableReader_23',
    ]);
    assert.equal(ids(plan, sortedRows(plan.nodes, { key: 'rows', descending: false }))[0], 'HashJoin_20');
    assert.deepEqual(nextSort(null, 'time'), { key: 'time', descending: true });
    assert.deepEqual(nextSort({ key: 'time', descending: true }, 'time'), { key: 'time', descending: false });
    assert.equal(nextSort({ key: 'time', descending: false }, 'time'), null);
    assert.deepEqual(nextSort({ key: 'time', descending: false }, 'rows'), { key: 'rows', descending: true });
  });

  it("orders a FORMAT='ru' plan by its own RU", () => {
    const plan = fixtureView('explain-analyze-format-ru.txt');
    assert.deepEqual(ids(plan, sortedRows(plan.nodes, { key: 'ru', descending: true })), [
      'TableReader_7',
      'Selection_6',
      'TableFullScan_5',
    ]);
  });
});

describe('plan table columns', () => {
  it('a narrow table keeps whole columns by priority: never a clipped Estimate column at its edge', () => {
    const columns = [
      { key: 'operator', priority: 0, minPx: 190 },
      { key: 'engine', priority: 3, minPx: 88 },
      { key: 'time', priority: 1, minPx: 100 },
      { key: 'rows', priority: 4, minPx: 150 },
      { key: 'estimate', priority: 2, minPx: 112 },
      { key: 'memory', priority: 6, minPx: 84 },
    ];
    assert.deepEqual([...fitColumns(columns, 420)], ['operator', 'time', 'estimate']);
    // 106 px left after those three: the engine (88 px) fits, rows (150 px) do not, and memory (84 px) does not jump the queue.
    assert.deepEqual([...fitColumns(columns, 596)].sort(), ['engine', 'estimate', 'operator', 'time']);
    assert.equal(fitColumns(columns, 1000).size, 6);
    assert.deepEqual([...fitColumns(columns, 50)], ['operator']);
  });

  it("FORMAT='ru' plans get their RU columns; columns no operator has a value for are left out", () => {
    const ru = columnKeys('explain-analyze-format-ru.txt');
    assert.ok(ru.includes('ru') && ru.includes('ruTotal'), ru.join(', '));
    assert.ok(!ru.includes('time') && !ru.includes('memory') && !ru.includes('estimate'), ru.join(', '));
    const plain = columnKeys('streamagg-tablereader-fullscan-pseudo.txt');
    assert.ok(!plain.includes('ru') && plain.includes('time') && plain.includes('estimate'), plain.join(', '));
  });

  it('an operator that did not run (loops:0) has no estimate error, no time and no actual rows', () => {
    const plan = fixtureView('index-lookup-copr-cache.txt');
    const node = plan.nodes.find((candidate) => candidate.id === 'TableRowIDScan_5');
    assert.ok(node?.runtimeStatsMissing);
    assert.equal(estimateCell(node, strings), null);
    assert.equal(timeCell(node, strings), null);
    assert.equal(rowsText(node, 'both'), '– / 262,400');
  });
});
