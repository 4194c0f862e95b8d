// The engine against Debian's sysbench 1.0.20 on the same MariaDB: the same tables, the same data
// shape, and the same statement stream (seeded runs: the same statements with the same values).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MysqlSniffingProxy, type CapturedCommand } from './support/mysqlSniffingProxy';
import {
  benchOptions,
  benchmarkCommands,
  connectionArgs,
  db,
  dropDatabase,
  freshDatabase,
  query,
  shapeCounts,
  streamLines,
  sysbench,
} from './support/benchFixtures';
import { prepareWithOptions } from '../../../src/core/bench/prepareBenchmark';
import { cleanupWithOptions } from '../../../src/core/bench/cleanupBenchmark';
import { runWithOptions } from '../../../src/core/bench/runBenchmark';
import { BULK_PACKET_SIZE } from '../../../src/core/bench/sysbench/bulkInsertStatement';

let proxy: MysqlSniffingProxy;
let sysbenchDb: string;
let oursDb: string;

before(async () => {
  proxy = await MysqlSniffingProxy.start(db.host, db.port);
  sysbenchDb = await freshDatabase('compat_sb');
  oursDb = await freshDatabase('compat_ours');
});

after(async () => {
  await proxy.close();
  await dropDatabase(sysbenchDb);
  await dropDatabase(oursDb);
});

/** Commands of the connections opened while `work` ran (late goodbyes of earlier ones are left out). */
async function capture(work: () => Promise<unknown>): Promise<CapturedCommand[]> {
  const before = proxy.connectionsOpened;
  proxy.clear();
  await work();
  await proxy.whenIdle();
  return proxy.commands.filter((command) => command.connection > before);
}

const captureSysbench = (args: string[]) => capture(() => sysbench(args));
const captureOurs = async (work: () => Promise<unknown>) => benchmarkCommands(await capture(work));

async function tableFacts(database: string, table: string): Promise<Record<string, number | string>> {
  const [create] = await query<{ 'Create Table': string }>(database, `SHOW CREATE TABLE \`${table}\``);
  const [facts] = await query<Record<string, number>>(
    database,
    `SELECT COUNT(*) AS n, MIN(id) AS min_id, MAX(id) AS max_id, AVG(k) AS avg_k,
      SUM(c REGEXP '^([0-9]{11}-){9}[0-9]{11}$') AS good_c, SUM(pad REGEXP '^([0-9]{11}-){4}[0-9]{11}$') AS good_pad,
      COUNT(DISTINCT c) AS distinct_c FROM \`${table}\``,
  );
  return { create: create['Create Table'], ...facts };
}

describe('prepare', () => {
  test('creates the same tables, indexes and data shape, in multi-row INSERTs of at most 512 KiB', async () => {
    const args = ['--tables=3', '--table-size=30000', '--threads=2'];
    const theirs = await captureSysbench([...connectionArgs(sysbenchDb, proxy.port), ...args, 'oltp_read_write', 'prepare']);
    const ours = await captureOurs(() =>
      prepareWithOptions(benchOptions('oltp_read_write', [...connectionArgs(oursDb, proxy.port), ...args])),
    );

    for (const table of ['sbtest1', 'sbtest2', 'sbtest3']) {
      const expected = await tableFacts(sysbenchDb, table);
      const actual = await tableFacts(oursDb, table);
      assert.equal(actual.create, expected.create, `${table}: SHOW CREATE TABLE`);
      assert.equal(Number(actual.n), 30000);
      assert.deepEqual(
        [Number(actual.min_id), Number(actual.max_id), Number(actual.good_c), Number(actual.good_pad)],
        [1, 30000, 30000, 30000],
      );
      assert.ok(Number(actual.distinct_c) > 29990, 'c values are random');
      // k = random(1, table_size) with sysbench's default 'special' distribution: both centre on the middle
      assert.ok(
        Math.abs(Number(actual.avg_k) - Number(expected.avg_k)) / Number(expected.avg_k) < 0.03,
        `${table}: avg(k) ${actual.avg_k} vs ${expected.avg_k}`,
      );
    }

    const inserts = (commands: CapturedCommand[]) =>
      commands.filter((command) => command.kind === 'query' && command.sql?.startsWith('INSERT INTO'));
    const ddl = (commands: CapturedCommand[]) =>
      commands
        .filter((command) => command.kind === 'query' && !command.sql?.startsWith('INSERT INTO'))
        .map((command) => command.sql)
        .sort();
    assert.deepEqual(ddl(ours), ddl(theirs), 'the same CREATE TABLE and CREATE INDEX statements');
    assert.equal(inserts(ours).length, inserts(theirs).length, 'as many INSERT statements as sysbench');
    for (const insert of inserts(ours)) {
      assert.ok(Buffer.byteLength(insert.sql ?? '') < BULK_PACKET_SIZE);
      assert.match(
        insert.sql ?? '',
        /^INSERT INTO sbtest\d\(k, c, pad\) VALUES\(\d+, '[\d-]{119}', '[\d-]{59}'\)(,\(\d+, '[\d-]{119}', '[\d-]{59}'\))*$/,
      );
    }
    assert.equal(new Set(ours.map((command) => command.connection)).size, 2, 'two threads loaded the tables');
  });
});

