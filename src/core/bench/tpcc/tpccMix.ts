// go-tpc's transaction mix (tpcc/workload.go): a deck with each transaction as many times as its
// weight (45 new-order, 43 payment, 4 order-status, 4 delivery, 4 stock-level by default, --weight
// to change), one card drawn uniformly for each transaction. go-tpc meant to deal the deck out and
// shuffle it (spec 5.2.4.2), but its index never moves, so every pick is an independent weighted
// draw; TiDB Lab does the same, so the mix's spread over a short run is go-tpc's.
import type { TpccRandom } from './tpccRandom';

export const TRANSACTION_NAMES = ['new_order', 'payment', 'order_status', 'delivery', 'stock_level'] as const;
export type TransactionName = (typeof TRANSACTION_NAMES)[number];

export const DEFAULT_WEIGHTS: readonly number[] = [45, 43, 4, 4, 4];

export class MixError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MixError';
  }
}

/** The deck: transaction indexes, each repeated by its weight. Throws MixError on weights go-tpc refuses. */
export function transactionDeck(weights: readonly number[] = DEFAULT_WEIGHTS): number[] {
  if (weights.length !== 5) throw new MixError(`Should specify exact 5 weights: [${weights.join(' ')}]`);
  if (weights.reduce((sum, weight) => sum + weight, 0) !== 100)
    throw new MixError(`The sum of weight should be 100: [${weights.join(' ')}]`);
  return weights.flatMap((weight, index) => Array<number>(weight).fill(index));
}

export function pickTransaction(deck: readonly number[], random: TpccRandom): TransactionName {
  return TRANSACTION_NAMES[deck[random.intn(deck.length)]];
}

/** The name go-tpc prints for a transaction (NEW_ORDER) and for its failures (NEW_ORDER_ERR). */
export function operationName(name: TransactionName, failed = false): string {
  return `${name.toUpperCase()}${failed ? '_ERR' : ''}`;
}
