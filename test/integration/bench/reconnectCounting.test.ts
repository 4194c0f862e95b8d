// What the "ignored errors" and "reconnects" counters mean, against a real server: a reconnect is
// counted once the thread works again (never for a connection that stayed lost), a fatal error is
// not an ignored error, and a connection lost again while its statements are being prepared again
// is reconnected too when the loss is in --mysql-ignore-errors.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MysqlSniffingProxy } from './support/mysqlSniffingProxy';
import { benchOptions, connectionArgs, db, dropDatabase, freshDatabase, query } from './support/benchFixtures';
import { waitFor } from '../../support/serverStatements';
import { prepareWithOptions } from '../../../src/core/bench/prepareBenchmark';
import { openAdminSession } from '../../../src/core/bench/adminSession';
import { runWithOptions } from '../../../src/core/bench/runBenchmark';
import type { IntervalReport } from '../../../src/core/bench/measurement/runStatistics';

let database: string;

before(async () => {
  database = await freshDatabase('reconnect');
  await prepareWithOptions(
    benchOptions('oltp_read_write', [...connectionArgs(database), '--tables=2', '--table-size=2000', '--threads=2']),
  );
});

after(async () => {
  await dropDatabase(database);
});

/** Follows a run's interval reports: how many reconnects they add up to, and the last one seen. */
class IntervalWatch {
  reconnects = 0;
  events = 0;
  count = 0;
  private lastT = 0;

  readonly onInterval = (report: IntervalReport): void => {
    const seconds = report.interval.t - this.lastT;
    this.lastT = report.interval.t;
    this.reconnects += Math.round(report.interval.reconnects * seconds);
    this.events += Math.round(report.interval.tps * seconds);
    this.count++;
  };

  /** Resolves after `more` further intervals that ran events, or when the run has ended. */
  async moreEvents(what: string, ended: { done: boolean } = { done: false }, more = 1): Promise<void> {
    const events = this.events;
    const count = this.count;
    await waitFor(what, async () => ((this.count >= count + more && this.events > events) || ended.done ? true : undefined), 30_000);
  }
}

/** A flag that turns true when the promise settles (so a wait can stop early on a run that ended). */
function settled(promise: Promise<unknown>): { done: boolean } {
  const state = { done: false };
  promise.then(
    () => (state.done = true),
    () => (state.done = true),
  );
  return state;
}

async function benchmarkConnectionIds(exceptId: number): Promise<number[]> {
  const rows = await query<{ id: number }>(
    'information_schema',
    'SELECT ID AS id FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> ?',
    [database, exceptId],
  );
  return rows.map((row) => Number(row.id));
}

