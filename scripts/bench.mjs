// npm run bench: measured, not assumed. Runs Debian's sysbench and `tidb-lab bench --engine=builtin`
// against the same local MariaDB, one after the other, for each (workload, threads) pair, and prints
// QPS, p95 latency and client CPU per query side by side with the ratio and whether the pair meets
// its goal; also writes the table to test-results/bench.md. Both clients run as child processes and
// their CPU time comes from /proc/<pid>/stat (all threads, user and system), read until they exit.
// p95 is read finer than the summaries print it (two decimals would make 0.02 against 0.03 ms a
// 1.5x): sysbench's from its --histogram=on lines (its own buckets, three decimals), ours from
// the result JSON (--out).
//
// Environment: BENCH_TIME (seconds per run, default 15), BENCH_ROUNDS (runs of each tool per pair,
// alternating which goes first; the table shows medians; default 2), BENCH_THREADS (default
// "1,4,8,32"), BENCH_WORKLOADS (default "oltp_point_select,oltp_read_only,oltp_read_write"),
// BENCH_OPTIONS (extra sysbench options for both, e.g. "--rand-type=uniform"), BENCH_OUR_OPTIONS
// (options for tidb-lab only, e.g. "--client-workers=2"), BENCH_SECTIONS (comma-separated section
// names to run; default all), and the TIDB_LAB_MYSQL_* variables of test/support/testDatabase.ts.
// Section names may also be given as arguments: `npm run bench -- engine` runs only the engine
// comparison.
//
// The report is a list of sections; to add one, append to SECTIONS an object { name, title, run }
// whose run() returns Markdown.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import os from 'node:os';
import { setInterval, clearInterval, setTimeout } from 'node:timers';
import { performance } from 'node:perf_hooks';
import { GOALS, goalVerdict, histogramPercentile } from './benchVerdict.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const server = {
  host: env.TIDB_LAB_MYSQL_HOST ?? '127.0.0.1',
  port: Number(env.TIDB_LAB_MYSQL_PORT ?? 3406),
  user: env.TIDB_LAB_MYSQL_USER ?? 'tidblab',
  password: env.TIDB_LAB_MYSQL_PASSWORD ?? 'tidblab-pw',
};
const BENCH_DB = 'tidblab_bench_compare';
const seconds = Number(env.BENCH_TIME ?? 15);
const rounds = Math.max(1, Number(env.BENCH_ROUNDS ?? 2));
const threadCounts = (env.BENCH_THREADS ?? '1,4,8,32').split(',').map(Number);
const workloads = (env.BENCH_WORKLOADS ?? 'oltp_point_select,oltp_read_only,oltp_read_write').split(',');
const extraOptions = (env.BENCH_OPTIONS ?? '').split(' ').filter(Boolean);
const ourOptions = (env.BENCH_OUR_OPTIONS ?? '').split(' ').filter(Boolean);
const tableOptions = ['--tables=4', '--table-size=10000'];
const CLOCK_TICKS = 100;

