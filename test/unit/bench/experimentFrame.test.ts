// The frame around an experiment's cells: server settings set first, set back and the clean-up run
// whatever happened to the cells, failures there kept as notes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { identifyServer } from '../../../src/core/db/serverFlavor';
import type { SqlExecutor } from '../../../src/core/db/sqlExecutor';
import { runInExperimentFrame } from '../../../src/core/bench/experiments/experimentFrame';

/** A server whose tidb_mem_quota_query is 100; SET statements are recorded, the one naming 'refused' fails. */
function fakeServer(): SqlExecutor & { identity: ReturnType<typeof identifyServer>; statements: string[] } {
  const statements: string[] = [];
  return {
    identity: identifyServer('10.11.19-MariaDB'),
    statements,
    query: () => Promise.resolve([{ value: 100 }]),
    run: (sql) => {
      statements.push(sql);
      if (statements.length > 1 && sql.includes('= 100')) return Promise.reject(new Error('refused'));
      return Promise.resolve({ affectedRows: 0 });
    },
  };
}

describe('runInExperimentFrame', () => {
  test('cells that throw: the setting is still set back and the clean-up still runs, then the error goes on', async () => {
    const admin = fakeServer();
    const events: string[] = [];
    const notes: string[] = [];
    await assert.rejects(
      runInExperimentFrame(
        { ...admin, run: (sql) => (admin.statements.push(sql), Promise.resolve({ affectedRows: 0 })) },
        {
          globalVariables: { tidb_mem_quota_query: 200 },
          log: () => undefined,
          notes,
          cleanup: () => (events.push('cleanup'), Promise.resolve()),
        },
        () => (events.push('cells'), Promise.reject(new Error('cell broke'))),
      ),
      /cell broke/,
    );
    assert.deepEqual(admin.statements, ['SET GLOBAL tidb_mem_quota_query = 200', 'SET GLOBAL tidb_mem_quota_query = 100']);
    assert.deepEqual(events, ['cells', 'cleanup']);
    assert.deepEqual(notes, []);
  });

  test('a setting that cannot be set back and a clean-up that fails are notes', async () => {
    const admin = fakeServer();
    const notes: string[] = [];
    await runInExperimentFrame(
      admin,
      {
        globalVariables: { tidb_mem_quota_query: 200 },
        log: () => undefined,
        notes,
        cleanup: () => Promise.reject(new Error('no tables')),
      },
      () => Promise.resolve(),
    );
    assert.deepEqual(notes, [
      'Could not set a server setting back: SET GLOBAL tidb_mem_quota_query = 100 failed: refused',
      'The clean-up failed: no tables',
    ]);
  });

  test('no clean-up asked for: none runs', async () => {
    const admin = fakeServer();
    const notes: string[] = [];
    await runInExperimentFrame(admin, { globalVariables: undefined, log: () => undefined, notes }, () => Promise.resolve());
    assert.deepEqual(admin.statements, []);
    assert.deepEqual(notes, []);
  });
});
