import type { ResultInterval } from '../../core/results/benchmarkResult';

/** An interval a run going on reported (for an experiment: of its current cell). */
export interface ReportedInterval {
  runKey: string;
  interval: ResultInterval;
}
