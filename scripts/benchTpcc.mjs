// TPC-C section of `npm run bench`: TiDB Lab's engine and go-tpc itself side by side on the same
// server and the same data. `tidb-lab bench tpcc` prepares one warehouse in its own database; then,
// for each of BENCH_TPCC_THREADS (default 4,16), BENCH_TPCC_ROUNDS (default 3) alternating rounds
// of BENCH_TIME seconds (default 15): TiDB Lab's built-in engine (`tidb-lab bench tpcc run`), then
// go-tpc run as its users run it (`go-tpc tpcc run`, TIDB_LAB_GO_TPC or the tool cache's build).
// Each side reports the medians of its rounds: tpmC, New-Order's p95, and the client's CPU per
// transaction (user + system seconds of the client's whole process tree, from bash's `times`,
// over the transactions it counted), with the load average around every round. go-tpc takes its
// password only on its command line, so it connects as a passwordless account made for this bench
// (local only, rights on the bench database only) and dropped afterwards. Then the database goes.
// Run alone: `node scripts/benchTpcc.mjs` (after `npm run build` and `npm run build:tests`).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
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

const rounds = Number(env.BENCH_TPCC_ROUNDS ?? 3);
const GO_TPC = env.TIDB_LAB_GO_TPC ?? join(env.TIDB_LAB_TOOLS_DIR ?? '/var/cache/tidb-lab-tools', 'go-tpc-v1.0.12', 'go-tpc');
const GO_TPC_USER = 'tidblab_bench_gotpc';
const TIMES_LINE = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/;

/**
 * Runs `command args` under bash and returns its stdout and the CPU seconds (user + system) of its
 * whole process tree: bash's `times` prints the children's totals once they are reaped.
 */
export function timedClient(command, args, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', '"$@"; status=$?; times >&2; exit $status', 'bench', command, ...args], {
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${stdout}${stderr}`));
      const times = stderr.trimEnd().split('\n').at(-1).trim().match(TIMES_LINE);
      if (!times) return reject(new Error(`no CPU times after ${command}: ${stderr.slice(-200)}`));
      resolve({ stdout, cpuSeconds: Number(times[1]) * 60 + Number(times[2]) + Number(times[3]) * 60 + Number(times[4]) });
    });
  });
}

async function adminQuery(sql) {
  const { createConnection } = await import(pathToFileURL(join(repoRoot, 'node_modules', 'mysql2', 'promise.js')).href);
  const connection = await createConnection({ host: server.host, port: server.port, user: server.user, password: server.password });
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}

const GO_TPC_HOSTS = ['127.0.0.1', 'localhost'];

async function createGoTpcUser() {
  for (const host of GO_TPC_HOSTS) {
    await adminQuery(`DROP USER IF EXISTS '${GO_TPC_USER}'@'${host}'`);
    await adminQuery(`CREATE USER '${GO_TPC_USER}'@'${host}'`);
    await adminQuery(`GRANT ALL PRIVILEGES ON \`${DATABASE}\`.* TO '${GO_TPC_USER}'@'${host}'`);
  }
}

async function dropGoTpcUser() {
  for (const host of GO_TPC_HOSTS) await adminQuery(`DROP USER IF EXISTS '${GO_TPC_USER}'@'${host}'`);
}

/** go-tpc's log importer, as compiled by `npm run build:tests` (the one the extension and the CLI use). */
function goTpcLogImporter() {
  const path = join(repoRoot, 'out', 'src', 'core', 'results', 'importers', 'goTpcLogImporter.js');
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build:tests\` first.`);
  return createRequire(import.meta.url)(path).importGoTpcLog;
}

