// TPC-C's numbers as go-tpc reports them (tpcc/workload.go OutputStats): tpmC is New-Order's count
// per minute, tpmTotal every transaction's (failures excluded), efficiency tpmC against 12.86 per
// warehouse (the spec's most a warehouse can do with keying and think times), in percent.
import type { LatencySummaryMs, TpccSummary, TpccTransactionNumbers } from '../../results/benchmarkResult';
import type { OperationNumbers } from '../rawsql/rawsqlMeasurement';
import { operationName, TRANSACTION_NAMES } from './tpccMix';

/** spec 4.2 via go-tpc: the highest New-Order rate per warehouse, per minute */
export const SPEC_WAREHOUSE_FACTOR = 12.86;

export interface TpmNumbers {
  tpmC: number;
  tpmTotal: number;
  efficiency: number;
}

/** From the [Summary] numbers by operation (NEW_ORDER, PAYMENT, ..., *_ERR). */
export function tpmOf(operations: readonly OperationNumbers[], warehouses: number): TpmNumbers {
  const tpmC = operations.find((o) => o.name === 'NEW_ORDER')?.tpm ?? 0;
  const tpmTotal = operations.filter((o) => !o.name.endsWith('_ERR')).reduce((sum, o) => sum + o.tpm, 0);
  return { tpmC, tpmTotal, efficiency: warehouses > 0 ? (100 * tpmC) / (SPEC_WAREHOUSE_FACTOR * warehouses) : 0 };
}

/** go-tpc's closing line: "tpmC: 1234.5, tpmTotal: 2700.1, efficiency: 960.0%" (one decimal, as FloatToOneString). */
export function tpmLine(numbers: TpmNumbers): string {
  return `tpmC: ${numbers.tpmC.toFixed(1)}, tpmTotal: ${numbers.tpmTotal.toFixed(1)}, efficiency: ${numbers.efficiency.toFixed(1)}%`;
}

function latencyOf(o: OperationNumbers | undefined): LatencySummaryMs {
  if (o === undefined || o.count === 0) return { min: null, avg: null, max: null, p50: null, p90: null, p95: null, p99: null, p999: null };
  return { min: null, avg: o.avgMs, max: o.maxMs, p50: o.p50Ms, p90: o.p90Ms, p95: o.p95Ms, p99: o.p99Ms, p999: o.p999Ms };
}

export function tpccSummaryOf(
  operations: readonly OperationNumbers[],
  warehouses: number,
  rollbacks: number,
  minMs: ReadonlyMap<string, number> = new Map(),
): TpccSummary {
  const transactions: Record<string, TpccTransactionNumbers> = {};
  for (const name of TRANSACTION_NAMES) {
    const ok = operations.find((o) => o.name === operationName(name));
    const failed = operations.find((o) => o.name === operationName(name, true));
    const latencyMs = latencyOf(ok);
    const min = minMs.get(operationName(name));
    if (ok !== undefined && min !== undefined) latencyMs.min = min;
    transactions[name] = {
      count: ok?.count ?? 0,
      errors: failed?.count ?? 0,
      rollbacks: name === 'new_order' ? rollbacks : 0,
      tpm: ok?.tpm ?? 0,
      latencyMs,
    };
  }
  return { warehouses, ...tpmOf(operations, warehouses), transactions };
}