function ourCli() {
  for (const candidate of [join(repoRoot, 'dist', 'cli.js'), join(repoRoot, 'out', 'src', 'cli', 'cli.js')]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('Neither dist/cli.js nor out/src/cli/cli.js exists: run `npm run build` (or `npm run build:tests`) first.');
}

function connectionArgs() {
  return [`--mysql-host=${server.host}`, `--mysql-port=${server.port}`, `--mysql-user=${server.user}`, `--mysql-db=${BENCH_DB}`];
}

/** Runs a command; samples /proc/<pid>/stat until it exits and returns the last CPU reading (seconds). */
function runMeasured(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...env, MYSQL_PWD: server.password }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let cpuSec = 0;
    let userSec = 0;
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const sample = () => {
      try {
        const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "pid (comm)"
        userSec = Number(fields[11]) / CLOCK_TICKS;
        cpuSec = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
      } catch {
        // the process is gone; keep the last reading
      }
    };
    const timer = setInterval(sample, 20);
    child.on('error', reject);
    child.on('exit', () => sample());
    child.on('close', (code) => {
      clearInterval(timer);
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${stdout}\n${stderr}`));
      else resolve({ stdout, stderr, cpuSec, userSec });
    });
  });
}

function parseSummary(stdout) {
  const queries = /queries:\s+(\d+)\s+\(([\d.]+) per sec\.\)/.exec(stdout);
  const p95 = /95th percentile:\s+([\d.]+)/.exec(stdout);
  if (!queries || !p95) throw new Error(`no sysbench summary in:\n${stdout}`);
  return { queries: Number(queries[1]), qps: Number(queries[2]), p95: Number(p95[1]) };
}

async function measure(tool, workload, threads) {
  const args = [...connectionArgs(), ...tableOptions, ...extraOptions, `--threads=${threads}`, `--time=${seconds}`, workload, 'run'];
  const loadBefore = os.loadavg()[0];
  let summary;
  let outcome;
  if (tool === 'sysbench') {
    outcome = await runMeasured('/usr/bin/sysbench', [...args.slice(0, -2), '--histogram=on', ...args.slice(-2)]);
    summary = parseSummary(outcome.stdout);
    summary.p95 = histogramPercentile(outcome.stdout, 95) ?? summary.p95;
  } else {
    const dir = mkdtempSync(join(os.tmpdir(), 'tidb-lab-bench-'));
    try {
      const resultFile = join(dir, 'result.json');
      outcome = await runMeasured(process.execPath, [ourCli(), 'bench', '--engine=builtin', ...ourOptions, `--out=${resultFile}`, ...args]);
      summary = parseSummary(outcome.stdout);
      const result = JSON.parse(readFileSync(resultFile, 'utf8'));
      summary.p95 = result.summary.latencyMs.p95 ?? summary.p95;
      summary.clientBound = result.client?.bound === true;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const sample = {
    ...summary,
    cpuUsPerQuery: (outcome.cpuSec * 1e6) / summary.queries,
    userUsPerQuery: (outcome.userSec * 1e6) / summary.queries,
    load: loadBefore,
  };
  console.log(
    `  ${tool.padEnd(8)} ${workload} threads=${threads}: QPS ${sample.qps.toFixed(0)}, p95 ${sample.p95.toFixed(3)} ms, ` +
      `CPU/query ${sample.cpuUsPerQuery.toFixed(2)} µs (user ${sample.userUsPerQuery.toFixed(2)})${sample.clientBound ? ', client-bound' : ''}, load ${loadBefore.toFixed(1)}`,
  );
  return sample;
}

async function mysqlRows(sql) {
  const { createConnection } = await import(pathToFileURL(join(repoRoot, 'node_modules', 'mysql2', 'promise.js')).href);
  const connection = await createConnection({ host: server.host, port: server.port, user: server.user, password: server.password });
  try {
    const [rows] = await connection.query(sql);
    return rows;
  } finally {
    await connection.end();
  }
}

async function mysqlQuery(sql) {
  await mysqlRows(sql);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function medianMeasurement(samples) {
  return {
    qps: median(samples.map((sample) => sample.qps)),
    p95: median(samples.map((sample) => sample.p95)),
    cpuUsPerQuery: median(samples.map((sample) => sample.cpuUsPerQuery)),
    clientBound: samples.filter((sample) => sample.clientBound).length,
  };
}

const ratio = (ours, theirs) => (theirs > 0 ? `${(ours / theirs).toFixed(2)}x` : 'n/a');

/** Runs work() with a fresh database holding the sysbench tables, and drops it afterwards. */
async function withPreparedDatabase(work) {
  await mysqlQuery(`DROP DATABASE IF EXISTS \`${BENCH_DB}\``);
  await mysqlQuery(`CREATE DATABASE \`${BENCH_DB}\``);
  try {
    await runMeasured(process.execPath, [
      ourCli(),
      'bench',
      '--engine=builtin',
      ...connectionArgs(),
      ...tableOptions,
      '--threads=4',
      'oltp_read_write',
      'prepare',
    ]);
    return await work();
  } finally {
    await mysqlQuery(`DROP DATABASE IF EXISTS \`${BENCH_DB}\``);
  }
}

async function engineVersusSysbench() {
  const loadBefore = os.loadavg();
  const rows = [];
  await withPreparedDatabase(async () => {
    // warm the buffer pool so the first pair does not pay for it
    await runMeasured('/usr/bin/sysbench', [...connectionArgs(), ...tableOptions, '--threads=4', '--time=3', 'oltp_read_only', 'run']);
    for (const workload of workloads) {
      for (const threads of threadCounts) {
        const samples = { sysbench: [], ours: [] };
        for (let round = 0; round < rounds; round++) {
          // alternate who goes first, so neither always meets a warmer or a busier server
          const order = round % 2 === 0 ? ['sysbench', 'tidb-lab'] : ['tidb-lab', 'sysbench'];
          for (const tool of order) (tool === 'sysbench' ? samples.sysbench : samples.ours).push(await measure(tool, workload, threads));
        }
        const sysbench = medianMeasurement(samples.sysbench);
        const ours = medianMeasurement(samples.ours);
        const row = { workload, threads, sysbench, ours, verdict: goalVerdict(threads, ours, sysbench) };
        rows.push(row);
        console.log(
          `${workload} threads=${threads}: QPS ${ours.qps.toFixed(0)} vs ${sysbench.qps.toFixed(0)} (${ratio(ours.qps, sysbench.qps)}), ` +
            `p95 ${ours.p95.toFixed(3)} vs ${sysbench.p95.toFixed(3)} ms (${ratio(ours.p95, sysbench.p95)}), ` +
            `CPU/query ${ours.cpuUsPerQuery.toFixed(1)} vs ${sysbench.cpuUsPerQuery.toFixed(1)} µs (${ratio(ours.cpuUsPerQuery, sysbench.cpuUsPerQuery)})${row.verdict ? `; goal ${row.verdict}` : ''}`,
        );
      }
    }
  });
  const loadAfter = os.loadavg();
  const loadText = (load) => load.map((value) => value.toFixed(1)).join(' ');
  const bound = rows.reduce((sum, row) => sum + row.ours.clientBound, 0);
  const lines = [
    `${new Date().toISOString().slice(0, 10)}; ${seconds} s per run, ${rounds} run${rounds > 1 ? 's' : ''} of each tool per pair, alternating which goes first${rounds > 1 ? ' (medians)' : ''}; ${tableOptions.join(' ')}${extraOptions.length ? ` ${extraOptions.join(' ')}` : ''}${ourOptions.length ? ` (tidb-lab also ${ourOptions.join(' ')})` : ''}; MariaDB on ${server.host}:${server.port}; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}) shared by both clients, the server and whatever else runs; load average ${loadText(loadBefore)} before, ${loadText(loadAfter)} after.`,
    `Goals: at ${GOALS.throughputThreads.join(' and ')} threads QPS ratio >= ${GOALS.qpsRatio.toFixed(2)} and client CPU per query ratio <= ${GOALS.cpuRatio.toFixed(2)}; at ${GOALS.latencyThreads.join(' and ')} threads p95 ratio <= ${GOALS.p95Ratio.toFixed(2)}.${bound > 0 ? ` The built-in engine said it was client-bound in ${bound} of its runs.` : ''}`,
    '',
    '| workload | threads | QPS tidb-lab | QPS sysbench | QPS ratio | p95 ms tidb-lab | p95 ms sysbench | p95 ratio | CPU µs/query tidb-lab | CPU µs/query sysbench | CPU ratio | goal |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      ({ workload, threads, sysbench, ours, verdict }) =>
        `| ${workload} | ${threads} | ${ours.qps.toFixed(0)} | ${sysbench.qps.toFixed(0)} | ${ratio(ours.qps, sysbench.qps)} | ${ours.p95.toFixed(3)} | ${sysbench.p95.toFixed(3)} | ${ratio(ours.p95, sysbench.p95)} | ${ours.cpuUsPerQuery.toFixed(1)} | ${sysbench.cpuUsPerQuery.toFixed(1)} | ${ratio(ours.cpuUsPerQuery, sysbench.cpuUsPerQuery)} | ${verdict || '-'} |`,
    ),
  ];
  return lines.join('\n');
}

