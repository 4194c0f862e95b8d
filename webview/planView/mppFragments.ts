// MPP fragments: TiFlash runs an MPP plan as fragments that exchange data. Each ExchangeSender
// roots one fragment (it and everything below it, down to the next ExchangeReceiver's sender);
// an ExchangeReceiver belongs to the fragment that consumes the data. Fragments are numbered in
// plan order, so fragment 1 is the one that sends to TiDB.
import type { PlanViewNode } from '../../src/protocol/planView';

export interface MppFragment {
  /** 1, 2, … in plan order */
  number: number;
  /** the ExchangeSender that roots it */
  sender: number;
  /** PassThrough, HashPartition, Broadcast… (null when the operator info does not say) */
  exchangeType: string | null;
  /** `Hash Cols: …` of a HashPartition sender */
  hashColumns: string | null;
  /** the fragment its sender sends to (null: to TiDB) */
  sendsTo: number | null;
}

export interface MppFragments {
  fragments: MppFragment[];
  /** the fragment number of each node (by index), or null outside MPP fragments */
  fragmentOf: (number | null)[];
  /** ExchangeReceiver index -> the fragments it receives from */
  receivesFrom: Map<number, number[]>;
}

export function isExchangeSender(node: PlanViewNode): boolean {
  return node.operator === 'ExchangeSender';
}

export function isExchangeReceiver(node: PlanViewNode): boolean {
  return node.operator === 'ExchangeReceiver';
}

export function findMppFragments(nodes: readonly PlanViewNode[]): MppFragments {
  const fragmentOf: (number | null)[] = new Array<number | null>(nodes.length).fill(null);
  const fragments: MppFragment[] = [];
  const receivesFrom = new Map<number, number[]>();
  // Nodes are in plan order (pre-order), so a parent is always assigned before its children.
  for (const node of nodes) {
    const inherited = node.parent === null ? null : fragmentOf[node.parent];
    if (!isExchangeSender(node)) {
      fragmentOf[node.index] = inherited;
      continue;
    }
    const fragment: MppFragment = {
      number: fragments.length + 1,
      sender: node.index,
      exchangeType: /ExchangeType:\s*(\w+)/.exec(node.operatorInfo ?? '')?.[1] ?? null,
      hashColumns: /Hash Cols:\s*(.+)$/.exec(node.operatorInfo ?? '')?.[1] ?? null,
      sendsTo: inherited,
    };
    fragments.push(fragment);
    fragmentOf[node.index] = fragment.number;
    const parent = node.parent === null ? undefined : nodes[node.parent];
    if (parent !== undefined && isExchangeReceiver(parent)) {
      const list = receivesFrom.get(parent.index) ?? [];
      list.push(fragment.number);
      receivesFrom.set(parent.index, list);
    }
  }
  return { fragments, fragmentOf, receivesFrom };
}
