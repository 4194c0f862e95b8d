// TPC-C section of `npm run bench`: `tidb-lab bench tpcc` prepares one warehouse in its own
// database, runs BENCH_TPCC_THREADS (default 4,16) threads for BENCH_TIME seconds each (default 15)
// and reports go-tpc's numbers from the --out result (tpmC, tpmTotal, efficiency, New-Order's
// p95/p99), with the load average around each run; then drops the database. go-tpc is not installed
// on the development machines, so there is no side-by-side with it: the numbers are TiDB Lab's own.
// Run alone: `node scripts/benchTpcc.mjs` (after `npm run build`).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
export const server = {
  host: env.TIDB_LAB_MYSQL_HOST ?? '127.0.0.1',
  port: Number(env.TIDB_LAB_MYSQL_PORT ?? 3406),
  user: env.TIDB_LAB_MYSQL_USER ?? 'tidblab',
  password: env.TIDB_LAB_MYSQL_PASSWORD ?? 'tidblab-pw',
};
const DATABASE = 'tidblab_bench_tpcc';
const seconds = Number(env.BENCH_TIME ?? 15);
const threadCounts = (env.BENCH_TPCC_THREADS ?? '4,16').split(',').map(Number);

function cli() {
  for (const candidate of [join(repoRoot, 'dist', 'cli.js'), join(repoRoot, 'out', 'src', 'cli', 'cli.js')]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('Neither dist/cli.js nor out/src/cli/cli.js exists: run `npm run build` first.');
}

/** `tidb-lab bench <workload> --mysql-db=<database> ...args` against the bench server; resolves to its output. */
export function goTpcCli(workload, database, args) {
  const all = [
    cli(),
    'bench',
    workload,
    `--mysql-host=${server.host}`,
    `--mysql-port=${server.port}`,
    `--mysql-user=${server.user}`,
    `--mysql-db=${database}`,
    ...args,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, all, { env: { ...env, MYSQL_PWD: server.password }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`tidb-lab bench ${workload} ${args.join(' ')} exited with ${code}:\n${output}`)),
    );
  });
}

const tpcc = (args) => goTpcCli('tpcc', DATABASE, args);

export async function dropDatabase(database = DATABASE) {
  const { createConnection } = await import(pathToFileURL(join(repoRoot, 'node_modules', 'mysql2', 'promise.js')).href);
  const connection = await createConnection({ host: server.host, port: server.port, user: server.user, password: server.password });
  try {
    await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
  } finally {
    await connection.end();
  }
}

export const load = () => os.loadavg()[0].toFixed(1);

export async function benchTpcc() {
  const rows = [];
  await dropDatabase();
  try {
    const loadBefore = load();
    const started = performance.now();
    await tpcc(['--warehouses=1', '--threads=4', 'prepare']);
    rows.push(
      `| TPC-C prepare, 1 warehouse, 4 load threads (with go-tpc's check) | ${((performance.now() - started) / 1000).toFixed(1)} s (load ${loadBefore} before, ${load()} after) | no goal |`,
    );
    for (const threads of threadCounts) {
      const dir = mkdtempSync(join(os.tmpdir(), 'tidb-lab-bench-tpcc-'));
      try {
        const out = join(dir, 'result.json');
        const before = load();
        await tpcc(['--warehouses=1', `--threads=${threads}`, `--time=${seconds}s`, '--interval=5s', `--out=${out}`, 'run']);
        const result = JSON.parse(readFileSync(out, 'utf8'));
        const labels = result.labels ?? {};
        const figure = (value, decimals = 1) => (typeof value === 'number' ? value.toFixed(decimals) : '–');
        rows.push(
          `| TPC-C run, 1 warehouse, ${threads} threads, ${seconds} s: tpmC | ${figure(labels.tpmC)} (tpmTotal ${figure(labels.tpmTotal)}, efficiency ${figure(labels.efficiency_pct)} %, New-Order p95 ${figure(labels['NEW_ORDER.p95_ms'])} ms, p99 ${figure(labels['NEW_ORDER.p99_ms'])} ms, ${result.summary?.errors ?? 0} errors; load ${before} before, ${load()} after) | no side-by-side: go-tpc is not installed here |`,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await dropDatabase();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(['| measurement | result | goal |', '|---|---|---|', ...(await benchTpcc())].join('\n'));
}
