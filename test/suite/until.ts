// Waiting in the extension-host suite for a state instead of sleeping: polls `read` until `ok`
// holds, and fails with the last value after `timeoutMs` (generous: a loaded machine is slow).
import * as assert from 'node:assert/strict';

export async function until<T>(what: string, read: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline) assert.fail(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
