// The clock of a go-tpc-style run (tpcc, rawsql, and so ch's TP side): a start gate the threads wait
// at, the --time deadline, the abort signal, and an interval report every --interval seconds from
// the counters of the interval going on, which are swapped for fresh ones at each report.
//
//   const clock = new RunClock({ timeSec, intervalSec, signal }, () => new Counters(), report);
//   threads: await clock.started; while (clock.running() && ...) record into clock.current (and a total)
//   runner:  clock.start(); await the threads; const { endMs, durationSec } = clock.finish(hasCounts);
//            finally clock.dispose();
import type { ResultInterval } from '../../results/benchmarkResult';

export interface RunClockSettings {
  /** seconds, 0: no time limit */
  timeSec: number;
  /** seconds between interval reports, 0: none */
  intervalSec: number;
  signal?: AbortSignal;
}

/** Builds the interval of `taken` (counted over `seconds`, ending `t` seconds into the run) and reports it. */
export type IntervalReporter<Counters> = (taken: Counters, t: number, seconds: number) => ResultInterval;

export class RunClock<Counters> {
  readonly intervals: ResultInterval[] = [];
  /** the counters of the interval going on */
  current: Counters;
  startMs = 0;
  /** set by the abort signal, or by the runner when the run cannot go on */
  stopped = false;
  /** resolves when the threads may go (start()) or the run is stopped */
  readonly started: Promise<void>;
  private deadlineMs = Number.POSITIVE_INFINITY;
  private lastMs = 0;
  private timer: NodeJS.Timeout | undefined;
  private releaseStart: () => void = () => undefined;
  private readonly onAbort = () => this.stop();

  constructor(
    private readonly settings: RunClockSettings,
    private readonly fresh: () => Counters,
    private readonly report: IntervalReporter<Counters>,
  ) {
    this.current = fresh();
    this.started = new Promise<void>((resolve) => (this.releaseStart = resolve));
    settings.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Whether the threads should go on: not stopped, not past --time. */
  running(): boolean {
    return !this.stopped && Date.now() < this.deadlineMs;
  }

  stop(): void {
    this.stopped = true;
    this.releaseStart();
  }

  /** Starts the run now: the deadline, the interval ticks, and the gate opens. */
  start(): void {
    this.startMs = Date.now();
    this.lastMs = this.startMs;
    if (this.settings.timeSec > 0) this.deadlineMs = this.startMs + this.settings.timeSec * 1000;
    if (this.settings.intervalSec > 0) this.tick();
    this.releaseStart();
  }

  /**
   * Ends the run after the threads have finished. What was counted after the last tick becomes an
   * interval of its own unless it is a sliver (the threads finishing just after the tick due at
   * --time), whose rate would be noise; the summary has it anyway.
   */
  finish(counted: (counters: Counters) => boolean): { endMs: number; durationSec: number } {
    clearTimeout(this.timer);
    const endMs = Date.now();
    const { intervalSec } = this.settings;
    if (intervalSec > 0 && counted(this.current) && (this.intervals.length === 0 || endMs - this.lastMs >= intervalSec * 500))
      this.closeInterval(endMs);
    return { endMs, durationSec: (endMs - this.startMs) / 1000 };
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.settings.signal?.removeEventListener('abort', this.onAbort);
  }

  private tick(): void {
    const next = this.startMs + (this.intervals.length + 1) * this.settings.intervalSec * 1000;
    this.timer = setTimeout(
      () => {
        this.closeInterval(Date.now());
        this.tick();
      },
      Math.max(0, next - Date.now()),
    );
  }

  private closeInterval(nowMs: number): void {
    const seconds = (nowMs - this.lastMs) / 1000;
    const taken = this.current;
    this.current = this.fresh();
    this.lastMs = nowMs;
    this.intervals.push(this.report(taken, (nowMs - this.startMs) / 1000, seconds));
  }
}
