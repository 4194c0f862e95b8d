// The cleanup verb: drops the tables the workload's prepare made (sbtest1..N; for bulk_insert one
// per thread) with DROP TABLE IF EXISTS, and nothing else.
import type { SqlLogger } from '../db/sqlExecutor';
import { openAdminSession } from './adminSession';
import { resolveBenchmarkConfig, type BenchmarkConfig } from './benchmarkConfig';
import type { BenchOptions } from './benchOptions';
import { dropTableSql } from './sysbench/sysbenchSql';

export interface CleanupHooks {
  onLog?: (message: string) => void;
  onSql?: SqlLogger;
}

/** The tables a workload owns: what prepare creates and cleanup drops. */
export function workloadTableNumbers(options: BenchOptions): number[] {
  const count = options.workload === 'bulk_insert' ? options.limits.threads : options.workloadOptions.tables;
  return Array.from({ length: count }, (_unused, index) => index + 1);
}

export async function cleanupWithOptions(options: BenchOptions, hooks: CleanupHooks = {}): Promise<{ droppedTables: string[] }> {
  const admin = await openAdminSession(options.connection, hooks.onSql);
  const dropped: string[] = [];
  try {
    for (const table of workloadTableNumbers(options)) {
      hooks.onLog?.(`Dropping table 'sbtest${table}'...`);
      await admin.run(dropTableSql(table));
      dropped.push(`sbtest${table}`);
    }
  } finally {
    await admin.close();
  }
  return { droppedTables: dropped };
}

export function cleanupBenchmark(config: BenchmarkConfig, hooks: CleanupHooks = {}): Promise<{ droppedTables: string[] }> {
  return cleanupWithOptions(resolveBenchmarkConfig(config), hooks);
}
