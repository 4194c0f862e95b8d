// Chart series from report intervals: one {x: seconds, y} point per interval, in the shape
// chart.js draws without parsing (parsing: false), which its decimation plugin needs.
import type { ResultInterval, RunResult } from '../../src/core/results/benchmarkResult';
import { intervalOperationRate, intervalQueryRate, intervalTpmC } from '../../src/core/results/tpccFigures';

export interface Point {
  x: number;
  y: number;
}

export type IntervalValue = (interval: ResultInterval) => number | null | undefined;

export const INTERVAL_VALUES = {
  qps: (interval) => interval.qps,
  tps: (interval) => interval.tps,
  p95: (interval) => interval.latencyMs.p95,
  p99: (interval) => interval.latencyMs.p99,
  avg: (interval) => interval.latencyMs.avg,
  errors: (interval) => interval.errors,
  reconnects: (interval) => interval.reconnects,
  // TPC-C and CH-benCHmark runs that kept their rates by transaction
  tpmC: (interval) => intervalTpmC(interval),
  new_order: (interval) => intervalOperationRate(interval, 'new_order'),
  payment: (interval) => intervalOperationRate(interval, 'payment'),
  order_status: (interval) => intervalOperationRate(interval, 'order_status'),
  delivery: (interval) => intervalOperationRate(interval, 'delivery'),
  stock_level: (interval) => intervalOperationRate(interval, 'stock_level'),
  // CH-benCHmark: the analytical queries' rate beside the transactions'
  analytical: (interval) => intervalQueryRate(interval),
} satisfies Record<string, IntervalValue>;

export type IntervalValueKey = keyof typeof INTERVAL_VALUES;

/** The point of one interval, or undefined when the interval has no such value (e.g. no p99 in a sysbench log). */
export function pointOf(interval: ResultInterval, key: IntervalValueKey): Point | undefined {
  const value = INTERVAL_VALUES[key](interval);
  return typeof value === 'number' && Number.isFinite(value) ? { x: interval.t, y: value } : undefined;
}

/** Points in time order; intervals without the value are left out rather than drawn as 0. */
export function seriesOf(intervals: readonly ResultInterval[], key: IntervalValueKey): Point[] {
  const points: Point[] = [];
  for (const interval of intervals) {
    const point = pointOf(interval, key);
    if (point) points.push(point);
  }
  // Imported logs with several appended runs can restart at 0: keep x increasing for the line.
  return points.every((point, index) => index === 0 || point.x >= points[index - 1].x) ? points : [...points].sort((a, b) => a.x - b.x);
}

/** Which latency lines a run can draw: p95 always when present, p99 and avg when the source has them. */
export function latencyKeys(intervals: readonly ResultInterval[]): IntervalValueKey[] {
  const keys: IntervalValueKey[] = ['p95', 'p99', 'avg'];
  return keys.filter((key) => intervals.some((interval) => pointOf(interval, key) !== undefined));
}

/** Whether the run saw any error or reconnect (then their chart is worth showing). */
export function hasErrorsOrReconnects(intervals: readonly ResultInterval[], run?: Pick<RunResult, 'summary'>): boolean {
  return (
    (run !== undefined && (run.summary.errors > 0 || run.summary.reconnects > 0)) ||
    intervals.some((interval) => interval.errors > 0 || interval.reconnects > 0)
  );
}

/** Seconds as m:ss or h:mm:ss for time axes. */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

const TIME_STEPS_SEC = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 21600, 43200, 86400];

/**
 * A time axis from 0 to exactly `maxSec` (where the run ended: no empty tail to a whole step or to
 * the configured --time of a run cancelled early) with whole-clock ticks (1 s, 5 s, 1 min, ...), at
 * most about `ticks` of them. The end gets no tick of its own (chart.js `includeBounds: false`),
 * so it never crowds the last whole-clock tick.
 */
export function timeAxis(maxSec: number, ticks = 8): { min: number; max: number; stepSize: number } {
  const max = maxSec > 0 ? maxSec : 1;
  const seconds = Math.max(1, Math.ceil(max));
  const stepSize = TIME_STEPS_SEC.find((step) => seconds / step <= ticks) ?? Math.ceil(seconds / ticks / 86400) * 86400;
  return { min: 0, max, stepSize };
}
