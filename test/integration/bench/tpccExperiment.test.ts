// A "tpcc" experiment against the real MariaDB: one warehouse loaded once, two thread counts, short
// cells. Each cell's tpmC is its New-Order count per minute, and the New-Order transactions it
// committed are the rows the server's orders table gained; a variant whose set-up the server refuses
// fails its cells and the others run; a second experiment on the same data does not load it again.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { runExperiment } from '../../../src/core/bench/experiments/runExperiment';
import type { ExperimentResult } from '../../../src/core/results/benchmarkResult';
import { db, dropDatabase, freshDatabase, query } from './support/benchFixtures';

let database: string;
const LOAD_TIMEOUT_MS = 10 * 60_000;

before(async () => {
  database = await freshDatabase('tpccexp');
});

after(async () => {
  await dropDatabase(database);
});

const settings = () => ({ host: db.host, port: db.port, user: db.user, password: db.password, database });

async function ordersOnServer(): Promise<number> {
  const [row] = await query<{ n: number }>(database, 'SELECT COUNT(*) AS n FROM orders');
  return Number(row.n);
}

/** New-Order transactions that committed (go-tpc counts the 1% it rolls back on purpose as New-Orders too). */
function committedNewOrders(result: ExperimentResult): number {
  return result.cells.reduce((sum, cell) => {
    const newOrder = cell.run.tpcc?.transactions.new_order;
    return sum + (newOrder ? newOrder.count - newOrder.rollbacks : 0);
  }, 0);
}

describe('tpcc experiments', () => {
  test(
    'loads the warehouse, measures tpmC per cell as the server counts New-Orders, records failing cells and goes on',
    { timeout: LOAD_TIMEOUT_MS },
    async () => {
      const logged: string[] = [];
      const result = await runExperiment(
        {
          kind: 'tpcc',
          name: 'tpcc threads',
          warehouses: [1],
          threads: [1, 2],
          time: 3,
          interval: 1,
          variants: [{ name: 'default' }, { name: 'refused', setup: ['ALTER TABLE {table} CACHE'] }],
        },
        settings(),
        { onLog: (line) => logged.push(line) },
      );
      assert.equal(result.status, 'completed', result.message);
      assert.deepEqual(
        result.cells.map((cell) => [cell.variant, cell.params?.warehouses, cell.threads, cell.run.status]),
        [
          ['default', 1, 1, 'completed'],
          ['default', 1, 2, 'completed'],
          ['refused', 1, 1, 'failed'],
          ['refused', 1, 2, 'failed'],
        ],
      );
      assert.match(result.cells[2].run.message ?? '', /The set-up of variant 'refused' failed/);
      assert.ok(
        logged.some((line) => /Loading 1 warehouse of TPC-C data/.test(line)),
        logged.join('\n'),
      );

      // the load made 3,000 orders in each of the warehouse's 10 districts (TPC-C 4.3.3.1)
      const added = (await ordersOnServer()) - 30_000;
      assert.ok(added > 0, 'the cells placed orders');
      assert.equal(committedNewOrders(result), added, "the cells' committed New-Orders are the orders the server gained");
      for (const cell of result.cells.slice(0, 2)) {
        const tpcc = cell.run.tpcc;
        assert.ok(tpcc !== undefined);
        assert.equal(tpcc.warehouses, 1);
        const newOrders = tpcc.transactions.new_order.count;
        assert.ok(newOrders > 0);
        // tpmC is the cell's New-Order count per minute of its run
        assert.ok(Math.abs(tpcc.tpmC - (newOrders * 60) / cell.run.durationSec) < 1e-6 * tpcc.tpmC, `${tpcc.tpmC} vs ${newOrders}`);
        assert.ok(Math.abs(tpcc.efficiency - (100 * tpcc.tpmC) / 12.86) < 1e-6 * tpcc.efficiency);
        assert.ok(tpcc.transactions.payment.count > 0);
        assert.ok(cell.run.summary.latencyMs.p95 !== null && cell.run.summary.latencyMs.p99 !== null, 'New-Order p95 and p99');
        assert.ok(cell.run.intervals.length >= 1);
        assert.equal(cell.run.labels?.variant, 'default');
      }
    },
  );

  test(
    'a second experiment on a warehouse count the tables hold and that passes the check does not load it again',
    { timeout: LOAD_TIMEOUT_MS },
    async () => {
      const before = await ordersOnServer();
      const logged: string[] = [];
      const result = await runExperiment({ kind: 'tpcc', name: 'again', warehouses: [1], threads: [2], time: 2, interval: 1 }, settings(), {
        onLog: (line) => logged.push(line),
      });
      assert.equal(result.status, 'completed', result.message);
      assert.ok(
        logged.some((line) => /hold 1 warehouse and pass go-tpc's check: not loaded again/.test(line)),
        logged.join('\n'),
      );
      assert.ok(!logged.some((line) => /Loading 1 warehouse/.test(line)));
      // the orders of the first experiment are still there: nothing was dropped and loaded again
      assert.equal((await ordersOnServer()) - before, committedNewOrders(result));
    },
  );
});
