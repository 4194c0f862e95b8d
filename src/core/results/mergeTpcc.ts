// The TPC-C part of `tidb-lab bench merge`: the machines' TPC-C runs against the same warehouses as
// one run. Each transaction's count, errors and rollbacks are summed, its TPM is the sum of each
// machine's (throughput adds up, as go-tpc's TPM per machine does), its latencies come from the
// machines' HDR histograms of that transaction merged exactly; tpmC, tpmTotal and efficiency follow
// from those as go-tpc works them out (tpcc/tpccResult.ts).
import { LatencyRecorder } from '../bench/latencyHistogram';
import { operationNumbers, type OperationNumbers } from '../bench/rawsql/rawsqlMeasurement';
import { tpccSummaryOf, tpmOf } from '../bench/tpcc/tpccResult';
import type { HdrLatencies, RunResult, TpccSummary } from './benchmarkResult';

export interface MergedTpcc {
  tpcc: TpccSummary;
  /** go-tpc's headline labels of the merged run (tpmC, tpmTotal, efficiency_pct) */
  labels: Record<string, number>;
}

/** undefined when no run is a TPC-C run with its summary (a sysbench or rawsql merge). */
export function mergeTpccSummaries(
  runs: readonly RunResult[],
  operationHdr: Readonly<Record<string, HdrLatencies>>,
  durationSec: number,
): MergedTpcc | undefined {
  if (!runs.every((run) => run.tpcc !== undefined)) return undefined;
  const warehouses = runs[0].tpcc?.warehouses ?? 0;
  const operations: OperationNumbers[] = [];
  const minMs = new Map<string, number>();
  for (const [name, hdr] of Object.entries(operationHdr)) {
    const recorder = new LatencyRecorder();
    if (hdr.count > 0) recorder.add(hdr);
    if (recorder.count === 0) continue;
    const tpm = runs.reduce((sum, run) => sum + Number(run.labels?.[`${name}.tpm`] ?? 0), 0);
    operations.push({ ...operationNumbers(name, recorder, durationSec), tpm });
    minMs.set(name, recorder.minMs);
  }
  const rollbacks = runs.reduce((sum, run) => sum + (run.tpcc?.transactions.new_order?.rollbacks ?? 0), 0);
  const tpcc = tpccSummaryOf(operations, warehouses, rollbacks, minMs);
  const tpm = tpmOf(operations, warehouses);
  return { tpcc, labels: { tpmC: tpm.tpmC, tpmTotal: tpm.tpmTotal, efficiency_pct: tpm.efficiency } };
}