const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** One round's figures from go-tpc's labels (the CLI's --out result and the go-tpc log importer give the same ones). */
function figures(labels, cpuSeconds, load, clientBound = false) {
  const transactions = ((labels.tpmTotal ?? NaN) * seconds) / 60;
  return {
    tpmC: labels.tpmC ?? NaN,
    p95: labels['NEW_ORDER.p95_ms'] ?? NaN,
    cpuMsPerTxn: (cpuSeconds * 1000) / transactions,
    load,
    clientBound,
  };
}

async function ourRound(threads) {
  const dir = mkdtempSync(join(os.tmpdir(), 'tidb-lab-bench-tpcc-'));
  try {
    const out = join(dir, 'result.json');
    const before = load();
    const { cpuSeconds } = await timedClient(
      process.execPath,
      [
        cli(),
        'bench',
        'tpcc',
        `--mysql-host=${server.host}`,
        `--mysql-port=${server.port}`,
        `--mysql-user=${server.user}`,
        `--mysql-db=${DATABASE}`,
        '--engine=builtin',
        '--warehouses=1',
        `--threads=${threads}`,
        `--time=${seconds}s`,
        '--interval=5s',
        `--out=${out}`,
        'run',
      ],
      { MYSQL_PWD: server.password },
    );
    const result = JSON.parse(readFileSync(out, 'utf8'));
    return figures(result.labels ?? {}, cpuSeconds, `${before}→${load()}`, result.client?.bound === true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function goTpcRound(threads, importGoTpcLog) {
  const before = load();
  const { stdout, cpuSeconds } = await timedClient(GO_TPC, [
    'tpcc',
    '-H',
    server.host,
    '-P',
    String(server.port),
    '-U',
    GO_TPC_USER,
    '-D',
    DATABASE,
    '--warehouses',
    '1',
    '-T',
    String(threads),
    '--time',
    `${seconds}s`,
    '--interval',
    '5s',
    'run',
  ]);
  const imported = importGoTpcLog(stdout, { fileName: 'go-tpc.log' });
  const labels = imported.results[0]?.labels;
  if (!labels) throw new Error(`go-tpc printed no summary the importer reads: ${imported.warnings.join('; ')}\n${stdout.slice(-400)}`);
  return figures(labels, cpuSeconds, `${before}→${load()}`);
}

function describe(side, results) {
  const number = (value, decimals = 1) => (Number.isFinite(value) ? value.toFixed(decimals) : '–');
  return (
    `${side}: tpmC ${number(median(results.map((r) => r.tpmC)))} (rounds ${results.map((r) => number(r.tpmC, 0)).join(', ')}), ` +
    `New-Order p95 ${number(median(results.map((r) => r.p95)))} ms, ` +
    `client CPU ${number(median(results.map((r) => r.cpuMsPerTxn)), 2)} ms/transaction ` +
    `(load ${results.map((r) => r.load).join(', ')})` +
    (results.some((r) => r.clientBound)
      ? `, client-bound by its own measure in ${results.filter((r) => r.clientBound).length} of ${results.length} rounds`
      : '')
  );
}

export async function benchTpcc() {
  if (!existsSync(GO_TPC)) throw new Error(`go-tpc is not at ${GO_TPC}: run scripts/install-go-tpc.sh or set TIDB_LAB_GO_TPC`);
  const importGoTpcLog = goTpcLogImporter();
  const { stdout: versionOutput } = await timedClient(GO_TPC, ['version']);
  const goTpcVersion = /Release version:\s*(\S+)/.exec(versionOutput)?.[1] ?? 'unknown';
  const rows = [];
  await dropDatabase();
  try {
    const loadBefore = load();
    const started = performance.now();
    await tpcc(['--warehouses=1', '--threads=4', 'prepare']);
    rows.push(
      `| TPC-C prepare, 1 warehouse, 4 load threads (with go-tpc's check) | ${((performance.now() - started) / 1000).toFixed(1)} s (load ${loadBefore} before, ${load()} after) | no goal |`,
    );
    await createGoTpcUser();
    for (const threads of threadCounts) {
      const ours = [];
      const theirs = [];
      for (let round = 0; round < rounds; round++) {
        ours.push(await ourRound(threads));
        theirs.push(await goTpcRound(threads, importGoTpcLog));
      }
      const ratio = median(ours.map((r) => r.tpmC)) / median(theirs.map((r) => r.tpmC));
      const lowest = Math.min(...theirs.map((r) => r.tpmC));
      const met = median(ours.map((r) => r.tpmC)) >= lowest || ratio >= 0.9;
      rows.push(
        `| TPC-C run, 1 warehouse, ${threads} threads, ${seconds} s, ${rounds} alternating rounds each | ` +
          `${describe('TiDB Lab', ours)}; ${describe(`go-tpc ${goTpcVersion}`, theirs)}; TiDB Lab/go-tpc tpmC ${ratio.toFixed(2)}× | ` +
          `TiDB Lab's median tpmC at or above go-tpc's lowest round, or ≥ 0.9× its median: ${met ? 'met' : 'NOT met'} |`,
      );
    }
  } finally {
    await dropGoTpcUser().catch(() => undefined);
    await dropDatabase();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(['| measurement | result | goal |', '|---|---|---|', ...(await benchTpcc())].join('\n'));
}
