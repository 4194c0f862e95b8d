// tidb_table_cache_lease: how long a cached table's lease lasts, in seconds (GLOBAL, 1..10, default 3).

import type { SqlExecutor } from '../db/sqlExecutor';
import { rowNumber } from './rowValues';
import { buildSetTableCacheLease, READ_TABLE_CACHE_LEASE } from './tableControlStatements';

export const TABLE_CACHE_LEASE_TRADE_OFF =
  'A longer lease means fewer cache reloads under load, but a write to a cached table can stall for up to the lease.';

/** null when the server does not report a number (e.g. not TiDB). */
export async function readTableCacheLease(executor: SqlExecutor): Promise<number | null> {
  const [row] = await executor.query(READ_TABLE_CACHE_LEASE);
  return row ? rowNumber(row, 'LEASE') : null;
}

/** Throws a RangeError with a plain sentence for a lease outside 1..10 whole seconds. */
export async function setTableCacheLease(executor: SqlExecutor, seconds: number): Promise<void> {
  await executor.run(buildSetTableCacheLease(seconds));
}
