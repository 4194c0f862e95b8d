// Waiting for a state instead of sleeping, in every kind of test (integration, extension-host suite, e2e):
// reads until `ok` holds, every `everyMs`, and fails after `timeoutMs` with what it waited for and the last
// value read (generous defaults: a loaded machine is slow). test/e2e/support/waiting.ts gives e2e its longer,
// scaled defaults over this one.
import * as assert from 'node:assert/strict';

export async function until<T>(
  read: () => T | Promise<T>,
  ok: (value: T) => boolean,
  what: string,
  timeoutMs = 20_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline) assert.fail(`not true after ${timeoutMs} ms: ${what} (last value: ${JSON.stringify(value)})`);
    await new Promise((resolveDelay) => setTimeout(resolveDelay, everyMs));
    value = await read();
  }
  return value;
}
