import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SqlExecutor, SqlRow } from '../../../src/core/db/sqlExecutor';
import { cancelledRunSummary, ExplainCancelled, type CancelledRun } from '../../../src/extension/plans/explainCancelled';
import { runExplain, type ExplainSession } from '../../../src/extension/plans/explainRunner';

/** Records every statement; `failOn` makes the matching statement fail like a server error. */
function fakeSession(rows: SqlRow[], failOn?: RegExp): { session: ExplainSession; log: string[] } {
  const log: string[] = [];
  const executor = (where: string): SqlExecutor => ({
    async query(sql) {
      log.push(`${where} query ${sql}`);
      if (sql === 'SELECT CONNECTION_ID() AS id') return [{ id: 7 }];
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
    const result = await runExplain(
      session,
      { sql: 'EXPLAIN UPDATE t SET x = 1 WHERE id = 1', executes: false, changesData: false },
      false,
    );
    assert.deepEqual(result.columns, ['id', 'estRows', 'task', 'access object', 'operator info']);
    assert.deepEqual(result.rows[1], ['└─Point_Get_6', '1.00', 'root', 'table:t', 'NULL']);
    assert.equal(result.rolledBack, false);
    assert.deepEqual(log, ['pool query EXPLAIN UPDATE t SET x = 1 WHERE id = 1']);
  });

  it('runs EXPLAIN ANALYZE of DML between BEGIN and ROLLBACK on one dedicated connection', async () => {
    const { session, log } = fakeSession(ROWS);
    const result = await runExplain(session, { sql: 'EXPLAIN ANALYZE UPDATE t SET x = 1', executes: true, changesData: true }, true);
    assert.equal(result.rolledBack, true);
    assert.deepEqual(log, [
      'dedicated open',
      'dedicated run BEGIN',
      'dedicated query EXPLAIN ANALYZE UPDATE t SET x = 1',
      'dedicated run ROLLBACK',
      'dedicated release',
    ]);
  });

  it('rolls back when the statement fails, and passes the server error on', async () => {
    const { session, log } = fakeSession(ROWS, /^EXPLAIN/);
    await assert.rejects(
      runExplain(session, { sql: 'EXPLAIN ANALYZE DELETE FROM t', executes: true, changesData: true }, true),
      /doesn't exist/,
    );
    assert.deepEqual(log, [
      'dedicated open',
      'dedicated run BEGIN',
      'dedicated query EXPLAIN ANALYZE DELETE FROM t',
      'dedicated run ROLLBACK',
      'dedicated release',
    ]);
  });
});

interface KillableFakeOptions {
  /**
   * what the server does with KILL QUERY: interrupt the statement (1317), refuse (1094), accept and
   * go on, or let it finish first; 'noConnection': KILL QUERY waits for a pooled connection that
   * other runs hold, and interrupts the statement only once `freePool` is called
   */
  onKill?: 'interrupt' | 'refuse' | 'ignore' | 'finishFirst' | 'noConnection';
  /** called while CONNECTION_ID() is answered */
  duringConnectionId?: () => void;
}

/**
 * A session whose dedicated connection has id 42 and runs the EXPLAIN statement until KILL QUERY 42
 * arrives on the pool. The log tells the pool from the dedicated connection, and a dedicated
 * connection given back from one thrown away (as DatabaseSession does).
 */
