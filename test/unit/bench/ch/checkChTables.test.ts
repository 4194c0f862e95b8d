import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CH_TABLE_CONDITIONS, checkChTables } from '../../../../src/core/bench/ch/checkChTables';
import type { SqlExecutor } from '../../../../src/core/db/sqlExecutor';

function executorAnswering(answer: (sql: string) => number | Error): SqlExecutor {
  return {
    async query(sql: string) {
      const value = answer(sql);
      if (value instanceof Error) throw value;
      return [{ got: value }];
    },
    async run() {
      throw new Error('ch check only reads');
    },
  };
}

test('every condition passes on the counts ch prepare loads', async () => {
  const outcome = await checkChTables(executorAnswering((sql) => CH_TABLE_CONDITIONS.find((c) => c.sql === sql)!.expected));
  assert.deepEqual(outcome, { checked: 5, failures: [] });
});

test('a missing table is its conditions failing with the server error, not a thrown check', async () => {
  const missing = new Error("Table 'tpcc.supplier' doesn't exist");
  const outcome = await checkChTables(
    executorAnswering((sql) => (sql.includes('supplier') ? missing : CH_TABLE_CONDITIONS.find((c) => c.sql === sql)!.expected)),
  );
  assert.deepEqual(
    outcome.failures.map((failure) => [failure.condition, failure.got]),
    [
      ['ch-3', "Table 'tpcc.supplier' doesn't exist"],
      ['ch-5', "Table 'tpcc.supplier' doesn't exist"],
    ],
  );
});

test('counts come back as strings from some drivers (BIGINT) and still compare', async () => {
  const outcome = await checkChTables({
    async query(sql: string) {
      return [{ got: String(CH_TABLE_CONDITIONS.find((c) => c.sql === sql)!.expected) }];
    },
    async run() {
      throw new Error('ch check only reads');
    },
  });
  assert.equal(outcome.failures.length, 0);
});