/** Ctrl-C on a running `tidb-lab bench ... run`: time until the process has exited, and what is left on the server. */
async function cancellation() {
  const loadBefore = os.loadavg();
  const rows = [];
  await withPreparedDatabase(async () => {
    for (const [workload, threads] of [
      ['oltp_point_select', 32],
      ['oltp_read_write', 32],
      ['oltp_read_write', 8],
    ]) {
      const child = spawn(
        process.execPath,
        [ourCli(), 'bench', ...connectionArgs(), ...tableOptions, `--threads=${threads}`, '--time=60', workload, 'run'],
        { env: { ...env, MYSQL_PWD: server.password }, stdio: 'ignore' },
      );
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const interrupted = performance.now();
      child.kill('SIGINT');
      const code = await new Promise((resolve) => child.on('close', resolve));
      const stopMs = performance.now() - interrupted;
      const left = await mysqlRows(`SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = '${BENCH_DB}'`);
      rows.push(
        `| Ctrl-C during ${workload}, ${threads} threads: until the process exited | ${stopMs.toFixed(0)} ms (exit ${code}), ${left[0].n} connections left | < 1000 ms, none left |`,
      );
    }
  });
  return [`Load average before: ${loadBefore.map((value) => value.toFixed(1)).join(' ')}.`, '', MEASUREMENT_HEADER, ...rows].join('\n');
}

/**
 * --rate: the event rate the built-in engine reaches against the rate asked for. Arrivals are
 * random (sysbench's exponential inter-arrival times), so a rate of R over T seconds gives about
 * R*T events, give or take sqrt(R*T); a machine that falls behind gives fewer. The integration test
 * keeps only the upper bound, which no machine speed can break.
 */