describe('reconnects', () => {
  test('connections killed on the server (KILL CONNECTION from another session) are reconnected and counted once each', async () => {
    const options = benchOptions('oltp_read_only', [
      ...connectionArgs(database),
      '--tables=2',
      '--threads=4',
      '--time=120',
      '--report-interval=1',
      '--mysql-ignore-errors=2013,2006',
    ]);
    const admin = await openAdminSession(options.connection);
    const adminId = Number((await admin.query('SELECT CONNECTION_ID() AS id'))[0].id);
    const watch = new IntervalWatch();
    const controller = new AbortController();
    try {
      const running = runWithOptions(options, { admin, signal: controller.signal, onInterval: watch.onInterval });
      const first = await waitFor(
        'the four benchmark connections',
        async () => {
          const ids = await benchmarkConnectionIds(adminId);
          return ids.length === 4 ? ids : undefined;
        },
        30_000,
      );
      await watch.moreEvents('a first interval with events');
      for (const id of first) await admin.run(`KILL CONNECTION ${id}`);
      const ended = settled(running);
      await waitFor(
        'four reconnects in the interval reports',
        async () => (watch.reconnects >= 4 || ended.done ? true : undefined),
        30_000,
      );
      const replaced = await benchmarkConnectionIds(adminId);
      assert.equal(replaced.filter((id) => first.includes(id)).length, 0, 'every killed connection is gone');
      await watch.moreEvents('the run going on after the reconnects', ended);
      controller.abort();
      const result = await running;
      assert.equal(result.status, 'cancelled', result.message);
      assert.equal(result.summary.reconnects, 4);
      assert.equal(watch.reconnects, 4);
      assert.equal(result.summary.errors, 0, 'a reconnect is not an ignored error');
    } finally {
      controller.abort();
      await admin.close();
    }
  });

  test('a connection lost again while its statements are prepared again (mysql_stmt_prepare) is reconnected too', async () => {
    const proxy = await MysqlSniffingProxy.start(db.host, db.port);
    const watch = new IntervalWatch();
    const controller = new AbortController();
    try {
      const running = runWithOptions(
        benchOptions('oltp_read_only', [
          ...connectionArgs(database, proxy.port),
          '--tables=2',
          '--threads=2',
          '--time=120',
          '--report-interval=1',
          '--mysql-ignore-errors=2013,2006',
        ]),
        { signal: controller.signal, onInterval: watch.onInterval },
      );
      await watch.moreEvents('a first interval with events');
      // both threads lose their connection; the first prepare of each new connection is cut as well
      proxy.cutAtNextPrepares(2);
      proxy.cutAll(false);
      const ended = settled(running);
      await waitFor(
        'the two reconnects in the interval reports',
        async () => (watch.reconnects >= 2 || ended.done ? true : undefined),
        30_000,
      );
      await watch.moreEvents('the run going on after the reconnects', ended);
      controller.abort();
      const result = await running;
      assert.equal(proxy.preparesCut, 2, 'the drop hit mysql_stmt_prepare twice');
      assert.equal(result.status, 'cancelled', result.message);
      assert.equal(result.summary.reconnects, 2, 'one reconnect per lost connection, counted when the thread works again');
      assert.equal(result.summary.errors, 0);
    } finally {
      controller.abort();
      await proxy.close();
    }
  });

  test('a lost connection outside --mysql-ignore-errors stops the run and is not counted as an ignored error', async () => {
    const proxy = await MysqlSniffingProxy.start(db.host, db.port);
    const watch = new IntervalWatch();
    try {
      const running = runWithOptions(
        benchOptions('oltp_point_select', [
          ...connectionArgs(database, proxy.port),
          '--tables=2',
          '--threads=2',
          '--time=120',
          '--report-interval=1',
        ]),
        { onInterval: watch.onInterval },
      );
      await watch.moreEvents('a first interval with events');
      proxy.cutAll(true);
      const result = await running;
      assert.equal(result.status, 'failed');
      assert.match(result.message ?? '', /returned error 2013/);
      assert.equal(result.summary.errors, 0);
      assert.equal(
        result.intervals.reduce((sum, interval) => sum + interval.errors, 0),
        0,
        'nor in the interval lines',
      );
    } finally {
      await proxy.close();
    }
  });

  test('a server that stays away: no reconnect is counted, and the fatal error is not an ignored error', async () => {
    const proxy = await MysqlSniffingProxy.start(db.host, db.port);
    const watch = new IntervalWatch();
    try {
      const running = runWithOptions(
        benchOptions('oltp_point_select', [
          ...connectionArgs(database, proxy.port),
          '--tables=2',
          '--threads=2',
          '--time=120',
          '--report-interval=1',
          '--mysql-ignore-errors=2013',
          '--reconnect-timeout=1',
        ]),
        { onInterval: watch.onInterval },
      );
      await watch.moreEvents('a first interval with events');
      await proxy.close();
      const result = await running;
      assert.equal(result.status, 'failed');
      assert.match(result.message ?? '', /could not reconnect within 1 s/);
      assert.equal(result.summary.reconnects, 0, 'no reconnect succeeded');
      assert.equal(result.summary.errors, 0, 'the error that stopped the run was not ignored');
      assert.ok(result.summary.events > 0);
    } finally {
      await proxy.close().catch(() => undefined);
    }
  });
});
