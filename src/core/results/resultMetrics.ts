// The numbers a result is compared on, with the direction that counts as better: throughput up,
// latency and errors down. Comparison tables, heatmaps and exports all read metrics through here.

import type { RunResult } from './benchmarkResult';
import { operationRowsOf, TPCC_TRANSACTIONS } from './operationRows';
import { tpccFiguresOf } from './tpccFigures';

type TpccTransaction = (typeof TPCC_TRANSACTIONS)[number];

/** One TPC-C transaction's p95 or p99 (go-tpc's summary line gives them per transaction): "payment_p99". */
export type TransactionLatencyKey = `${TpccTransaction}_${'p95' | 'p99'}`;

export type MetricKey =
  | 'tps'
  | 'qps'
  | 'avg'
  | 'p50'
  | 'p90'
  | 'p95'
  | 'p99'
  | 'p999'
  | 'max'
  | 'errorsPerSec'
  | 'rowsPerSec'
  | 'mbPerSec'
  | 'tpmC'
  | 'tpmTotal'
  | 'efficiency'
  | 'qphH'
  | TransactionLatencyKey;

export interface ResultMetric {
  key: MetricKey;
  label: string;
  unit: string;
  better: 'higher' | 'lower';
  valueOf(run: RunResult): number | null;
}

const latency = (key: 'avg' | 'p50' | 'p90' | 'p95' | 'p99' | 'p999' | 'max', label: string): ResultMetric => ({
  key,
  label,
  unit: 'ms',
  better: 'lower',
  valueOf: (run) => run.summary.latencyMs[key],
});

const transactionLatency = (transaction: TpccTransaction, percentile: 'p95' | 'p99'): ResultMetric => ({
  key: `${transaction}_${percentile}`,
  label: `${transaction} ${percentile}`,
  unit: 'ms',
  better: 'lower',
  valueOf: (run) =>
    run.tpcc?.transactions[transaction]?.latencyMs[percentile] ??
    operationRowsOf(run).find((row) => row.name.toLowerCase() === transaction)?.[`${percentile}Ms`] ??
    null,
});

export const RESULT_METRICS: Readonly<Record<MetricKey, ResultMetric>> = {
  tps: { key: 'tps', label: 'TPS', unit: 'tx/s', better: 'higher', valueOf: (run) => run.summary.tps },
  qps: { key: 'qps', label: 'QPS', unit: 'queries/s', better: 'higher', valueOf: (run) => run.summary.qps },
  avg: latency('avg', 'avg latency'),
  p50: latency('p50', 'p50 latency'),
  p90: latency('p90', 'p90 latency'),
  p95: latency('p95', 'p95 latency'),
  p99: latency('p99', 'p99 latency'),
  p999: latency('p999', 'p99.9 latency'),
  max: latency('max', 'max latency'),
  errorsPerSec: {
    key: 'errorsPerSec',
    label: 'errors/s',
    unit: 'errors/s',
    better: 'lower',
    valueOf: (run) => (run.durationSec > 0 ? run.summary.errors / run.durationSec : null),
  },
  rowsPerSec: { key: 'rowsPerSec', label: 'rows/s', unit: 'rows/s', better: 'higher', valueOf: (run) => run.summary.rowsPerSec ?? null },
  mbPerSec: { key: 'mbPerSec', label: 'MB/s', unit: 'MB/s', better: 'higher', valueOf: (run) => run.summary.mbPerSec ?? null },
  // TPC-C and CH-benCHmark, as go-tpc reports them (tpccFigures.ts)
  tpmC: { key: 'tpmC', label: 'tpmC', unit: 'new orders/min', better: 'higher', valueOf: (run) => tpccFiguresOf(run).tpmC },
  tpmTotal: {
    key: 'tpmTotal',
    label: 'tpmTotal',
    unit: 'transactions/min',
    better: 'higher',
    valueOf: (run) => tpccFiguresOf(run).tpmTotal,
  },
  efficiency: {
    key: 'efficiency',
    label: 'efficiency',
    unit: '%',
    better: 'higher',
    valueOf: (run) => tpccFiguresOf(run).efficiencyPct,
  },
  qphH: { key: 'qphH', label: 'QphH', unit: 'queries/h', better: 'higher', valueOf: (run) => tpccFiguresOf(run).qphH },
  new_order_p95: transactionLatency('new_order', 'p95'),
  new_order_p99: transactionLatency('new_order', 'p99'),
  payment_p95: transactionLatency('payment', 'p95'),
  payment_p99: transactionLatency('payment', 'p99'),
  order_status_p95: transactionLatency('order_status', 'p95'),
  order_status_p99: transactionLatency('order_status', 'p99'),
  delivery_p95: transactionLatency('delivery', 'p95'),
  delivery_p99: transactionLatency('delivery', 'p99'),
  stock_level_p95: transactionLatency('stock_level', 'p95'),
  stock_level_p99: transactionLatency('stock_level', 'p99'),
};

/** (candidate - baseline) / baseline in %; null when either is unknown or the baseline is 0 and the candidate is not. */
export function percentChange(baseline: number | null, candidate: number | null): number | null {
  if (baseline === null || candidate === null) return null;
  if (baseline === 0) return candidate === 0 ? 0 : null;
  return ((candidate - baseline) / Math.abs(baseline)) * 100;
}

/** The % change signed so that a positive number always means "better" for this metric. */
export function improvementPercent(metric: ResultMetric, changePct: number | null): number | null {
  if (changePct === null) return null;
  return metric.better === 'higher' ? changePct : -changePct;
}
