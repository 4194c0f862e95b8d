// The processes behind a code-server window's benchmarks, found in /proc: the runners TiDB Lab
// starts (one per run, detached from the window) and the extension hosts that follow them.
import { readdirSync, readFileSync } from 'node:fs';
import { descendantPids } from './processTree';
import { until } from './waiting';

/** The benchmark processes TiDB Lab started for this code-server (their command line names its storage). */
export function runnerProcesses(userDataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes('benchRunner.js') && cmdline.includes(userDataDir)) pids.push(Number(entry));
    } catch {
      // the process went while we looked
    }
  }
  return pids;
}

/** Waits until none of this code-server's benchmark processes is left (`what` names the wait when it fails). */
export async function untilRunnersEnd(userDataDir: string, what: string, timeoutMs?: number): Promise<void> {
  await until(
    async () => runnerProcesses(userDataDir).length,
    (count) => count === 0,
    what,
    timeoutMs,
  );
}

/** code-server's extension hosts (bootstrap-fork --type=extensionHost), one per open window: they start and follow the runs. */
export function extensionHosts(serverPid: number): number[] {
  return descendantPids(serverPid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=extensionHost');
    } catch {
      return false;
    }
  });
}
