// How a run behaves against a real server: counting like sysbench, the limits, cancellation (no
// connection left behind, even one stuck on a lock), a server that dies mid-run (through a proxy we
// cut), reconnecting, TLS, and clear errors for bad input. Nothing here sleeps and then counts: each
// test waits for the state it needs (an interval reported, the threads connected, statements
// waiting on a lock), so it holds on a loaded machine; bounds on time only prove there is no hang
// (how fast things really are, npm run bench measures).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MysqlSniffingProxy } from './support/mysqlSniffingProxy';
import { RunProgress } from './support/runProgress';
import {
  benchOptions,
  connectionArgs,
  connectionsIn,
  db,
  dropDatabase,
  freshDatabase,
  sysbench,
  waitForNoConnections,
} from './support/benchFixtures';
import { prepareWithOptions } from '../../../src/core/bench/prepareBenchmark';
import { cleanupWithOptions } from '../../../src/core/bench/cleanupBenchmark';
import { runBenchmark, runWithOptions } from '../../../src/core/bench/runBenchmark';
import { ConnectionFailure } from '../../../src/core/db/databaseSession';
import { waitFor } from '../../support/serverStatements';
import { assertCancelWhileLocked, assertServerGoneEndsRun, NO_HANG_MS, PATIENCE_MS } from './support/runScenarios';

let database: string;
let compareDb: string;

before(async () => {
  database = await freshDatabase('run');
  compareDb = await freshDatabase('run_sb');
  await prepareWithOptions(
    benchOptions('oltp_read_write', [...connectionArgs(database), '--tables=2', '--table-size=10000', '--threads=2']),
  );
});

after(async () => {
  await dropDatabase(database);
  await dropDatabase(compareDb);
});

function summaryCounts(output: string): Record<string, number> {
  const number = (label: string) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(output)?.[1]);
  return { reads: number('read'), writes: number('write'), others: number('other'), events: number('transactions') };
}

describe('counting', () => {
  test('reads, writes and others come out as in sysbench for the same seeded events', async () => {
    const args = ['--tables=2', '--table-size=10000', '--rand-seed=11', '--threads=1', '--events=300'];
    await sysbench([...connectionArgs(compareDb), '--tables=2', '--table-size=10000', 'oltp_read_write', 'prepare']);
    const theirs = summaryCounts((await sysbench([...connectionArgs(compareDb), ...args, 'oltp_read_write', 'run'])).stdout);
    const ours = await runWithOptions(benchOptions('oltp_read_write', [...connectionArgs(database), ...args]));
    assert.deepEqual(
      { reads: ours.summary.reads, writes: ours.summary.writes, others: ours.summary.others, events: ours.summary.events },
      theirs,
    );
    assert.deepEqual(theirs, { reads: 300 * 14, writes: 300 * 4, others: 300 * 2, events: 300 });
  });

  test('a DELETE that finds nothing is "other", as in sysbench', async () => {
    const args = ['--tables=1', '--table-size=1000', '--rand-seed=5', '--threads=1', '--events=1500'];
    const oursDb = await freshDatabase('run_delete');
    try {
      await sysbench([...connectionArgs(compareDb), '--tables=2', 'oltp_read_write', 'cleanup']);
      await sysbench([...connectionArgs(compareDb), '--tables=1', '--table-size=1000', 'oltp_delete', 'prepare']);
      await prepareWithOptions(benchOptions('oltp_delete', [...connectionArgs(oursDb), '--tables=1', '--table-size=1000']));
      const theirs = summaryCounts((await sysbench([...connectionArgs(compareDb), ...args, 'oltp_delete', 'run'])).stdout);
      const ours = await runWithOptions(benchOptions('oltp_delete', [...connectionArgs(oursDb), ...args]));
      assert.ok(theirs.others > 100, `sysbench saw ${theirs.others} empty deletes`);
      assert.deepEqual(
        { reads: ours.summary.reads, writes: ours.summary.writes, others: ours.summary.others, events: ours.summary.events },
        theirs,
      );
    } finally {
      await dropDatabase(oursDb);
    }
  });
});

