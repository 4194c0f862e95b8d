// Proves that reads of a cached table are served from TiDB's memory: TRACE a sample read and look
// for the span TiDB opens when it sends a request to TiKV. The first read after CACHE still goes to
// TiKV (it triggers the load), so a miss is retried a few times before it counts.

import { setTimeout as sleep } from 'node:timers/promises';
import type { SqlExecutor, SqlRow } from '../db/sqlExecutor';
import { quoteQualifiedName } from '../db/sqlIdentifiers';
import { firstColumnText, rowText } from './rowValues';
import { describeTable } from './tableControlSentences';
import { TABLE_CACHE_LEASE, TRACE_TIKV_REQUEST_SPAN } from './tidbFacts';

export interface CacheHitOptions {
  attempts?: number;
  intervalMs?: number;
  signal?: AbortSignal;
  /** called before each TRACE, e.g. to show which try is running */
  onAttempt?: (attempt: number, attempts: number) => void;
}

export interface CacheHitResult {
  servedFromCache: boolean;
  /** TRACEs run, including the one that decided */
  attempts: number;
  detail: string;
}

const DEFAULT_ATTEMPTS = 5;
const DEFAULT_INTERVAL_MS = 500;

export function buildCacheHitTrace(schema: string, table: string): string {
  return `TRACE FORMAT='row' SELECT * FROM ${quoteQualifiedName(schema, table)} LIMIT 1`;
}

/** Throws the signal's reason when aborted. */
export async function verifyCacheHit(
  executor: SqlExecutor,
  schema: string,
  table: string,
  options: CacheHitOptions = {},
): Promise<CacheHitResult> {
  const attempts = Math.max(1, Math.floor(options.attempts ?? DEFAULT_ATTEMPTS));
  const intervalMs = Math.max(0, options.intervalMs ?? DEFAULT_INTERVAL_MS);
  const name = describeTable(schema, table);
  let emptyTraces = 0;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    options.signal?.throwIfAborted();
    options.onAttempt?.(attempt, attempts);
    const spans = traceSpans(await executor.query(buildCacheHitTrace(schema, table)));
    if (spans.length === 0) emptyTraces++;
    else if (!spans.some((span) => span.includes(TRACE_TIKV_REQUEST_SPAN))) {
      return {
        servedFromCache: true,
        attempts: attempt,
        detail: `A read of ${name} was served from TiDB's memory on attempt ${attempt}: its TRACE has no ${TRACE_TIKV_REQUEST_SPAN} span.`,
      };
    }
    if (attempt < attempts) await sleep(intervalMs, undefined, { signal: options.signal });
  }
  if (emptyTraces === attempts) {
    return { servedFromCache: false, attempts, detail: `TRACE returned no spans for ${name}, so a cache hit could not be proven.` };
  }
  return {
    servedFromCache: false,
    attempts,
    detail:
      `Reads of ${name} still went to TiKV after ${attempts} ${attempts === 1 ? 'try' : 'tries'} ` +
      `(each TRACE has a ${TRACE_TIKV_REQUEST_SPAN} span). Either the table is not cached, its first load is not finished, ` +
      `or the cache keeps reloading under load; raising ${TABLE_CACHE_LEASE.variable} (up to ${TABLE_CACHE_LEASE.maxSeconds} s) helps in that case.`,
  };
}

function traceSpans(rows: SqlRow[]): string[] {
  return rows.map((row) => ('operation' in row ? rowText(row, 'operation') : firstColumnText(row))).filter((span) => span.length > 0);
}
