// The files webview tabs come back from after a reload (plan views, results grids): a value saved
// under an id loads again, only the newest `limit` files stay, a value over its byte cap is not
// kept, and neither a file the guard refuses nor an id that is not one of ours is ever read back.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { KeptJsonFiles } from '../../../src/extension/webviews/keptJsonFiles';

interface Note {
  text: string;
}

function isNote(value: unknown): value is Note {
  return typeof value === 'object' && value !== null && typeof (value as { text?: unknown }).text === 'string';
}

const root = mkdtempSync(join(tmpdir(), 'tidb-lab-kept-'));
after(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;

function keptIn(limit = 3): { directory: string; files: KeptJsonFiles<Note> } {
  const directory = join(root, `kept-${++folders}`, 'plan-views');
  return { directory, files: new KeptJsonFiles(directory, isNote, limit) };
}

test('a value saved under an id loads again, in a folder it creates', async () => {
  const { directory, files } = keptIn();
  const id = KeptJsonFiles.newId();
  assert.equal(await files.save(id, { text: 'select 1' }), true);
  assert.deepEqual(await files.load(id), { text: 'select 1' });
  assert.deepEqual(readdirSync(directory), [`${id}.json`]);
  assert.equal(await files.load(KeptJsonFiles.newId()), undefined);
});

test('only the newest files (by modification time) are kept', async () => {
  const { directory, files } = keptIn(2);
  const ids = [KeptJsonFiles.newId(), KeptJsonFiles.newId(), KeptJsonFiles.newId()];
  for (const [index, id] of ids.entries()) {
    await files.save(id, { text: `plan ${index}` });
    const past = new Date(Date.UTC(2026, 0, 1, 0, index));
    utimesSync(join(directory, `${id}.json`), past, past);
  }
  writeFileSync(join(directory, 'notes.txt'), 'not one of ours');
  const newest = KeptJsonFiles.newId();
  await files.save(newest, { text: 'newest' });
  assert.deepEqual(
    (await Promise.all([...ids, newest].map((id) => files.load(id)))).map((note) => note?.text),
    [undefined, undefined, 'plan 2', 'newest'],
  );
  assert.ok(existsSync(join(directory, 'notes.txt')));
});

test('a value over the byte cap is not kept, and the earlier value of its id is dropped', async () => {
  const { files } = keptIn();
  const id = KeptJsonFiles.newId();
  await files.save(id, { text: 'small' });
  assert.equal(await files.save(id, { text: 'x'.repeat(100) }, 100), false);
  assert.equal(await files.load(id), undefined);
  assert.equal(await files.save(id, { text: 'x'.repeat(80) }, 100), true);
});

test('a file the guard refuses, or that is not JSON, loads as nothing', async () => {
  const { directory, files } = keptIn();
  const refused = KeptJsonFiles.newId();
  const broken = KeptJsonFiles.newId();
  await files.save(broken, { text: 'soon broken' });
  writeFileSync(join(directory, `${refused}.json`), JSON.stringify({ text: 42 }));
  writeFileSync(join(directory, `${broken}.json`), '{"text": "cut sh');
  assert.equal(await files.load(refused), undefined);
  assert.equal(await files.load(broken), undefined);
});

test('an id that is not one of ours is never a path: load finds nothing, save refuses, delete does nothing', async () => {
  const { directory, files } = keptIn();
  const outside = join(directory, '..', 'outside.json');
  await files.save(KeptJsonFiles.newId(), { text: 'inside' });
  writeFileSync(outside, JSON.stringify({ text: 'outside' }));
  for (const id of ['../outside', '00000000-0000-0000-0000-00000000000/../../outside', 42, undefined]) {
    assert.equal(await files.load(id), undefined);
  }
  await assert.rejects(files.save('../outside', { text: 'overwritten' }), /Not an id of a kept file/);
  await files.delete('../outside');
  assert.ok(existsSync(outside));
  await files.delete(KeptJsonFiles.newId());
});
