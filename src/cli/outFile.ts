// --out FILE of the commands that run a load (run, experiment, rawsql, tpcc, ch): checked and
// claimed before anything connects, so a path that cannot be written fails at once rather than
// after a multi-hour study. The claim is FILE.lock, created exclusively ('wx') with the process id
// and the host name: a second tidb-lab writing the same FILE meanwhile is refused. A lock is stale,
// and taken over with a warning, when the process that created it is gone (same host), or when it
// has not been touched for LOCK_STALE_MS: its holder touches it every LOCK_REFRESH_MS, so a lock
// whose process id was reused, or that a tidb-lab on another machine left on a shared folder,
// does not block for ever. FILE itself is replaced whole at each write (writeFileWhole), like a
// shell's `> FILE`: an earlier run's file is overwritten, as sysbench's and go-tpc's output
// redirected to it would be.
import { accessSync, closeSync, constants, openSync, readFileSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';
import { OptionError } from '../core/bench/benchOptions';

/** How often the holder touches its lock. */
export const LOCK_REFRESH_MS = 60_000;
/** A lock untouched for this long is stale whoever holds it (ten refreshes missed). */
export const LOCK_STALE_MS = 10 * LOCK_REFRESH_MS;
/** A lock that names no process yet is being created: stale only when older than this. */
const LOCK_CREATION_MS = 10_000;

export interface ClaimedOutFile {
  readonly path: string;
  /** replaces the file with the text, whole */
  write: (text: string) => void;
  /** removes the lock (once; later calls do nothing) */
  release: () => void;
}

export interface OutFileProcess {
  pid: number;
  host: string;
  /** false when no process has that id any more (on this host) */
  isAlive: (pid: number) => boolean;
}

const THIS_PROCESS: OutFileProcess = {
  pid: process.pid,
  host: hostname(),
  isAlive: (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      // EPERM: it exists, as another user's
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  },
};

export function outLockPath(path: string): string {
  return `${path}.lock`;
}

/** Why `path` cannot be written as --out, or undefined when its folder exists and is writable. */
export function outFileProblem(path: string): string | undefined {
  const absolute = resolve(path);
  const folder = dirname(absolute);
  let folderStat;
  try {
    folderStat = statSync(folder);
  } catch {
    return `the folder '${folder}' does not exist`;
  }
  if (!folderStat.isDirectory()) return `'${folder}' is not a folder`;
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    return `the folder '${folder}' is not writable`;
  }
  try {
    if (!statSync(absolute).isFile()) return `'${path}' exists and is not a file`;
  } catch {
    // not there yet: it will be created
  }
  return undefined;
}

/**
 * Checks --out and takes its lock (see the file comment); throws OptionError saying why it cannot.
 * `write` goes through `writeFile`, which the CLI makes writeFileWhole.
 */
export function claimOutFile(
  path: string,
  writeFile: (path: string, text: string) => void,
  warn: (line: string) => void,
  owner: OutFileProcess = THIS_PROCESS,
): ClaimedOutFile {
  const problem = outFileProblem(path);
  if (problem !== undefined) throw new OptionError(`cannot write --out ${path}: ${problem}.`);
  const lock = outLockPath(path);
  createLock(lock, path, warn, owner);
  const refresh = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(lock, now, now);
    } catch {
      // removed by someone (who took it over or cleaned up): release() leaves theirs alone
    }
  }, LOCK_REFRESH_MS);
  refresh.unref();
  let held = true;
  return {
    path,
    write: (text) => writeFile(path, text),
    release: () => {
      if (!held) return;
      held = false;
      clearInterval(refresh);
      // only our own lock: one taken over meanwhile (after a stale-lock warning) is left to its owner
      const holder = readLock(lock);
      if (holder?.pid === owner.pid && holder.host === owner.host) unlinkSync(lock);
    },
  };
}

