// `tidb-lab bench rawsql` against the local MariaDB: the queries of the files run as many times as
// asked, counted by the server itself (performance_schema's statement digests), and the result
// and the go-tpc lines agree with it.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { connectionArgs, dropDatabase, freshDatabase, query, runProcess } from './support/benchFixtures';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import { importBenchmarkLog } from '../../../src/core/results/importers/importBenchmarkLog';
import type { RunResult } from '../../../src/core/results/benchmarkResult';
import { assertClientLineLast, assertClientMeasuredOnMainThread } from './support/mainThreadClient';
import { until } from '../../support/until';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
const work = mkdtempSync(join(tmpdir(), 'tidblab-rawsql-'));
let database: string;

const bench = (args: string[]) => runProcess(process.execPath, [CLI, 'bench', ...args]);

/** What performance_schema counted for the statements on `table` in the test database, by statement kind. */
async function serverCounts(table: string): Promise<{ selects: number; updates: number }> {
  const rows = await query<{ text: string; n: string | number }>(
    database,
    `SELECT DIGEST_TEXT AS text, COUNT_STAR AS n FROM performance_schema.events_statements_summary_by_digest
      WHERE SCHEMA_NAME = ? AND DIGEST_TEXT LIKE ?`,
    [database, `%${table}%`],
  );
  let selects = 0;
  let updates = 0;
  for (const row of rows) {
    if (/^SELECT/i.test(row.text)) selects += Number(row.n);
    else if (/^UPDATE/i.test(row.text)) updates += Number(row.n);
  }
  return { selects, updates };
}

/**
 * The counts once `expected` more statements are in, or after 5 s: MariaDB adds a statement to its digest summary
 * after it has answered the client, so a count read the moment the CLI exits can miss the last ones (62 of 64 in CI).
 */
async function serverCountsOnceIn(
  table: string,
  before: { selects: number; updates: number },
  expected: number,
): Promise<{ selects: number; updates: number }> {
  const added = (counts: { selects: number; updates: number }) => counts.selects + counts.updates - before.selects - before.updates;
  return until(
    () => serverCounts(table),
    (counts) => added(counts) >= expected,
    `${expected} statements counted`,
    5_000,
  ).catch(() => serverCounts(table));
}

before(async () => {
  database = await freshDatabase('rawsql');
  await query(database, 'CREATE TABLE `rawsql_items` (`id` INT PRIMARY KEY, `hits` INT NOT NULL)');
  await query(database, 'INSERT INTO `rawsql_items` VALUES (1, 0), (2, 0), (3, 0)');
});

after(async () => {
  await dropDatabase(database);
  rmSync(work, { recursive: true, force: true });
});

