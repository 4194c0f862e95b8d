import { test } from 'node:test';
import assert from 'node:assert/strict';
import { watchReplicaProgress, type ReplicaWatchStatus } from '../../../src/core/tidb/replicaProgressWatch';
import { answersInTurn, AWKWARD_NAMES } from './fakeSqlExecutor';

function replicaRow(table: string, progress: number, available: 0 | 1) {
  return {
    TABLE_SCHEMA: AWKWARD_NAMES.schema,
    TABLE_NAME: table,
    TABLE_ID: 1,
    REPLICA_COUNT: 2,
    LOCATION_LABELS: '',
    AVAILABLE: available,
    PROGRESS: progress,
  };
}

const a = { schema: AWKWARD_NAMES.schema, table: AWKWARD_NAMES.table };
const b = { schema: AWKWARD_NAMES.schema, table: AWKWARD_NAMES.unicodeTable };

test('follows several tables until AVAILABLE = 1 and PROGRESS = 1, reporting each poll', async () => {
  const executor = answersInTurn(
    [replicaRow(a.table, 0, 0), replicaRow(b.table, 0.2, 0)],
    [replicaRow(a.table, 0.63, 1), replicaRow(b.table, 1, 0)],
    [replicaRow(a.table, 1, 1), replicaRow(b.table, 1, 1)],
  );
  const seen: ReplicaWatchStatus[][] = [];
  const result = await watchReplicaProgress(executor, [a, b], { intervalMs: 1, onProgress: (statuses) => seen.push(statuses) });
  assert.equal(result.cancelled, false);
  assert.deepEqual(
    result.statuses.map((status) => status.phase),
    ['ready', 'ready'],
  );
  assert.equal(seen.length, 3);
  assert.deepEqual(
    seen[1].map((status) => [status.phase, status.replica?.progress]),
    [
      ['replicating', 0.63],
      ['replicating', 1],
    ],
  );
  assert.equal(executor.statements.length, 3);
});

test('a table that disappears stops being watched without failing the others', async () => {
  const executor = answersInTurn([replicaRow(a.table, 0.5, 0), replicaRow(b.table, 0.5, 0)], [replicaRow(a.table, 1, 1)]);
  const result = await watchReplicaProgress(executor, [a, b], { intervalMs: 1 });
  assert.deepEqual(
    result.statuses.map((status) => [status.table, status.phase]),
    [
      [a.table, 'ready'],
      [b.table, 'noReplica'],
    ],
  );
});

test('aborting stops the watch and says so', async () => {
  const controller = new AbortController();
  const executor = answersInTurn([replicaRow(a.table, 0.1, 0)]);
  const result = await watchReplicaProgress(executor, [a], {
    intervalMs: 60_000,
    signal: controller.signal,
    onProgress: () => controller.abort(),
  });
  assert.equal(result.cancelled, true);
  assert.equal(result.statuses[0].phase, 'replicating');
  assert.equal(executor.statements.length, 1);
});
