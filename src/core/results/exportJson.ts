// JSON export: the result model itself, pretty-printed, after the secrets guard.

import type { BenchmarkResult } from './benchmarkResult';
import { redactSecrets } from './redactSecrets';

export function resultToJson(result: BenchmarkResult): string {
  return `${JSON.stringify(redactSecrets(result), null, 2)}\n`;
}
