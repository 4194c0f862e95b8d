// The intervals of runs made at the same time on several load machines, as one series: each
// interval placed by wall-clock time (its run's start + t) on a grid of the interval length from
// the earliest start, rates summed per grid slot. Latency per interval: min and max exactly,
// avg weighted by each machine's rate; the percentiles of an interval cannot be merged (runs keep
// no per-interval histogram), so they are left out (null).
import type { IntervalLatencyMs, ResultInterval, RunResult } from './benchmarkResult';

const RATES = ['tps', 'qps', 'reads', 'writes', 'others', 'errors', 'reconnects'] as const;

/** The report interval of a run in seconds: the most common step between its intervals. */
export function intervalLength(run: RunResult): number | undefined {
  const steps = new Map<number, number>();
  let previous = 0;
  for (const interval of run.intervals) {
    const step = Math.round((interval.t - previous) * 1000) / 1000;
    previous = interval.t;
    if (step > 0) steps.set(step, (steps.get(step) ?? 0) + 1);
  }
  let best: number | undefined;
  for (const [step, count] of steps) if (best === undefined || count > (steps.get(best) ?? 0)) best = step;
  return best;
}

interface Slot {
  interval: ResultInterval;
  /** rate-weighted sum of the avg latencies, and the weight */
  avgWeighted: number;
  weight: number;
}

export function mergeIntervals(runs: readonly RunResult[], lengthSec: number): { baseMs: number; intervals: ResultInterval[] } {
  const baseMs = Math.min(...runs.map((run) => Date.parse(run.startTime)));
  const slots = new Map<number, Slot>();
  for (const run of runs) {
    const startMs = Date.parse(run.startTime);
    for (const interval of run.intervals) {
      const slot = Math.max(1, Math.round((startMs + interval.t * 1000 - baseMs) / (lengthSec * 1000)));
      let merged = slots.get(slot);
      if (merged === undefined) {
        merged = {
          interval: {
            t: slot * lengthSec,
            threads: 0,
            tps: 0,
            qps: 0,
            reads: 0,
            writes: 0,
            others: 0,
            errors: 0,
            reconnects: 0,
            latencyMs: { min: null, avg: null, max: null, p50: null, p90: null, p95: null, p99: null, p999: null },
          },
          avgWeighted: 0,
          weight: 0,
        };
        slots.set(slot, merged);
      }
      const target = merged.interval;
      target.threads += interval.threads;
      for (const rate of RATES) target[rate] += interval[rate];
      for (const [name, rate] of Object.entries(interval.operations ?? {}))
        target.operations = { ...target.operations, [name]: (target.operations?.[name] ?? 0) + rate };
      const latency: IntervalLatencyMs = interval.latencyMs;
      const into = target.latencyMs;
      if (typeof latency.min === 'number') into.min = into.min == null ? latency.min : Math.min(into.min, latency.min);
      if (typeof latency.max === 'number') into.max = into.max == null ? latency.max : Math.max(into.max, latency.max);
      if (typeof latency.avg === 'number' && interval.tps > 0) {
        merged.avgWeighted += latency.avg * interval.tps;
        merged.weight += interval.tps;
      }
    }
  }
  const intervals = [...slots.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, slot]) => {
      if (slot.weight > 0) slot.interval.latencyMs.avg = slot.avgWeighted / slot.weight;
      return slot.interval;
    });
  return { baseMs, intervals };
}
