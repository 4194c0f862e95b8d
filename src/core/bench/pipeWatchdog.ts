// A tiny shell in a session of its own that reads a pipe from this process: when this process
// ends however it ends (SIGKILL too), the pipe reaches end of file and the shell's script does its
// clean-up; a run that ends normally says "done" first and the shell just leaves.
import { spawn, type ChildProcess } from 'node:child_process';

export interface PipeWatchdog {
  release(): void;
  /** the watchdog's own pid (tests) */
  pid?: number;
}

/** Starts `/bin/sh -c script name ...args`; release() tells it the run ended normally. */
export function spawnPipeWatchdog(script: string, name: string, args: readonly string[]): PipeWatchdog {
  let watchdog: ChildProcess;
  try {
    watchdog = spawn('/bin/sh', ['-c', script, name, ...args], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  } catch {
    return { release: () => undefined };
  }
  watchdog.on('error', () => undefined);
  watchdog.stdin?.on('error', () => undefined);
  watchdog.unref();
  let released = false;
  return {
    pid: watchdog.pid,
    release: () => {
      if (released) return;
      released = true;
      watchdog.stdin?.end('done\n');
    },
  };
}
