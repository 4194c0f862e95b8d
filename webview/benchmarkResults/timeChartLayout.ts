// Which time charts a run's tab draws and which interval values each one carries. QPS and TPS
// share a unit but not a scale (about 20 queries per oltp_read_write transaction): one chart
// each, as sysbench reports them side by side, never two lines that invite comparing heights.
// TPC-C and CH-benCHmark runs that kept their rates by transaction draw tpmC and each
// transaction's rate instead.
import type { IntervalValueKey } from './timeSeries';

export const TRANSACTION_KEYS = [
  'new_order',
  'payment',
  'order_status',
  'delivery',
  'stock_level',
] as const satisfies readonly IntervalValueKey[];

export type TimeChartName = 'throughput' | 'tps' | 'tpmC' | 'transactions' | 'analytical' | 'latency' | 'errors';

export interface TimeChartLayout {
  name: TimeChartName;
  keys: IntervalValueKey[];
}

export interface TimeChartFacts {
  /** rates by TPC-C transaction (tpmC and one line per transaction) instead of QPS and TPS */
  byTransaction: boolean;
  /** a CH-benCHmark run: the analytical queries' rate too */
  analytical: boolean;
  /** the latency lines the run can draw */
  latencyKeys: IntervalValueKey[];
  /** errors and reconnects are drawn (always while live, else when there were any) */
  errors: boolean;
}

/** The time charts in the order they are laid out. */
export function timeChartLayout(facts: TimeChartFacts): TimeChartLayout[] {
  const charts: TimeChartLayout[] = facts.byTransaction
    ? [
        { name: 'tpmC', keys: ['tpmC'] },
        { name: 'transactions', keys: [...TRANSACTION_KEYS] },
      ]
    : [
        { name: 'throughput', keys: ['qps'] },
        { name: 'tps', keys: ['tps'] },
      ];
  if (facts.byTransaction && facts.analytical) charts.push({ name: 'analytical', keys: ['analytical'] });
  charts.push({ name: 'latency', keys: facts.latencyKeys });
  if (facts.errors) charts.push({ name: 'errors', keys: ['errors', 'reconnects'] });
  return charts;
}
