// The run's report intervals (sysbench's report thread). At each tick it takes a snapshot of every
// worker still running and adds the last snapshot of every worker that finished since, so the
// interval that ends as the threads stop at the deadline still holds their events. An interval
// names the threads that ran in it, those running when it began: sysbench's threads_running stays
// --threads for the whole run, and its last interval never says "thds: 0".
import type { ClientMeter } from './clientMeter';
import type { IntervalReport, RunStatistics } from './runStatistics';
import type { WorkerLoopLoad, WorkerSnapshot } from '../workers/workerMessages';
import { epochNow } from '../workers/workerRun';

/** What the reporter needs of the worker pool (BenchWorkerPool). */
export interface SnapshotSource {
  readonly allFinished: boolean;
  whenFinished(): Promise<void>;
  /** one snapshot of every worker still running; a worker that finishes meanwhile sends none */
  snapshot(): Promise<Array<{ worker: number; snapshot: WorkerSnapshot }>>;
  /** each worker's 'finished' message, with its last snapshot, by worker index */
  finishedByWorker(): Array<{ snapshot: WorkerSnapshot } | undefined>;
}

export interface IntervalReporterSettings {
  measuredStartMs: number;
  intervalSec: number;
  /** benchmark threads carried by each worker */
  threadsByWorker: readonly number[];
  emit: (report: IntervalReport) => void;
  nowMs?: () => number;
}

export class IntervalReporter {
  /** a finished worker's last snapshot is in the statistics */
  private readonly collected: boolean[];
  /** threads of each worker running when the current interval began */
  private readonly runningAtStart: number[];
  private readonly nowMs: () => number;
  private lastMs: number;
  /** the tick the reporting loop was waiting for when it stopped */
  private nextDueMs = Number.POSITIVE_INFINITY;

  constructor(
    private readonly source: SnapshotSource,
    private readonly statistics: RunStatistics,
    private readonly meter: ClientMeter,
    private readonly settings: IntervalReporterSettings,
  ) {
    this.collected = settings.threadsByWorker.map(() => false);
    this.runningAtStart = [...settings.threadsByWorker];
    this.nowMs = settings.nowMs ?? epochNow;
    this.lastMs = settings.measuredStartMs;
  }

  /** Reports every interval until every worker has finished. */
  async run(): Promise<void> {
    const { measuredStartMs, intervalSec } = this.settings;
    for (let tick = 1; ; tick++) {
      const dueMs = measuredStartMs + tick * intervalSec * 1000;
      this.nextDueMs = dueMs;
      // A timer runs on the event loop's millisecond clock and may fire up to a millisecond before
      // the due time on this one (an interval at 1.99995 s of --time=2): wait out the rest.
      for (let waitMs = dueMs - this.nowMs(); waitMs > 0; waitMs = dueMs - this.nowMs()) {
        if (await this.finishedWithin(waitMs)) return;
      }
      if (this.source.allFinished) return;
      const live = await this.source.snapshot();
      const nowMs = this.nowMs();
      for (const { worker, snapshot } of live) this.statistics.add(worker, snapshot);
      const snapshots = [...live, ...this.collectFinished()];
      if (nowMs < measuredStartMs) {
        this.noteRunning(live);
        continue;
      }
      this.close(nowMs, snapshots);
      this.noteRunning(live);
    }
  }

  /**
   * Once every worker has finished: adds the last snapshots not yet added (they count in the
   * run's totals either way) and closes the interval due by endMs whose tick raced the threads
   * finishing (on a busy machine its timer fires late), so --time N gives N intervals.
   */
  finish(endMs: number, closeDueInterval: boolean): void {
    const finals = this.collectFinished();
    if (closeDueInterval && this.nextDueMs <= endMs && endMs > this.settings.measuredStartMs) this.close(endMs, finals);
  }

  private close(nowMs: number, snapshots: Array<{ worker: number; snapshot: WorkerSnapshot }>): void {
    const { measuredStartMs } = this.settings;
    let queueLength = 0;
    let concurrency = 0;
    for (const { snapshot } of snapshots) {
      queueLength += snapshot.queueLength;
      concurrency += snapshot.concurrency;
    }
    const threads = this.runningAtStart.reduce((sum, count) => sum + count, 0);
    this.statistics.setGauges(queueLength, concurrency, threads);
    const report = this.statistics.closeInterval((nowMs - measuredStartMs) / 1000, (nowMs - Math.max(this.lastMs, measuredStartMs)) / 1000);
    report.interval.client = this.meter.closeInterval(snapshots.map(({ snapshot }): WorkerLoopLoad | undefined => snapshot.loop));
    this.settings.emit(report);
    this.lastMs = nowMs;
  }

  /** Adds the last snapshot of each worker that finished since the previous call. */
  private collectFinished(): Array<{ worker: number; snapshot: WorkerSnapshot }> {
    const added: Array<{ worker: number; snapshot: WorkerSnapshot }> = [];
    this.source.finishedByWorker().forEach((message, worker) => {
      if (!message || this.collected[worker]) return;
      this.collected[worker] = true;
      this.statistics.add(worker, message.snapshot);
      added.push({ worker, snapshot: message.snapshot });
    });
    return added;
  }

  /** After an interval closed: the threads running now begin the next one; a finished worker has none. */
  private noteRunning(live: Array<{ worker: number; snapshot: WorkerSnapshot }>): void {
    for (const { worker, snapshot } of live) this.runningAtStart[worker] = snapshot.threadsRunning;
    this.collected.forEach((finished, worker) => {
      if (finished) this.runningAtStart[worker] = 0;
    });
  }

  private async finishedWithin(waitMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), waitMs);
      }),
      this.source.whenFinished().then(() => true),
    ]);
    clearTimeout(timer);
    return finished;
  }
}
