// A bulk load against the real MariaDB: a statement over the server's max_allowed_packet is
// refused in words before it is sent, and the writers run off the calling thread (the extension
// host's), whose event loop stays free while they load.
import assert from 'node:assert/strict';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { after, before, describe, test } from 'node:test';
import { runExperiment } from '../../../src/core/bench/experiments/runExperiment';
import { bulkInsertStatementBytes } from '../../../src/core/bench/bulkLoad/bulkLoadExperiment';
import { adminConnection, db, dropDatabase, freshDatabase } from './support/benchFixtures';

let database: string;

before(async () => {
  database = await freshDatabase('bulklimits');
});

after(async () => {
  await dropDatabase(database);
});

describe('bulk load limits', () => {
  test('rows per statement over max_allowed_packet: that cell fails in words, before anything is sent, and the next cell loads', async () => {
    const admin = await adminConnection();
    const [[{ previous }]] = (await admin.query('SELECT @@GLOBAL.max_allowed_packet AS previous')) as unknown as [[{ previous: number }]];
    await admin.query('SET GLOBAL max_allowed_packet = 1048576');
    try {
      assert.ok(bulkInsertStatementBytes('tidblab_bulk_load', 8000, 8000) > 1048576);
      const result = await runExperiment(
        { kind: 'bulk-load', name: 'packet limit', rows: 8000, rowsPerInsert: [8000, 1000], writerThreads: [2], keyOrder: ['ordered'] },
        { host: db.host, port: db.port, user: db.user, password: db.password, database },
      );
      const [big, small] = result.cells;
      assert.equal(big.run.status, 'failed');
      assert.match(
        big.run.message ?? '',
        /^Not loaded: 8000 rows per statement\. The statement is 1\.\d MiB, larger than the server's max_allowed_packet of 1\.0 MiB \(1048576 bytes\)\. Send fewer rows per statement, or raise the limit: SET GLOBAL max_allowed_packet = 2097152/,
      );
      assert.doesNotMatch(big.run.message ?? '', /syntax/i);
      assert.equal(big.run.labels?.rows_loaded, 0);
      assert.equal(small.run.status, 'completed', small.run.message);
      assert.equal(small.run.labels?.rows_loaded, 8000);
      assert.equal(result.status, 'completed');
      assert.match(result.message ?? '', /1 cell\(s\) failed/);
    } finally {
      await admin.query(`SET GLOBAL max_allowed_packet = ${Number(previous)}`);
      await admin.end();
    }
  });

  test('the writers run off the calling thread: its event loop stays free while 60,000 rows load', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    let before: ReturnType<typeof performance.eventLoopUtilization> | undefined;
    let loadUtilization = 0;
    const result = await runExperiment(
      { kind: 'bulk-load', name: 'off thread', rows: 60_000, rowsPerInsert: [1000], writerThreads: [4], keyOrder: ['shuffled'] },
      { host: db.host, port: db.port, user: db.user, password: db.password, database },
      {
        onStep: () => {
          delay.enable();
          before = performance.eventLoopUtilization();
        },
        onCell: () => {
          loadUtilization = performance.eventLoopUtilization(before).utilization;
          delay.disable();
        },
      },
    );
    assert.equal(result.status, 'completed', result.message);
    assert.equal(result.cells[0].run.labels?.rows_loaded, 60_000);
    // On the calling thread the writers build ~13 MB of INSERT text and read every answer: its loop
    // was busy most of the load (utilization 0.6 to 0.9 measured here). Off it, the thread only waits.
    assert.ok(loadUtilization < 0.3, `the calling thread's event loop was busy ${(loadUtilization * 100).toFixed(0)}% of the load`);
  });
});
