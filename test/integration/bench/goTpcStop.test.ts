// A cancelled go-tpc engine run leaves no statement of its own running on the local MariaDB: every
// row of district is locked by a connection of this test, so go-tpc's New-Order and Payment wait
// on the lock (for innodb_lock_wait_timeout, 50 s by default); the run is cancelled and, once it
// has returned, the processlist holds no statement of its database but the locker's (the hard stop
// KILLed go-tpc's; without it they went on waiting after go-tpc had gone).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { adminConnection, db, dropDatabase, query } from './support/benchFixtures';
import { preparedGoTpcDatabase } from './support/detachedGoTpc';
import { goTpcBinary } from '../../support/goTpcBinary';
import { runGoTpc } from '../../../src/core/bench/goTpcEngine/runGoTpc';
import type { Connection } from 'mysql2/promise';

const { path: goTpc, missing } = goTpcBinary();
let database: string;

before(async () => {
  if (missing === undefined) database = await preparedGoTpcDatabase('tpcc', 'gotpc_stop');
});

after(async () => {
  if (database) await dropDatabase(database);
});

async function statementsIn(name: string, except: number): Promise<string[]> {
  const rows = await query<{ id: number; info: string | null }>(
    'information_schema',
    "SELECT ID AS id, INFO AS info FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> ? AND COMMAND <> 'Sleep'",
    [name, except],
  );
  return rows.map((row) => `${row.id}: ${String(row.info).slice(0, 80)}`);
}

describe('a cancelled go-tpc run', { skip: missing ?? false, timeout: 5 * 60_000 }, () => {
  test('KILLs the statements go-tpc left waiting on a lock', async () => {
    const locker: Connection = await adminConnection(database);
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT d_id FROM district FOR UPDATE');
      const [[{ id }]] = (await locker.query('SELECT CONNECTION_ID() AS id')) as unknown as [[{ id: number }]];
      const lockerId = Number(id);
      const controller = new AbortController();
      const logs: string[] = [];
      const run = runGoTpc(
        {
          installation: { path: goTpc, version: '1.0.12' },
          options: {
            workload: 'tpcc',
            warehouses: 1,
            threads: 4,
            timeSec: 120,
            count: 0,
            intervalSec: 1,
            ignoreError: false,
            isolation: 0,
            weights: [45, 43, 4, 4, 4],
            parts: 1,
          },
          connection: { hosts: [db.host], ports: [db.port], user: db.user, password: db.password, database, tls: 'disabled' },
        },
        { signal: controller.signal, onLog: (message) => logs.push(message) },
      );
      // every thread's transaction waits on the lock
      const deadline = Date.now() + 60_000;
      while ((await statementsIn(database, lockerId)).length < 4) {
        assert.ok(Date.now() < deadline, `go-tpc's 4 threads wait on the lock: ${(await statementsIn(database, lockerId)).join('; ')}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      controller.abort();
      // a go-tpc stuck in the lock waits prints nothing on SIGINT: killed, it reported nothing
      const ended = await run.then(
        ({ result }) => result.status,
        (error: unknown) => String(error),
      );
      // KILL ends a statement at once, but the server may take a moment to take the row away
      let left = await statementsIn(database, lockerId);
      for (let i = 0; i < 10 && left.length > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        left = await statementsIn(database, lockerId);
      }
      assert.deepEqual(left, [], `statements of the run still on the server (logs: ${logs.join(' | ')})`);
      assert.equal(ended, 'cancelled', 'the statements KILLed, go-tpc printed its summary on SIGINT');
      assert.ok(
        logs.some((line) => /^Killed \d+ statements? go-tpc left running on the server\.$/.test(line)),
        logs.join(' | '),
      );
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
  });
});
