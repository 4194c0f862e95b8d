// Two or more runs side by side: each metric for every run and its % difference from the first run,
// for the "compare runs" view and its exports. Each run says which engine made its load and which
// connection it ran on, and the comparison warns when those differ between its runs.

import type { RunResult, RunStatus } from './benchmarkResult';
import { countText } from './runNames';
import { isTpccRun, tpccFiguresOf } from './tpccFigures';
import { improvementPercent, percentChange, RESULT_METRICS, type MetricKey, type ResultMetric } from './resultMetrics';
import { runConnection, runEngine } from './runEngine';
import { SINGLE_RUN_NOISE_PCT, withinSingleRunNoise } from './singleRunNoise';

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
  /** what made the load: "built-in", "sysbench 1.0.20", "sysbench 1.0.20 (imported log)" */
  engine: string;
  /** the connection's name with the server's host:port ("local (127.0.0.1:4000)"); null when the run does not say */
  connection: string | null;
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
  /** per run: its change from the first is under the single-run noise band (never the first run's) */
  withinNoise: boolean[];
}

export interface RunComparison {
  runs: ComparedRun[];
  metrics: ComparedMetric[];
  warnings: string[];
  /**
   * Runs carry no spread of their own (a run is one round), so a change under this many percent
   * may be noise; set only when some change is (`withinNoise`), for the note under the table.
   */
  noiseBandPct: number | null;
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
  const engines = differing(runs, (run) => runEngine(run));
  if (engines !== undefined)
    warnings.push(
      `the runs were made by different engines (${engines}): each measures latency in its own way, so part of a difference may be the engine's, not the server's`,
    );
  const connections = differing(runs, (run) => runConnection(run));
  if (connections !== undefined)
    warnings.push(`the runs ran on different connections (${connections}): they may not have measured the same server`);
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
      withinNoise: changePctVsFirst.map((change, index) => index > 0 && withinSingleRunNoise(change)),
    };
  });
  return {
    runs: runs.map((run) => ({
      id: run.id,
      name: runName(run),
      tool: run.source.tool,
      engine: runEngine(run).text,
      connection: runConnection(run)?.text ?? null,
      workload: run.workload,
      threads: typeof run.options.threads === 'number' ? run.options.threads : null,
      status: run.status,
    })),
    metrics,
    warnings,
    noiseBandPct: metrics.some((entry) => entry.withinNoise.includes(true)) ? SINGLE_RUN_NOISE_PCT : null,
  };
}

/**
 * "before: built-in; after, other: sysbench 1.0.20" when the runs fall into more than one group
 * by `keyOf` (runs it says nothing about are left out); undefined when they all agree.
 */
function differing(runs: readonly RunResult[], keyOf: (run: RunResult) => { key: string; text: string } | null): string | undefined {
  const groups = new Map<string, { text: string; names: string[] }>();
  for (const run of runs) {
    const found = keyOf(run);
    if (found === null) continue;
    const group = groups.get(found.key) ?? { text: found.text, names: [] };
    group.names.push(runName(run));
    groups.set(found.key, group);
  }
  if (groups.size < 2) return undefined;
  return [...groups.values()].map((group) => `${group.names.join(', ')}: ${group.text}`).join('; ');
}
