// What every importer shares when it turns a run found in a log into a RunResult: ids, names,
// the start-time fallback and a summary worked out from the report lines when the log has none.

import { createHash } from 'node:crypto';
import { RESULT_SCHEMA_VERSION, type LatencySummaryMs, type ResultInterval, type ResultSummary, type RunResult } from '../benchmarkResult';

export interface ImportSource {
  fileName?: string;
  /** ISO 8601; taken as the end of the log's last run when the log does not say when its runs started */
  fileModifiedTime?: string;
}

export type RunOptions = RunResult['options'];

const UNKNOWN_START_TIME = new Date(0).toISOString();

export function textFingerprint(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** Ids are stable: importing the same file twice gives the same ids, so a store can tell duplicates. */
export function importedRunId(tool: string, fingerprint: string, runIndex: number): string {
  return `${tool}-${fingerprint}-${runIndex + 1}`;
}

export function importedStartTime(source: ImportSource, fromLog?: string): string {
  for (const candidate of [fromLog, source.fileModifiedTime]) {
    if (candidate === undefined) continue;
    const time = Date.parse(candidate);
    if (!Number.isNaN(time)) return new Date(time).toISOString();
  }
  return UNKNOWN_START_TIME;
}

/**
 * Start times for runs whose log does not give them: the file was last written when its last run
 * ended, so that run started its duration before the modification time, and each earlier run
 * (appended with >>) ended where the next one started. Without a modification time they stay unknown.
 */
export function placeRunsBeforeFileEnd(runs: RunResult[], source: ImportSource): void {
  if (source.fileModifiedTime === undefined) return;
  let endMs = Date.parse(source.fileModifiedTime);
  if (Number.isNaN(endMs)) return;
  for (let index = runs.length - 1; index >= 0; index--) {
    const startMs = endMs - Math.max(0, runs[index].durationSec) * 1000;
    runs[index].startTime = new Date(startMs).toISOString();
    endMs = startMs;
  }
}

export function importedRunName(workload: string, options: RunOptions): string {
  const threads = options.threads;
  if (typeof threads !== 'number') return workload;
  return `${workload}, ${threads} ${threads === 1 ? 'thread' : 'threads'}`;
}

export function emptyLatencySummary(): LatencySummaryMs {
  return { min: null, avg: null, max: null, p50: null, p90: null, p95: null, p99: null, p999: null };
}

export function emptySummary(): ResultSummary {
  return {
    events: 0,
    queries: 0,
    reads: 0,
    writes: 0,
    others: 0,
    tps: 0,
    qps: 0,
    errors: 0,
    reconnects: 0,
    latencyMs: emptyLatencySummary(),
  };
}

/**
 * A summary from the per-interval rates (rate x interval length, summed), for runs whose log ends
 * before the tool printed its own. Latency cannot be recovered from interval percentiles, so it stays null.
 */
export function summaryFromIntervals(intervals: readonly ResultInterval[]): { summary: ResultSummary; durationSec: number } {
  const summary = emptySummary();
  let previousT = 0;
  let events = 0;
  let queries = 0;
  let reads = 0;
  let writes = 0;
  let others = 0;
  let errors = 0;
  let reconnects = 0;
  for (const interval of intervals) {
    const seconds = Math.max(0, interval.t - previousT);
    previousT = interval.t;
    events += interval.tps * seconds;
    queries += interval.qps * seconds;
    reads += interval.reads * seconds;
    writes += interval.writes * seconds;
    others += interval.others * seconds;
    errors += interval.errors * seconds;
    reconnects += interval.reconnects * seconds;
  }
  const durationSec = previousT;
  Object.assign(summary, {
    events: Math.round(events),
    queries: Math.round(queries),
    reads: Math.round(reads),
    writes: Math.round(writes),
    others: Math.round(others),
    errors: Math.round(errors),
    reconnects: Math.round(reconnects),
    tps: durationSec > 0 ? events / durationSec : 0,
    qps: durationSec > 0 ? queries / durationSec : 0,
  });
  return { summary, durationSec };
}

export function newImportedRun(fields: {
  tool: string;
  toolVersion: string;
  id: string;
  source: ImportSource;
  workload: string;
  options: RunOptions;
  startTime: string;
  durationSec: number;
  intervals: ResultInterval[];
  summary: ResultSummary;
  status: RunResult['status'];
  message?: string;
}): RunResult {
  const run: RunResult = {
    kind: 'run',
    schemaVersion: RESULT_SCHEMA_VERSION,
    id: fields.id,
    name: importedRunName(fields.workload, fields.options),
    source: {
      tool: fields.tool,
      toolVersion: fields.toolVersion,
      ...(fields.source.fileName !== undefined ? { importedFrom: fields.source.fileName } : {}),
    },
    workload: fields.workload,
    options: fields.options,
    startTime: fields.startTime,
    durationSec: fields.durationSec,
    intervals: fields.intervals,
    summary: fields.summary,
    status: fields.status,
  };
  if (fields.message !== undefined) run.message = fields.message;
  return run;
}

export interface LogImport {
  results: RunResult[];
  warnings: string[];
}
