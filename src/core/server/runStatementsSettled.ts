// A client can receive a statement's last packet before the server has added that statement to
// its statistics (performance_schema and TiDB's statement summary count it when the statement
// ends, after the reply is sent). Read right after a client exits, the last statement of each of
// its connections can be missing (measured: 298 of 300 point selects under load). Waiting until no
// other connection is still executing in the run's database closes that race.
import type { SqlExecutor } from '../db/sqlExecutor';

export interface SettleOptions {
  /** how long to wait at most; the read goes ahead after it (a busy server's own clients never settle) */
  timeoutMs: number;
  pollMs: number;
  /** for tests */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const defaultSettleOptions: SettleOptions = { timeoutMs: 3_000, pollMs: 25 };

/**
 * Waits until no connection but this one is executing a statement in `database`; true when that
 * happened within the time allowed, false when the time ran out or the processlist cannot be read.
 */
export async function waitForStatementsToEnd(
  executor: SqlExecutor,
  database: string,
  options: SettleOptions = defaultSettleOptions,
): Promise<boolean> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const deadline = now() + options.timeoutMs;
  for (;;) {
    let executing: number;
    try {
      executing = await statementsExecuting(executor, database);
    } catch {
      return false;
    }
    if (executing === 0) return true;
    if (now() >= deadline) return false;
    await sleep(options.pollMs);
  }
}

async function statementsExecuting(executor: SqlExecutor, database: string): Promise<number> {
  const rows = await executor.query(
    `SELECT COUNT(*) AS executing FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID() AND COMMAND NOT IN ('Sleep', 'Daemon', 'Binlog Dump')`,
    [database],
  );
  return Number(rows[0]?.executing ?? rows[0]?.EXECUTING ?? 0);
}
