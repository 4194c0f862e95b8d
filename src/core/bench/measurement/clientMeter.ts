// The benchmark client's own load, measured by the coordinating thread once per report interval:
// the process's CPU time (process.cpuUsage() counts every thread, the workers too) against the
// cores it may use, the share of the time its threads wanted a core that they waited for one
// (Linux's schedstat of every thread), and the event loops the workers report with their snapshots.
import { availableParallelism } from 'node:os';
import type { ClientLoad, ResultInterval } from '../../results/benchmarkResult';
import { intervalClientLoad, runClientLoad, type ClientMeasure } from '../../results/clientBound';
import { readProcessSchedStats, waitShare, type ProcessSchedStats } from './processSchedStats';
import type { WorkerLoopLoad } from '../workers/workerMessages';

export interface ClientMeterClock {
  /** CPU time of the whole process, microseconds (process.cpuUsage()) */
  cpuMicros(): number;
  /** wall time, milliseconds */
  nowMs(): number;
  /** every thread's run and run-queue wait time; absent (or undefined) where the system does not tell */
  schedStats?(): ProcessSchedStats | undefined;
}

const processClock: ClientMeterClock = {
  cpuMicros: () => {
    const usage = process.cpuUsage();
    return usage.user + usage.system;
  },
  nowMs: () => performance.timeOrigin + performance.now(),
  schedStats: () => readProcessSchedStats(),
};

interface Mark {
  cpuMicros: number;
  ms: number;
  sched?: ProcessSchedStats;
}

export class ClientMeter {
  private runStart: Mark;
  private intervalStart: Mark;
  /** every thread's latest figures, those of threads that have ended too (the workers end before finish) */
  private seenSched: ProcessSchedStats | undefined;

  /** `cores` honours the CPU affinity mask (taskset -c 1 gives 1). */
  constructor(
    private readonly cores = availableParallelism(),
    private readonly clock: ClientMeterClock = processClock,
  ) {
    this.runStart = this.intervalStart = this.mark();
  }

  /** Starts the run's span and the first interval afresh (the start, and the end of --warmup-time). */
  start(): void {
    this.runStart = this.intervalStart = this.mark();
  }

  /** The interval that ends now, from the loads the workers sent with this interval's snapshots. */
  closeInterval(loops: readonly (WorkerLoopLoad | undefined)[]): ClientLoad {
    const now = this.mark();
    const measure = this.measure(
      this.intervalStart,
      now,
      loops.map((loop) => loop && { utilization: loop.utilization, delayP99Ms: loop.delayP99Ms, runnableShare: loop.runnableShare }),
    );
    this.intervalStart = now;
    return intervalClientLoad(measure);
  }

  /** The whole run, from the loads in the workers' last snapshots, judged by its intervals. */
  finish(loops: readonly (WorkerLoopLoad | undefined)[], intervals: readonly ResultInterval[]): ClientLoad {
    const measure = this.measure(
      this.runStart,
      this.mark(),
      loops.map(
        (loop) => loop && { utilization: loop.runUtilization, delayP99Ms: loop.runDelayP99Ms, runnableShare: loop.runRunnableShare },
      ),
    );
    return runClientLoad(measure, intervals);
  }

  private measure(
    from: Mark,
    to: Mark,
    loops: readonly ({ utilization: number; delayP99Ms?: number; runnableShare?: number } | undefined)[],
  ): ClientMeasure {
    const wallMicros = (to.ms - from.ms) * 1000;
    const cpu = wallMicros > 0 ? (to.cpuMicros - from.cpuMicros) / (wallMicros * this.cores) : 0;
    let eventLoopUtilization: number | undefined;
    let eventLoopDelayP99Ms: number | undefined;
    let runnable: number | undefined;
    for (const loop of loops) {
      if (loop === undefined) continue;
      eventLoopUtilization = Math.max(eventLoopUtilization ?? 0, loop.utilization);
      if (loop.delayP99Ms !== undefined) eventLoopDelayP99Ms = Math.max(eventLoopDelayP99Ms ?? 0, loop.delayP99Ms);
      if (loop.runnableShare !== undefined) runnable = Math.max(runnable ?? 0, loop.runnableShare);
    }
    const measure: ClientMeasure = {
      // clock skew between the two readings can put it a hair above 1
      cpuUtilization: round(Math.min(1, Math.max(0, cpu)), 4),
      cores: this.cores,
    };
    if (eventLoopUtilization !== undefined) measure.eventLoopUtilization = round(Math.min(1, eventLoopUtilization), 4);
    if (eventLoopDelayP99Ms !== undefined) measure.eventLoopDelayP99Ms = round(eventLoopDelayP99Ms, 2);
    if (runnable !== undefined) measure.runnableShare = round(Math.min(1, runnable), 4);
    if (from.sched && to.sched) measure.waitShare = round(waitShare(from.sched, to.sched), 4);
    return measure;
  }

  private mark(): Mark {
    const current = this.clock.schedStats?.();
    if (current) this.seenSched = new Map([...(this.seenSched ?? []), ...current]);
    return { cpuMicros: this.clock.cpuMicros(), ms: this.clock.nowMs(), ...(this.seenSched ? { sched: this.seenSched } : {}) };
  }
}

function round(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}
