// The headline numbers of TPC-C and CH-benCHmark runs as go-tpc prints them (tpcc/workload.go
// OutputStats, ch/workload.go OutputStats):
//   tpmC       = new_order transactions per minute (its TPM)
//   tpmTotal   = every transaction's TPM, failures left out
//   efficiency = 100 * tpmC / (12.86 * warehouses) %  (12.86: the spec's tpmC per warehouse at most)
//   QphH       = 3600 * 1000 * queries / their summed latency in ms (the analytical queries and
//                their failures, as go-tpc sums every histogram of the ch measurement)
// A value the run stored itself (labels tpmC, tpmTotal, efficiency_pct, qphH or QphH) wins over
// the one worked out here, so an imported go-tpc log shows the numbers go-tpc printed.
import type { ResultInterval, RunResult } from './benchmarkResult';
import { isQueryName, operationRowsOf, type OperationRow } from './operationRows';

/** TPC-C's most tpmC a warehouse can give with keying and think times (go-tpc's specWarehouseFactor). */
export const TPMC_PER_WAREHOUSE = 12.86;

export const TPCC_WORKLOADS = ['tpcc', 'ch'] as const;

export interface TpccFigures {
  tpmC: number | null;
  tpmTotal: number | null;
  /** % of the spec's maximum for the warehouses; null when the warehouses are unknown */
  efficiencyPct: number | null;
  warehouses: number | null;
  /** ch only: analytical queries per hour */
  qphH: number | null;
  /** the transactions (TPC-C's and others that are not Q<n>) */
  transactions: OperationRow[];
  /** the analytical queries Q1 ... Q22 (ch) */
  queries: OperationRow[];
}

const NEW_ORDER = 'new_order';

function label(run: Pick<RunResult, 'labels'>, ...names: string[]): number | null {
  for (const name of names) {
    const value = run.labels?.[name];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
}

function whole(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
}

/** The run is a TPC-C or CH-benCHmark run (TiDB Lab's or an imported go-tpc one): it has new_order numbers, or says it is one. */
export function isTpccRun(run: Pick<RunResult, 'workload' | 'labels'>): boolean {
  if ((TPCC_WORKLOADS as readonly string[]).includes(run.workload.toLowerCase())) return true;
  return Object.keys(run.labels ?? {}).some((key) => key.toLowerCase().startsWith(`${NEW_ORDER}.`));
}

export function tpccFiguresOf(run: Pick<RunResult, 'workload' | 'labels' | 'durationSec' | 'options'>): TpccFigures {
  const rows = operationRowsOf(run);
  const transactions = rows.filter((row) => !isQueryName(row.name));
  const queries = rows.filter((row) => isQueryName(row.name));
  const newOrder = transactions.find((row) => row.name.toLowerCase() === NEW_ORDER);
  const tpmC = label(run, 'tpmC') ?? newOrder?.tpm ?? null;
  const known = transactions.map((row) => row.tpm);
  const tpmTotal =
    label(run, 'tpmTotal') ??
    (known.length > 0 && known.every((tpm) => tpm !== null) ? known.reduce<number>((sum, tpm) => sum + (tpm ?? 0), 0) : null);
  const warehouses = whole(run.options.warehouses);
  const efficiencyPct =
    label(run, 'efficiency_pct', 'efficiency') ??
    (tpmC !== null && warehouses !== null && warehouses > 0 ? (100 * tpmC) / (TPMC_PER_WAREHOUSE * warehouses) : null);
  return { tpmC, tpmTotal, efficiencyPct, warehouses, qphH: label(run, 'qphH', 'QphH') ?? qphHOf(queries), transactions, queries };
}

function qphHOf(queries: readonly OperationRow[]): number | null {
  let count = 0;
  let sumMs = 0;
  for (const row of queries) {
    const sum = row.count === 0 ? 0 : (row.sumMs ?? (row.avgMs !== null ? row.avgMs * row.count : null));
    const errorSum = row.errors === 0 ? 0 : row.errorSumMs;
    if (sum === null || errorSum === null) return null;
    count += row.count + row.errors;
    sumMs += sum + errorSum;
  }
  return sumMs > 0 ? (3600 * 1000 * count) / sumMs : null;
}

/** new_order per minute in one report interval, when the run kept its rates by operation. */
export function intervalTpmC(interval: Pick<ResultInterval, 'operations'>): number | null {
  const perSec = intervalOperationRate(interval, NEW_ORDER);
  return perSec === null ? null : perSec * 60;
}

/** One operation's rate (per second) in a report interval, found by its name in any case (NEW_ORDER in go-tpc logs). */
export function intervalOperationRate(interval: Pick<ResultInterval, 'operations'>, name: string): number | null {
  const operations = interval.operations;
  if (!operations) return null;
  const wanted = name.toLowerCase();
  for (const [operation, perSec] of Object.entries(operations)) if (operation.toLowerCase() === wanted) return perSec;
  return 0;
}

/** Every transaction's rate in an interval x 60, failures left out: the interval's tpmTotal. */
export function intervalTpmTotal(interval: Pick<ResultInterval, 'operations'>): number | null {
  if (!interval.operations) return null;
  return Object.entries(interval.operations).reduce((sum, [name, perSec]) => (isQueryName(name) ? sum : sum + perSec * 60), 0);
}

/** The analytical queries (Q1 ... Q22) finished per second in an interval, all together: a ch run's AP rate. */
export function intervalQueryRate(interval: Pick<ResultInterval, 'operations'>): number | null {
  if (!interval.operations) return null;
  return Object.entries(interval.operations).reduce((sum, [name, perSec]) => (isQueryName(name) ? sum + perSec : sum), 0);
}
