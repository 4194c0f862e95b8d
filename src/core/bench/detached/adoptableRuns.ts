// The runs an editor window should take over when it starts (or notices the window that followed
// them is gone): those not yet stored, whose following window is not alive. Each says whether it
// is still running, has finished (its result waits to be stored), or died without a result.
import { isProcessAlive, isRunProcessAlive } from './processes';
import { isCollected, listRunDirectories, readMeta, readOutcome, readOwner, readPid } from './runDirectory';
import type { DetachedRunMeta } from './runEvents';

export interface AdoptableRun {
  directory: string;
  meta: DetachedRunMeta;
  state: 'running' | 'finished' | 'died';
}

/** `self`: this window's process id; runs it follows already are left out. */
export function findAdoptableRuns(runsFolder: string, self: number): AdoptableRun[] {
  const runs: AdoptableRun[] = [];
  for (const directory of listRunDirectories(runsFolder)) {
    if (isCollected(directory)) continue;
    const meta = readMeta(directory);
    if (!meta) continue;
    const owner = readOwner(directory);
    if (owner === self || (owner !== undefined && isProcessAlive(owner))) continue;
    const pid = readPid(directory);
    const state = readOutcome(directory)
      ? 'finished'
      : isRunProcessAlive(pid, directory)
        ? 'running'
        : pid === undefined
          ? undefined
          : 'died';
    if (state) runs.push({ directory, meta, state });
  }
  return runs;
}

/**
 * A run still going on, by its key, whichever window follows it: a window whose live tab of the run
 * came back (its browser tab was closed and opened again) takes it over from the closed tab's window.
 */
export function findRunningRun(runsFolder: string, runKey: string): AdoptableRun | undefined {
  for (const directory of listRunDirectories(runsFolder)) {
    const meta = readMeta(directory);
    if (meta?.runKey !== runKey) continue;
    if (isCollected(directory) || readOutcome(directory) || !isRunProcessAlive(readPid(directory), directory)) return undefined;
    return { directory, meta, state: 'running' };
  }
  return undefined;
}
