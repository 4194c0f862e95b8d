// Adds up what the workers report: per-thread counters (cumulative, for the summary and sysbench's
// "Threads fairness"), and latencies per report interval and for the whole run.
import type { ResultInterval } from '../../results/benchmarkResult';
import { LatencyRecorder } from '../latencyHistogram';
import {
  COUNTER_ERRORS,
  COUNTER_EVENTS,
  COUNTER_OTHERS,
  COUNTER_READS,
  COUNTER_RECONNECTS,
  COUNTER_WRITES,
} from '../workers/threadSession';
import { COUNTER_LATENCY_SUM, THREAD_SLOTS } from '../workers/workerRun';
import type { WorkerSnapshot } from '../workers/workerMessages';

export interface CounterTotals {
  events: number;
  reads: number;
  writes: number;
  others: number;
  errors: number;
  reconnects: number;
}

export interface IntervalReport {
  interval: ResultInterval;
  /** latency at --percentile in this interval (what sysbench's report line shows) */
  latencyPercentileMs: number | null;
  queueLength: number;
  concurrency: number;
}

export class RunStatistics {
  /** cumulative per thread (global thread ids), THREAD_SLOTS each */
  readonly threadTotals: Float64Array;
  readonly cumulative = new LatencyRecorder();
  /** ignored errors of the whole run by code */
  readonly errorCodes = new Map<number, number>();
  private readonly interval = new LatencyRecorder();
  private intervalCounters: CounterTotals = zeroTotals();
  private queueLength = 0;
  private concurrency = 0;
  private threadsRunning: number;

  constructor(
    readonly threads: number,
    private readonly threadIdsByWorker: number[][],
    private readonly percentile: number,
  ) {
    this.threadTotals = new Float64Array(threads * THREAD_SLOTS);
    this.threadsRunning = threads;
  }

  add(worker: number, snapshot: WorkerSnapshot): void {
    const ids = this.threadIdsByWorker[worker];
    const counters = snapshot.counters;
    for (let local = 0; local < ids.length && (local + 1) * THREAD_SLOTS <= counters.length; local++) {
      const from = local * THREAD_SLOTS;
      const to = ids[local] * THREAD_SLOTS;
      for (let slot = 0; slot < THREAD_SLOTS; slot++) this.threadTotals[to + slot] += counters[from + slot];
      const c = this.intervalCounters;
      c.events += counters[from + COUNTER_EVENTS];
      c.reads += counters[from + COUNTER_READS];
      c.writes += counters[from + COUNTER_WRITES];
      c.others += counters[from + COUNTER_OTHERS];
      c.errors += counters[from + COUNTER_ERRORS];
      c.reconnects += counters[from + COUNTER_RECONNECTS];
    }
    this.cumulative.add(snapshot.latencies);
    this.interval.add(snapshot.latencies);
    for (const [code, count] of snapshot.errorCodes ?? []) this.errorCodes.set(code, (this.errorCodes.get(code) ?? 0) + count);
  }

  /** Call after adding one snapshot of every running worker (their queue figures are summed). */
  setGauges(queueLength: number, concurrency: number, threadsRunning: number): void {
    this.queueLength = queueLength;
    this.concurrency = concurrency;
    this.threadsRunning = threadsRunning;
  }

  /** The interval that ended at t seconds and lasted seconds; starts the next one. */
  closeInterval(t: number, seconds: number): IntervalReport {
    const c = this.intervalCounters;
    const per = (value: number) => (seconds > 0 ? value / seconds : 0);
    const interval: ResultInterval = {
      t,
      threads: this.threadsRunning,
      tps: per(c.events),
      qps: per(c.reads + c.writes + c.others),
      reads: per(c.reads),
      writes: per(c.writes),
      others: per(c.others),
      errors: per(c.errors),
      reconnects: per(c.reconnects),
      latencyMs: {
        min: this.interval.count > 0 ? this.interval.minMs : null,
        avg: this.interval.count > 0 ? this.interval.sumMs / this.interval.count : null,
        max: this.interval.count > 0 ? this.interval.maxMs : null,
        p50: this.interval.percentileMs(50),
        p90: this.interval.percentileMs(90),
        p95: this.interval.percentileMs(95),
        p99: this.interval.percentileMs(99),
        p999: this.interval.percentileMs(99.9),
      },
    };
    const latencyPercentileMs = this.percentile > 0 ? this.interval.percentileMs(this.percentile) : null;
    this.interval.reset();
    this.intervalCounters = zeroTotals();
    return { interval, latencyPercentileMs, queueLength: this.queueLength, concurrency: this.concurrency };
  }

  /** Forgets everything (the end of --warmup-time). */
  reset(): void {
    this.threadTotals.fill(0);
    this.errorCodes.clear();
    this.cumulative.reset();
    this.interval.reset();
    this.intervalCounters = zeroTotals();
  }

  totals(): CounterTotals {
    const totals = zeroTotals();
    for (let thread = 0; thread < this.threads; thread++) {
      const from = thread * THREAD_SLOTS;
      totals.events += this.threadTotals[from + COUNTER_EVENTS];
      totals.reads += this.threadTotals[from + COUNTER_READS];
      totals.writes += this.threadTotals[from + COUNTER_WRITES];
      totals.others += this.threadTotals[from + COUNTER_OTHERS];
      totals.errors += this.threadTotals[from + COUNTER_ERRORS];
      totals.reconnects += this.threadTotals[from + COUNTER_RECONNECTS];
    }
    return totals;
  }

  /** sysbench's "Threads fairness": events and execution time per thread, average and standard deviation. */
  fairness(): { eventsAvg: number; eventsStddev: number; timeAvgSec: number; timeStddevSec: number } {
    const n = this.threads;
    let events = 0;
    let timeMs = 0;
    for (let thread = 0; thread < n; thread++) {
      events += this.threadTotals[thread * THREAD_SLOTS + COUNTER_EVENTS];
      timeMs += this.threadTotals[thread * THREAD_SLOTS + COUNTER_LATENCY_SUM];
    }
    const eventsAvg = events / n;
    const timeAvgSec = timeMs / 1000 / n;
    let eventsVariance = 0;
    let timeVariance = 0;
    for (let thread = 0; thread < n; thread++) {
      const e = this.threadTotals[thread * THREAD_SLOTS + COUNTER_EVENTS] - eventsAvg;
      const t = this.threadTotals[thread * THREAD_SLOTS + COUNTER_LATENCY_SUM] / 1000 - timeAvgSec;
      eventsVariance += e * e;
      timeVariance += t * t;
    }
    return { eventsAvg, eventsStddev: Math.sqrt(eventsVariance / n), timeAvgSec, timeStddevSec: Math.sqrt(timeVariance / n) };
  }
}

function zeroTotals(): CounterTotals {
  return { events: 0, reads: 0, writes: 0, others: 0, errors: 0, reconnects: 0 };
}
