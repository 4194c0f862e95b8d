// Polling the server in integration tests: which statements a connection is running, and waiting
// for a condition with a deadline instead of a fixed sleep.
import assert from 'node:assert/strict';

/**
 * Connections other than the asking one whose running statement contains the marker (bound as the
 * one parameter); rows `{ id, info }`.
 */
export const RUNNING_STATEMENTS_SQL =
  "SELECT ID AS id, INFO AS info FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID() AND COMMAND = 'Query' AND INSTR(INFO, ?) > 0";

export interface RunningStatement {
  id: number;
  info: string;
}

export function runningStatementsFrom(rows: ReadonlyArray<Record<string, unknown>>): RunningStatement[] {
  return rows.map((row) => ({ id: Number(row.id), info: String(row.info) }));
}

/**
 * Polls `probe` every `pollMs` (50 ms) until it gives a value; fails the test after `timeoutMs`, which is
 * generous because it only costs time when the test fails (a machine at load 10 is slow).
 */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000, pollMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * How often to poll `information_schema.INNODB_TRX`: InnoDB serves it from a cache it refreshes only
 * when the last read was over 100 ms ago, so faster polling reads the same stale rows forever.
 */
export const INNODB_TRX_POLL_MS = 250;
