// `tidb-lab bench merge`: the results of one workload run at the same time on several load
// machines, as one result. Latencies come from the runs' HDR histograms merged exactly (so the
// percentiles are those of every event of every machine), counts are summed, rates (tps, qps) are
// the sum of each machine's, intervals are summed by wall-clock time (mergeIntervals.ts), error
// codes summed, and the runs are listed in `mergedFrom`. TPC-C runs get their tpcc summary merged
// (mergeTpcc.ts: counts and tpmC summed, each transaction's latencies from its merged histograms).
// Runs of different workloads or options are refused, as are runs without HDR data (sysbench's
// runs, older results, imports).
import { randomUUID } from 'node:crypto';
import { LatencyRecorder } from '../bench/latencyHistogram';
import { TOOL_VERSION } from '../toolVersion';
import {
  RESULT_SCHEMA_VERSION,
  type HdrLatencies,
  type MergedSource,
  type ResultSummary,
  type RunResult,
  type RunStatus,
} from './benchmarkResult';
import { intervalLength, mergeIntervals } from './mergeIntervals';
import { mergeTpccSummaries } from './mergeTpcc';

export class MergeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MergeError';
  }
}

export interface MergeInput {
  result: RunResult;
  /** where it was read from, for messages and the sources list */
  file: string;
}

/** Options that may differ between machines: where each one connected, and what its query files were called there. */
const PER_MACHINE_OPTIONS = new Set(['mysql_host', 'mysql_port', 'mysql_socket', 'query_files']);

function comparableOptions(run: RunResult): Map<string, string> {
  return new Map(
    Object.entries(run.options)
      .filter(([key]) => !PER_MACHINE_OPTIONS.has(key.replace(/-/g, '_')))
      .map(([key, value]) => [key.replace(/-/g, '_'), String(value)]),
  );
}

function checkSameRun(inputs: readonly MergeInput[]): void {
  const [first, ...others] = inputs;
  const options = comparableOptions(first.result);
  for (const other of others) {
    if (other.result.workload !== first.result.workload)
      throw new MergeError(
        `${other.file} ran workload '${other.result.workload}', ${first.file} ran '${first.result.workload}': merge only runs of the same workload`,
      );
    const theirs = comparableOptions(other.result);
    const differences: string[] = [];
    for (const key of new Set([...options.keys(), ...theirs.keys()])) {
      if (options.get(key) !== theirs.get(key))
        differences.push(`${key}: ${options.get(key) ?? '(not set)'} in ${first.file}, ${theirs.get(key) ?? '(not set)'} in ${other.file}`);
    }
    if (differences.length > 0)
      throw new MergeError(`the runs were made with different options, so they are not one benchmark: ${differences.join('; ')}`);
  }
  for (const input of inputs) {
    if (input.result.latencyHdr === undefined)
      throw new MergeError(
        `${input.file} has no HDR latency data (made by sysbench, imported from a log, or by an older TiDB Lab): its percentiles cannot be merged exactly; run it with TiDB Lab's built-in engine (--engine=builtin) or rawsql`,
      );
  }
}

function mergedLatencies(parts: ReadonlyArray<HdrLatencies | undefined>): LatencyRecorder {
  const recorder = new LatencyRecorder();
  for (const part of parts) if (part !== undefined && part.count > 0) recorder.add(part);
  return recorder;
}

function worstStatus(statuses: readonly RunStatus[]): RunStatus {
  if (statuses.includes('failed')) return 'failed';
  if (statuses.includes('cancelled')) return 'cancelled';
  return 'completed';
}

/** Labels every run agrees on (experiment labels), and for rawsql each query's numbers again from the merged histograms. */
function mergedLabels(runs: readonly RunResult[], durationSec: number): Record<string, string | number> | undefined {
  const labels: Record<string, string | number> = {};
  const first = runs[0].labels ?? {};
  for (const [key, value] of Object.entries(first)) if (runs.every((run) => run.labels?.[key] === value)) labels[key] = value;
  const names = new Set(runs.flatMap((run) => Object.keys(run.operationHdr ?? {})));
  for (const name of names) {
    const recorder = mergedLatencies(runs.map((run) => run.operationHdr?.[name]));
    if (recorder.count === 0) continue;
    const summary = recorder.summary();
    labels[`${name}.takes_s`] = durationSec;
    labels[`${name}.count`] = recorder.count;
    labels[`${name}.tpm`] = runs.reduce((sum, run) => sum + Number(run.labels?.[`${name}.tpm`] ?? 0), 0);
    labels[`${name}.sum_ms`] = recorder.sumMs;
    labels[`${name}.avg_ms`] = summary.avg ?? 0;
    labels[`${name}.p50_ms`] = summary.p50 ?? 0;
    labels[`${name}.p90_ms`] = summary.p90 ?? 0;
    labels[`${name}.p95_ms`] = summary.p95 ?? 0;
    labels[`${name}.p99_ms`] = summary.p99 ?? 0;
    labels[`${name}.p999_ms`] = summary.p999 ?? 0;
    labels[`${name}.max_ms`] = summary.max ?? 0;
  }
  return Object.keys(labels).length > 0 ? labels : undefined;
}

