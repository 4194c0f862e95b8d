// A bulk-load experiment says which cell it is loading before the cell starts, so the editor's
// progress can name it while the load runs (cells report nothing until they end).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { runExperiment } from '../../../src/core/bench/experiments/runExperiment';
import { db, dropDatabase, freshDatabase } from './support/benchFixtures';

let database: string;

before(async () => {
  database = await freshDatabase('bulksteps');
});

after(async () => {
  await dropDatabase(database);
});

test('a bulk-load experiment announces each cell before loading it', async () => {
  const events: string[] = [];
  const result = await runExperiment(
    { kind: 'bulk-load', name: 'steps', rows: 1000, rowsPerInsert: [250, 1000], writerThreads: [2], keyOrder: ['ordered'], seed: 3 },
    { host: db.host, port: db.port, user: db.user, password: db.password, database },
    {
      onStep: (step) => events.push(step.kind === 'cell' ? `start ${step.index + 1}/${step.total} ${step.label}` : step.kind),
      onCell: (cell, index) => events.push(`done ${index + 1} ${cell.run.status}`),
    },
  );
  assert.equal(result.status, 'completed', result.message);
  assert.deepEqual(events, [
    'start 1/2 rows_per_insert=250 writers=2 keys=ordered',
    'done 1 completed',
    'start 2/2 rows_per_insert=1000 writers=2 keys=ordered',
    'done 2 completed',
  ]);
});
