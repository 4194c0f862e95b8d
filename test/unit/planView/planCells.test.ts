import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { engineBadge, estimateCell, estimateFraction, rowsShown, rowsText, timeCell } from '../../../webview/planView/planCells';
import { fill } from '../../../webview/shared/template';
import { planViewStrings } from '../../../src/extension/plans/planViewStrings';
import { fixtureView } from './planViewFixtures';

const strings = planViewStrings((message, ...args) => fill(message, ...args));

function node(plan: ReturnType<typeof fixtureView>, id: string) {
  const found = plan.nodes.find((candidate) => candidate.id === id);
  assert.ok(found, id);
  return found;
}

describe('plan view cells', () => {
  const plan = fixtureView('streamagg-tablereader-fullscan-pseudo.txt');

  it('says how far the estimate was off, in which direction, on a log scale', () => {
    const scan = estimateCell(node(plan, 'TableFullScan_18'), strings);
    assert.equal(scan?.text, 'under-estimated 1,912x');
    assert.equal(scan?.shortText, '1,912x under', 'what fits a narrow column');
    // Red only where a critical finding is: the same 1,912x without one (passed on, or nothing above uses it) is a warning.
    assert.equal(estimateCell(node(plan, 'TableFullScan_18'), strings, false)?.tone, 'warning');
    assert.equal(scan?.tone, 'critical');
    assert.equal(scan?.title, '19,117,643 rows came where the optimizer estimated 10,000');
    assert.equal(estimateCell(node(plan, 'StreamAgg_20'), strings)?.text, 'as estimated');
    const over = estimateCell(node(fixtureView('hash-join-tikv-spill-disk-column.txt'), 'HashJoin_20'), strings);
    assert.match(over?.text ?? '', /^over-estimated 90,000x$/);
    assert.equal(estimateFraction(1), 0);
    assert.equal(estimateFraction(10).toFixed(3), (1 / 3).toFixed(3));
    assert.equal(estimateFraction(1e6), 1);
  });

  it('marks TiKV task times as not wall-clock and gives root times their share', () => {
    const root = timeCell(node(plan, 'TableReader_21'), strings);
    assert.equal(root?.text, '1.03 s');
    assert.match(root?.title ?? '', /^100% of the statement time$/);
    const cop = timeCell(node(plan, 'TableFullScan_18'), strings);
    assert.equal(cop?.text, '612 ms');
    assert.match(
      cop?.title ?? '',
      /59% of the statement time · Task time reported by TiKV or TiFlash: summed over tasks, not wall-clock time/,
    );
  });

  it('shows actual and estimated rows, or the estimate alone for plain EXPLAIN', () => {
    assert.equal(rowsText(node(plan, 'TableFullScan_18'), 'both'), '19,117,643 / 10,000');
    assert.equal(rowsText(node(fixtureView('explain-merge-join.txt'), 'MergeJoin_7'), 'estimated'), '142,020');
    // FORMAT='ru' has actual rows only: no "5 / –".
    const ru = fixtureView('explain-analyze-format-ru.txt');
    assert.equal(rowsShown(ru.hasRuntimeStats, ru.nodes), 'actual');
    assert.equal(rowsText(node(ru, 'TableFullScan_5'), rowsShown(ru.hasRuntimeStats, ru.nodes)), '10');
    assert.equal(rowsShown(plan.hasRuntimeStats, plan.nodes), 'both');
  });

  it('names the engine and the task kind', () => {
    const mpp = fixtureView('explain-mpp-shuffle-hash-join.txt');
    assert.deepEqual(engineBadge(node(mpp, 'HashJoin_44')), { engine: 'TiFlash', taskKind: 'cop', className: 'tiflash' });
    assert.deepEqual(engineBadge(node(mpp, 'StreamAgg_14')), { engine: 'TiDB', taskKind: '', className: 'tidb' });
    assert.deepEqual(engineBadge(node(plan, 'TableFullScan_18')), { engine: 'TiKV', taskKind: 'cop', className: 'tikv' });
  });
});
