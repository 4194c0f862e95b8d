// TPC-C runs for tests, built as runTpcc builds its result (tpcc/runTpcc.ts resultOf): each
// operation's HDR recorder (NEW_ORDER, PAYMENT, ..., NAME_ERR), go-tpc's labels from them, the tpcc
// summary, New-Order's latencies as the run's.
import { OperationRecorders, operationLabelsOf } from '../../../../src/core/bench/rawsql/rawsqlMeasurement';
import { tpccSummaryOf, tpmOf } from '../../../../src/core/bench/tpcc/tpccResult';
import type { ResultInterval, RunResult } from '../../../../src/core/results/benchmarkResult';

export interface TpccEvent {
  /** NEW_ORDER, PAYMENT, ORDER_STATUS, DELIVERY, STOCK_LEVEL, or NAME_ERR */
  name: string;
  ms: number;
}

export function tpccRunOf(
  events: readonly TpccEvent[],
  options: {
    warehouses: number;
    threads: number;
    durationSec: number;
    startTime: string;
    rollbacks?: number;
    intervals?: ResultInterval[];
  },
): RunResult {
  const recorders = new OperationRecorders();
  for (const event of events) recorders.record(event.name, event.ms);
  const operations = recorders.numbers(options.durationSec);
  const newOrders = recorders.byName.get('NEW_ORDER');
  const tpm = tpmOf(operations, options.warehouses);
  const minMs = new Map([...recorders.byName].filter(([, r]) => r.count > 0).map(([name, r]) => [name, r.minMs]));
  const transactions = events.filter((event) => !event.name.endsWith('_ERR')).length;
  const errors = events.length - transactions;
  return {
    kind: 'run',
    schemaVersion: 1,
    id: `tpcc-${options.startTime}-${events.length}`,
    source: { tool: 'tidb-lab', toolVersion: '0.1.0', engine: 'builtin' },
    workload: 'tpcc',
    options: { warehouses: options.warehouses, threads: options.threads, time: options.durationSec, interval: 1, mysql_host: 'a' },
    startTime: options.startTime,
    durationSec: options.durationSec,
    intervals: options.intervals ?? [],
    summary: {
      events: transactions,
      queries: transactions * 10,
      reads: transactions * 6,
      writes: transactions * 2,
      others: transactions * 2,
      tps: transactions / options.durationSec,
      qps: (transactions * 10) / options.durationSec,
      errors,
      reconnects: 0,
      latencyMs: newOrders?.summary() ?? { min: null, avg: null, max: null, p50: null, p90: null, p95: null, p99: null, p999: null },
    },
    ...(newOrders !== undefined ? { histogram: newOrders.buckets(), latencyHdr: newOrders.exact() } : {}),
    operationHdr: Object.fromEntries([...recorders.byName].map(([name, recorder]) => [name, recorder.exact()])),
    tpcc: tpccSummaryOf(operations, options.warehouses, options.rollbacks ?? 0, minMs),
    status: 'completed',
    labels: { ...operationLabelsOf(operations), tpmC: tpm.tpmC, tpmTotal: tpm.tpmTotal, efficiency_pct: tpm.efficiency },
  };
}

/** Events of the five transactions in go-tpc's mix (45/43/4/4/4), latencies in quarter milliseconds so sums are exact. */
export function tpccEvents(count: number, seed: number): TpccEvent[] {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648);
  return Array.from({ length: count }, () => {
    const pick = next() % 100;
    const name = pick < 45 ? 'NEW_ORDER' : pick < 88 ? 'PAYMENT' : pick < 92 ? 'ORDER_STATUS' : pick < 96 ? 'DELIVERY' : 'STOCK_LEVEL';
    const failed = next() % 50 === 0;
    return { name: failed ? `${name}_ERR` : name, ms: 0.25 * (1 + (next() % 4000)) };
  });
}