describe('limits', () => {
  test('--events stops after exactly that many events, whatever the threads', async () => {
    const result = await runWithOptions(
      benchOptions('oltp_point_select', [...connectionArgs(database), '--tables=2', '--threads=5', '--events=1234', '--time=0']),
    );
    assert.equal(result.status, 'completed');
    assert.equal(result.summary.events, 1234);
    assert.equal(result.summary.reads, 1234);
  });

  test('--time and --report-interval give one interval per second; --warmup-time is left out of the result', async () => {
    const started = Date.now();
    const seen: number[] = [];
    const result = await runBenchmark(
      {
        workload: 'oltp_read_only',
        connection: { host: db.host, port: db.port, user: db.user, password: db.password, database },
        options: { tables: 2, threads: 3, time: 2, warmup_time: 1, report_interval: 1 },
      },
      { onInterval: (report) => seen.push(report.interval.t) },
    );
    const wall = (Date.now() - started) / 1000;
    assert.equal(result.status, 'completed');
    // The measured time starts after the warm-up: at least --time, and never the warm-up too.
    assert.ok(result.durationSec >= 2 && result.durationSec <= wall - 1, `measured ${result.durationSec} s of ${wall} s`);
    assert.equal(result.intervals.length, 2);
    // A timer fires late on a busy machine, never early.
    assert.ok(seen[0] >= 1 && seen[1] >= 2 && seen[1] <= result.durationSec + 0.001, `intervals at ${seen.join(', ')} s`);
    let previous = 0;
    let intervalEvents = 0;
    for (const interval of result.intervals) {
      intervalEvents += interval.tps * (interval.t - previous);
      previous = interval.t;
    }
    // Roughly: on a busy machine the warm-up's end reaches the statistics and the threads late, and
    // the first interval's rate is then taken over a second that held fewer events (at load 20: 83%
    // of the run). How close they come on a quiet machine, npm run bench.
    const share = intervalEvents / result.summary.events;
    assert.ok(share >= 0.5 && share <= 1.5, `the intervals add up to the run: ${Math.round(intervalEvents)} of ${result.summary.events}`);
    assert.ok(result.summary.latencyMs.p99 !== null && result.summary.latencyMs.p50 !== null);
    assert.ok((result.histogram?.counts.reduce((a, b) => a + b, 0) ?? 0) === result.summary.events);
    assert.ok(!JSON.stringify(result).includes(db.password), 'no password in the result');
  });

  test('--rate caps the event rate', async () => {
    const result = await runWithOptions(
      benchOptions('oltp_point_select', [...connectionArgs(database), '--tables=2', '--threads=4', '--rate=300', '--time=2']),
    );
    assert.equal(result.status, 'completed');
    assert.ok(result.summary.events > 0, 'events ran');
    // Never above the rate, however fast the machine (arrivals are random: 15% over 300 a second is
    // over 3 standard deviations for 600 events). How close to the rate it comes depends on how
    // fast the machine is: npm run bench -- rate measures that.
    const window = Math.max(2, result.durationSec);
    assert.ok(result.summary.events <= 300 * window * 1.15, `${result.summary.events} events in ${result.durationSec} s at --rate=300`);
  });
});

describe('cancellation', () => {
  test('stops every thread within a second, closes every connection and keeps the partial result', async () => {
    const controller = new AbortController();
    const progress = new RunProgress();
    const started = performance.now();
    const running = progress.watch(
      runWithOptions(
        benchOptions('oltp_read_write', [...connectionArgs(database), '--tables=2', '--threads=8', '--time=60', '--report-interval=1']),
        { signal: controller.signal, onInterval: progress.onInterval },
      ),
    );
    await progress.waitForInterval((interval) => interval.tps > 0, PATIENCE_MS);
    assert.ok((await connectionsIn(database)) >= 8, 'the threads are connected while running');
    const aborted = performance.now();
    controller.abort();
    const result = await running;
    const stopMs = performance.now() - aborted;
    assert.ok(stopMs < NO_HANG_MS, `stopped in ${Math.round(stopMs)} ms`);
    assert.equal(result.status, 'cancelled');
    assert.ok(result.summary.events > 0);
    const callSec = (performance.now() - started) / 1000;
    assert.ok(result.durationSec >= 1 && result.durationSec <= callSec, `measured ${result.durationSec} s of ${callSec} s`);
    assert.equal(await waitForNoConnections(database), 0);
  });

  test('also when the threads are stuck waiting for a lock', () => assertCancelWhileLocked(database, 4));
});

