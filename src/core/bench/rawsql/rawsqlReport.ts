// The text a rawsql run prints, in go-tpc's words: "[Current] Q1 - Takes(s): 10.0, Count: 398,
// TPM: 2388.0, Sum(ms): ..., Avg(ms): ..., 50th(ms): ..., 90th(ms): ..., 95th(ms): ..., 99th(ms): ...,
// 99.9th(ms): ..., Max(ms): ..." each interval, "Finished", then the same lines as [Summary]. These
// are the lines go-tpc prints for its measured operations (pkg/measurement/hist.go, tpcc/workload.go
// outputMeasurement); go-tpc's own rawsql prints only "[Summary] Q1: 0.12s" (the average), which
// loses the counts, so TiDB Lab prints the full lines and the go-tpc importer reads them back.
import type { OperationNumbers } from './rawsqlMeasurement';

const one = (value: number): string => value.toFixed(1);

export function operationLine(prefix: 'Current' | 'Summary', o: OperationNumbers): string {
  const columns: Array<[string, string]> = [
    ['Takes(s)', one(o.takesSec)],
    ['Count', String(o.count)],
    ['TPM', one(o.tpm)],
    ['Sum(ms)', one(o.sumMs)],
    ['Avg(ms)', one(o.avgMs)],
    ['50th(ms)', one(o.p50Ms)],
    ['90th(ms)', one(o.p90Ms)],
    ['95th(ms)', one(o.p95Ms)],
    ['99th(ms)', one(o.p99Ms)],
    ['99.9th(ms)', one(o.p999Ms)],
    ['Max(ms)', one(o.maxMs)],
  ];
  return `[${prefix}] ${o.name.padEnd(6)} - ${columns.map(([name, value]) => `${name}: ${value}`).join(', ')}`;
}

/** The command line as a comment the go-tpc importer recognises (never with the password). */
export function commandComment(args: readonly string[]): string {
  const shown = args.filter((arg) => !/^--(mysql[-_]password|password)\b/.test(arg));
  return `# tidb-lab bench ${shown.join(' ')}`;
}
