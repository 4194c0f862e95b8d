// "Top operators": the plan's operators ordered by one measure, largest first, instead of the
// tree. Pure, so each order is tested without a DOM.
import type { PlanViewNode } from '../../src/protocol/planView';
import { operatorRequestUnits } from '../../src/core/plan/planRequestUnits';

export type PlanSortKey = 'time' | 'rows' | 'estimate' | 'memory' | 'disk' | 'ru' | 'ruTotal';

export interface PlanSort {
  key: PlanSortKey;
  /** largest first (the default on a first click) */
  descending: boolean;
}

export const PLAN_SORT_KEYS: readonly PlanSortKey[] = ['time', 'rows', 'estimate', 'memory', 'disk', 'ru', 'ruTotal'];

/**
 * The measure an operator is ranked by, or null when it has none (listed last either way).
 * Time is where the time went: the own time of a TiDB operator (its time without its root-task
 * children, which would otherwise put the root first every time), the task time of a TiKV / TiFlash one.
 */
export function sortValue(node: PlanViewNode, key: PlanSortKey): number | null {
  switch (key) {
    case 'time':
      if (node.timeMs === null || node.runtimeStatsMissing) return null;
      return node.timeKind === 'task-time' ? node.timeMs : (node.selfTimeMs ?? node.timeMs);
    case 'rows':
      return node.runtimeStatsMissing ? null : (node.actRows ?? node.estRows);
    case 'estimate':
      return node.estimateError === null || node.estimateError.direction === 'exact' ? null : node.estimateError.factor;
    case 'memory':
      return node.memoryBytes;
    case 'disk':
      return node.diskBytes;
    case 'ru':
      return operatorRequestUnits(node.extra)?.self ?? null;
    case 'ruTotal':
      return operatorRequestUnits(node.extra)?.cumulative ?? null;
  }
}

/** Every operator (collapsed ones too), ordered by `sort`; ties and operators without the measure keep plan order. */
export function sortedRows(nodes: readonly PlanViewNode[], sort: PlanSort): number[] {
  const direction = sort.descending ? -1 : 1;
  const values = nodes.map((node) => sortValue(node, sort.key));
  return nodes
    .map((node) => node.index)
    .sort((a, b) => {
      const va = values[a];
      const vb = values[b];
      if (va === null || vb === null) return va === vb ? a - b : va === null ? 1 : -1;
      return (va - vb) * direction || a - b;
    });
}

/** The next sort after a click on a column's header: largest first, then smallest first, then the tree again. */
export function nextSort(current: PlanSort | null, key: PlanSortKey): PlanSort | null {
  if (current === null || current.key !== key) return { key, descending: true };
  return current.descending ? { key, descending: false } : null;
}
