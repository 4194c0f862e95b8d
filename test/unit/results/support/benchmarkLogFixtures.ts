import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Tests run from out/test/unit/results/...; the fixtures stay in the source tree.
export const BENCHMARK_LOGS_DIR = join(__dirname, '..', '..', '..', '..', '..', 'test', 'fixtures', 'benchmark-logs');

export function benchmarkLogNames(): string[] {
  return readdirSync(BENCHMARK_LOGS_DIR).filter((name) => name.endsWith('.log'));
}

export function readBenchmarkLog(name: string): string {
  return readFileSync(join(BENCHMARK_LOGS_DIR, name), 'utf8');
}
