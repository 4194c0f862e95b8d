// Waiting for a condition in the real VS Code instead of sleeping: every e2e wait goes through here.
import * as assert from 'node:assert/strict';

/** TIDB_LAB_E2E_TIMEOUT_SCALE stretches every e2e timeout on a slow or loaded machine. */
export const timeoutScale = Number(process.env.TIDB_LAB_E2E_TIMEOUT_SCALE) || 1;

/** Reads until `good` holds, every `everyMs` (250 ms); fails after the timeout with the last value read. */
export async function until<T>(
  read: () => Promise<T>,
  good: (value: T) => boolean,
  what: string,
  timeoutMs = 60_000 * timeoutScale,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!good(value)) {
    if (Date.now() > deadline) assert.fail(`not true after ${timeoutMs} ms: ${what} (last value: ${JSON.stringify(value)})`);
    await new Promise((resolveDelay) => setTimeout(resolveDelay, everyMs));
    value = await read();
  }
  return value;
}