describe('tidb-lab bench rawsql', () => {
  test('--count=N runs N queries in all, round-robin over the files, as the server counts them', async () => {
    const read = join(work, 'read_items.sql');
    const write = join(work, 'bump.sql');
    writeFileSync(read, '-- the rows\nSELECT `id`, `hits` FROM `rawsql_items` WHERE `id` <= 2;\n');
    writeFileSync(write, 'UPDATE `rawsql_items` SET `hits` = `hits` + 1 WHERE `id` = 3;\n');
    const before = await serverCounts('rawsql_items');
    const out = join(work, 'count.json');
    const outcome = await bench([
      'rawsql',
      `--query-files=${read},${write}`,
      '--threads=3',
      '--count=31',
      '--interval=1s',
      ...connectionArgs(database),
      '--json',
      `--out=${out}`,
      'run',
    ]);
    assert.equal(outcome.code, 0, outcome.stderr);
    // threads 0 and 2 start at READ_ITEMS, thread 1 at BUMP; 11 + 10 + 10 queries
    const expectedReads = 6 + 5 + 5;
    const expectedWrites = 5 + 5 + 5;
    const after = await serverCountsOnceIn('rawsql_items', before, expectedReads + expectedWrites);
    assert.equal(after.selects - before.selects, expectedReads);
    assert.equal(after.updates - before.updates, expectedWrites);
    const [{ hits }] = await query<{ hits: number }>(database, 'SELECT `hits` FROM `rawsql_items` WHERE `id` = 3');
    assert.equal(Number(hits), expectedWrites);

    const parsed = parseBenchmarkResult(readFileSync(out, 'utf8'));
    assert.ok(parsed.ok, JSON.stringify(parsed));
    const result = parsed.result as RunResult;
    assert.equal(result.workload, 'rawsql');
    assert.equal(result.status, 'completed');
    assert.equal(result.summary.events, 31);
    assert.equal(result.summary.reads, expectedReads);
    assert.equal(result.summary.writes, expectedWrites);
    assert.equal(result.summary.errors, 0);
    assert.equal(result.labels?.['READ_ITEMS.count'], expectedReads);
    assert.equal(result.labels?.['BUMP.count'], expectedWrites);
    assert.ok(result.labels?.['BUMP.p99_ms'] !== undefined);
    assert.equal(result.options.threads, 3);
    assert.equal(JSON.stringify(result).includes(connectionArgs(database)[3].split('=')[1]), false, 'no password in the result');
  });

  test('the go-tpc lines it prints import back to the same counts and percentiles', async () => {
    const read = join(work, 'point.sql');
    writeFileSync(read, 'SELECT `hits` FROM `rawsql_items` WHERE `id` = 1');
    const out = join(work, 'text.json');
    const outcome = await bench([
      'rawsql',
      `--query-files=${read}`,
      '--threads=2',
      '--count=40',
      ...connectionArgs(database),
      `--out=${out}`,
      'run',
    ]);
    assert.equal(outcome.code, 0, outcome.stderr);
    assert.match(outcome.stdout, /^# tidb-lab bench rawsql /);
    assert.equal(outcome.stdout.includes(connectionArgs(database)[3]), false, 'no password in the printed command');
    assert.match(outcome.stdout, /\nFinished\n\[Summary\] POINT {2}- Takes\(s\): [\d.]+, Count: 40, TPM: /);
    const own = parseBenchmarkResult(readFileSync(out, 'utf8'));
    assert.ok(own.ok);
    const imported = importBenchmarkLog(outcome.stdout, 'rawsql.log');
    assert.equal(imported.format, 'go-tpc');
    const run = imported.results[0] as RunResult;
    assert.equal(run.workload, 'rawsql');
    assert.equal(run.summary.events, 40);
    assert.equal(run.labels?.['POINT.count'], 40);
    const ownLabels = (own.result as RunResult).labels ?? {};
    for (const key of ['POINT.p50_ms', 'POINT.p95_ms', 'POINT.p99_ms', 'POINT.max_ms', 'POINT.avg_ms'])
      assert.equal(run.labels?.[key], Number(Number(ownLabels[key]).toFixed(1)), key);
  });

  test('the client is measured each interval and for the run, and said after the summary as a TPC-C run says it', async () => {
    const read = join(work, 'client.sql');
    writeFileSync(read, 'SELECT `hits` FROM `rawsql_items` WHERE `id` = 1');
    const out = join(work, 'client.json');
    const outcome = await bench([
      'rawsql',
      `--query-files=${read}`,
      '--threads=2',
      '--time=3s',
      '--interval=1s',
      ...connectionArgs(database),
      `--out=${out}`,
      'run',
    ]);
    assert.equal(outcome.code, 0, outcome.stderr);
    const parsed = parseBenchmarkResult(readFileSync(out, 'utf8'));
    assert.ok(parsed.ok, JSON.stringify(parsed));
    const result = parsed.result as RunResult;
    assert.ok(result.intervals.length >= 2, `intervals: ${result.intervals.length}`);
    assertClientMeasuredOnMainThread(result);
    assert.match(outcome.stdout, /\n\[Summary\] CLIENT {1}- Takes\(s\): [^\n]+\nClient: \d+% of \d+ cores?, event loop busy \d+%.*limit/);
    assertClientLineLast(outcome.stdout);
    // the go-tpc importer passes over the Client line
    const imported = importBenchmarkLog(outcome.stdout, 'rawsql-client.log');
    assert.deepEqual(imported.warnings, []);
    assert.equal((imported.results[0] as RunResult).summary.events, result.summary.events);
  });

  test('a failing query: counted as NAME_ERR with its error code under --ignore-error; without it the run fails', async () => {
    const missing = join(work, 'missing.sql');
    writeFileSync(missing, 'SELECT * FROM `no_such_table`');
    const ignored = await bench([
      'rawsql',
      `--query-files=${missing}`,
      '--threads=2',
      '--count=6',
      '--ignore-error',
      ...connectionArgs(database),
      '--json',
      'run',
    ]);
    assert.equal(ignored.code, 0, ignored.stderr);
    const result = JSON.parse(ignored.stdout) as RunResult;
    assert.equal(result.summary.errors, 6);
    assert.equal(result.summary.events, 0);
    assert.deepEqual(result.summary.errorCodes, { '1146': 6 });
    assert.equal(result.labels?.['MISSING_ERR.count'], 6);

    const stopped = await bench([
      'rawsql',
      `--query-files=${missing}`,
      '--threads=2',
      '--count=6',
      ...connectionArgs(database),
      '--json',
      'run',
    ]);
    assert.equal(stopped.code, 1);
    assert.match(stopped.stderr, /execute MISSING failed, err .*no_such_table/);
    assert.equal((JSON.parse(stopped.stdout) as RunResult).summary.errors, 2, 'each thread stops at its first error');
  });

  test('two load machines with a shared --start-at, merged: the counts the server saw, the percentiles of both', async () => {
    const read = join(work, 'shared.sql');
    writeFileSync(read, 'SELECT `hits` FROM `rawsql_items` WHERE `id` = 2');
    // The statement once before the count: its digest row exists before four connections run it at the same
    // moment (CI twice counted 62 and 63 of 64 when the row was made under them, even 5 s later).
    await query(database, 'SELECT `hits` FROM `rawsql_items` WHERE `id` = 2');
    const startAt = new Date(Date.now() + 3000).toISOString();
    const before = await serverCounts('rawsql_items');
    const machine = (name: string, count: number) =>
      bench([
        'rawsql',
        `--query-files=${read}`,
        '--threads=2',
        `--count=${count}`,
        '--interval=1s',
        `--start-at=${startAt}`,
        ...connectionArgs(database),
        `--out=${join(work, name)}`,
        'run',
      ]);
    const [a, b] = await Promise.all([machine('machine-a.json', 32), machine('machine-b.json', 32)]);
    assert.equal(a.code, 0, a.stderr);
    assert.equal(b.code, 0, b.stderr);
    assert.match(a.stdout, /Waiting until .* to start \(--start-at\)/);
    const after = await serverCountsOnceIn('rawsql_items', before, 64);
    const merged = await bench(['merge', join(work, 'machine-a.json'), join(work, 'machine-b.json'), `--out=${join(work, 'merged.json')}`]);
    assert.equal(merged.code, 0, merged.stderr);
    const result = JSON.parse(readFileSync(join(work, 'merged.json'), 'utf8')) as RunResult;
    assert.equal(result.summary.events, 64);
    assert.equal(after.selects - before.selects, 64);
    assert.equal(result.labels?.['SHARED.count'], 64);
    assert.deepEqual(
      result.mergedFrom?.map((source) => source.events),
      [32, 32],
    );
    const runs = ['machine-a.json', 'machine-b.json'].map((file) => JSON.parse(readFileSync(join(work, file), 'utf8')) as RunResult);
    assert.ok(
      runs.every((run) => Date.parse(run.startTime) >= Date.parse(startAt)),
      'neither started before --start-at',
    );
    assert.equal(result.summary.latencyMs.max, Math.max(...runs.map((run) => run.summary.latencyMs.max ?? 0)));
    assert.ok(parseBenchmarkResult(result).ok);
  });

  test('mistakes are told plainly', async () => {
    const none = await bench(['rawsql', ...connectionArgs(database), 'run']);
    assert.equal(none.code, 1);
    assert.match(none.stderr, /empty query files/);
    const two = join(work, 'two.sql');
    writeFileSync(two, 'SELECT 1; SELECT 2;');
    const several = await bench(['rawsql', `--query-files=${two}`, ...connectionArgs(database), 'run']);
    assert.equal(several.code, 1);
    assert.match(several.stderr, /more than one statement/);
    const noVerb = await bench(['rawsql', `--query-files=${two}`]);
    assert.match(noVerb.stderr, /needs the command 'run'/);
  });
});
