// Reads what the pre-checks need about the targets of one connection: one information_schema
// query per database (SHOW CREATE TABLE only for tables it does not list).
import type { SqlExecutor } from '../../core/db/sqlExecutor';
import { readTableControlInfo, type TableControlInfo } from '../../core/tidb/tableControlInfo';
import { tableKey } from '../../core/tidb/tiflashReplicaState';
import type { TableTarget } from './tableControlTargets';

/** By tableKey(target); a table that no longer exists has no entry. */
export async function readTableStates(executor: SqlExecutor, targets: readonly TableTarget[]): Promise<Map<string, TableControlInfo>> {
  const found = new Map<string, TableControlInfo>();
  for (const schema of new Set(targets.map((target) => target.schema))) {
    const tables = [...new Set(targets.filter((target) => target.schema === schema).map((target) => target.table))];
    for (const info of (await readTableControlInfo(executor, schema, tables)).values()) found.set(tableKey(info), info);
  }
  return found;
}