describe('a server that goes away', () => {
  test('ends the run with a clear error and the partial result, never a hang', () => assertServerGoneEndsRun(database, 'oltp_read_only'));

  test('with 2013 in --mysql-ignore-errors the threads reconnect, and the reconnects are counted', async () => {
    const proxy = await MysqlSniffingProxy.start(db.host, db.port);
    try {
      const controller = new AbortController();
      const progress = new RunProgress();
      const running = progress.watch(
        runWithOptions(
          benchOptions('oltp_read_write', [
            ...connectionArgs(database, proxy.port),
            '--tables=2',
            '--threads=4',
            '--time=60',
            '--report-interval=1',
            '--mysql-ignore-errors=2013,2006,1213,1205',
          ]),
          { signal: controller.signal, onInterval: progress.onInterval },
        ),
      );
      await progress.waitForInterval((interval) => interval.tps > 0, PATIENCE_MS);
      const before = proxy.connectionsOpened;
      const intervalsBefore = progress.intervals.length;
      proxy.cutAll(false);
      // The run goes on: the threads reconnect and events complete again after the cut.
      await waitFor(
        '4 new connections',
        async () => {
          progress.assertRunning();
          return proxy.connectionsOpened - before >= 4 ? true : undefined;
        },
        PATIENCE_MS,
      );
      await progress.waitForInterval((interval, index) => index > intervalsBefore && interval.tps > 0, PATIENCE_MS);
      controller.abort();
      const result = await running;
      assert.equal(result.status, 'cancelled', `the run went on until cancelled, it did not end with: ${result.message}`);
      assert.ok(result.summary.reconnects >= 4, `${result.summary.reconnects} reconnects`);
      assert.equal(result.summary.reads % 1, 0);
    } finally {
      await proxy.close();
    }
  });

  test('when it stays away, reconnecting gives up after --reconnect-timeout with a clear error', async () => {
    const proxy = await MysqlSniffingProxy.start(db.host, db.port);
    try {
      const progress = new RunProgress();
      const running = progress.watch(
        runWithOptions(
          benchOptions('oltp_point_select', [
            ...connectionArgs(database, proxy.port),
            '--tables=2',
            '--threads=2',
            '--time=60',
            '--report-interval=1',
            '--mysql-ignore-errors=2013',
            '--reconnect-timeout=2',
          ]),
          { onInterval: progress.onInterval },
        ),
      );
      await progress.waitForInterval((interval) => interval.tps > 0, PATIENCE_MS);
      await proxy.close();
      const cut = performance.now();
      const result = await running;
      assert.ok(
        performance.now() - cut < NO_HANG_MS,
        `ended ${Math.round(performance.now() - cut)} ms after the server went away for good`,
      );
      assert.equal(result.status, 'failed');
      assert.match(result.message ?? '', /could not reconnect within 2 s/);
      assert.equal(result.summary.reconnects, 0, 'a reconnect that never succeeded is not counted');
    } finally {
      await proxy.close().catch(() => undefined);
    }
  });
});

