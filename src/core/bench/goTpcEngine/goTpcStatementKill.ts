// The hard stop of a cancelled go-tpc run, as the sysbench engine's (externalSysbench/sysbenchConnections.ts):
// a statement go-tpc's connection left waiting on a lock goes on running on the server after go-tpc
// has gone (until innodb_lock_wait_timeout, 50 s by default). go-tpc's connections are the ones the
// credential relay opened, so their server ids are known exactly: those still running a statement
// (not 'Sleep') are KILLed.
import type { SqlExecutor } from '../../db/sqlExecutor';
import { connectionIdFrom, killConnectionStatement } from '../../db/queryKill';

export const PROCESSLIST_COMMANDS_SQL =
  'SELECT ID AS id, COMMAND AS command FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID()';

/** KILLs the connections of `ids` that still run a statement; returns their ids. */
export async function killGoTpcStatements(admin: SqlExecutor, ids: readonly number[]): Promise<bigint[]> {
  if (ids.length === 0) return [];
  const wanted = new Set(ids.map((id) => BigInt(id)));
  const running: bigint[] = [];
  for (const row of await admin.query(PROCESSLIST_COMMANDS_SQL)) {
    const id = connectionIdFrom(row.id);
    if (id !== null && wanted.has(id) && String(row.command) !== 'Sleep') running.push(id);
  }
  // one that ended meanwhile answers "Unknown thread id": nothing left to stop
  await Promise.all(running.map((id) => admin.run(killConnectionStatement(id)).catch(() => undefined)));
  return running;
}
