// The calling thread's scheduler figures from Linux's /proc/thread-self/schedstat: the time it ran
// and the time it waited in a run queue (runnable, but another task had the core). A worker that ran
// or waited to run all the time never waited for the network: it was the bottleneck, even when a
// busy machine gave it little CPU. Read once per report interval.
import { readFileSync } from 'node:fs';

export interface ThreadSchedStat {
  runNs: number;
  waitNs: number;
}

/** This thread's figures; undefined where the system has no schedstat (not Linux). */
export function readOwnSchedStat(): ThreadSchedStat | undefined {
  try {
    const [run, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').trim().split(/\s+/).map(Number);
    return Number.isFinite(run) && Number.isFinite(wait) ? { runNs: run, waitNs: wait } : undefined;
  } catch {
    return undefined;
  }
}

/** The share of a span of wallMs the thread spent running or waiting to run, 0 to 1. */
export function runnableShare(from: ThreadSchedStat, to: ThreadSchedStat, wallMs: number): number {
  if (wallMs <= 0) return 0;
  return Math.min(1, Math.max(0, (to.runNs - from.runNs + to.waitNs - from.waitNs) / (wallMs * 1e6)));
}

/** The share of a span of wallMs the thread spent running on a core, 0 to 1. */
export function runningShare(from: ThreadSchedStat, to: ThreadSchedStat, wallMs: number): number {
  if (wallMs <= 0) return 0;
  return Math.min(1, Math.max(0, (to.runNs - from.runNs) / (wallMs * 1e6)));
}
