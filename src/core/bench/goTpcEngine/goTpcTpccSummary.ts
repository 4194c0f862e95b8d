// The tpcc block (result.tpcc) of a go-tpc engine run, so its result shows the same TPC-C figures as
// the built-in engine's: each transaction's count, errors, TPM and latencies from go-tpc's
// [Summary] lines (the importer keeps them as labels: "NEW_ORDER.count", "PAYMENT_ERR.count",
// "DELIVERY.p95_ms", ...), and tpmC, tpmTotal and efficiency as go-tpc printed them. go-tpc does not
// say how many New-Orders rolled back on purpose (they are in its count), so rollbacks stay 0.
import type { TpccSummary } from '../../results/benchmarkResult';
import type { OperationNumbers } from '../rawsql/rawsqlMeasurement';
import { operationName, TRANSACTION_NAMES } from '../tpcc/tpccMix';
import { tpccSummaryOf } from '../tpcc/tpccResult';

function operationOf(labels: Readonly<Record<string, string | number>>, name: string): OperationNumbers | undefined {
  const value = (key: string): number => {
    const number = Number(labels[`${name}.${key}`]);
    return Number.isFinite(number) ? number : 0;
  };
  if (labels[`${name}.count`] === undefined) return undefined;
  return {
    name,
    takesSec: value('takes_s'),
    count: value('count'),
    tpm: value('tpm'),
    sumMs: value('sum_ms'),
    avgMs: value('avg_ms'),
    p50Ms: value('p50_ms'),
    p90Ms: value('p90_ms'),
    p95Ms: value('p95_ms'),
    p99Ms: value('p99_ms'),
    p999Ms: value('p999_ms'),
    maxMs: value('max_ms'),
  };
}

/** undefined when go-tpc reported no TPC-C transaction (it stopped before its first report). */
export function goTpcTpccSummary(labels: Readonly<Record<string, string | number>>, warehouses: number): TpccSummary | undefined {
  const operations = TRANSACTION_NAMES.flatMap((name) => [operationName(name), operationName(name, true)]).flatMap((name) => {
    const operation = operationOf(labels, name);
    return operation === undefined ? [] : [operation];
  });
  if (operations.length === 0) return undefined;
  const summary = tpccSummaryOf(operations, warehouses, 0);
  // go-tpc's own closing line is the number users compare ("tpmC: ..., efficiency: ...%")
  const printed = (key: string): number | undefined => (typeof labels[key] === 'number' ? labels[key] : undefined);
  return {
    ...summary,
    tpmC: printed('tpmC') ?? summary.tpmC,
    tpmTotal: printed('tpmTotal') ?? summary.tpmTotal,
    efficiency: printed('efficiency_pct') ?? summary.efficiency,
  };
}
