// Result files, exports and run state are written whole: into a temporary file beside the target
// (same folder, so the rename stays on one file system), flushed to disk, then renamed over it. A
// reader, a crash or a full disk mid-write sees the old file or the new one, never half of either;
// when a step fails the temporary file is removed and the old file is left as it was. A target
// that is a symbolic link is written where the link points (the link itself stays).
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The file-system calls the writer makes (tests pass ones that fail). */
export interface WholeFileSystem {
  openSync: (path: string, flags: string, mode?: number) => number;
  writeSync: (fd: number, data: Uint8Array) => number;
  fsyncSync: (fd: number) => void;
  closeSync: (fd: number) => void;
  renameSync: (from: string, to: string) => void;
  unlinkSync: (path: string) => void;
}

/** The real file system, as writeFileWhole uses it. */
export const NODE_FS: WholeFileSystem = {
  openSync: (path, flags, mode) => fs.openSync(path, flags, mode),
  writeSync: (fd, data) => fs.writeSync(fd, data),
  fsyncSync: (fd) => fs.fsyncSync(fd),
  closeSync: (fd) => fs.closeSync(fd),
  renameSync: (from, to) => fs.renameSync(from, to),
  unlinkSync: (path) => fs.unlinkSync(path),
};

/** `.name.<random>.tmp` in the target's folder: hidden, and never the name of another writer's file. */
export function temporaryPathBeside(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomUUID().slice(0, 8)}.tmp`);
}

export interface WholeFileOptions {
  /** the new file's mode (default 0o666 less the umask, as writeFileSync) */
  mode?: number;
}

/** Replaces `path` with `data` whole (see the file comment); throws what failed, with the old file intact. */
export function writeFileWhole(
  path: string,
  data: string | Uint8Array,
  options: WholeFileOptions = {},
  io: WholeFileSystem = NODE_FS,
): void {
  const target = linkTarget(path);
  const temporary = temporaryPathBeside(target);
  let fd: number | undefined;
  try {
    fd = io.openSync(temporary, 'wx', options.mode ?? 0o666);
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    let written = 0;
    while (written < bytes.byteLength) written += io.writeSync(fd, bytes.subarray(written));
    io.fsyncSync(fd);
    io.closeSync(fd);
    fd = undefined;
    io.renameSync(temporary, target);
  } catch (error) {
    if (fd !== undefined) ignoreFailure(() => io.closeSync(fd as number));
    ignoreFailure(() => io.unlinkSync(temporary));
    throw error;
  }
}

/** writeFileWhole without blocking the event loop (the extension host's state files). */
export async function writeFileWholeAsync(path: string, data: string | Uint8Array, options: WholeFileOptions = {}): Promise<void> {
  const target = linkTarget(path);
  const temporary = temporaryPathBeside(target);
  try {
    const handle = await fsPromises.open(temporary, 'wx', options.mode ?? 0o666);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsPromises.rename(temporary, target);
  } catch (error) {
    await fsPromises.unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/**
 * The same through another file system (the editor's, for remote and virtual folders): write the
 * temporary file, rename it over the target; the temporary file is deleted when either fails.
 */
export async function writeWholeThrough<Location>(
  fileSystem: {
    writeFile: (location: Location, bytes: Uint8Array) => PromiseLike<void>;
    rename: (from: Location, to: Location) => PromiseLike<void>;
    delete: (location: Location) => PromiseLike<void>;
  },
  target: Location,
  temporary: Location,
  bytes: Uint8Array,
): Promise<void> {
  try {
    await fileSystem.writeFile(temporary, bytes);
    await fileSystem.rename(temporary, target);
  } catch (error) {
    try {
      await fileSystem.delete(temporary);
    } catch {
      // the temporary file may not exist (the write failed before creating it)
    }
    throw error;
  }
}

/** Where a symbolic link at `path` points (renaming over the link would replace it), else `path`. */
function linkTarget(path: string): string {
  try {
    return fs.realpathSync(path);
  } catch {
    return path; // not there yet (or a dangling link): written as named
  }
}

function ignoreFailure(step: () => void): void {
  try {
    step();
  } catch {
    // cleaning up after a failure that is reported instead
  }
}
