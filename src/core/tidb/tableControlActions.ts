// Runs a table control statement and returns the server's refusal as plain sentences instead of
// throwing it, so callers can show the way out (e.g. "stop caching it first").

import type { SqlExecutor } from '../db/sqlExecutor';
import {
  buildCacheTable,
  buildSetDatabaseTiFlashReplica,
  buildSetTableTiFlashReplica,
  buildStopCachingTable,
  type TableRef,
} from './tableControlStatements';
import { mapTiDBError, type MappedTiDBError } from './tidbErrorMapping';

export type TableControlOutcome = { ok: true; statement: string } | { ok: false; statement: string; error: MappedTiDBError };

export async function cacheTable(executor: SqlExecutor, ref: TableRef): Promise<TableControlOutcome> {
  return runMapped(executor, buildCacheTable(ref), ref);
}

export async function stopCachingTable(executor: SqlExecutor, ref: TableRef): Promise<TableControlOutcome> {
  return runMapped(executor, buildStopCachingTable(ref), ref);
}

export async function setTableTiFlashReplica(
  executor: SqlExecutor,
  ref: TableRef,
  count: number,
  locationLabels: readonly string[] = [],
): Promise<TableControlOutcome> {
  return runMapped(executor, buildSetTableTiFlashReplica(ref, count, locationLabels), ref);
}

export async function setDatabaseTiFlashReplica(
  executor: SqlExecutor,
  schema: string,
  count: number,
  locationLabels: readonly string[] = [],
): Promise<TableControlOutcome> {
  return runMapped(executor, buildSetDatabaseTiFlashReplica(schema, count, locationLabels));
}

async function runMapped(executor: SqlExecutor, statement: string, table?: TableRef): Promise<TableControlOutcome> {
  try {
    await executor.run(statement);
    return { ok: true, statement };
  } catch (error) {
    return { ok: false, statement, error: mapTiDBError(error, { table }) };
  }
}
