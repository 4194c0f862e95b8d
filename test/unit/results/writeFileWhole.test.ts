// Result files are written whole: a write or a rename that fails leaves the old file as it was and
// no temporary file behind; a reader never sees half a file.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import {
  NODE_FS,
  writeFileWhole,
  writeFileWholeAsync,
  writeWholeThrough,
  type WholeFileSystem,
} from '../../../src/core/results/writeFileWhole';

const work = mkdtempSync(join(tmpdir(), 'tidblab-whole-'));
after(() => rmSync(work, { recursive: true, force: true }));

const OLD = `${JSON.stringify({ kind: 'run', cells: 'old and good' })}\n`;
const NEW = `${JSON.stringify({ kind: 'run', text: 'x'.repeat(200_000) })}\n`;

/** The real file system with one step replaced. */
function failing(step: Partial<WholeFileSystem>): WholeFileSystem {
  return { ...NODE_FS, ...step };
}

function folderWith(name: string): { folder: string; file: string } {
  const folder = join(work, name);
  fs.mkdirSync(folder);
  const file = join(folder, 'result.json');
  writeFileSync(file, OLD);
  return { folder, file };
}

test('replaces the file with the new text, whole, and leaves nothing beside it', () => {
  const { folder, file } = folderWith('replace');
  // a second name of the old file keeps the old text: the new file was renamed over, not written in place
  fs.linkSync(file, join(folder, 'old-name'));
  writeFileWhole(file, NEW);
  assert.equal(readFileSync(file, 'utf8'), NEW);
  assert.equal(readFileSync(join(folder, 'old-name'), 'utf8'), OLD);
  fs.unlinkSync(join(folder, 'old-name'));
  assert.deepEqual(readdirSync(folder), ['result.json']);
  writeFileWhole(join(folder, 'new.json'), 'fresh');
  assert.equal(readFileSync(join(folder, 'new.json'), 'utf8'), 'fresh');
});

test('a rename that fails leaves the old file intact and removes the temporary file', () => {
  const { folder, file } = folderWith('rename');
  const io = failing({
    renameSync: () => {
      throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' });
    },
  });
  assert.throws(() => writeFileWhole(file, NEW, {}, io), /EIO/);
  assert.equal(readFileSync(file, 'utf8'), OLD);
  assert.deepEqual(readdirSync(folder), ['result.json']);
});

test('a disk that fills up mid-write leaves the old file intact and removes the temporary file', () => {
  const { folder, file } = folderWith('full');
  let chunks = 0;
  const io = failing({
    // the first 4 KiB go to disk, then ENOSPC (as a full disk answers)
    writeSync: (fd, data) => {
      if (chunks++ > 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return fs.writeSync(fd, data.subarray(0, 4096));
    },
  });
  assert.throws(() => writeFileWhole(file, NEW, {}, io), /ENOSPC/);
  assert.equal(readFileSync(file, 'utf8'), OLD);
  assert.deepEqual(readdirSync(folder), ['result.json']);
});

test('a symbolic link is kept: the file it points to is replaced whole', async () => {
  const { folder, file } = folderWith('link');
  const link = join(folder, 'latest.json');
  fs.symlinkSync('result.json', link);
  writeFileWhole(link, NEW);
  assert.equal(fs.lstatSync(link).isSymbolicLink(), true);
  assert.equal(readFileSync(file, 'utf8'), NEW);
  await writeFileWholeAsync(link, OLD);
  assert.equal(fs.lstatSync(link).isSymbolicLink(), true);
  assert.equal(readFileSync(file, 'utf8'), OLD);
  assert.deepEqual(readdirSync(folder).sort(), ['latest.json', 'result.json']);
});

test('the mode is the one asked for (run state private to the user)', () => {
  const { file } = folderWith('mode');
  writeFileWhole(file, NEW, { mode: 0o600 });
  assert.equal(statSync(file).mode & 0o777, 0o600);
});

test('the async writer replaces whole; one that cannot rename keeps the old file and leaves no temporary file', async () => {
  const { folder, file } = folderWith('async');
  fs.linkSync(file, join(folder, 'old-name'));
  await writeFileWholeAsync(file, NEW);
  assert.equal(readFileSync(file, 'utf8'), NEW);
  assert.equal(readFileSync(join(folder, 'old-name'), 'utf8'), OLD, 'renamed over, not written in place');
  fs.unlinkSync(join(folder, 'old-name'));
  assert.deepEqual(readdirSync(folder), ['result.json']);
  // a folder where the file should be: the rename fails (EISDIR), the folder stays as it was
  const blocked = join(folder, 'blocked.json');
  fs.mkdirSync(blocked);
  writeFileSync(join(blocked, 'inside'), 'x');
  await assert.rejects(writeFileWholeAsync(blocked, NEW));
  assert.deepEqual(readdirSync(folder).sort(), ['blocked.json', 'result.json']);
  assert.deepEqual(readdirSync(blocked), ['inside']);
});

test("through another file system (the editor's): a failed rename deletes the temporary file and keeps the old one", async () => {
  const files = new Map<string, Uint8Array>([['result.json', Buffer.from(OLD)]]);
  const fileSystem = {
    writeFile: async (location: string, bytes: Uint8Array) => void files.set(location, bytes),
    rename: async () => {
      throw new Error('EntryNotFound');
    },
    delete: async (location: string) => void files.delete(location),
  };
  await assert.rejects(writeWholeThrough(fileSystem, 'result.json', '.result.json.1.tmp', Buffer.from(NEW)), /EntryNotFound/);
  assert.deepEqual([...files.keys()], ['result.json']);
  assert.equal(Buffer.from(files.get('result.json')!).toString(), OLD);

  const working = { ...fileSystem, rename: async (from: string, to: string) => void (files.set(to, files.get(from)!), files.delete(from)) };
  await writeWholeThrough(working, 'result.json', '.result.json.2.tmp', Buffer.from(NEW));
  assert.deepEqual([...files.keys()], ['result.json']);
  assert.equal(Buffer.from(files.get('result.json')!).toString(), NEW);
});
