// A run's choices stay with its flow (issue 29): the connection picked for a benchmark does not
// become the active connection, and an experiment's database is not Run Benchmark's default.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { benchmarkSession, type BenchmarkConnections } from '../../../src/extension/benchmarks/benchmarkConnection';
import {
  defaultLaunchSettings,
  recalledExperimentDatabase,
  recalledSettings,
  remember,
  rememberExperimentDatabase,
} from '../../../src/extension/benchmarks/launchSettings';

/** ConnectionManager's rule: connect() makes the connection active unless told not to. */
class FakeConnections implements BenchmarkConnections<string> {
  active = 'demo';
  async connect(profileId: string, options?: { makeActive?: boolean }): Promise<string> {
    if (options?.makeActive !== false) this.active = profileId;
    return profileId;
  }
  async requireActiveSession(): Promise<string> {
    return this.active;
  }
}

test('a benchmark on another connection runs there and leaves the active connection as it was', async () => {
  const connections = new FakeConnections();
  assert.equal(await benchmarkSession(connections, 'staging'), 'staging');
  assert.equal(connections.active, 'demo');
  assert.equal(await benchmarkSession(connections, undefined), 'demo');
});

test("an experiment's database is remembered for experiments only, and survives a Run Benchmark", () => {
  let stored = remember(undefined, { ...defaultLaunchSettings('oltp_point_select'), database: 'bench' });
  stored = rememberExperimentDatabase(stored, 'walkexp');
  assert.equal(recalledSettings(stored, 'oltp_point_select').database, 'bench', "Run Benchmark's default is its own");
  assert.equal(recalledExperimentDatabase(stored), 'walkexp');
  stored = remember(stored, { ...defaultLaunchSettings('oltp_read_only'), database: 'bench2' });
  assert.equal(recalledExperimentDatabase(JSON.parse(JSON.stringify(stored))), 'walkexp');
  assert.equal(
    recalledExperimentDatabase(remember(undefined, { ...defaultLaunchSettings('oltp_point_select'), database: 'bench' })),
    'sbtest',
  );
});
