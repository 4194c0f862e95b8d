// Log import benchmark: a sysbench log whose command line is continued with `\` over 4,000 and
// 32,000 lines, imported several times each; reports the fastest time of each size and their ratio
// (linear reading gives about 8x). Needs the compiled core: `npm run build:tests` first.
// Run alone: `node scripts/benchImport.mjs`.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import os from 'node:os';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const importerPath = join(repoRoot, 'out', 'src', 'core', 'results', 'importers', 'sysbenchLogImporter.js');

function continuedCommandLog(optionCount) {
  const lines = ['$ sysbench \\'];
  for (let i = 0; i < optionCount; i++) lines.push(`    --option-${i}='value ${i}' \\`);
  lines.push('    oltp_read_only run');
  lines.push('[ 1s ] thds: 1 tps: 1.00 qps: 14.00 (r/w/o: 14.00/0.00/0.00) lat (ms,95%): 1.00 err/s: 0.00 reconn/s: 0.00');
  return lines.join('\n');
}

export async function benchImport() {
  if (!existsSync(importerPath)) throw new Error(`${importerPath} is missing: run npm run build:tests first`);
  const { importSysbenchLog } = createRequire(import.meta.url)(importerPath);
  const fastest = (text, rounds) => {
    let best = Infinity;
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      importSysbenchLog(text);
      best = Math.min(best, performance.now() - started);
    }
    return best;
  };
  const small = continuedCommandLog(4_000);
  const large = continuedCommandLog(32_000);
  fastest(small, 2);
  const smallMs = fastest(small, 7);
  const largeMs = fastest(large, 5);
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  return [
    `| sysbench log, command line over 4,000 continued lines (${(small.length / 1024).toFixed(0)} KiB) | ${smallMs.toFixed(1)} ms | |`,
    `| sysbench log, command line over 32,000 continued lines (${(large.length / 1024).toFixed(0)} KiB) | ${largeMs.toFixed(1)} ms | |`,
    `| ratio for 8x the lines (load average ${load}) | ${(largeMs / smallMs).toFixed(1)}x | about 8x (linear) |`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log((await benchImport()).join('\n'));
}
