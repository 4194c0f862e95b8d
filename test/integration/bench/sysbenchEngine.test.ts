// The installed sysbench 1.0.20 as an engine, against the local MariaDB: both engines on the same
// workload give results of the same shape with the right source.engine; sysbench's numbers are the
// ones it printed; its password is in no process's command line or environment and in no file left
// behind; a cancelled run keeps what sysbench reported.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { benchOptions, connectionArgs, db, dropDatabase, freshDatabase, query, runProcess } from './support/benchFixtures';
import { waitFor } from '../../support/serverStatements';
import { runMeasuredWithEngine, type EngineChoice } from '../../../src/core/bench/benchEngine';
import { prepareWithOptions } from '../../../src/core/bench/prepareBenchmark';
import { runExperiment } from '../../../src/core/bench/experiments/runExperiment';
import type { IntervalReport } from '../../../src/core/bench/measurement/runStatistics';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import type { RunResult } from '../../../src/core/results/benchmarkResult';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
let database: string;
const user = `tidblab_sb_${process.pid}`;
// a password only this test knows, with what sysbench's config file must quote: blank, comma, '#', a quote
const password = `pw ${randomBytes(6).toString('hex')},#"x`;

const options = (extra: string[]) =>
  benchOptions('oltp_point_select', [
    `--mysql-host=${db.host}`,
    `--mysql-port=${db.port}`,
    `--mysql-user=${user}`,
    `--mysql-password=${password}`,
    `--mysql-db=${database}`,
    '--tables=1',
    '--table-size=2000',
    ...extra,
  ]);

before(async () => {
  database = await freshDatabase('sbengine');
  await query('mysql', `CREATE USER '${user}'@'%' IDENTIFIED BY '${password.replace(/'/g, "''")}'`);
  await query('mysql', `GRANT ALL ON \`${database}\`.* TO '${user}'@'%'`);
  await prepareWithOptions(options([]));
});

after(async () => {
  await query('mysql', `DROP USER IF EXISTS '${user}'@'%'`);
  await dropDatabase(database);
});

