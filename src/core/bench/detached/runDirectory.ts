// The files of a detached run, in a directory of its own under the runs folder:
//   run.json     what runs (no password) and what the starter shows, written once
//   pid          the run's process id
//   events.jsonl what happened, one JSON object a line, appended only
//   result.json  how it ended, written atomically (temporary file, then rename)
//   owner        the process id of the editor window that follows it (shows its live tab)
//   collected    created (exclusively) by the one window that stores the result
// Every reader tolerates a half-written last line of events.jsonl: it is read on the next pass.
import { appendFileSync, closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileWhole } from '../../results/writeFileWhole';
import type { DetachedRunEvent, DetachedRunMeta, DetachedRunOutcome } from './runEvents';

export const RUN_FILES = {
  meta: 'run.json',
  pid: 'pid',
  events: 'events.jsonl',
  result: 'result.json',
  owner: 'owner',
  collected: 'collected',
  log: 'runner.log',
} as const;

/** Writes a file so a reader sees either nothing or all of it (private to the user). */
function writeFileAtomic(path: string, text: string): void {
  writeFileWhole(path, text, { mode: 0o600 });
}

export async function createRunDirectory(runsFolder: string, meta: DetachedRunMeta): Promise<string> {
  const directory = join(runsFolder, meta.runKey);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  writeFileAtomic(join(directory, RUN_FILES.meta), JSON.stringify(meta));
  return directory;
}

export function readMeta(directory: string): DetachedRunMeta | undefined {
  const parsed = readJson(join(directory, RUN_FILES.meta)) as DetachedRunMeta | undefined;
  return parsed && typeof parsed.runKey === 'string' && typeof parsed.spec === 'object' ? parsed : undefined;
}

export function appendEvent(directory: string, event: DetachedRunEvent): void {
  appendFileSync(join(directory, RUN_FILES.events), `${JSON.stringify(event)}\n`, { mode: 0o600 });
}

/** The events after byte `offset`, and where the next read starts (after the last complete line). */
export function readEvents(directory: string, offset: number): { events: DetachedRunEvent[]; offset: number } {
  const path = join(directory, RUN_FILES.events);
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return { events: [], offset };
  }
  if (size <= offset) return { events: [], offset };
  const buffer = Buffer.alloc(size - offset);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  const lastNewline = buffer.lastIndexOf(0x0a);
  if (lastNewline < 0) return { events: [], offset };
  const events: DetachedRunEvent[] = [];
  for (const line of buffer.subarray(0, lastNewline).toString('utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      events.push(JSON.parse(line) as DetachedRunEvent);
    } catch {
      // a line that is not JSON is skipped, not fatal
    }
  }
  return { events, offset: offset + lastNewline + 1 };
}

export function writeOutcome(directory: string, outcome: DetachedRunOutcome): void {
  writeFileAtomic(join(directory, RUN_FILES.result), JSON.stringify(outcome));
}

export function readOutcome(directory: string): DetachedRunOutcome | undefined {
  const parsed = readJson(join(directory, RUN_FILES.result)) as DetachedRunOutcome | undefined;
  return parsed && (parsed.kind === 'result' || parsed.kind === 'error') ? parsed : undefined;
}

export function writePid(directory: string, pid: number): void {
  writeFileAtomic(join(directory, RUN_FILES.pid), String(pid));
}

export function readPid(directory: string): number | undefined {
  return readNumber(join(directory, RUN_FILES.pid));
}

export function writeOwner(directory: string, pid: number): void {
  writeFileAtomic(join(directory, RUN_FILES.owner), String(pid));
}

export function readOwner(directory: string): number | undefined {
  return readNumber(join(directory, RUN_FILES.owner));
}

/** True for the one caller that gets to store the result; false when another already did. */
export function claimCollection(directory: string): boolean {
  try {
    closeSync(openSync(join(directory, RUN_FILES.collected), 'wx'));
    return true;
  } catch {
    return false;
  }
}

export function isCollected(directory: string): boolean {
  try {
    statSync(join(directory, RUN_FILES.collected));
    return true;
  } catch {
    return false;
  }
}

/** The run directories in the runs folder (none when it does not exist). */
export function listRunDirectories(runsFolder: string): string[] {
  try {
    return readdirSync(runsFolder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(runsFolder, entry.name));
  } catch {
    return [];
  }
}

export async function removeRunDirectory(directory: string): Promise<void> {
  await rm(directory, { recursive: true, force: true });
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function readNumber(path: string): number | undefined {
  try {
    const value = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}
