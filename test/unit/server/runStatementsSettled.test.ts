import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SqlExecutor, SqlRow } from '../../../src/core/db/sqlExecutor';
import { RunEvidence } from '../../../src/core/server/runEvidence';
import { waitForStatementsToEnd } from '../../../src/core/server/runStatementsSettled';

/** A server whose processlist shows `executing` statements, one fewer at each look. */
function serverWithStatementsEnding(executing: number[], log: string[] = []): SqlExecutor {
  const counts = [...executing];
  return {
    async query(sql: string): Promise<SqlRow[]> {
      if (/PROCESSLIST/.test(sql)) {
        const now = counts.length > 1 ? counts.shift()! : counts[0];
        log.push(`processlist ${now}`);
        return [{ executing: now }];
      }
      if (/@@GLOBAL\.performance_schema/.test(sql)) return [{ enabled: 1 }];
      if (/events_statements_summary_by_digest/.test(sql)) log.push(`statistics with ${counts[0]} executing`);
      return [];
    },
    async run() {
      return { affectedRows: 0 };
    },
  } as unknown as SqlExecutor;
}

const instant = { timeoutMs: 1_000, pollMs: 5, sleep: async () => undefined };

test('waits until no other connection executes in the database', async () => {
  const log: string[] = [];
  assert.equal(await waitForStatementsToEnd(serverWithStatementsEnding([2, 1, 0], log), 'sbtest', instant), true);
  assert.deepEqual(log, ['processlist 2', 'processlist 1', 'processlist 0']);
});

test('gives up after the time allowed (a server whose own clients never stop)', async () => {
  let clock = 0;
  const settled = await waitForStatementsToEnd(serverWithStatementsEnding([1]), 'sbtest', {
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
  assert.equal(await waitForStatementsToEnd(executor, 'sbtest', instant), false);
});

test("the run's evidence is read only after its last statements ended on the server", async () => {
  const log: string[] = [];
  const executor = serverWithStatementsEnding([3, 1, 0], log);
  const evidence = await RunEvidence.start(executor, 'mariadb', { database: 'sbtest', preparedStatements: false, settle: instant });
  log.length = 0;
  await evidence.finish();
  assert.deepEqual(log, ['processlist 3', 'processlist 1', 'processlist 0', 'statistics with 0 executing']);
});