function killableSession(options: KillableFakeOptions = {}): {
  session: ExplainSession;
  log: string[];
  statementStarted: Promise<void>;
  freePool: () => void;
} {
  const log: string[] = [];
  let freePool = (): void => undefined;
  const poolFreed = new Promise<void>((resolve) => (freePool = resolve));
  let started = (): void => undefined;
  const statementStarted = new Promise<void>((resolve) => (started = resolve));
  let endStatement: ((outcome: { rows: SqlRow[] } | { error: Error }) => void) | undefined;
  const dedicated: SqlExecutor = {
    async query(sql) {
      log.push(`dedicated query ${sql}`);
      if (sql === 'SELECT CONNECTION_ID() AS id') {
        options.duringConnectionId?.();
        return [{ id: 42 }];
      }
      return new Promise<SqlRow[]>((resolve, reject) => {
        endStatement = (outcome) => ('rows' in outcome ? resolve(outcome.rows) : reject(outcome.error));
        started();
      });
    },
    async run(sql) {
      log.push(`dedicated run ${sql}`);
      return { affectedRows: 0 };
    },
  };
  const pool: SqlExecutor = {
    async query(sql) {
      log.push(`pool query ${sql}`);
      return ROWS;
    },
    async run(sql) {
      const onKill = options.onKill ?? 'interrupt';
      if (onKill === 'noConnection') {
        await poolFreed;
        log.push(`pool run ${sql}`);
        endStatement?.({
          error: Object.assign(new Error('Query execution was interrupted'), { errno: 1317, code: 'ER_QUERY_INTERRUPTED' }),
        });
        return { affectedRows: 0 };
      }
      log.push(`pool run ${sql}`);
      if (onKill === 'finishFirst') endStatement?.({ rows: ROWS });
      if (onKill === 'refuse' || onKill === 'finishFirst')
        throw Object.assign(new Error('Unknown thread id: 42'), { errno: 1094, code: 'ER_NO_SUCH_THREAD' });
      if (onKill === 'interrupt')
        endStatement?.({
          error: Object.assign(new Error('Query execution was interrupted'), { errno: 1317, code: 'ER_QUERY_INTERRUPTED' }),
        });
      return { affectedRows: 0 };
    },
  };
  return {
    log,
    statementStarted,
    freePool,
    session: {
      ...pool,
      async withDedicatedConnection(work) {
        log.push('dedicated open');
        try {
          const result = await work(dedicated);
          log.push('dedicated release');
          return result;
        } catch (error) {
          log.push('dedicated destroy');
          throw error;
        }
      },
    },
  };
}

async function cancellation(promise: Promise<unknown>): Promise<ExplainCancelled> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ExplainCancelled, `expected ExplainCancelled, got ${String(error)}`);
    return error;
  }
  assert.fail('the run should have been cancelled');
}

const UPDATE = { sql: 'EXPLAIN ANALYZE UPDATE t SET x = 1', executes: true, changesData: true };
const SELECT = { sql: 'EXPLAIN ANALYZE SELECT * FROM t', executes: true, changesData: false };

