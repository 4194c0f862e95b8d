// CH-benCHmark section of `npm run bench`: `tidb-lab bench ch` prepares one warehouse (TPC-C and the
// CH tables, analyzed as on MariaDB by default) in its own database, runs BENCH_CH_THREADS (default
// 4) TPC-C threads beside one AP thread for BENCH_CH_TIME seconds (default 60: at one warehouse a
// round of the 22 queries takes tens of seconds) and reports go-tpc's numbers from the --out result
// (QphH, tpmC, the queries run), with the load average around the run; then drops the database.
// go-tpc is not installed on the development machines: the numbers are TiDB Lab's own.
// Run alone: `node scripts/benchCh.mjs` (after `npm run build`).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dropDatabase, goTpcCli, load } from './benchTpcc.mjs';

const DATABASE = 'tidblab_bench_ch';
const seconds = Number(process.env.BENCH_CH_TIME ?? 60);
const threadCounts = (process.env.BENCH_CH_THREADS ?? '4').split(',').map(Number);
const ch = (args) => goTpcCli('ch', DATABASE, args);

export async function benchCh() {
  const rows = [];
  await dropDatabase(DATABASE);
  try {
    const loadBefore = load();
    const started = performance.now();
    await ch(['--warehouses=1', '--threads=4', 'prepare']);
    rows.push(
      `| CH prepare, 1 warehouse, 4 load threads (TPC-C with go-tpc's check, then nation, region, supplier, ANALYZE) | ${((performance.now() - started) / 1000).toFixed(1)} s (load ${loadBefore} before, ${load()} after) | no goal |`,
    );
    for (const threads of threadCounts) {
      const dir = mkdtempSync(join(os.tmpdir(), 'tidb-lab-bench-ch-'));
      try {
        const out = join(dir, 'result.json');
        const before = load();
        await ch([
          '--warehouses=1',
          `--threads=${threads}`,
          '--acThreads=1',
          `--time=${seconds}s`,
          '--interval=10s',
          `--out=${out}`,
          'run',
        ]);
        const result = JSON.parse(readFileSync(out, 'utf8'));
        const labels = result.labels ?? {};
        const queries = Object.values(result.ch?.queries ?? {});
        const ran = queries.reduce((sum, query) => sum + query.count, 0);
        const failed = queries.reduce((sum, query) => sum + query.errors, 0);
        const figure = (value, decimals = 1) => (typeof value === 'number' ? value.toFixed(decimals) : '–');
        rows.push(
          `| CH run, 1 warehouse, ${threads} TP threads, 1 AP thread, ${seconds} s: QphH and tpmC | QphH ${figure(labels.qphH)}, tpmC ${figure(labels.tpmC)} (${ran} queries run, ${failed} failed; ${result.summary?.errors ?? 0} transaction errors; load ${before} before, ${load()} after) | no side-by-side: go-tpc is not installed here |`,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await dropDatabase(DATABASE);
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(['| measurement | result | goal |', '|---|---|---|', ...(await benchCh())].join('\n'));
}
