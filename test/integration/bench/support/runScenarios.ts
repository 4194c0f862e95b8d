// Two things that must hold for every client transport (evented and blocking reads), each run the
// same way for each: a cancel while every thread waits on a row lock, and a server that goes away
// mid-run (through a proxy the test cuts). Bounds on time only prove there is no hang.
import assert from 'node:assert/strict';
import { runWithOptions } from '../../../../src/core/bench/runBenchmark';
import { MysqlSniffingProxy } from './mysqlSniffingProxy';
import { RunProgress } from './runProgress';
import { benchOptions, connectionArgs, db, lockAllRows, waitForNoConnections, waitForUpdatesWaiting } from './benchFixtures';

/** How long a test waits for a state it needs before it fails: generous, for a machine at load 10. */
export const PATIENCE_MS = 30_000;
/** A bound that proves a stop or a failure did not hang (a lock wait lasts 50 s). */
export const NO_HANG_MS = 15_000;

/**
 * oltp_update_index on one table with `threads` threads (and `args`) while another connection holds
 * every row: once all of them wait on the lock, the run is cancelled. It must stop well before the
 * lock wait ends, as cancelled, and leave no benchmark connection, not even those that waited.
 */
export async function assertCancelWhileLocked(database: string, threads: number, args: readonly string[] = []): Promise<void> {
  const { lockerId, release } = await lockAllRows(database);
  try {
    const controller = new AbortController();
    const progress = new RunProgress();
    const running = progress.watch(
      runWithOptions(
        benchOptions('oltp_update_index', [...connectionArgs(database), '--tables=1', `--threads=${threads}`, '--time=60', ...args]),
        { signal: controller.signal },
      ),
    );
    await waitForUpdatesWaiting(database, lockerId, threads, () => progress.assertRunning());
    const aborted = performance.now();
    controller.abort();
    const result = await running;
    const stopMs = performance.now() - aborted;
    assert.ok(stopMs < NO_HANG_MS, `stopped in ${Math.round(stopMs)} ms`);
    assert.equal(result.status, 'cancelled');
    assert.equal(
      await waitForNoConnections(database, [lockerId]),
      0,
      'no benchmark connection is left, not even those that waited on the lock',
    );
  } finally {
    await release();
  }
}

/**
 * The workload on two tables with 4 threads (and `args`) through a proxy: once an interval counted
 * events, every connection is cut. The run must end soon, failed with the client's error 2013,
 * keeping what it measured before.
 */
export async function assertServerGoneEndsRun(database: string, workload: string, args: readonly string[] = []): Promise<void> {
  const proxy = await MysqlSniffingProxy.start(db.host, db.port);
  try {
    const progress = new RunProgress();
    const running = progress.watch(
      runWithOptions(
        benchOptions(workload, [
          ...connectionArgs(database, proxy.port),
          '--tables=2',
          '--threads=4',
          '--time=60',
          '--report-interval=1',
          ...args,
        ]),
        { onInterval: progress.onInterval },
      ),
    );
    await progress.waitForInterval((interval) => interval.tps > 0, PATIENCE_MS);
    const cut = performance.now();
    proxy.cutAll(true);
    const result = await running;
    assert.ok(performance.now() - cut < NO_HANG_MS, `ended ${Math.round(performance.now() - cut)} ms after the server went away`);
    assert.equal(result.status, 'failed');
    assert.match(result.message ?? '', /error 2013 \(Lost connection to server at 127\.0\.0\.1:\d+ during query/);
    assert.ok(result.summary.events > 0, 'what was measured before is kept');
  } finally {
    await proxy.close();
  }
}
