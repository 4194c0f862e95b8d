// The tables a run writes, for its regions evidence: the oltp workloads that UPDATE, DELETE or
// INSERT write sbtest1..--tables; bulk_insert writes one table per thread (sbtest1..--threads).
// Read-only workloads write nothing.
import type { BenchOptions } from '../benchOptions';
import { sbtestTable } from './sysbenchSql';
import type { WorkloadName } from './workloadCatalog';

const WRITE_WORKLOADS: ReadonlySet<WorkloadName> = new Set([
  'oltp_read_write',
  'oltp_write_only',
  'oltp_update_index',
  'oltp_update_non_index',
  'oltp_insert',
  'oltp_delete',
  'bulk_insert',
]);

export function isWriteWorkload(workload: WorkloadName): boolean {
  return WRITE_WORKLOADS.has(workload);
}

export function writtenTables(options: Pick<BenchOptions, 'workload' | 'limits' | 'workloadOptions'>): string[] {
  if (!isWriteWorkload(options.workload)) return [];
  const count = options.workload === 'bulk_insert' ? options.limits.threads : options.workloadOptions.tables;
  return Array.from({ length: Math.max(0, count) }, (_, index) => sbtestTable(index + 1));
}
