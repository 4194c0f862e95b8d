// A playground process and how to end it. TiUP forwards SIGTERM to the playground (pkg/exec/run.go),
// which stops its instances and exits (components/playground/main.go); its instances die with it
// (Pdeathsig, instance/proc_attr_linux.go). After a grace period the process group is killed.
import { isProcessAlive } from './runningPlaygrounds';

export interface StopOptions {
  /** how long to wait after SIGTERM before SIGKILL; default 60 s (TiFlash and TiKV take a while) */
  graceMs?: number;
  pollMs?: number;
}

/** Sends SIGTERM, waits for `hasExited`, then kills. Resolves once the process is gone. */
export async function terminateProcess(
  pid: number,
  hasExited: () => boolean,
  options: StopOptions & { processGroup?: boolean } = {},
): Promise<void> {
  const graceMs = options.graceMs ?? 60_000;
  const pollMs = options.pollMs ?? 100;
  if (hasExited()) return;
  signal(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (!hasExited() && Date.now() < deadline) await delay(pollMs);
  if (hasExited()) return;
  if (options.processGroup) signal(-pid, 'SIGKILL');
  signal(pid, 'SIGKILL');
  const killDeadline = Date.now() + 5_000;
  while (!hasExited() && Date.now() < killDeadline) await delay(pollMs);
}

/** Stops a playground this process did not start (from a terminal, or an earlier window), by its pid. */
export function stopPlaygroundByPid(pid: number, options: StopOptions = {}): Promise<void> {
  return terminateProcess(pid, () => !isProcessAlive(pid), options);
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * What a closing window does with the playground it started: SIGTERM, unless the user chose to keep
 * it running (nothing can be awaited while a window closes; the detached playground stops its
 * instances on its own). Says whether the playground was signalled.
 */
export function endPlaygroundOnWindowClose(playground: { pid: number; isRunning: boolean }, keepAfterClose: boolean): boolean {
  if (keepAfterClose || !playground.isRunning) return false;
  signal(playground.pid, 'SIGTERM');
  return true;
}
