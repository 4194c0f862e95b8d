import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildPlan } from '../../../src/extension/plans/planDocument';
import {
  collapseAll,
  expandTo,
  MAX_DRAWN_LEVELS,
  operatorColumnWidth,
  treeGuides,
  visibleRows,
  type TreeGuide,
} from '../../../webview/planView/planRows';
import { readRealPlan } from '../plan/planFixtures';
import { fixtureView, ids } from './planViewFixtures';

const GLYPHS: Record<TreeGuide, string> = { pipe: '│ ', blank: '  ', tee: '├─', elbow: '└─' };

/** The tree prefixes of the fixture's id column, as the mysql client printed them. */
function printedPrefixes(name: string): string[] {
  return readRealPlan(name)
    .split('\n')
    .filter((line) => line.startsWith('| ') && !/^\|\s*id\s*\|/.test(line))
    .map((line) => /^\| ([\s│├└─]*)/u.exec(line)?.[1] ?? '');
}

describe('plan view rows', () => {
  for (const name of [
    'index-join-tablereader-probe.txt',
    'explain-mpp-shuffle-hash-join.txt',
    'explain-scalar-subquery-multi-root.txt',
    'explain-semi-join-correlated-mergejoin.txt',
  ]) {
    it(`draws the tree lines TiDB printed for ${name}`, () => {
      const plan = fixtureView(name);
      const drawn = plan.nodes.map((node) =>
        treeGuides(plan.nodes, node.index)
          .map((guide) => GLYPHS[guide])
          .join(''),
      );
      assert.deepEqual(drawn, printedPrefixes(name));
    });
  }

  it(`draws at most ${MAX_DRAWN_LEVELS} levels of tree lines in a row of a plan 20,000 levels deep`, () => {
    const edges = ['digraph Projection_0 {'];
    for (let i = 0; i < 19_999; i++) edges.push(`"Projection_${i}" -> "Projection_${i + 1}"`);
    edges.push('}');
    const plan = buildPlan({ origin: { title: 'deep' }, input: { kind: 'text', text: edges.join('\n') } }).view;
    const deepest = treeGuides(plan.nodes, 19_999);
    assert.equal(deepest.length, MAX_DRAWN_LEVELS);
    assert.deepEqual(deepest.slice(-2), ['blank', 'elbow']);
    assert.equal(treeGuides(plan.nodes, 3).length, 3);
    assert.equal(
      operatorColumnWidth(plan.nodes, { levelPx: 16, characterPx: 8, paddingPx: 40, maxPx: 5000 }),
      Math.ceil(MAX_DRAWN_LEVELS * 16 + 'Projection_19999'.length * 8 + 40),
    );
  });

  it('hides the operators below a collapsed one and shows them again', () => {
    const plan = fixtureView('index-join-tablereader-probe.txt');
    const all = visibleRows(plan.nodes, new Set());
    assert.equal(all.length, 6);
    assert.deepEqual(ids(plan, visibleRows(plan.nodes, new Set([1]))), [
      'IndexJoin_14',
      'TableReader_20',
      'TableReader_10',
      'Selection_9',
      'TableRangeScan_8',
    ]);
    assert.deepEqual(ids(plan, visibleRows(plan.nodes, new Set([1, 3]))), ['IndexJoin_14', 'TableReader_20', 'TableReader_10']);
    assert.deepEqual(ids(plan, visibleRows(plan.nodes, new Set([0]))), ['IndexJoin_14']);
    assert.deepEqual(
      visibleRows(plan.nodes, expandTo(plan.nodes, new Set([0, 3]), 5)),
      all,
      'expanding to the last scan opens every operator above it',
    );
  });

  it('keeps every root open when collapsing all, so a CTE or subquery tree stays in sight', () => {
    const plan = fixtureView('explain-scalar-subquery-multi-root.txt');
    assert.deepEqual(ids(plan, visibleRows(plan.nodes, collapseAll(plan.nodes))), [
      'Selection_13',
      'TableReader_15',
      'ScalarSubQuery_10',
      'MaxOneRow_6',
    ]);
  });

  it('gives the operator column room for the deepest, longest id, within a cap', () => {
    const plan = fixtureView('index-join-tablereader-probe.txt');
    const metrics = { levelPx: 16, characterPx: 8, paddingPx: 40, maxPx: 900 };
    assert.equal(
      operatorColumnWidth(plan.nodes, metrics),
      Math.ceil(
        Math.max(...plan.nodes.map((node) => node.depth * 16 + (node.id.length + (node.role ? node.role.length + 3 : 0)) * 8)) + 40,
      ),
    );
    assert.equal(operatorColumnWidth(plan.nodes, { ...metrics, maxPx: 100 }), 100);
  });
});