describe('cancelling EXPLAIN', () => {
  it('sends nothing when cancelled before it starts', async () => {
    const { session, log } = killableSession();
    const controller = new AbortController();
    controller.abort();
    const cancelled = await cancellation(runExplain(session, UPDATE, true, { signal: controller.signal }));
    assert.deepEqual(cancelled.run, { statement: 'notStarted' } satisfies CancelledRun);
    assert.deepEqual(log, []);
  });

  it('does not send the statement when cancelled while the connection id is read, and still rolls back', async () => {
    const controller = new AbortController();
    const { session, log } = killableSession({ duringConnectionId: () => controller.abort() });
    const cancelled = await cancellation(runExplain(session, UPDATE, true, { signal: controller.signal }));
    assert.equal(cancelled.run.statement, 'notStarted');
    assert.deepEqual(log, [
      'dedicated open',
      'dedicated run BEGIN',
      'dedicated query SELECT CONNECTION_ID() AS id',
      'dedicated run ROLLBACK',
      'dedicated destroy',
    ]);
  });

  it('kills the running statement over the pool with the id from CONNECTION_ID(), then rolls back', async () => {
    const { session, log, statementStarted } = killableSession();
    const controller = new AbortController();
    const running = runExplain(session, UPDATE, true, { signal: controller.signal });
    await statementStarted;
    controller.abort();
    const cancelled = await cancellation(running);
    assert.deepEqual(cancelled.run, { statement: 'interrupted', connectionId: 42n, killError: undefined } satisfies CancelledRun);
    assert.equal((cancelled.cause as { errno?: number }).errno, 1317);
    assert.deepEqual(log, [
      'dedicated open',
      'dedicated run BEGIN',
      'dedicated query SELECT CONNECTION_ID() AS id',
      'dedicated query EXPLAIN ANALYZE UPDATE t SET x = 1',
      'pool run KILL QUERY 42',
      'dedicated run ROLLBACK',
      'dedicated destroy',
    ]);
  });

  it('runs a cancellable statement outside a transaction on a dedicated connection it can kill', async () => {
    const { session, log, statementStarted } = killableSession();
    const controller = new AbortController();
    const running = runExplain(session, SELECT, false, { signal: controller.signal });
    await statementStarted;
    controller.abort();
    assert.equal((await cancellation(running)).run.statement, 'interrupted');
    assert.deepEqual(log, [
      'dedicated open',
      'dedicated query SELECT CONNECTION_ID() AS id',
      'dedicated query EXPLAIN ANALYZE SELECT * FROM t',
      'pool run KILL QUERY 42',
      'dedicated destroy',
    ]);
  });

  it('returns the plan when a signal is given but never aborted', async () => {
    const { session, log } = fakeSession(ROWS);
    const result = await runExplain(session, UPDATE, true, { signal: new AbortController().signal });
    assert.equal(result.rows.length, 2);
    assert.equal(result.rolledBack, true);
    assert.deepEqual(log, [
      'dedicated open',
      'dedicated run BEGIN',
      'dedicated query SELECT CONNECTION_ID() AS id',
      'dedicated query EXPLAIN ANALYZE UPDATE t SET x = 1',
      'dedicated run ROLLBACK',
      'dedicated release',
    ]);
  });

  it('when the server refuses KILL QUERY, stops waiting at once and throws the connection away without a ROLLBACK behind the statement', async () => {
    const { session, log, statementStarted } = killableSession({ onKill: 'refuse' });
    const controller = new AbortController();
    const running = runExplain(session, UPDATE, true, { signal: controller.signal, killGraceMs: 60_000 });
    await statementStarted;
    controller.abort();
    const cancelled = await cancellation(running);
    assert.deepEqual(cancelled.run, {
      statement: 'abandoned',
      connectionId: 42n,
      killError: 'Unknown thread id: 42',
    } satisfies CancelledRun);
    assert.deepEqual(log.slice(-2), ['pool run KILL QUERY 42', 'dedicated destroy']);
  });

  it('when the statement goes on after KILL QUERY was accepted, stops waiting after the grace time', async () => {
    const { session, log, statementStarted } = killableSession({ onKill: 'ignore' });
    const controller = new AbortController();
    const running = runExplain(session, UPDATE, true, { signal: controller.signal, killGraceMs: 20 });
    await statementStarted;
    controller.abort();
    const cancelled = await cancellation(running);
    assert.deepEqual(cancelled.run, { statement: 'abandoned', connectionId: 42n, killError: undefined } satisfies CancelledRun);
    assert.deepEqual(log.slice(-2), ['pool run KILL QUERY 42', 'dedicated destroy']);
  });

  it('when KILL QUERY gets no pooled connection (other runs hold them all), stops waiting after the grace time and sends it once one frees up', async () => {
    const { session, log, statementStarted, freePool } = killableSession({ onKill: 'noConnection' });
    const controller = new AbortController();
    const running = runExplain(session, UPDATE, true, { signal: controller.signal, killGraceMs: 20 });
    await statementStarted;
    controller.abort();
    const cancelled = await cancellation(running);
    assert.deepEqual(cancelled.run, {
      statement: 'abandoned',
      connectionId: 42n,
      killError: 'no answer after 20 ms',
    } satisfies CancelledRun);
    assert.equal(log[log.length - 1], 'dedicated destroy', 'no ROLLBACK queued behind the statement');
    freePool();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(log[log.length - 1], 'pool run KILL QUERY 42', 'KILL QUERY still reaches the server once a connection frees up');
  });

  it('a statement that finished before KILL QUERY reached it is still reported as cancelled, and rolled back', async () => {
    const { session, log, statementStarted } = killableSession({ onKill: 'finishFirst' });
    const controller = new AbortController();
    const running = runExplain(session, UPDATE, true, { signal: controller.signal });
    await statementStarted;
    controller.abort();
    const cancelled = await cancellation(running);
    assert.deepEqual(cancelled.run, {
      statement: 'finished',
      connectionId: 42n,
      killError: 'Unknown thread id: 42',
    } satisfies CancelledRun);
    assert.deepEqual(log.slice(-3), ['pool run KILL QUERY 42', 'dedicated run ROLLBACK', 'dedicated destroy']);
  });
});

describe('the log line of a cancelled EXPLAIN', () => {
  it('says whether KILL QUERY went out and what became of the statement', () => {
    assert.equal(cancelledRunSummary({ statement: 'notStarted' }, true), 'the statement was not started');
    assert.equal(
      cancelledRunSummary({ statement: 'interrupted', connectionId: 42n }, true),
      'KILL QUERY 42 sent; the statement stopped and was rolled back',
    );
    assert.equal(
      cancelledRunSummary({ statement: 'abandoned', connectionId: 42n, killError: 'Unknown thread id: 42' }, false),
      'KILL QUERY 42 failed (Unknown thread id: 42); stopped waiting and closed its connection: the server may still finish the statement',
    );
  });
});
