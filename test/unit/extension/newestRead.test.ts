// The Statements view's reads: a read a refresh replaced changes nothing when it lands, and the view
// hears of each refresh once, after the newest read is applied (every change event of a VS Code tree
// drops its rows' commands until they are drawn again: a click then opens nothing).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NewestRead } from '../../../src/extension/statements/newestRead';

/** Reads that settle when the test says so: `settle(1, 'a')` ends the first read started. */
function controlledReads() {
  const pending: Array<(value: string) => void> = [];
  const applied: Array<[string, boolean]> = [];
  const reads = new NewestRead<string>(
    () => new Promise<string>((resolve) => pending.push(resolve)),
    (value, refreshed) => applied.push([value, refreshed]),
  );
  const settle = async (readNumber: number, value: string) => {
    pending[readNumber - 1](value);
    // let the read's continuation and any waiting load() run
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return { reads, applied, settle, started: () => pending.length };
}

test('the first load is applied without a change notice, a refresh with one', async () => {
  const { reads, applied, settle } = controlledReads();
  const first = reads.load();
  await settle(1, 'first');
  await first;
  const again = reads.load();
  await again;
  const refreshed = reads.refresh();
  await settle(2, 'refreshed');
  await refreshed;
  assert.deepEqual(applied, [
    ['first', false],
    ['refreshed', true],
  ]);
});

test('a read that a refresh replaced changes nothing when it lands after the newer one', async () => {
  const { reads, applied, settle } = controlledReads();
  // the active connection changed (a refresh), then a database was picked (another) before the first read ended
  const connectionChanged = reads.refresh();
  const databasePicked = reads.refresh();
  await settle(2, 'all databases');
  await settle(1, 'the old database');
  await Promise.all([connectionChanged, databasePicked]);
  assert.deepEqual(applied, [['all databases', true]], 'one change, from the newest read, and nothing after it');
});

test('a refresh replacing a read that lands first is the only one applied', async () => {
  const { reads, applied, settle } = controlledReads();
  const first = reads.refresh();
  const second = reads.refresh();
  await settle(1, 'replaced');
  assert.deepEqual(applied, [], 'a replaced read is not applied even when it is in first');
  await settle(2, 'newest');
  await Promise.all([first, second]);
  assert.deepEqual(applied, [['newest', true]]);
});

test('a load waiting on a read that a refresh replaced resolves only once the newest read is applied', async () => {
  const { reads, applied, settle, started } = controlledReads();
  let loaded = false;
  const waiting = reads.load().then(() => (loaded = true));
  const refreshed = reads.refresh();
  assert.equal(started(), 2);
  await settle(1, 'replaced');
  assert.equal(loaded, false, 'what the tree would show now is not the newest read');
  await settle(2, 'newest');
  await Promise.all([waiting, refreshed]);
  assert.equal(loaded, true);
  assert.deepEqual(applied, [['newest', true]]);
});
