// A TPC-C run in a process of its own (dist/benchRunner.js), as "Run TPC-C..." starts it, against
// the local MariaDB: each interval it reports carries every transaction's rate (what the live tab's
// tpmC is drawn from), the stored result's intervals carry the same rates, and its tpmC is New-Order's.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { dropDatabase } from './support/benchFixtures';
import { detachedConnection, preparedGoTpcDatabase, runDetachedToEnd } from './support/detachedGoTpc';
import type { DetachedRunSpec } from '../../../src/core/bench/detached/runEvents';
import { intervalTpmC, tpccFiguresOf } from '../../../src/core/results/tpccFigures';

const runs = mkdtempSync(join(tmpdir(), 'tidblab-detached-tpcc-'));
let database: string;

before(async () => {
  database = await preparedGoTpcDatabase('tpcc', 'dtpcc');
});

after(async () => {
  await dropDatabase(database);
  rmSync(runs, { recursive: true, force: true });
});

describe('a detached TPC-C run', () => {
  test("reports each transaction's rate per interval and keeps them in its result; tpmC is New-Order's", async () => {
    const spec: DetachedRunSpec = {
      kind: 'tpcc',
      run: {
        warehouses: 1,
        threads: 2,
        timeSec: 4,
        count: 0,
        intervalSec: 1,
        ignoreError: false,
        isolation: 0,
        weights: [45, 43, 4, 4, 4],
      },
      connection: detachedConnection(database),
    };
    const { result, reported } = await runDetachedToEnd(runs, 'tpcc', spec);
    assert.equal(result.workload, 'tpcc');
    assert.equal(result.status, 'completed', result.message);
    assert.ok(reported.length >= 2, `${reported.length} intervals`);
    assert.ok(reported.every((interval) => interval.operations !== undefined && 'NEW_ORDER' in interval.operations));
    assert.deepEqual(
      result.intervals.map((interval) => interval.operations),
      reported.map((interval) => interval.operations),
    );
    // the rates add up to the interval's transactions per second
    for (const interval of result.intervals) {
      const sum = Object.values(interval.operations ?? {}).reduce((total, rate) => total + rate, 0);
      assert.ok(Math.abs(sum - interval.tps) < 1e-6 * Math.max(1, interval.tps), `${sum} vs ${interval.tps}`);
    }
    assert.ok(result.intervals.some((interval) => (intervalTpmC(interval) ?? 0) > 0));
    const figures = tpccFiguresOf(result);
    assert.ok((figures.tpmC ?? 0) > 0);
    assert.equal(figures.tpmC, result.labels?.tpmC);
  });
});
