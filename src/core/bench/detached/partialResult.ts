// The result of a detached run whose process ended without writing one (killed, out of memory,
// the machine went down): what its events show, marked failed and saying why. A benchmark keeps
// its intervals and a summary made from them; an experiment keeps the cells that finished.
import { randomUUID } from 'node:crypto';
import {
  RESULT_SCHEMA_VERSION,
  type BenchmarkResult,
  type ExperimentCell,
  type ResultInterval,
  type ResultSummary,
} from '../../results/benchmarkResult';
import { redactSecrets } from '../../results/redactSecrets';
import { TOOL_VERSION } from '../../toolVersion';
import { RAWSQL_WORKLOAD } from '../rawsql/runRawsql';
import { TPCC_WORKLOAD } from '../tpcc/runTpcc';
import { CH_WORKLOAD } from '../ch/runCh';
import type { DetachedRunEvent, DetachedRunMeta } from './runEvents';

export const ENDED_WITHOUT_RESULT = 'The benchmark process ended without writing its result; what it reported until then is kept.';

export function partialResult(meta: DetachedRunMeta, events: readonly DetachedRunEvent[], message = ENDED_WITHOUT_RESULT): BenchmarkResult {
  const startTime = meta.createdAt;
  const durationSec = Math.max(0, (Date.now() - Date.parse(startTime)) / 1000);
  const source = { tool: 'tidb-lab', toolVersion: TOOL_VERSION };
  const server = meta.spec.connection.host
    ? { flavor: 'unknown' as const, version: '', host: meta.spec.connection.host, port: meta.spec.connection.port }
    : undefined;
  if (meta.spec.kind === 'experiment') {
    const cells: ExperimentCell[] = events.flatMap((event) => (event.kind === 'cell' ? [event.cell] : []));
    return {
      kind: 'experiment',
      schemaVersion: RESULT_SCHEMA_VERSION,
      id: randomUUID(),
      name: meta.spec.definition.name,
      source,
      server: cells[0]?.run.server ?? server,
      startTime,
      durationSec,
      definition: redactSecrets(meta.spec.definition),
      variants: [...new Set(cells.map((cell) => cell.variant))],
      cells,
      status: 'failed',
      message,
    };
  }
  const intervals: ResultInterval[] = events.flatMap((event) => (event.kind === 'interval' ? [event.interval] : []));
  return {
    kind: 'run',
    schemaVersion: RESULT_SCHEMA_VERSION,
    id: randomUUID(),
    source,
    workload:
      meta.spec.kind === 'rawsql'
        ? RAWSQL_WORKLOAD
        : meta.spec.kind === 'tpcc'
          ? TPCC_WORKLOAD
          : meta.spec.kind === 'ch'
            ? CH_WORKLOAD
            : meta.spec.workload,
    options:
      meta.spec.kind === 'rawsql'
        ? {
            threads: meta.spec.run.threads,
            time: meta.spec.run.timeSec,
            count: meta.spec.run.count,
            query_files: meta.spec.run.queryFiles.join(','),
          }
        : meta.spec.kind === 'tpcc'
          ? {
              warehouses: meta.spec.run.warehouses,
              threads: meta.spec.run.threads,
              time: meta.spec.run.timeSec,
              count: meta.spec.run.count,
            }
          : meta.spec.kind === 'ch'
            ? {
                warehouses: meta.spec.run.tpcc.warehouses,
                threads: meta.spec.run.tpcc.threads,
                time: meta.spec.run.tpcc.timeSec,
                count: meta.spec.run.tpcc.count,
                acThreads: meta.spec.run.acThreads,
                queries: meta.spec.run.queries.join(','),
                ap_conn_params: meta.spec.run.apConnParams ?? '',
              }
            : { ...meta.spec.options },
    server,
    startTime,
    durationSec: intervals.at(-1)?.t ?? 0,
    intervals,
    summary: summaryOfIntervals(intervals),
    status: 'failed',
    message,
  };
}

/** Totals from per-second rates: each interval weighs its own length. Percentiles of the whole run are not known. */
function summaryOfIntervals(intervals: readonly ResultInterval[]): ResultSummary {
  let previous = 0;
  const totals = { events: 0, reads: 0, writes: 0, others: 0, errors: 0, reconnects: 0 };
  let latencySum = 0;
  let latencyWeight = 0;
  let min: number | null = null;
  let max: number | null = null;
  for (const interval of intervals) {
    const seconds = Math.max(0, interval.t - previous);
    previous = interval.t;
    totals.events += interval.tps * seconds;
    totals.reads += interval.reads * seconds;
    totals.writes += interval.writes * seconds;
    totals.others += interval.others * seconds;
    totals.errors += interval.errors * seconds;
    totals.reconnects += interval.reconnects * seconds;
    const latency = interval.latencyMs;
    if (typeof latency.avg === 'number') {
      latencySum += latency.avg * interval.tps * seconds;
      latencyWeight += interval.tps * seconds;
    }
    if (typeof latency.min === 'number') min = min === null ? latency.min : Math.min(min, latency.min);
    if (typeof latency.max === 'number') max = max === null ? latency.max : Math.max(max, latency.max);
  }
  const seconds = previous;
  const queries = totals.reads + totals.writes + totals.others;
  const per = (count: number) => (seconds > 0 ? count / seconds : 0);
  return {
    events: Math.round(totals.events),
    queries: Math.round(queries),
    reads: Math.round(totals.reads),
    writes: Math.round(totals.writes),
    others: Math.round(totals.others),
    tps: per(totals.events),
    qps: per(queries),
    errors: Math.round(totals.errors),
    reconnects: Math.round(totals.reconnects),
    latencyMs: {
      min,
      avg: latencyWeight > 0 ? latencySum / latencyWeight : null,
      max,
      p50: null,
      p90: null,
      p95: null,
      p99: null,
      p999: null,
    },
  };
}
