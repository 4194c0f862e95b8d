// A client can receive a statement's last packet before the server has added that statement to
// its statistics (performance_schema and TiDB's statement summary count it when the statement
// ends, after the reply is sent; MySQL even marks the connection 'Sleep' before that). Read right
// after a client exits, the last statement of each of its connections can be missing (measured:
// 298 of 300 point selects under load). A connection that is gone has finished its accounting, so
// the read waits until the connections that appeared in the run's database since the baseline are
// gone; the ones that were there before (a user's own sessions) are not waited for.
import type { SqlExecutor } from '../db/sqlExecutor';

export interface SettleOptions {
  /** how long to wait at most; the read goes ahead after it */
  timeoutMs: number;
  pollMs: number;
  /** for tests */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const defaultSettleOptions: SettleOptions = { timeoutMs: 3_000, pollMs: 25 };

/** The ids of the other connections in `database` now; undefined when the processlist cannot be read. */
export async function connectionsIn(executor: SqlExecutor, database: string): Promise<Set<string> | undefined> {
  try {
    const rows = await executor.query('SELECT ID AS id FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID()', [
      database,
    ]);
    return new Set(rows.map((row) => String(row.id ?? row.ID)));
  } catch {
    return undefined;
  }
}

/**
 * Waits until every connection in `database` but this one and those in `before` has gone; true
 * when that happened within the time allowed, false when the time ran out or the processlist
 * cannot be read.
 */
export async function waitForRunConnectionsToClose(
  executor: SqlExecutor,
  database: string,
  before: ReadonlySet<string>,
  options: SettleOptions = defaultSettleOptions,
): Promise<boolean> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const deadline = now() + options.timeoutMs;
  for (;;) {
    const present = await connectionsIn(executor, database);
    if (present === undefined) return false;
    if ([...present].every((id) => before.has(id))) return true;
    if (now() >= deadline) return false;
    await sleep(options.pollMs);
  }
}