export function mergeRuns(inputs: readonly MergeInput[]): RunResult {
  if (inputs.length < 2) throw new MergeError('give two or more results to merge');
  checkSameRun(inputs);
  const runs = inputs.map((input) => input.result);
  const first = runs[0];
  const lengthSec = intervalLength(first) ?? Number(first.options.report_interval ?? first.options.interval ?? 1);
  const { baseMs, intervals } = mergeIntervals(runs, lengthSec > 0 ? lengthSec : 1);
  const endMs = Math.max(...runs.map((run) => Date.parse(run.startTime) + run.durationSec * 1000));
  const durationSec = (endMs - baseMs) / 1000;
  const latency = mergedLatencies(runs.map((run) => run.latencyHdr));
  const sum = (pick: (summary: ResultSummary) => number | undefined) => runs.reduce((total, run) => total + (pick(run.summary) ?? 0), 0);
  const errorCodes: Record<string, number> = {};
  for (const run of runs)
    for (const [code, count] of Object.entries(run.summary.errorCodes ?? {})) errorCodes[code] = (errorCodes[code] ?? 0) + count;
  const summary: ResultSummary = {
    events: sum((s) => s.events),
    queries: sum((s) => s.queries),
    reads: sum((s) => s.reads),
    writes: sum((s) => s.writes),
    others: sum((s) => s.others),
    tps: sum((s) => s.tps),
    qps: sum((s) => s.qps),
    errors: sum((s) => s.errors),
    reconnects: sum((s) => s.reconnects),
    ...(Object.keys(errorCodes).length > 0 ? { errorCodes } : {}),
    latencyMs: latency.summary(),
  };
  if (runs.some((run) => run.summary.rowsPerSec !== undefined)) summary.rowsPerSec = sum((s) => s.rowsPerSec);
  if (runs.some((run) => run.summary.mbPerSec !== undefined)) summary.mbPerSec = sum((s) => s.mbPerSec);
  const sources: MergedSource[] = inputs.map(({ result, file }) => ({
    id: result.id,
    file,
    startTime: result.startTime,
    durationSec: result.durationSec,
    events: result.summary.events,
    qps: result.summary.qps,
    status: result.status,
    ...(result.client ? { clientBound: result.client.bound } : {}),
  }));
  const status = worstStatus(runs.map((run) => run.status));
  const problems = inputs
    .filter(({ result }) => result.status !== 'completed')
    .map(({ result, file }) => `${file}: ${result.status}${result.message ? ` (${result.message})` : ''}`);
  const operationHdr: Record<string, HdrLatencies> = {};
  for (const name of new Set(runs.flatMap((run) => Object.keys(run.operationHdr ?? {}))))
    operationHdr[name] = mergedLatencies(runs.map((run) => run.operationHdr?.[name])).exact();
  const tpcc = mergeTpccSummaries(runs, operationHdr, durationSec);
  const labels = tpcc ? { ...mergedLabels(runs, durationSec), ...tpcc.labels } : mergedLabels(runs, durationSec);
  const threads = runs.reduce((total, run) => total + (typeof run.options.threads === 'number' ? run.options.threads : 0), 0);
  return {
    kind: 'run',
    schemaVersion: RESULT_SCHEMA_VERSION,
    id: randomUUID(),
    name: `${first.workload} · ${runs.length} machines${threads > 0 ? ` · ${threads} threads in all` : ''}`,
    source: { tool: 'tidb-lab', toolVersion: TOOL_VERSION, ...(first.source.engine ? { engine: first.source.engine } : {}) },
    workload: first.workload,
    options: { ...first.options, machines: runs.length },
    ...(first.connection !== undefined ? { connection: first.connection } : {}),
    // the server as the first run saw it; each machine's server statistics counted every machine's statements, so none is kept
    ...(first.server ? { server: { ...first.server, activity: undefined } } : {}),
    startTime: new Date(baseMs).toISOString(),
    durationSec,
    intervals,
    summary,
    histogram: latency.buckets(),
    latencyHdr: latency.exact(),
    ...(Object.keys(operationHdr).length > 0 ? { operationHdr } : {}),
    ...(tpcc ? { tpcc: tpcc.tpcc } : {}),
    mergedFrom: sources,
    status,
    ...(problems.length > 0 ? { message: `Not every run completed: ${problems.join('; ')}` } : {}),
    ...(labels ? { labels } : {}),
  };
}
