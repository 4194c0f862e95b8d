// A CH-benCHmark run in a process of its own (dist/benchRunner.js), as "Run CH-benCHmark..." starts
// it, against the local MariaDB: each interval it reports carries the transactions' rates and the
// analytical queries' (what the live tab's tpmC and AP charts are drawn from), the stored result
// is a ch result with the same intervals, its QphH and the queries that ran.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { dropDatabase } from './support/benchFixtures';
import { detachedConnection, preparedGoTpcDatabase, runDetachedToEnd } from './support/detachedGoTpc';
import type { DetachedRunSpec } from '../../../src/core/bench/detached/runEvents';
import { intervalQueryRate, intervalTpmC, tpccFiguresOf } from '../../../src/core/results/tpccFigures';

const runs = mkdtempSync(join(tmpdir(), 'tidblab-detached-ch-'));
let database: string;

before(async () => {
  database = await preparedGoTpcDatabase('ch', 'dch');
});

after(async () => {
  await dropDatabase(database);
  rmSync(runs, { recursive: true, force: true });
});

describe('a detached CH-benCHmark run', () => {
  test("reports the transactions' and the queries' rates per interval and keeps them in a ch result with its QphH", async () => {
    const spec: DetachedRunSpec = {
      kind: 'ch',
      run: {
        tpcc: {
          warehouses: 1,
          threads: 1,
          timeSec: 8,
          count: 0,
          intervalSec: 1,
          ignoreError: false,
          isolation: 0,
          weights: [45, 43, 4, 4, 4],
        },
        acThreads: 1,
        // the quick ones, so several finish in a short run on a loaded machine
        queries: ['q6', 'q14'],
        apSessionStatements: [],
      },
      connection: detachedConnection(database),
    };
    const { result, reported } = await runDetachedToEnd(runs, 'ch', spec);
    assert.equal(result.workload, 'ch');
    assert.equal(result.status, 'completed', result.message);
    assert.ok(reported.length >= 2, `${reported.length} intervals`);
    assert.deepEqual(
      result.intervals.map((interval) => interval.operations),
      reported.map((interval) => interval.operations),
    );
    assert.ok(reported.some((interval) => (intervalTpmC(interval) ?? 0) > 0));
    // the queries' rates are there: over the run they add up to the queries that finished
    const finished = Object.values(result.ch?.queries ?? {}).reduce((sum, query) => sum + query.count, 0);
    assert.ok(finished > 0, JSON.stringify(result.ch));
    let previous = 0;
    const fromRates = result.intervals.reduce((sum, interval) => {
      const seconds = interval.t - previous;
      previous = interval.t;
      return sum + (intervalQueryRate(interval) ?? 0) * seconds;
    }, 0);
    assert.ok(fromRates > 0, 'no analytical rate in any interval');
    assert.ok(fromRates <= finished + 0.5, `${fromRates} from the rates, ${finished} finished`);
    assert.deepEqual(Object.keys(result.ch?.queries ?? {}), ['q6', 'q14']);
    const figures = tpccFiguresOf(result);
    assert.ok((figures.qphH ?? 0) > 0);
    assert.equal(figures.qphH, result.labels?.qphH);
  });
});
