// The text a CH-benCHmark run prints, in go-tpc's words (cmd/go-tpc/ch_benchmark.go, ch/workload.go):
// the TPC-C lines each interval and at the end, the analytical queries' lines beside them,
// "Finished: N OLTP workers, M OLAP workers", then the [Summary] blocks, "tpmC: ..." and
// "QphH: ...". go-tpc prints a query's line with Count, Sum(ms) and Avg(ms) only; TiDB Lab prints
// the full operation line (Takes(s), Count, TPM, Sum(ms), Avg(ms), percentiles, Max(ms)) as for
// TPC-C's transactions, which the go-tpc importer reads as it reads go-tpc's shorter one.
import type { OperationNumbers } from '../rawsql/rawsqlMeasurement';

const one = (value: number): string => value.toFixed(1);

/** go-tpc's "QphH: %.1f" */
export function qphHLine(qphH: number): string {
  return `QphH: ${one(qphH)}`;
}

/** go-tpc's line after both sides stop. */
export function finishedLine(oltpThreads: number, olapThreads: number): string {
  return `Finished: ${oltpThreads} OLTP workers, ${olapThreads} OLAP workers`;
}

/** go-tpc's own ch query line (outputRtMeasurement with chSummary), for tests of the importer against go-tpc's format. */
export function goTpcChQueryLine(prefix: 'Current' | 'Summary', o: Pick<OperationNumbers, 'name' | 'count' | 'sumMs' | 'avgMs'>): string {
  return `[${prefix}] ${o.name.padEnd(6)} - Count: ${o.count}, Sum(ms): ${one(o.sumMs)}, Avg(ms): ${one(o.avgMs)}`;
}