/** The claims of this process that claimOut made and that are not released yet. */
const heldClaims = new Set<ClaimedOutFile>();

/**
 * --out checked and claimed before anything connects, or undefined without --out; release() at the
 * end. A process that exits at once (a second Ctrl-C) calls releaseOutClaims() on its way out.
 */
export function claimOut(
  out: string | undefined,
  io: { writeFile: (path: string, text: string) => void; stderr: (text: string) => void },
): ClaimedOutFile | undefined {
  if (!out) return undefined;
  const claimed = claimOutFile(out, io.writeFile, (line) => io.stderr(`${line}\n`));
  const tracked: ClaimedOutFile = {
    path: claimed.path,
    write: claimed.write,
    release: () => {
      heldClaims.delete(tracked);
      claimed.release();
    },
  };
  heldClaims.add(tracked);
  return tracked;
}

/** Runs `work` with --out claimed (claimOut) and releases the claim however the work ends. */
export async function withClaimedOut<T>(
  out: string | undefined,
  io: { writeFile: (path: string, text: string) => void; stderr: (text: string) => void },
  work: (outFile: ClaimedOutFile | undefined) => Promise<T>,
): Promise<T> {
  const outFile = claimOut(out, io);
  try {
    return await work(outFile);
  } finally {
    outFile?.release();
  }
}

/** Removes the locks this process still holds (it is about to end without its finally blocks). */
export function releaseOutClaims(): void {
  for (const claim of [...heldClaims]) {
    try {
      claim.release();
    } catch {
      // exiting anyway: a lock left behind is taken over as stale by the next run
    }
  }
}

interface LockHolder {
  pid: number;
  host: string;
}

function createLock(lock: string, path: string, warn: (line: string) => void, owner: OutFileProcess): void {
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = openSync(lock, 'wx', 0o644);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw new OptionError(`cannot write --out ${path}: cannot create ${lock}: ${(error as Error).message}`);
      const holder = readLock(lock);
      const stale = attempt === 0 ? staleness(lock, holder, owner) : undefined;
      if (stale !== undefined) {
        warn(`warning: taking over ${lock}: ${stale}.`);
        try {
          unlinkSync(lock);
        } catch {
          // removed meanwhile: the next attempt creates it or meets the new owner's
        }
        continue;
      }
      const named = holder === undefined ? '' : ` (process ${holder.pid}${holder.host === owner.host ? '' : ` on ${holder.host}`})`;
      throw new OptionError(
        `--out ${path} is being written by another tidb-lab${named}: ` +
          `wait for it to end or choose another file (if no tidb-lab is running, remove ${lock}).`,
      );
    }
    try {
      writeSync(fd, `${owner.pid} ${owner.host}\n`);
    } finally {
      closeSync(fd);
    }
    return;
  }
}

/** Why the lock is stale (see the file comment), or undefined while its holder may still run. */
function staleness(lock: string, holder: LockHolder | undefined, owner: OutFileProcess): string | undefined {
  let ageMs: number;
  try {
    ageMs = Date.now() - statSync(lock).mtimeMs;
  } catch {
    return undefined; // removed meanwhile: the next attempt meets whoever comes next
  }
  if (holder === undefined) return ageMs > LOCK_CREATION_MS ? 'it names no process' : undefined;
  const who = `process ${holder.pid}${holder.host === owner.host ? '' : ` on ${holder.host}`}`;
  if (holder.host === owner.host && !owner.isAlive(holder.pid)) return `${who} that created it is not running`;
  if (ageMs > LOCK_STALE_MS) return `${who} has not touched it for ${Math.round(ageMs / 60_000)} minutes`;
  return undefined;
}

function readLock(lock: string): LockHolder | undefined {
  try {
    const match = /^(\d+) (\S+)$/.exec(readFileSync(lock, 'utf8').trim());
    return match ? { pid: Number(match[1]), host: match[2] } : undefined;
  } catch {
    return undefined;
  }
}
