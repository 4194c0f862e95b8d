// The blocking transport (--client-io=blocking, the default at 1 to 8 threads) against a real
// server: the lean client reads every kind of answer with blocking reads, a run counts exactly
// what the evented transport counts for the same seeded events, a cancel while the threads sit
// blocked on a lock keeps the partial result and leaves no connection behind, report lines keep
// coming while they are blocked, and a server that goes away ends the run with a clear error,
// never a hung worker.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { RunProgress } from './support/runProgress';
import {
  benchOptions,
  connectionArgs,
  db,
  dropDatabase,
  freshDatabase,
  lockAllRows,
  query,
  waitForNoConnections,
  waitForUpdatesWaiting,
} from './support/benchFixtures';
import { LeanMysqlConnection, RESULT_SET } from '../../../src/core/bench/mysqlWire/leanMysqlConnection';
import { prepareWithOptions } from '../../../src/core/bench/prepareBenchmark';
import { runWithOptions } from '../../../src/core/bench/runBenchmark';
import { assertCancelWhileLocked, assertServerGoneEndsRun, PATIENCE_MS } from './support/runScenarios';

let database: string;
/** prepared as `database` is, for the evented run of the same seeded events */
let eventedDatabase: string;

before(async () => {
  database = await freshDatabase('blocking');
  eventedDatabase = await freshDatabase('blocking_ev');
  for (const name of [database, eventedDatabase]) {
    await prepareWithOptions(benchOptions('oltp_read_write', [...connectionArgs(name), '--tables=2', '--table-size=10000', '--threads=2']));
  }
});

after(async () => {
  await dropDatabase(database);
  await dropDatabase(eventedDatabase);
});

describe('blocking reads in the lean client', () => {
  test('every kind of answer, a result larger than the read buffer, and errors', async () => {
    const connection = await LeanMysqlConnection.connect({
      host: db.host,
      port: db.port,
      user: db.user,
      password: db.password,
      database,
      blocking: true,
    });
    try {
      assert.ok(connection.isBlocking, 'the connection reads with blocking reads');
      assert.equal(await connection.query('SELECT id, pad FROM sbtest1'), RESULT_SET);
      assert.equal(connection.lastRowCount, 10_000, 'about 700 KB of rows, many reads of the 64 KB buffer');
      const select = await connection.prepare('SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?');
      assert.equal(await connection.execute(select, [1, 100]), RESULT_SET);
      assert.equal(connection.lastRowCount, 100);
      assert.equal(await connection.query('UPDATE sbtest2 SET k = k WHERE id = 1'), 0, 'an OK packet: no row changed');
      await assert.rejects(connection.query('SELECT * FROM no_such_table'), (error: Error & { errno?: number }) => error.errno === 1146);
      assert.equal(await connection.queryValue('SELECT 41 + 1'), '42', 'the connection works after an error');
    } finally {
      await connection.close();
    }
    assert.equal(await waitForNoConnections(database), 0, 'COM_QUIT and close, as libmysqlclient does');
  });
});

describe('a run with blocking reads', () => {
  test('counts the same seeded events as the evented transport, statement for statement', async () => {
    const args = ['--tables=2', '--table-size=10000', '--rand-seed=7', '--threads=1', '--events=200'];
    // each on data as prepared: a second run of the same events changes fewer rows
    const counts = async (io: string, name: string) => {
      const result = await runWithOptions(benchOptions('oltp_read_write', [...connectionArgs(name), ...args, `--client-io=${io}`]));
      assert.equal(result.status, 'completed', result.message);
      const { reads, writes, others, events, errors } = result.summary;
      return { reads, writes, others, events, errors };
    };
    const blocking = await counts('blocking', database);
    assert.deepEqual(blocking, await counts('evented', eventedDatabase));
    assert.deepEqual(blocking, { reads: 200 * 14, writes: 200 * 4, others: 200 * 2, events: 200, errors: 0 });
    const points = await runWithOptions(
      benchOptions('oltp_point_select', [
        ...connectionArgs(database),
        '--tables=2',
        '--threads=6',
        '--events=3001',
        '--time=0',
        '--client-io=blocking',
      ]),
    );
    assert.equal(points.summary.events, 3001, 'six workers take exactly the events asked for');
    assert.equal(points.summary.reads, 3001);
  });

  test('a cancel while every thread is blocked on a lock keeps the partial result and leaves no connection', () =>
    // the lock wait would last innodb_lock_wait_timeout (50 s): the workers hear no stop while
    // blocked in read(), so the run KILLs their statements
    assertCancelWhileLocked(database, 3, ['--client-io=blocking']));

  test('report lines keep coming while every thread is blocked on a lock, and every event is counted once', async () => {
    const { lockerId, release } = await lockAllRows(database);
    let released = false;
    try {
      const progress = new RunProgress();
      const running = progress.watch(
        runWithOptions(
          benchOptions('oltp_update_index', [
            ...connectionArgs(database),
            '--tables=1',
            '--threads=3',
            '--time=0',
            '--events=2000',
            '--report-interval=1',
            '--client-io=blocking',
          ]),
          { onInterval: progress.onInterval },
        ),
      );
      await waitForUpdatesWaiting(database, lockerId, 3, () => progress.assertRunning());
      // the workers sit in read(2) and hear no message: the coordinator reads their counters itself
      const blockedFrom = progress.intervals.length;
      await progress.waitForInterval((_interval, index) => index >= blockedFrom + 1, PATIENCE_MS);
      for (const interval of progress.intervals.slice(blockedFrom)) {
        assert.equal(interval.threads, 3, 'the blocked threads are still running');
        assert.equal(interval.tps, 0);
      }
      await release();
      released = true;
      const result = await running;
      assert.equal(result.status, 'completed', result.message);
      // snapshots taken by the coordinator while a worker was in read(2) and those the worker sent
      // itself neither miss nor repeat an event
      assert.equal(result.summary.events, 2000);
      assert.equal(result.summary.writes, 2000);
    } finally {
      if (!released) await release();
    }
  });

  test('a server that goes away mid-run ends it with a clear error and the partial result', () =>
    assertServerGoneEndsRun(database, 'oltp_point_select', ['--client-io=blocking']));

  test('the connections it held say goodbye at the end of a completed run (no aborted clients)', async () => {
    const abortedClients = async () =>
      Number(
        (
          await query<{ n: string }>(
            'information_schema',
            "SELECT VARIABLE_VALUE AS n FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'ABORTED_CLIENTS'",
          )
        )[0].n,
      );
    const before = await abortedClients();
    const result = await runWithOptions(
      benchOptions('oltp_read_only', [
        ...connectionArgs(database),
        '--tables=2',
        '--threads=4',
        '--events=400',
        '--time=0',
        '--client-io=blocking',
      ]),
    );
    assert.equal(result.status, 'completed', result.message);
    assert.equal(result.summary.events, 400);
    assert.equal(await waitForNoConnections(database), 0);
    assert.equal(await abortedClients(), before, 'every connection sent COM_QUIT before it closed');
  });
});
