// Two or more runs side by side: each metric for every run and its % difference from the first run,
// for the "compare runs" view and its exports.

import type { RunResult, RunStatus } from './benchmarkResult';
import { countText } from './runNames';
import { isTpccRun, tpccFiguresOf } from './tpccFigures';
import { improvementPercent, percentChange, RESULT_METRICS, type MetricKey, type ResultMetric } from './resultMetrics';

export const DEFAULT_COMPARISON_METRICS: readonly MetricKey[] = ['tps', 'qps', 'avg', 'p95', 'p99', 'max', 'errorsPerSec'];
/** TPC-C runs: go-tpc's numbers first; CH adds QphH */
export const TPCC_COMPARISON_METRICS: readonly MetricKey[] = ['tpmC', 'tpmTotal', 'efficiency', 'avg', 'p95', 'p99', 'max', 'errorsPerSec'];

/** The metrics runs are compared on by default: go-tpc's for TPC-C and CH runs, sysbench's otherwise. */
export function comparisonMetricsFor(runs: readonly RunResult[]): readonly MetricKey[] {
  if (runs.length === 0 || !runs.every((run) => isTpccRun(run))) return DEFAULT_COMPARISON_METRICS;
  return runs.some((run) => tpccFiguresOf(run).queries.length > 0)
    ? [...TPCC_COMPARISON_METRICS.slice(0, 3), 'qphH', ...TPCC_COMPARISON_METRICS.slice(3)]
    : TPCC_COMPARISON_METRICS;
}

export interface ComparedRun {
  id: string;
  name: string;
  tool: string;
  workload: string;
  threads: number | null;
  status: RunStatus;
}

export interface ComparedMetric {
  metric: ResultMetric;
  /** one per run, in the order given */
  values: (number | null)[];
  /** % change from the first run; the first entry is 0 when its value is known */
  changePctVsFirst: (number | null)[];
  /** the same, signed so that positive means better than the first run */
  improvementPctVsFirst: (number | null)[];
}

export interface RunComparison {
  runs: ComparedRun[];
  metrics: ComparedMetric[];
  warnings: string[];
}

/** The run's own name, else "oltp_point_select · 8 threads" (never its id: that means nothing to a reader). */
function runName(run: RunResult): string {
  if (run.name) return run.name;
  return typeof run.options.threads === 'number'
    ? `${run.workload} · ${countText(run.options.threads, 'thread', 'threads')}`
    : run.workload;
}

export function compareRuns(runs: readonly RunResult[], metricKeys: readonly MetricKey[] = comparisonMetricsFor(runs)): RunComparison {
  const warnings: string[] = [];
  if (runs.length < 2) warnings.push(`a comparison needs two runs or more; only ${countText(runs.length, 'run is', 'runs are')} left`);
  const workloads = new Set(runs.map((run) => run.workload));
  if (workloads.size > 1)
    warnings.push(`the runs are of different workloads (${[...workloads].join(', ')}): their numbers measure different things`);
  for (const run of runs) {
    if (run.status !== 'completed') {
      warnings.push(`${runName(run)} ${run.status === 'failed' ? 'failed' : `was ${run.status}`}: its numbers cover only part of the run`);
    }
  }
  const metrics = metricKeys.map((key): ComparedMetric => {
    const metric = RESULT_METRICS[key];
    const values = runs.map((run) => metric.valueOf(run));
    const changePctVsFirst = values.map((value) => percentChange(values[0] ?? null, value));
    return {
      metric,
      values,
      changePctVsFirst,
      improvementPctVsFirst: changePctVsFirst.map((change) => improvementPercent(metric, change)),
    };
  });
  return {
    runs: runs.map((run) => ({
      id: run.id,
      name: runName(run),
      tool: run.source.tool,
      workload: run.workload,
      threads: typeof run.options.threads === 'number' ? run.options.threads : null,
      status: run.status,
    })),
    metrics,
    warnings,
  };
}
