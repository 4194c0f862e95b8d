// How busy one worker_thread's event loop is: its utilization (time not spent waiting for the
// network) and its delay (how late a timer fires), since the last sample and since the run began.
// Read once per report interval, never per statement.
import { monitorEventLoopDelay, performance, type EventLoopUtilization, type IntervalHistogram } from 'node:perf_hooks';
import { readOwnSchedStat, runnableShare, runningShare, type ThreadSchedStat } from './threadSchedStats';
import type { WorkerLoopLoad } from '../workers/workerMessages';

/** The delay monitor's timer period; it records the time between its ticks, this included. */
const RESOLUTION_MS = 10;

export class EventLoopLoad {
  /**
   * The worker's threads wait for answers blocked in read(2), inside JavaScript: its event loop
   * always looks busy, so busy means the time the thread ran on a core (schedstat) instead.
   */
  readsBlock = false;
  // Histograms cannot be subtracted or added to (ELD histograms), so one per span.
  private readonly intervalDelay: IntervalHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private readonly runDelay: IntervalHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private intervalStart: EventLoopUtilization | undefined;
  private runStart: EventLoopUtilization | undefined;
  private intervalSched: { stat: ThreadSchedStat; ms: number } | undefined;
  private runSched: { stat: ThreadSchedStat; ms: number } | undefined;

  /** Starts both spans afresh (the run's start, and the end of --warmup-time). */
  start(): void {
    this.intervalDelay.reset();
    this.runDelay.reset();
    this.intervalDelay.enable();
    this.runDelay.enable();
    this.intervalStart = this.runStart = performance.eventLoopUtilization();
    const stat = readOwnSchedStat();
    this.intervalSched = this.runSched = stat && { stat, ms: performance.now() };
  }

  /** The figures since the previous sample and since start(); starts the next interval. */
  sample(): WorkerLoopLoad | undefined {
    if (this.intervalStart === undefined || this.runStart === undefined) return undefined;
    const now = performance.eventLoopUtilization();
    const load: WorkerLoopLoad = {
      utilization: performance.eventLoopUtilization(now, this.intervalStart).utilization,
      runUtilization: performance.eventLoopUtilization(now, this.runStart).utilization,
    };
    // A blocked read holds the loop inside JavaScript: its timers fire late by the server's answer
    // time, which says nothing about the client wanting CPU, so the delay is left unmeasured.
    if (!this.readsBlock) {
      const intervalDelay = delayP99Ms(this.intervalDelay);
      const runDelay = delayP99Ms(this.runDelay);
      if (intervalDelay !== undefined) load.delayP99Ms = intervalDelay;
      if (runDelay !== undefined) load.runDelayP99Ms = runDelay;
    }
    const stat = readOwnSchedStat();
    const nowMs = performance.now();
    if (stat && this.intervalSched && this.runSched) {
      load.runnableShare = runnableShare(this.intervalSched.stat, stat, nowMs - this.intervalSched.ms);
      load.runRunnableShare = runnableShare(this.runSched.stat, stat, nowMs - this.runSched.ms);
      if (this.readsBlock) {
        load.utilization = runningShare(this.intervalSched.stat, stat, nowMs - this.intervalSched.ms);
        load.runUtilization = runningShare(this.runSched.stat, stat, nowMs - this.runSched.ms);
      }
    }
    this.intervalSched = stat && { stat, ms: nowMs };
    this.intervalStart = now;
    this.intervalDelay.reset();
    return load;
  }

  stop(): void {
    this.intervalDelay.disable();
    this.runDelay.disable();
  }
}

/** undefined when the timer never fired in the span: a delay nobody measured */
function delayP99Ms(histogram: IntervalHistogram): number | undefined {
  if (histogram.count === 0) return undefined;
  return Math.max(0, histogram.percentile(99) / 1e6 - RESOLUTION_MS);
}