/** Every process's command line that holds `text` (processes that end while we look are skipped). */
function processesWith(text: string, file: 'cmdline' | 'environ'): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/${file}`).includes(text)) found.push(entry);
    } catch {
      // gone, or another user's environment
    }
  }
  return found;
}

/** The fields that hold a value (the built-in engine writes `message: undefined` where sysbench's result has none). */
function sortedKeys(value: object): string[] {
  return Object.entries(value)
    .filter(([, field]) => field !== undefined)
    .map(([key]) => key)
    .sort();
}

describe('the sysbench engine', () => {
  test('both engines on oltp_point_select: the same shape, source.engine, and sysbench numbers as sysbench printed them', async () => {
    const runs: Record<string, { result: RunResult; streamed: IntervalReport[]; choice?: EngineChoice; printed?: string[] }> = {};
    for (const engine of ['builtin', 'sysbench'] as const) {
      const streamed: IntervalReport[] = [];
      let choice: EngineChoice | undefined;
      const measured = await runMeasuredWithEngine(
        options(['--threads=2', '--time=2', '--report-interval=1']),
        {
          onInterval: (report) => streamed.push(report),
          onEngine: (chosen) => (choice = chosen),
        },
        { engine },
      );
      runs[engine] = { result: measured.result, streamed, choice, printed: measured.details.reportLines };
    }
    const builtin = runs.builtin.result;
    const sysbench = runs.sysbench.result;
    assert.equal(builtin.source.engine, 'builtin');
    assert.equal(sysbench.source.engine, 'sysbench');
    assert.equal(sysbench.source.engineVersion, '1.0.20');
    assert.equal(runs.sysbench.choice?.engine, 'sysbench');
    for (const result of [builtin, sysbench]) {
      const checked = parseBenchmarkResult(JSON.parse(JSON.stringify(result)));
      assert.ok(checked.ok, JSON.stringify(checked));
      assert.equal(result.status, 'completed', result.message);
      assert.ok(result.summary.events > 0);
      assert.ok(result.intervals.length >= 1);
      assert.ok(!JSON.stringify(result).includes(password));
    }
    // the same shape: the same fields of the result, its summary and its intervals; only the
    // built-in engine has an HDR histogram of each event to keep (sysbench prints its own buckets), which `bench merge` needs
    assert.ok(builtin.latencyHdr, 'the built-in engine keeps its HDR histogram');
    assert.equal(sysbench.latencyHdr, undefined);
    const shape = (result: RunResult) => ({
      result: sortedKeys(result).filter((key) => key !== 'histogram' && key !== 'client' && key !== 'latencyHdr'),
      summary: sortedKeys(result.summary),
      interval: sortedKeys(result.intervals[0]).filter((key) => key !== 'client'),
      options: sortedKeys(result.options),
      server: sortedKeys(result.server ?? {}),
    });
    assert.deepEqual(shape(sysbench), shape(builtin));
    // the intervals shown live are the ones stored, as sysbench printed them
    assert.deepEqual(
      runs.sysbench.streamed.map((report) => report.interval),
      sysbench.intervals,
    );
    // the summary is sysbench's own: every number as its output printed it
    const printed = (runs.sysbench.printed ?? []).join('\n');
    const number = (pattern: RegExp) => Number(pattern.exec(printed)?.[1]);
    assert.equal(sysbench.summary.reads, number(/^ +read: +(\d+)$/m));
    assert.equal(sysbench.summary.queries, number(/^ +total: +(\d+)$/m));
    assert.equal(sysbench.summary.events, number(/^ +transactions: +(\d+) /m));
    assert.equal(sysbench.summary.tps, number(/^ +transactions: +\d+ +\(([\d.]+) per sec\.\)$/m));
    assert.equal(sysbench.summary.qps, number(/^ +queries: +\d+ +\(([\d.]+) per sec\.\)$/m));
    assert.equal(sysbench.durationSec, number(/^ +total time: +([\d.]+)s$/m));
    assert.equal(sysbench.summary.latencyMs.min, number(/^ +min: +([\d.]+)$/m));
    assert.equal(sysbench.summary.latencyMs.avg, number(/^ +avg: +([\d.]+)$/m));
    assert.equal(sysbench.summary.latencyMs.max, number(/^ +max: +([\d.]+)$/m));
    assert.equal(sysbench.summary.latencyMs.p95, number(/^ +95th percentile: +([\d.]+)$/m));
    assert.equal(sysbench.options.threads, 2);
    assert.equal(sysbench.server?.flavor, 'mariadb');
  });

  test("a short sysbench run gives p50 to p99.9 and a histogram, from sysbench's histogram in the built-in engine's layout", async () => {
    const measured = await runMeasuredWithEngine(options(['--threads=2', '--time=2', '--report-interval=1']), {}, { engine: 'sysbench' });
    const { result } = measured;
    assert.equal(result.source.engine, 'sysbench');
    assert.equal(result.status, 'completed', result.message);
    const latency = result.summary.latencyMs;
    for (const key of ['p50', 'p90', 'p95', 'p99', 'p999'] as const) assert.equal(typeof latency[key], 'number', `${key}: ${latency[key]}`);
    // sysbench prints min and max with two decimals (0.04 for an event of 0.036 ms), the percentiles come from its buckets
    const printedRounding = 0.005;
    assert.ok(
      latency.min! - printedRounding <= latency.p50! && latency.p50! <= latency.p99! && latency.p99! <= latency.p999!,
      JSON.stringify(latency),
    );
    // sysbench's buckets are about 1.8% wide: its largest event is in the top one, within a bucket
    assert.ok(latency.p999! <= latency.max! * 1.02, JSON.stringify(latency));
    const histogram = result.histogram;
    assert.ok(histogram !== undefined, 'the result has a histogram');
    assert.equal(
      histogram.counts.reduce((a, b) => a + b, 0),
      result.summary.events,
    );
    // the built-in engine's buckets: upper bounds at 2^(i/8) µs
    for (const bound of histogram.bucketsMs) {
      const index = Math.round(Math.log2(bound * 1000) * 8);
      assert.equal(bound, Math.round(Math.pow(2, index / 8)) / 1000, `bucket bound ${bound}`);
    }
    const checked = parseBenchmarkResult(JSON.parse(JSON.stringify(result)));
    assert.ok(checked.ok, JSON.stringify(checked));
    // the histogram sysbench was asked for is not printed: the run did not ask for --histogram
    assert.ok(!(measured.details.reportLines ?? []).some((line) => /Latency histogram/.test(line)));
  });

  test('the password is in no process command line or environment, and its config file (0600) is gone after the run', async () => {
    let pid: number | undefined;
    let configPath: string | undefined;
    const seen: { mode?: number; looked?: boolean; cmdlines: string[]; environs: string[] } = { cmdlines: [], environs: [] };
    const measured = await runMeasuredWithEngine(
      options(['--threads=2', '--time=3', '--report-interval=1']),
      {
        onSysbenchProcess: (started) => {
          pid = started;
          // the file as sysbench finds it (removed once sysbench has read it: sysbenchStop.test.ts)
          const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
          configPath = cmdline.find((arg) => arg.startsWith('--config-file='))?.slice('--config-file='.length);
          if (configPath) seen.mode = statSync(configPath).mode & 0o777;
        },
        onInterval: () => {
          // sysbench is running and connected: look at every process
          if (pid === undefined || seen.looked) return;
          seen.looked = true;
          seen.cmdlines = processesWith(password, 'cmdline');
          seen.environs = processesWith(password, 'environ');
          assert.ok(!readFileSync(`/proc/${pid}/environ`).includes(password));
        },
      },
      { engine: 'sysbench' },
    );
    assert.equal(measured.result.status, 'completed', measured.result.message);
    assert.ok(configPath, 'sysbench was started with --config-file');
    assert.equal(seen.mode, 0o600);
    assert.deepEqual(seen.cmdlines, []);
    assert.deepEqual(seen.environs, []);
    assert.equal(existsSync(configPath), false);
    assert.equal(existsSync(join(configPath, '..')), false);
  });

  test('cancel sends SIGINT; the result keeps what sysbench reported, marked cancelled', async () => {
    const controller = new AbortController();
    const streamed: IntervalReport[] = [];
    let configPath: string | undefined;
    let pid: number | undefined;
    const started = Date.now();
    const measured = await runMeasuredWithEngine(
      options(['--threads=2', '--time=60', '--report-interval=1']),
      {
        signal: controller.signal,
        onSysbenchProcess: (running) => (pid = running),
        onInterval: (report) => {
          streamed.push(report);
          if (pid !== undefined && configPath === undefined) {
            configPath = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
              .split('\0')
              .find((arg) => arg.startsWith('--config-file='))
              ?.slice(14);
          }
          if (streamed.length === 2) controller.abort();
        },
      },
      { engine: 'sysbench' },
    );
    const result = measured.result;
    assert.ok(Date.now() - started < 50_000, 'the run stopped well before its 60 s');
    assert.equal(result.status, 'cancelled');
    assert.equal(result.message, 'Cancelled (SIGINT to sysbench); the result holds what it reported until then.');
    assert.equal(result.source.engine, 'sysbench');
    assert.ok(result.intervals.length >= 2);
    assert.deepEqual(
      result.intervals,
      streamed.map((report) => report.interval),
    );
    assert.ok(result.summary.events > 0);
    assert.ok(configPath !== undefined && !existsSync(configPath));
    await waitFor('no sysbench connection left', async () => {
      const rows = await query('information_schema', 'SELECT ID FROM information_schema.PROCESSLIST WHERE USER = ?', [user]);
      return rows.length === 0 ? true : undefined;
    });
  });

  test('experiments choose per cell: sysbench where it can run the cell, the built-in engine with the reason where it cannot', async () => {
    const logs: string[] = [];
    const result = await runExperiment(
      {
        name: 'engine per cell',
        workloads: ['oltp_point_select'],
        threads: [2],
        tableSizes: [2000],
        options: { time: 1, tables: 1 },
        prepare: false,
        cleanup: false,
        variants: [{ name: 'plain' }, { name: 'session', sessionVariables: { max_join_size: 1000000 } }],
      },
      { host: db.host, port: db.port, user, password, database },
      { engine: { engine: 'auto' }, onLog: (line) => logs.push(line) },
    );
    assert.equal(result.status, 'completed', result.message);
    const [plain, session] = result.cells.map((cell) => cell.run);
    assert.equal(plain.source.engine, 'sysbench');
    assert.equal(session.source.engine, 'builtin');
    assert.match(session.source.engineNote ?? '', /session statements/);
    assert.ok(
      logs.some((line) => /Engine: sysbench 1\.0\.20/.test(line)),
      logs.join('\n'),
    );
    assert.ok(
      logs.some((line) => /Engine: built-in \(sysbench 1\.0\.20 cannot run this as asked \(the variant's session statements/.test(line)),
      logs.join('\n'),
    );
    await assert.rejects(
      runExperiment(
        {
          name: 'forced',
          workloads: ['oltp_point_select'],
          threads: [2],
          tableSizes: [2000],
          options: { time: 1 },
          prepare: false,
          cleanup: false,
          variants: [{ name: 'session', sessionVariables: { max_join_size: 1000000 } }],
        },
        { host: db.host, port: db.port, user, password, database },
        { engine: { engine: 'sysbench' } },
      ),
      /sysbench 1\.0\.20 cannot run this benchmark as asked: the variant's session statements/,
    );
  });

  test("the CLI: --engine=sysbench says so and prints sysbench's summary; auto falls back with the reason; forced sysbench refuses what it cannot run", async () => {
    const args = [
      `--mysql-host=${db.host}`,
      `--mysql-port=${db.port}`,
      `--mysql-user=${user}`,
      `--mysql-db=${database}`,
      '--tables=1',
      '--threads=1',
      '--time=1',
    ];
    const env = { ...process.env, MYSQL_PWD: password };
    const forced = await runProcess(process.execPath, [CLI, 'bench', '--engine=sysbench', ...args, 'oltp_point_select', 'run'], { env });
    assert.equal(forced.code, 0, forced.stderr);
    assert.match(forced.stdout, /^Engine: sysbench 1\.0\.20 \(.*sysbench\)$/m);
    // "Threads started!" when sysbench says it, before its summary
    assert.ok(forced.stdout.indexOf('Threads started!') > forced.stdout.indexOf('Engine: sysbench'));
    assert.ok(forced.stdout.indexOf('Threads started!') < forced.stdout.indexOf('SQL statistics:'));
    assert.match(forced.stdout, /^ {4}transactions: {24}\d+ +\(\d+\.\d\d per sec\.\)$/m);
    const fallback = await runProcess(process.execPath, [CLI, 'bench', '--json', ...args, '--warmup-time=1', 'oltp_point_select', 'run'], {
      env,
    });
    assert.equal(fallback.code, 0, fallback.stderr);
    assert.match(
      fallback.stderr,
      /^Engine: built-in \(sysbench 1\.0\.20 cannot run this as asked \(--warmup-time is a sysbench 1\.1 option\)\)$/m,
    );
    const json = JSON.parse(fallback.stdout) as RunResult;
    assert.equal(json.source.engine, 'builtin');
    assert.match(json.source.engineNote ?? '', /--warmup-time/);
    const refused = await runProcess(
      process.execPath,
      [CLI, 'bench', '--engine=sysbench', ...args, '--rand-type=zipfian', 'oltp_point_select', 'run'],
      { env },
    );
    assert.equal(refused.code, 1);
    assert.match(
      refused.stderr,
      /^FATAL: sysbench 1\.0\.20 cannot run this benchmark as asked: --rand-type=zipfian is a sysbench 1\.1 distribution\. Use the built-in engine \(or auto\) for it\.$/m,
    );
    const missing = await runProcess(
      process.execPath,
      [CLI, 'bench', '--engine=sysbench', '--sysbench-path=/nonexistent/sysbench', ...args, 'oltp_point_select', 'run'],
      { env },
    );
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /FATAL: The sysbench engine was asked for, but \/nonexistent\/sysbench is not an executable file/);
    for (const outcome of [forced, fallback, refused, missing]) assert.ok(!(outcome.stdout + outcome.stderr).includes(password));
    assert.equal(connectionArgs(database).length, 5);
  });
});
