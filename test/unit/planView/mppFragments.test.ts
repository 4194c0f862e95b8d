import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findMppFragments } from '../../../webview/planView/mppFragments';
import { fixtureView, ids } from './planViewFixtures';

describe('MPP fragments', () => {
  it('groups an MPP plan at its exchanges: one fragment per ExchangeSender, receivers in the consuming fragment', () => {
    const plan = fixtureView('explain-mpp-shuffle-hash-join.txt');
    const { fragments, fragmentOf, receivesFrom } = findMppFragments(plan.nodes);
    assert.deepEqual(
      fragments.map((fragment) => [plan.nodes[fragment.sender].id, fragment.exchangeType, fragment.sendsTo]),
      [
        ['ExchangeSender_47', 'PassThrough', null],
        ['ExchangeSender_18', 'HashPartition', 1],
        ['ExchangeSender_22', 'HashPartition', 1],
      ],
    );
    assert.equal(fragments[1].hashColumns, 'test.t1.id');
    assert.deepEqual(
      plan.nodes.map((node) => `${node.id}:${fragmentOf[node.index] ?? '-'}`),
      [
        'StreamAgg_14:-',
        'TableReader_48:-',
        'ExchangeSender_47:1',
        'HashJoin_44:1',
        'ExchangeReceiver_19:1',
        'ExchangeSender_18:2',
        'Selection_17:2',
        'TableFullScan_16:2',
        'ExchangeReceiver_23:1',
        'ExchangeSender_22:3',
        'Selection_21:3',
        'TableFullScan_20:3',
      ],
    );
    assert.deepEqual(
      [...receivesFrom].map(([index, from]) => [ids(plan, [index])[0], from]),
      [
        ['ExchangeReceiver_19', [2]],
        ['ExchangeReceiver_23', [3]],
      ],
    );
  });

  it('finds no fragments in a plan without exchanges', () => {
    const { fragments, fragmentOf } = findMppFragments(fixtureView('cop-tiflash-hashagg-tiflash-scan.txt').nodes);
    assert.deepEqual(fragments, []);
    assert.ok(fragmentOf.every((fragment) => fragment === null));
  });
});
