// go-tpc's transaction mix: a deck of 100 cards by weight, one drawn per transaction.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MixError, operationName, pickTransaction, transactionDeck, TRANSACTION_NAMES } from '../../../../src/core/bench/tpcc/tpccMix';
import { TpccRandom } from '../../../../src/core/bench/tpcc/tpccRandom';

test('the default deck holds 45 new-order, 43 payment and 4 of each other card', () => {
  const deck = transactionDeck();
  assert.equal(deck.length, 100);
  const counts = TRANSACTION_NAMES.map((_, index) => deck.filter((card) => card === index).length);
  assert.deepEqual(counts, [45, 43, 4, 4, 4]);
});

test('picks follow the weights over many draws', () => {
  const random = new TpccRandom([9, 8, 7, 6]);
  const deck = transactionDeck();
  const counts = new Map<string, number>();
  const draws = 100_000;
  for (let i = 0; i < draws; i++) {
    const name = pickTransaction(deck, random);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const share = (name: string) => (counts.get(name) ?? 0) / draws;
  assert.ok(Math.abs(share('new_order') - 0.45) < 0.01, `new_order ${share('new_order')}`);
  assert.ok(Math.abs(share('payment') - 0.43) < 0.01, `payment ${share('payment')}`);
  for (const name of ['order_status', 'delivery', 'stock_level']) assert.ok(Math.abs(share(name) - 0.04) < 0.005, `${name} ${share(name)}`);
});

test('a weight of 100 for one transaction runs only it; wrong weights are refused as go-tpc refuses them', () => {
  const random = new TpccRandom([1, 1, 1, 1]);
  const deck = transactionDeck([0, 0, 0, 100, 0]);
  for (let i = 0; i < 50; i++) assert.equal(pickTransaction(deck, random), 'delivery');
  assert.throws(() => transactionDeck([45, 43, 4, 4]), MixError);
  assert.throws(() => transactionDeck([45, 43, 4, 4, 5]), /sum of weight should be 100/);
});

test('operations are named as go-tpc prints them', () => {
  assert.equal(operationName('new_order'), 'NEW_ORDER');
  assert.equal(operationName('stock_level', true), 'STOCK_LEVEL_ERR');
});
