// A run's numbers by operation, read back from its labels: TPC-C's transactions (new_order,
// payment, ...), CH-benCHmark's and rawsql's queries (Q1, ...), and the operations of imported
// go-tpc / go-ycsb logs. Runs keep them as "NAME.count", "NAME.tpm", "NAME.p99_ms", ... and a
// failure's as "NAME_ERR.count" (rawsqlMeasurement.ts, importers/operationStatsLine.ts), the
// names go-tpc prints; this module turns them into one row per operation for tables and exports.
import type { RunResult } from './benchmarkResult';

export interface OperationRow {
  /** as the run named it: new_order, NEW_ORDER, Q1, READ */
  name: string;
  count: number;
  /** failures, from NAME_ERR.count (0 when none were recorded) */
  errors: number;
  /** per minute, go-tpc's TPM; null when the source did not give it and the time is unknown */
  tpm: number | null;
  avgMs: number | null;
  p50Ms: number | null;
  p90Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  p999Ms: number | null;
  maxMs: number | null;
  sumMs: number | null;
  /** the failures' summed latency (NAME_ERR.sum_ms), which go-tpc's QphH counts too */
  errorSumMs: number | null;
}

/** TPC-C's five transactions in the order of its mix (go-tpc's weights 45, 43, 4, 4, 4). */
export const TPCC_TRANSACTIONS = ['new_order', 'payment', 'order_status', 'delivery', 'stock_level'] as const;

const ERROR_SUFFIX = '_ERR';
const LABEL = /^(.+)\.(takes_s|count|tpm|ops|sum_ms|avg_ms|p50_ms|p90_ms|p95_ms|p99_ms|p999_ms|max_ms)$/;

/** Labels the operation table shows (NEW_ORDER.p99_ms, ...) and go-tpc's totals (tpmC, ...): a details list can leave them out. */
export function isOperationLabel(key: string): boolean {
  return LABEL.test(key) || ['tpmC', 'tpmTotal', 'efficiency_pct', 'efficiency', 'qphH', 'QphH'].includes(key);
}

/** A CH-benCHmark (or TPC-H) analytical query: Q1 ... Q22. */
export function isQueryName(name: string): boolean {
  return /^q\d+$/i.test(name);
}

function rank(name: string): [number, number, string] {
  const transaction = TPCC_TRANSACTIONS.indexOf(name.toLowerCase() as (typeof TPCC_TRANSACTIONS)[number]);
  if (transaction >= 0) return [0, transaction, ''];
  if (isQueryName(name)) return [1, Number(name.slice(1)), ''];
  return [2, 0, name];
}

function compareNames(a: string, b: string): number {
  const [ga, na, sa] = rank(a);
  const [gb, nb, sb] = rank(b);
  return ga - gb || na - nb || (sa < sb ? -1 : sa > sb ? 1 : 0);
}

/**
 * One row per operation that counted something, TPC-C's transactions first in their mix order,
 * then Q1, Q2, ... Q22 by number, then the rest by name. Failures fold into their operation's
 * row; an operation that only failed still gets a row (count 0).
 */
export function operationRowsOf(run: Pick<RunResult, 'labels' | 'durationSec'>): OperationRow[] {
  const values = new Map<string, Map<string, number>>();
  for (const [key, value] of Object.entries(run.labels ?? {})) {
    const match = LABEL.exec(key);
    if (!match || typeof value !== 'number' || !Number.isFinite(value)) continue;
    let byColumn = values.get(match[1]);
    if (!byColumn) values.set(match[1], (byColumn = new Map()));
    byColumn.set(match[2], value);
  }
  const names = new Set<string>();
  for (const name of values.keys()) names.add(name.endsWith(ERROR_SUFFIX) ? name.slice(0, -ERROR_SUFFIX.length) : name);
  const rows: OperationRow[] = [];
  for (const name of names) {
    const own = values.get(name);
    const errors = values.get(`${name}${ERROR_SUFFIX}`)?.get('count') ?? 0;
    const count = own?.get('count') ?? 0;
    if (count === 0 && errors === 0) continue;
    const get = (column: string): number | null => (count > 0 ? (own?.get(column) ?? null) : null);
    const takes = own?.get('takes_s') ?? (run.durationSec > 0 ? run.durationSec : null);
    const ops = own?.get('ops');
    const tpm = own?.get('tpm') ?? (ops !== undefined ? ops * 60 : takes !== null && takes > 0 ? (count / takes) * 60 : null);
    const sumMs = get('sum_ms');
    rows.push({
      name,
      count,
      errors,
      tpm,
      avgMs: get('avg_ms') ?? (sumMs !== null && count > 0 ? sumMs / count : null),
      p50Ms: get('p50_ms'),
      p90Ms: get('p90_ms'),
      p95Ms: get('p95_ms'),
      p99Ms: get('p99_ms'),
      p999Ms: get('p999_ms'),
      maxMs: get('max_ms'),
      sumMs,
      errorSumMs: values.get(`${name}${ERROR_SUFFIX}`)?.get('sum_ms') ?? null,
    });
  }
  return rows.sort((a, b) => compareNames(a.name, b.name));
}