describe('errors', () => {
  test('an error outside --mysql-ignore-errors stops the run, naming the error and the statement', async () => {
    const args = [...connectionArgs(database), '--tables=1', '--threads=1', '--events=5', '--auto_inc=off', '--rand-seed=9'];
    await cleanupWithOptions(benchOptions('oltp_insert', [...connectionArgs(database), '--tables=1']));
    await prepareWithOptions(benchOptions('oltp_insert', args));
    assert.equal((await runWithOptions(benchOptions('oltp_insert', args))).status, 'completed');
    const again = await runWithOptions(benchOptions('oltp_insert', args));
    assert.equal(again.status, 'failed');
    assert.match(
      again.message ?? '',
      /mysql_drv_query\(\) returned error 1062 \(Duplicate entry .* for key 'PRIMARY'\) for query 'INSERT INTO sbtest1 \(id, k, c, pad\) VALUES/,
    );
    // Listed in --mysql-ignore-errors, the same error is counted, and the count says its code.
    const ignoring = [
      ...connectionArgs(database),
      '--tables=1',
      '--threads=1',
      '--time=1',
      '--auto_inc=off',
      '--rand-seed=9',
      '--mysql-ignore-errors=1062',
    ];
    const ignored = await runWithOptions(benchOptions('oltp_insert', ignoring));
    assert.equal(ignored.status, 'completed', ignored.message);
    assert.ok(ignored.summary.errors > 0, 'the duplicate keys were ignored errors');
    assert.deepEqual(ignored.summary.errorCodes, { 1062: ignored.summary.errors }, 'every ignored error is counted under its code');
    await cleanupWithOptions(benchOptions('oltp_insert', [...connectionArgs(database), '--tables=1']));
    await prepareWithOptions(benchOptions('oltp_read_write', [...connectionArgs(database), '--tables=1', '--table-size=10000']));
  });

  test('missing tables, a wrong password and a refused port are sentences, not stack traces', async () => {
    await assert.rejects(
      runWithOptions(benchOptions('oltp_read_write', [...connectionArgs(database), '--tables=4'])),
      /Table '.*sbtest3' doesn't exist.*Run 'oltp_read_write prepare' first/,
    );
    await assert.rejects(
      runWithOptions(
        benchOptions('oltp_point_select', [
          `--mysql-host=${db.host}`,
          `--mysql-port=${db.port}`,
          `--mysql-user=${db.user}`,
          '--mysql-password=wrong',
          `--mysql-db=${database}`,
        ]),
      ),
      (error: unknown) =>
        error instanceof ConnectionFailure && /wrong user name or password/.test(error.message) && !error.message.includes('wrong-pw'),
    );
    await assert.rejects(
      runWithOptions(
        benchOptions('oltp_point_select', [
          `--mysql-host=${db.host}`,
          '--mysql-port=1',
          `--mysql-user=${db.user}`,
          `--mysql-db=${database}`,
        ]),
      ),
      (error: unknown) => error instanceof ConnectionFailure && /Nothing accepts connections on 127.0.0.1:1/.test(error.message),
    );
  });
});

describe('TLS', () => {
  test('runs over TLS against the TLS-only server, verifying its certificate; plain is refused clearly', async () => {
    const tlsDb = `tidblab_bench_tls_${process.pid}`;
    const args = [
      `--mysql-host=${db.host}`,
      `--mysql-port=${db.tlsOnlyPort}`,
      `--mysql-user=${db.user}`,
      `--mysql-password=${db.password}`,
      `--mysql-db=${tlsDb}`,
    ];
    const tls = ['--mysql-ssl=VERIFY_IDENTITY', `--mysql-ssl-ca=${db.caFile}`];
    const { createConnection } = await import('mysql2/promise');
    const admin = await createConnection({
      host: db.host,
      port: db.tlsOnlyPort,
      user: db.user,
      password: db.password,
      ssl: { rejectUnauthorized: false },
    });
    try {
      await admin.query(`CREATE DATABASE IF NOT EXISTS \`${tlsDb}\``);
      await prepareWithOptions(benchOptions('oltp_point_select', [...args, ...tls, '--table-size=1000']));
      const result = await runWithOptions(benchOptions('oltp_point_select', [...args, ...tls, '--threads=2', '--events=500']));
      assert.equal(result.status, 'completed');
      assert.equal(result.summary.events, 500);
      await assert.rejects(
        runWithOptions(benchOptions('oltp_point_select', [...args, '--events=10'])),
        /requires encrypted connections: it refused user .* without TLS and accepted the same user and password with TLS/,
      );
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS \`${tlsDb}\``);
      await admin.end();
    }
  });
});
