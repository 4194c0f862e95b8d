// The process of a detached run: started so it outlives the editor window that started it (its own
// session, no pipe kept open to it), handed the password on its stdin, asked to stop by a signal.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_FILES, writePid } from './runDirectory';
import type { DetachedRunSecret } from './runEvents';

export interface RunnerCommand {
  /** the Node.js executable (in VS Code: the editor's own, with ELECTRON_RUN_AS_NODE) */
  execPath: string;
  /** the runner script (dist/benchRunner.js) */
  script: string;
  env?: NodeJS.ProcessEnv;
}

/** Starts the run of a directory made by createRunDirectory; returns its process id. */
export async function startDetachedRun(command: RunnerCommand, directory: string, secret: DetachedRunSecret): Promise<number> {
  const log = openSync(join(directory, RUN_FILES.log), 'a', 0o600);
  try {
    const child = spawn(command.execPath, [command.script, directory], {
      detached: true,
      stdio: ['pipe', 'ignore', log],
      env: { ...(command.env ?? process.env), ELECTRON_RUN_AS_NODE: '1' },
      windowsHide: true,
    });
    const pid = await new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('spawn', () => resolve(child.pid ?? 0));
    });
    writePid(directory, pid);
    child.stdin?.end(JSON.stringify(secret));
    child.unref();
    return pid;
  } finally {
    closeSync(log);
  }
}

/** The run's process is still there (on Linux: that process id is still this run's, not a reused one). */
export function isRunProcessAlive(pid: number | undefined, directory: string): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (process.platform !== 'linux') return true;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\u0000').includes(directory);
  } catch {
    return false;
  }
}

/** Any process id is still there (the window that followed a run). */
export function isProcessAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Asks the run to stop: it writes what it measured, marked cancelled. */
export function signalRunToStop(pid: number | undefined, directory: string): boolean {
  if (!isRunProcessAlive(pid, directory) || pid === undefined) return false;
  try {
    process.kill(pid, 'SIGTERM');
    return true;
  } catch {
    return false;
  }
}