async function rateAccuracy() {
  const loadBefore = os.loadavg();
  const rateSeconds = Math.max(5, Math.min(seconds, 10));
  const rows = [];
  await withPreparedDatabase(async () => {
    for (const [rate, threads] of [
      [300, 4],
      [3000, 8],
    ]) {
      const dir = mkdtempSync(join(os.tmpdir(), 'tidb-lab-bench-'));
      try {
        const resultFile = join(dir, 'result.json');
        await runMeasured(process.execPath, [
          ourCli(),
          'bench',
          '--engine=builtin',
          `--out=${resultFile}`,
          ...connectionArgs(),
          ...tableOptions,
          `--threads=${threads}`,
          `--rate=${rate}`,
          `--time=${rateSeconds}`,
          'oltp_point_select',
          'run',
        ]);
        const result = JSON.parse(readFileSync(resultFile, 'utf8'));
        const tps = result.summary.tps;
        const off = ((tps - rate) / rate) * 100;
        console.log(`  --rate=${rate} --threads=${threads}: ${tps.toFixed(1)} events/s (${off >= 0 ? '+' : ''}${off.toFixed(1)}%)`);
        rows.push(
          `| --rate=${rate}, ${threads} threads, ${rateSeconds} s of oltp_point_select: events per second | ${tps.toFixed(1)} (${off >= 0 ? '+' : ''}${off.toFixed(1)}% of the rate, ${result.summary.events} events) | within ±15% |`,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
  return [`Load average before: ${loadBefore.map((value) => value.toFixed(1)).join(' ')}.`, '', MEASUREMENT_HEADER, ...rows].join('\n');
}

/**
 * A section from another script: its export returns Markdown table rows, as a string, an array of
 * rows, or an object with a `rows` array.
 */
function externalSection(file, exportName, header) {
  return async () => {
    const path = join(repoRoot, 'scripts', file);
    if (!existsSync(path)) return `(${file} is not there)`;
    const module = await import(pathToFileURL(path).href);
    const report = await module[exportName]();
    const rows =
      typeof report === 'string'
        ? report
        : Array.isArray(report)
          ? report.join('\n')
          : Array.isArray(report?.rows)
            ? report.rows.join('\n')
            : JSON.stringify(report);
    return `${header}\n${rows}`;
  };
}

const MEASUREMENT_HEADER = '| measurement | result | goal |\n|---|---|---|';

const SECTIONS = [
  { name: 'engine', title: 'Benchmark engine vs sysbench 1.0.20', run: engineVersusSysbench },
  { name: 'cancel', title: 'Benchmark cancellation', run: cancellation },
  { name: 'rate', title: 'Benchmark --rate accuracy', run: rateAccuracy },
  { name: 'plan', title: 'Plan parser', run: externalSection('benchPlan.mjs', 'benchPlan', MEASUREMENT_HEADER) },
  { name: 'plan-render', title: 'Plan view', run: externalSection('benchPlanRender.mjs', 'benchPlanRender', MEASUREMENT_HEADER) },
  {
    name: 'results-render',
    title: 'Results view',
    run: externalSection('benchResultsRender.mjs', 'benchResultsRender', MEASUREMENT_HEADER),
  },
  { name: 'import', title: 'Log import', run: externalSection('benchImport.mjs', 'benchImport', MEASUREMENT_HEADER) },
  { name: 'redaction', title: 'Password redaction', run: externalSection('benchRedaction.mjs', 'benchRedaction', MEASUREMENT_HEADER) },
  { name: 'tpcc', title: 'TPC-C (tpmC at 1 warehouse)', run: externalSection('benchTpcc.mjs', 'benchTpcc', MEASUREMENT_HEADER) },
  { name: 'ch', title: 'CH-benCHmark (QphH and tpmC at 1 warehouse)', run: externalSection('benchCh.mjs', 'benchCh', MEASUREMENT_HEADER) },
];

async function main() {
  const named = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const wanted = named.length > 0 ? named : env.BENCH_SECTIONS ? env.BENCH_SECTIONS.split(',') : SECTIONS.map((section) => section.name);
  const unknown = wanted.filter((name) => !SECTIONS.some((section) => section.name === name));
  if (unknown.length > 0)
    throw new Error(`Unknown section ${unknown.join(', ')}; the sections are ${SECTIONS.map((section) => section.name).join(', ')}.`);
  const parts = [`# npm run bench (${new Date().toISOString()})`];
  let failed = false;
  for (const section of SECTIONS.filter((candidate) => wanted.includes(candidate.name))) {
    console.log(`\n== ${section.title}`);
    let body;
    try {
      body = await section.run();
    } catch (error) {
      failed = true;
      body = `failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    console.log(body);
    parts.push(`## ${section.title}\n\n${body}`);
  }
  mkdirSync(join(repoRoot, 'test-results'), { recursive: true });
  writeFileSync(join(repoRoot, 'test-results', 'bench.md'), `${parts.join('\n\n')}\n`);
  console.log('\nWritten to test-results/bench.md');
  if (failed) process.exitCode = 1;
}

await main();
