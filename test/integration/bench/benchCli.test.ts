// `tidb-lab bench` as a user runs it: sysbench's output layout, --json and --out, Ctrl-C, import,
// experiments, and clear messages for mistakes.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { connectionArgs, db, dropDatabase, freshDatabase, query, runProcess, waitForNoConnections } from './support/benchFixtures';
import { waitFor } from '../../support/serverStatements';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import type { ExperimentResult, RunResult } from '../../../src/core/results/benchmarkResult';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
const work = mkdtempSync(join(tmpdir(), 'tidblab-bench-cli-'));
let database: string;

// These tests are about the built-in engine's command line; sysbenchEngine.test.ts runs --engine=sysbench and auto.
const bench = (args: string[], options: Parameters<typeof runProcess>[2] = {}) =>
  runProcess(process.execPath, [CLI, 'bench', '--engine=builtin', ...args], options);

before(async () => {
  database = await freshDatabase('cli');
});

after(async () => {
  await dropDatabase(database);
  rmSync(work, { recursive: true, force: true });
});

describe('tidb-lab bench', () => {
  test('prepare, run and cleanup print what sysbench prints', async () => {
    const prepare = await bench([
      ...connectionArgs(database),
      '--tables=2',
      '--table-size=5000',
      '--threads=2',
      'oltp_read_only',
      'prepare',
    ]);
    assert.equal(prepare.code, 0, prepare.stderr);
    assert.match(prepare.stdout, /^tidb-lab bench [\d.]+ \(sysbench 1\.0\.20 compatible\)\n\n/);
    // two threads load the two tables at once, so their lines interleave (as sysbench's do)
    const prepareLines = prepare.stdout.split('\n');
    for (const table of ['sbtest1', 'sbtest2']) {
      const created = prepareLines.indexOf(`Creating table '${table}'...`);
      const inserting = prepareLines.indexOf(`Inserting 5000 records into '${table}'`);
      const indexed = prepareLines.indexOf(`Creating a secondary index on '${table}'...`);
      assert.ok(created >= 0 && created < inserting && inserting < indexed, `${table}: ${prepare.stdout}`);
    }

    const run = await bench([
      ...connectionArgs(database),
      '--tables=2',
      '--threads=2',
      '--time=2',
      '--report-interval=1',
      'oltp_read_only',
      'run',
    ]);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.split('\n');
    assert.ok(lines.includes('Running the test with following options:'));
    assert.ok(lines.includes('Number of threads: 2'));
    assert.ok(lines.includes('Report intermediate results every 1 second(s)'));
    assert.equal(
      lines.filter((line) =>
        /^\[ \d+s \] thds: \d+ tps: \d+\.\d\d qps: \d+\.\d\d \(r\/w\/o: [\d.]+\/[\d.]+\/[\d.]+\) lat \(ms,95%\): [\d.]+ err\/s: 0\.00 reconn\/s: 0\.00$/.test(
          line,
        ),
      ).length,
      2,
    );
    for (const pattern of [
      /^SQL statistics:$/m,
      /^ {8}read: {28}\d+$/m,
      /^ {4}transactions: {24}\d+ +\(\d+\.\d\d per sec\.\)$/m,
      /^ {4}ignored errors: {22}0 {6}\(0\.00 per sec\.\)$/m,
      /^ {4}total time: {26}\d+\.\d{4}s$/m,
      /^ {9}min: {30} *\d+\.\d\d$/m,
      /^ {9}95th percentile: +\d+\.\d\d$/m,
      /^ {4}events \(avg\/stddev\): {11}\d+\.\d{4}\/\d+\.\d\d$/m,
      /^ {4}execution time \(avg\/stddev\): {3}\d\.\d{4}\/\d+\.\d\d$/m,
    ])
      assert.match(run.stdout, pattern);
    // the numbers line up as in sysbench: the latency values end in the same column
    const latency = lines.filter((line) => /^ {9}(min|avg|max|sum):/.test(line));
    assert.equal(new Set(latency.map((line) => line.length)).size, 1);
    assert.equal(latency[0].length, 53);

    const cleanup = await bench([...connectionArgs(database), '--tables=2', 'oltp_read_only', 'cleanup']);
    assert.equal(cleanup.code, 0);
    assert.ok(cleanup.stdout.includes("Dropping table 'sbtest1'...\nDropping table 'sbtest2'..."));
  });

  test('--json prints the result model, --out writes it; the password comes from MYSQL_PWD and goes nowhere', async () => {
    const out = join(work, 'result.json');
    const args = [`--mysql-host=${db.host}`, `--mysql-port=${db.port}`, `--mysql-user=${db.user}`, `--mysql-db=${database}`];
    const env = { ...process.env, MYSQL_PWD: db.password };
    assert.equal((await bench([...args, '--table-size=1000', 'oltp_point_select', 'prepare'], { env })).code, 0);
    const run = await bench([...args, '--events=300', '--time=0', '--threads=3', 'oltp_point_select', 'run', '--json', '--out', out], {
      env,
    });
    assert.equal(run.code, 0, run.stderr);
    const printed = parseBenchmarkResult(run.stdout);
    assert.ok(printed.ok, printed.ok ? '' : printed.errors.join('; '));
    const result = JSON.parse(readFileSync(out, 'utf8')) as RunResult;
    assert.equal(result.kind, 'run');
    assert.equal(result.summary.events, 300);
    assert.equal(result.options.threads, 3);
    assert.equal(result.server?.flavor, 'mariadb');
    // the exact latencies `tidb-lab bench merge` needs, kept through the result's validation
    assert.equal(result.latencyHdr?.count, 300);
    assert.equal(result.latencyHdr?.maxMs, result.summary.latencyMs.max);
    assert.ok(printed.ok && printed.result.kind === 'run' && printed.result.latencyHdr?.histogram === result.latencyHdr?.histogram);
    assert.ok(!run.stdout.includes(db.password) && !readFileSync(out, 'utf8').includes(db.password) && !run.stderr.includes(db.password));
  });

  test('Ctrl-C stops the run, prints the partial summary and exits with 130', async () => {
    const out = join(work, 'cancelled.json');
    let pid = 0;
    let stdout = '';
    let exited = false;
    const running = bench(
      [...connectionArgs(database), '--threads=4', '--time=60', '--report-interval=1', 'oltp_point_select', 'run', '--out', out],
      {
        onStart: (started) => (pid = started),
        onStdout: (soFar) => (stdout = soFar),
      },
    );
    void running.then(() => (exited = true));
    // An interval line with events: the run is measuring.
    await waitFor('an interval with events', async () => {
      assert.ok(!exited, `the run ended before it was interrupted: ${stdout}`);
      return /\] thds: 4 tps: [1-9]/.test(stdout) ? true : undefined;
    });
    process.kill(pid, 'SIGINT');
    const stopped = performance.now();
    const outcome = await running;
    // a bound that proves there is no hang; how fast it really is, npm run bench measures
    assert.ok(performance.now() - stopped < 15_000, 'exits promptly');
    assert.equal(outcome.code, 130, outcome.stderr);
    assert.match(outcome.stderr, /Interrupted/);
    assert.match(outcome.stdout, /SQL statistics:/);
    const result = JSON.parse(readFileSync(out, 'utf8')) as RunResult;
    assert.equal(result.status, 'cancelled');
    assert.ok(result.summary.events > 0);
    assert.equal(await waitForNoConnections(database), 0);
  });

  test('mistakes get one clear line and exit code 1', async () => {
    const unknown = await bench(['--mysql-hots=x', 'oltp_point_select', 'run']);
    assert.equal(unknown.code, 1);
    assert.equal(unknown.stderr, 'tidb-lab bench: invalid option: --mysql-hots\n');
    const badValue = await bench(['--threads=lots', 'oltp_point_select', 'run']);
    assert.match(badValue.stderr, /Invalid value for --threads: 'lots'/);
    const missingTables = await bench([...connectionArgs(database), '--tables=9', 'oltp_point_select', 'run']);
    assert.equal(missingTables.code, 1);
    assert.match(missingTables.stderr, /^FATAL: .*sbtest\d' doesn't exist.*prepare' first/m);
    const help = await bench(['oltp_read_write', 'help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /--point_selects=N +Number of point SELECT queries per transaction \[10\]/);
  });

  test('import reads a sysbench log back into results', async () => {
    const log = join(work, 'sysbench.log');
    const run = await bench([...connectionArgs(database), '--threads=2', '--time=1', '--report-interval=1', 'oltp_point_select', 'run']);
    writeFileSync(log, `${run.stdout}\n${run.stdout}`);
    const imported = await bench(['import', log, '--json']);
    assert.equal(imported.code, 0, imported.stderr);
    const results = JSON.parse(imported.stdout) as RunResult[];
    assert.equal(results.length, 2, 'two runs appended to one log');
    const events = Number(/total number of events:\s+(\d+)/.exec(run.stdout)?.[1]);
    assert.equal(results[0].summary.events, events);
    const text = await bench(['import', log]);
    assert.match(text.stdout, /^2 result\(s\) from .*sysbench\.log \(sysbench\)/);
  });

  test('experiment runs a matrix with variants and prints the % change table', async () => {
    const file = join(work, 'experiment.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'engines',
        workloads: ['oltp_point_select', 'select_random_points'],
        threads: [1, 2],
        tableSizes: [2000],
        options: { time: 1, tables: 1 },
        variants: [
          { name: 'innodb' },
          {
            name: 'aria',
            setup: ['ALTER TABLE {table} ENGINE=Aria'],
            teardown: ['ALTER TABLE {table} ENGINE=InnoDB'],
            ready: {
              kind: 'sql',
              query: "SELECT ENGINE = 'Aria' FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'sbtest1'",
            },
            sessionVariables: { max_heap_table_size: 33554432 },
          },
        ],
      }),
    );
    const out = join(work, 'experiment-result.json');
    const outcome = await bench(['experiment', file, ...connectionArgs(database), '--out', out]);
    assert.equal(outcome.code, 0, outcome.stderr);
    assert.match(outcome.stdout, /readiness: ok/);
    assert.match(outcome.stdout, /\[8\/8\] select_random_points threads=2 table_size=2000 aria: /);
    assert.match(
      outcome.stdout,
      /% change of QPS, aria over innodb: oltp_point_select, select_random_points, 2000 rows:\nthreads\/request type +oltp_point_select +select_random_points\n1 +-?\d+\.\d\d% +-?\d+\.\d\d%\n2 /,
    );
    const result = JSON.parse(readFileSync(out, 'utf8')) as ExperimentResult;
    assert.equal(result.status, 'completed');
    assert.equal(result.cells.length, 8);
    assert.deepEqual(result.variants, ['innodb', 'aria']);
    assert.ok(result.cells.every((cell) => cell.run.status === 'completed' && cell.run.summary.events > 0));
    // every cell measured its client (experiments run through the same engine path)
    assert.ok(
      result.cells.every((cell) => cell.run.client !== undefined && cell.run.client.cores > 0),
      JSON.stringify(result.cells.map((cell) => cell.run.client)),
    );
    const tables = await query(
      database,
      "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE 'sbtest%'",
    );
    assert.equal(tables.length, 0, 'the experiment cleaned up');

    const bulk = join(work, 'bulk.json');
    writeFileSync(
      bulk,
      JSON.stringify({ kind: 'bulk-load', name: 'batches', rows: 6000, rowsPerInsert: [500, 2000], writerThreads: [1, 3], seed: 4 }),
    );
    const loaded = await bench(['experiment', bulk, ...connectionArgs(database), '--json']);
    assert.equal(loaded.code, 0, loaded.stderr);
    const bulkResult = JSON.parse(loaded.stdout) as ExperimentResult;
    assert.equal(bulkResult.cells.length, 8);
    for (const cell of bulkResult.cells) {
      assert.equal(cell.run.labels?.rows_loaded, 6000);
      assert.ok((cell.run.summary.rowsPerSec ?? 0) > 0 && (cell.run.summary.mbPerSec ?? 0) > 0 && cell.run.summary.latencyMs.p99 !== null);
      assert.equal(cell.run.summary.events, Math.ceil(6000 / Number(cell.params?.rows_per_insert)));
    }
    const left = await query(
      database,
      "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'tidblab_bulk_load'",
    );
    assert.equal(left.length, 0);
  });

  test('a variant whose set-up fails is recorded as failed, the rest runs, clean-up runs, and the exit code says so after the table', async () => {
    const file = join(work, 'failing-experiment.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'one broken variant',
        workloads: ['oltp_point_select'],
        threads: [1, 2],
        tableSizes: [1000],
        options: { time: 1, tables: 1 },
        variants: [
          { name: 'plain' },
          { name: 'broken', setup: ['SELECT * FROM tidblab_no_such_table'], teardown: ['DO 1'] },
          { name: 'plain again' },
        ],
      }),
    );
    const out = join(work, 'failing-result.json');
    const outcome = await bench(['experiment', file, ...connectionArgs(database), '--out', out]);
    assert.equal(outcome.code, 1, outcome.stderr);
    assert.match(outcome.stdout, /The set-up of variant 'broken' failed: .*tidblab_no_such_table/);
    assert.match(outcome.stdout, /% change of QPS, broken over plain: oltp_point_select, 1000 rows:/);
    assert.match(
      outcome.stdout,
      /% change of QPS, plain again over plain: oltp_point_select, 1000 rows:\nthreads\/request type +oltp_point_select\n1 +-?\d+\.\d\d%/,
    );
    assert.match(
      outcome.stdout,
      /Failed cells \(2 of 6\):\n {2}broken oltp_point_select threads=1 table_size=1000: The set-up of variant 'broken' failed/,
    );
    assert.match(outcome.stderr, /2 of 6 cell\(s\) failed/);
    assert.ok(outcome.stdout.indexOf('% change of QPS') < outcome.stdout.indexOf('Failed cells'), 'the table of what did run comes first');
    const result = parseBenchmarkResult(readFileSync(out, 'utf8'));
    assert.ok(result.ok && result.result.kind === 'experiment', JSON.stringify(result));
    const experiment = result.result as ExperimentResult;
    assert.deepEqual(
      experiment.cells.map((cell) => `${cell.variant}:${cell.run.status}`),
      ['plain:completed', 'plain:completed', 'broken:failed', 'broken:failed', 'plain again:completed', 'plain again:completed'],
    );
    const tables = await query(
      database,
      "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE 'sbtest%'",
    );
    assert.equal(tables.length, 0, 'the clean-up ran');
  });

  test('presets lists the ready experiments and preset NAME prints one as the JSON an experiment file holds', async () => {
    const listed = await bench(['presets']);
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /^cached-vs-normal +Cached table vs normal table \(TiDB >= v6\.0\.0\)$/m);
    assert.match(listed.stdout, /^tiflash-replicas +With vs without TiFlash replicas \(TiDB with TiFlash\)$/m);
    const printed = await bench(['preset', 'cached-vs-normal']);
    assert.equal(printed.code, 0, printed.stderr);
    const definition = JSON.parse(printed.stdout) as { options: Record<string, unknown>; globalVariables: Record<string, unknown> };
    assert.deepEqual(definition.options, { time: 600, tables: 1, rand_type: 'special', report_interval: 10 });
    assert.deepEqual(definition.globalVariables, { tidb_table_cache_lease: 10 });
    const saved = join(work, 'preset.json');
    const written = await bench(['preset', 'tiflash-replicas', '--out', saved]);
    assert.equal(written.code, 0, written.stderr);
    assert.equal(readFileSync(saved, 'utf8'), written.stdout);
    const unknown = await bench(['preset', 'no-such-study']);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /no preset 'no-such-study'\. Presets: cached-vs-normal, tiflash-replicas/);
  });
});
