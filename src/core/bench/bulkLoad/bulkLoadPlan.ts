// The cells of a bulk-load experiment: table layout x secondary index x rows per INSERT x writer
// threads x key order x repeat. A layout whose ids the server assigns (AUTO_INCREMENT, AUTO_RANDOM)
// has no key order: it gets one cell where an explicit key gets one per key order.
import { DEFAULT_TABLE_LAYOUT, SECONDARY_INDEX_NAME, serverAssignsKeys } from './bulkLoadTable';
import type { BulkLoadExperimentDefinition, BulkLoadTableLayout, KeyOrder } from '../experiments/experimentModel';

/** The key order of a cell: the writers' (ordered, shuffled) or the server's. */
export type CellKeys = KeyOrder | 'server-assigned';

export interface BulkLoadCellPlan {
  rows: number;
  rowsPerInsert: number;
  writers: number;
  keyOrder: CellKeys;
  layout: BulkLoadTableLayout;
  secondaryIndex: boolean;
  /** the cell's variant name: the key order alone when the definition names no layouts and no index option */
  variant: string;
  repetition: number;
}

export function definitionLayouts(definition: BulkLoadExperimentDefinition): BulkLoadTableLayout[] {
  return definition.tableLayouts ?? [DEFAULT_TABLE_LAYOUT];
}

function keyOrdersOf(definition: BulkLoadExperimentDefinition, layout: BulkLoadTableLayout): CellKeys[] {
  return serverAssignsKeys(layout) ? ['server-assigned'] : definition.keyOrder;
}

export function bulkLoadVariantName(
  definition: BulkLoadExperimentDefinition,
  layout: BulkLoadTableLayout,
  keyOrder: CellKeys,
  secondaryIndex: boolean,
): string {
  const keys = keyOrder === 'server-assigned' ? 'keys by the server' : keyOrder;
  const parts = [
    ...(definition.tableLayouts === undefined ? [] : [layout.name]),
    keys,
    ...(definition.secondaryIndex === undefined ? [] : [secondaryIndex ? `with ${SECONDARY_INDEX_NAME}` : `no ${SECONDARY_INDEX_NAME}`]),
  ];
  return parts.join(' / ');
}

export function planBulkLoad(definition: BulkLoadExperimentDefinition): BulkLoadCellPlan[] {
  const cells: BulkLoadCellPlan[] = [];
  for (const layout of definitionLayouts(definition)) {
    for (const secondaryIndex of definition.secondaryIndex ?? [false]) {
      for (const rowsPerInsert of definition.rowsPerInsert) {
        for (const writers of definition.writerThreads) {
          for (const keyOrder of keyOrdersOf(definition, layout)) {
            const variant = bulkLoadVariantName(definition, layout, keyOrder, secondaryIndex);
            for (let repetition = 1; repetition <= definition.repeat; repetition++)
              cells.push({ rows: definition.rows, rowsPerInsert, writers, keyOrder, layout, secondaryIndex, variant, repetition });
          }
        }
      }
    }
  }
  return cells;
}

/** How many cells planBulkLoad makes, without making them (the size check runs before anything else). */
export function bulkLoadCellCount(definition: BulkLoadExperimentDefinition): number {
  const keyCells = definitionLayouts(definition).reduce((sum, layout) => sum + keyOrdersOf(definition, layout).length, 0);
  return (
    keyCells *
    (definition.secondaryIndex ?? [false]).length *
    definition.rowsPerInsert.length *
    definition.writerThreads.length *
    definition.repeat
  );
}
