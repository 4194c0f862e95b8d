// The scheduler figures of every thread of this process, from Linux's /proc/self/task/*/schedstat:
// how long each ran on a core and how long it waited in a run queue for one (runnable, but another
// task had the core; field 2, ns). Of the time the client's threads wanted a core, the share they
// waited for it (waitShare) is what a busy loop on the client's cores takes from it: near 0 on an
// idle machine, high when another process holds its cores (and, for a light client, on any busy
// machine: each wake-up waits for a core; clientBound.ts weighs it beside how often it was ready).
// Read by the coordinating thread once per report interval, never per statement.
import { readdirSync, readFileSync } from 'node:fs';
import type { ThreadSchedStat } from './threadSchedStats';

/** Per thread id, since each thread started. */
export type ProcessSchedStats = ReadonlyMap<string, ThreadSchedStat>;

const TASKS = '/proc/self/task';

/** Every live thread's figures; undefined where the system has no schedstat (not Linux). */
export function readProcessSchedStats(tasksDir = TASKS): ProcessSchedStats | undefined {
  let tids: string[];
  try {
    tids = readdirSync(tasksDir);
  } catch {
    return undefined;
  }
  const stats = new Map<string, ThreadSchedStat>();
  for (const tid of tids) {
    let text: string;
    try {
      text = readFileSync(`${tasksDir}/${tid}/schedstat`, 'utf8');
    } catch {
      continue; // the thread ended between the listing and the read
    }
    const stat = parseSchedStat(text);
    if (stat) stats.set(tid, stat);
  }
  return stats.size > 0 ? stats : undefined;
}

/** "run_ns wait_ns timeslices" */
export function parseSchedStat(text: string): ThreadSchedStat | undefined {
  const [run, wait] = text.trim().split(/\s+/).map(Number);
  return Number.isFinite(run) && Number.isFinite(wait) ? { runNs: run, waitNs: wait } : undefined;
}

/**
 * Of the time the process's threads ran or waited to run between two readings, the share they
 * waited, 0 to 1 (0 when none of them wanted a core). A thread that started in between counts
 * from its start; one missing from `to` is left out (ClientMeter keeps ended threads' last figures).
 */
export function waitShare(from: ProcessSchedStats, to: ProcessSchedStats): number {
  let runNs = 0;
  let waitNs = 0;
  for (const [tid, stat] of to) {
    const before = from.get(tid) ?? { runNs: 0, waitNs: 0 };
    runNs += Math.max(0, stat.runNs - before.runNs);
    waitNs += Math.max(0, stat.waitNs - before.waitNs);
  }
  return runNs + waitNs > 0 ? waitNs / (runNs + waitNs) : 0;
}