const SEEDED = ['--rand-seed=7', '--threads=1', '--events=30', '--tables=3', '--table-size=30000'];
const STREAM_WORKLOADS: Array<[string, string[]]> = [
  ['oltp_point_select', []],
  ['oltp_read_only', []],
  ['oltp_read_write', []],
  ['oltp_write_only', []],
  ['oltp_update_index', []],
  ['oltp_update_non_index', []],
  ['oltp_delete', []],
  ['oltp_insert', []],
  ['oltp_read_write', ['--skip_trx=on', '--point_selects=3', '--delete_inserts=2', '--range_size=50']],
  ['oltp_read_only', ['--db-ps-mode=disable', '--range_selects=off']],
  ['oltp_write_only', ['--rand-type=uniform']],
  ['oltp_read_write', ['--rand-type=pareto']],
  ['oltp_update_index', ['--rand-type=gaussian', '--index_updates=3']],
];
// Not compared value for value: runs with --report-interval or --rate, where sysbench's report or
// event-generator thread races its workers for the first random() numbers (we give them out in
// the order sysbench creates the threads, which is what it usually ends up doing).

describe('run: a seeded single-thread run sends exactly what sysbench sends', () => {
  for (const [workload, extra] of STREAM_WORKLOADS) {
    test(`${workload} ${extra.join(' ')}`.trim(), async () => {
      const args = [...SEEDED, ...extra];
      const theirs = streamLines(await captureSysbench([...connectionArgs(sysbenchDb, proxy.port), ...args, workload, 'run']));
      const ours = streamLines(
        await captureOurs(() => runWithOptions(benchOptions(workload, [...connectionArgs(sysbenchDb, proxy.port), ...args]))),
      );
      assert.ok(theirs.ordered.length > 30);
      assert.deepEqual(ours.ordered, theirs.ordered);
      assert.deepEqual(ours.closes, theirs.closes);
    });
  }

  for (const workload of ['select_random_points', 'select_random_ranges']) {
    test(workload, async () => {
      const args = ['--rand-seed=3', '--threads=1', '--events=30', '--table-size=30000', '--rand-type=uniform'];
      const theirs = streamLines(await captureSysbench([...connectionArgs(sysbenchDb, proxy.port), ...args, workload, 'run']));
      const ours = streamLines(
        await captureOurs(() => runWithOptions(benchOptions(workload, [...connectionArgs(sysbenchDb, proxy.port), ...args]))),
      );
      assert.deepEqual(ours.ordered, theirs.ordered);
    });
  }
});

describe('run: with several threads the statement mix is the same', () => {
  test('oltp_read_only, 4 threads, 400 events', async () => {
    const args = ['--threads=4', '--events=400', '--tables=3', '--table-size=30000'];
    const theirs = await captureSysbench([...connectionArgs(sysbenchDb, proxy.port), ...args, 'oltp_read_only', 'run']);
    const ours = await captureOurs(() =>
      runWithOptions(benchOptions('oltp_read_only', [...connectionArgs(sysbenchDb, proxy.port), ...args])),
    );
    assert.deepEqual(shapeCounts(ours), shapeCounts(theirs));
    assert.equal(new Set(ours.map((command) => command.connection)).size, 4);
  });
});

describe('cleanup', () => {
  test('drops sbtest1..N of the workload and nothing else', async () => {
    for (const database of [sysbenchDb, oursDb]) {
      await query(database, 'CREATE TABLE IF NOT EXISTS sbtest9 (id INT PRIMARY KEY)');
      await query(database, 'CREATE TABLE IF NOT EXISTS keep_me (id INT PRIMARY KEY)');
    }
    await sysbench([...connectionArgs(sysbenchDb), '--tables=3', 'oltp_read_write', 'cleanup']);
    const outcome = await cleanupWithOptions(benchOptions('oltp_read_write', [...connectionArgs(oursDb), '--tables=3']));
    assert.deepEqual(outcome.droppedTables, ['sbtest1', 'sbtest2', 'sbtest3']);
    const tables = async (database: string) =>
      (
        await query<{ name: string }>(
          database,
          'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? ORDER BY 1',
          [database],
        )
      ).map((row) => row.name);
    assert.deepEqual(await tables(oursDb), ['keep_me', 'sbtest9']);
    assert.deepEqual(await tables(oursDb), await tables(sysbenchDb));
  });
});

describe('bulk_insert', () => {
  test('prepares one table per thread like sysbench and inserts (n, n) rows, one per event', async () => {
    const args = ['--threads=2'];
    const theirs = await captureSysbench([...connectionArgs(sysbenchDb, proxy.port), ...args, 'bulk_insert', 'prepare']);
    await sysbench([...connectionArgs(sysbenchDb), ...args, 'bulk_insert', 'cleanup']);
    // our bulk_insert prepare runs on the admin connection, so it is not filtered out here
    const ours = await capture(() => prepareWithOptions(benchOptions('bulk_insert', [...connectionArgs(oursDb, proxy.port), ...args])));
    const creates = (commands: CapturedCommand[]) =>
      commands.filter((command) => command.kind === 'query' && command.sql?.includes('CREATE TABLE')).map((command) => command.sql);
    assert.equal(creates(theirs).length, 2);
    assert.deepEqual(creates(ours), creates(theirs));

    const result = await runWithOptions(benchOptions('bulk_insert', [...connectionArgs(oursDb), ...args, '--events=5000']));
    assert.equal(result.status, 'completed');
    assert.equal(result.summary.events, 5000);
    const [one] = await query<{ n: number; bad: number }>(oursDb, 'SELECT COUNT(*) AS n, SUM(id <> k) AS bad FROM sbtest1');
    const [two] = await query<{ n: number }>(oursDb, 'SELECT COUNT(*) AS n FROM sbtest2');
    assert.equal(Number(one.n) + Number(two.n), 5000);
    assert.equal(Number(one.bad), 0);
    await cleanupWithOptions(benchOptions('bulk_insert', [...connectionArgs(oursDb), ...args]));
    const left = await query(
      oursDb,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name IN ('sbtest1', 'sbtest2')",
    );
    assert.equal(left.length, 0);
  });
});
