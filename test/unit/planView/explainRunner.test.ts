import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SqlExecutor, SqlRow } from '../../../src/core/db/sqlExecutor';
import { runExplain, type ExplainSession } from '../../../src/extension/plans/explainRunner';

/** Records every statement; `failOn` makes the matching statement fail like a server error. */
function fakeSession(rows: SqlRow[], failOn?: RegExp): { session: ExplainSession; log: string[] } {
  const log: string[] = [];
  const executor = (where: string): SqlExecutor => ({
    async query(sql) {
      log.push(`${where} query ${sql}`);
      if (failOn?.test(sql)) throw Object.assign(new Error("Table 'x.t' doesn't exist"), { errno: 1146, code: 'ER_NO_SUCH_TABLE' });
      return rows;
    },
    async run(sql) {
      log.push(`${where} run ${sql}`);
      return { affectedRows: 0 };
    },
  });
  const pool = executor('pool');
  return {
    log,
    session: {
      ...pool,
      async withDedicatedConnection(work) {
        log.push('dedicated open');
        try {
          return await work(executor('dedicated'));
        } finally {
          log.push('dedicated release');
        }
      },
    },
  };
}

const ROWS: SqlRow[] = [
  { id: 'Update_4', estRows: 'N/A', task: 'root', 'access object': '', 'operator info': 'N/A' },
  { id: '└─Point_Get_6', estRows: '1.00', task: 'root', 'access object': 'table:t', 'operator info': null },
];

describe('running EXPLAIN', () => {
  it('returns the result set as text cells in column order, NULL as the client prints it', async () => {
    const { session, log } = fakeSession(ROWS);
    const result = await runExplain(session, { sql: 'EXPLAIN UPDATE t SET x = 1 WHERE id = 1', executes: false, changesData: false }, false);
    assert.deepEqual(result.columns, ['id', 'estRows', 'task', 'access object', 'operator info']);
    assert.deepEqual(result.rows[1], ['└─Point_Get_6', '1.00', 'root', 'table:t', 'NULL']);
    assert.equal(result.rolledBack, false);
    assert.deepEqual(log, ['pool query EXPLAIN UPDATE t SET x = 1 WHERE id = 1']);
  });

  it('runs EXPLAIN ANALYZE of DML between BEGIN and ROLLBACK on one dedicated connection', async () => {
    const { session, log } = fakeSession(ROWS);
    const result = await runExplain(session, { sql: 'EXPLAIN ANALYZE UPDATE t SET x = 1', executes: true, changesData: true }, true);
    assert.equal(result.rolledBack, true);
    assert.deepEqual(log, ['dedicated open', 'dedicated run BEGIN', 'dedicated query EXPLAIN ANALYZE UPDATE t SET x = 1', 'dedicated run ROLLBACK', 'dedicated release']);
  });

  it('rolls back when the statement fails, and passes the server error on', async () => {
    const { session, log } = fakeSession(ROWS, /^EXPLAIN/);
    await assert.rejects(runExplain(session, { sql: 'EXPLAIN ANALYZE DELETE FROM t', executes: true, changesData: true }, true), /doesn't exist/);
    assert.deepEqual(log, ['dedicated open', 'dedicated run BEGIN', 'dedicated query EXPLAIN ANALYZE DELETE FROM t', 'dedicated run ROLLBACK', 'dedicated release']);
  });
});
