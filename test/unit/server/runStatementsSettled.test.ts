import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SqlExecutor, SqlRow } from '../../../src/core/db/sqlExecutor';
import { RunEvidence } from '../../../src/core/server/runEvidence';
import { waitForRunConnectionsToClose } from '../../../src/core/server/runStatementsSettled';

/** A server whose processlist shows, at each look, the next list of connection ids (the last one stays). */
function serverWithConnections(looks: string[][], log: string[] = []): SqlExecutor {
  const remaining = [...looks];
  return {
    async query(sql: string): Promise<SqlRow[]> {
      if (/PROCESSLIST/.test(sql)) {
        const ids = remaining.length > 1 ? remaining.shift()! : remaining[0];
        log.push(`processlist ${ids.join(',') || '-'}`);
        return ids.map((id) => ({ id }));
      }
      if (/@@GLOBAL\.performance_schema/.test(sql)) return [{ enabled: 1 }];
      if (/events_statements_summary_by_digest/.test(sql)) log.push('statistics');
      return [];
    },
    async run() {
      return { affectedRows: 0 };
    },
  } as unknown as SqlExecutor;
}

const instant = { timeoutMs: 1_000, pollMs: 5, sleep: async () => undefined };

test("waits until the run's connections are gone; connections that were there before are not the run's", async () => {
  const log: string[] = [];
  const executor = serverWithConnections([['7', '41', '42'], ['7', '42'], ['7']], log);
  assert.equal(await waitForRunConnectionsToClose(executor, 'sbtest', new Set(['7']), instant), true);
  assert.deepEqual(log, ['processlist 7,41,42', 'processlist 7,42', 'processlist 7']);
});

test('gives up after the time allowed (a connection of someone else that came during the run and stays)', async () => {
  let clock = 0;
  const settled = await waitForRunConnectionsToClose(serverWithConnections([['9']]), 'sbtest', new Set(), {
    timeoutMs: 100,
    pollMs: 25,
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
  });
  assert.equal(settled, false);
  assert.equal(clock, 100);
});

test('a processlist that cannot be read does not hold the run up', async () => {
  const executor = {
    query: async () => {
      throw new Error('SELECT command denied');
    },
  } as unknown as SqlExecutor;
  assert.equal(await waitForRunConnectionsToClose(executor, 'sbtest', new Set(), instant), false);
});

test("the run's evidence is read only after its connections are gone", async () => {
  const log: string[] = [];
  // at the baseline: a user's session (7); after the run: its two connections still closing, then gone
  const executor = serverWithConnections([['7'], ['7', '41', '42'], ['7', '42'], ['7']], log);
  const evidence = await RunEvidence.start(executor, 'mariadb', { database: 'sbtest', preparedStatements: false, settle: instant });
  log.length = 0;
  await evidence.finish();
  assert.deepEqual(log, ['processlist 7,41,42', 'processlist 7,42', 'processlist 7', 'statistics']);
});
