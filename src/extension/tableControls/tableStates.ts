// Reads what the pre-checks need about the targets of one connection: one information_schema
// query per database (SHOW CREATE TABLE only for tables it does not list).
import type { DatabaseSession } from '../../core/db/databaseSession';
import type { SqlExecutor } from '../../core/db/sqlExecutor';
import type { ServerIdentity } from '../../core/db/serverFlavor';
import { readTableControlInfo, type TableControlInfo } from '../../core/tidb/tableControlInfo';
import type { PreCheckResult } from '../../core/tidb/tableControlPreChecks';
import { tableKey } from '../../core/tidb/tiflashReplicaState';
import type { TargetOutcome } from './tableControlOutcome';
import type { ConnectionManager } from '../connections/connectionManager';
import { groupByConnection, type TableTarget } from './tableControlTargets';
import { failedOutcome, refusedOutcome, unreachableOutcome } from './targetOutcomes';

export interface ConnectionTableStates {
  session: DatabaseSession;
  targets: TableTarget[];
  /** by tableKey(target); a table that no longer exists has no entry */
  states: Map<string, TableControlInfo>;
}

/** By tableKey(target); a table that no longer exists has no entry. */
export async function readTableStates(executor: SqlExecutor, targets: readonly TableTarget[]): Promise<Map<string, TableControlInfo>> {
  const found = new Map<string, TableControlInfo>();
  for (const schema of new Set(targets.map((target) => target.schema))) {
    const tables = [...new Set(targets.filter((target) => target.schema === schema).map((target) => target.table))];
    for (const info of (await readTableControlInfo(executor, schema, tables)).values()) found.set(tableKey(info), info);
  }
  return found;
}

/**
 * The targets' states, connection by connection, where the server offers the feature (`available`)
 * and the states could be read. The other targets become outcomes: unreachable, refused, failed.
 */
export async function readTableStatesByConnection(
  connections: ConnectionManager,
  targets: readonly TableTarget[],
  available: (server: ServerIdentity) => PreCheckResult,
  outcomes: TargetOutcome[],
): Promise<ConnectionTableStates[]> {
  const { groups, unreachable } = await groupByConnection(connections, targets);
  outcomes.push(...unreachable.map(unreachableOutcome));
  const readable: ConnectionTableStates[] = [];
  for (const { session, targets: mine } of groups) {
    const availability = available(session.identity);
    if (!availability.allowed) {
      outcomes.push(...mine.map((target) => refusedOutcome(target, availability)));
      continue;
    }
    try {
      readable.push({ session, targets: mine, states: await readTableStates(session, mine) });
    } catch (error) {
      outcomes.push(...mine.map((target) => failedOutcome(target, error)));
    }
  }
  return readable;
}
