// Runs the EXPLAIN statement on a session and returns its result set as text cells. EXPLAIN
// ANALYZE of a statement that changes data can run inside a transaction that is rolled back,
// on one dedicated connection so that BEGIN, the statement and ROLLBACK share it. A run that can
// be cancelled also gets a dedicated connection: its id lets KILL QUERY, sent over another
// connection, stop the statement on the server.
// Every statement goes through the session's logged SqlExecutor. No vscode here.
import { errorSummary } from '../../core/db/databaseSession';
import { connectionIdOf, killQuery } from '../../core/db/queryKill';
import type { SqlExecutor, SqlRow } from '../../core/db/sqlExecutor';
import { previewStatements } from '../../core/sql/previewTransaction';
import { ExplainCancelled } from './explainCancelled';
import type { ExplainPlanRequest } from './explainStatements';

export interface ExplainSession extends SqlExecutor {
  withDedicatedConnection<T>(work: (executor: SqlExecutor) => Promise<T>): Promise<T>;
  /** where KILL QUERY goes (an editor's session is busy with the statement): the session itself when absent */
  readonly killer?: SqlExecutor;
  /** an editor's session: its open transaction, which a rolled-back run keeps (a savepoint) */
  readonly inTransaction?: () => boolean;
}

export interface ExplainResult {
  columns: string[];
  rows: string[][];
  rolledBack: boolean;
}

export interface RunExplainOptions {
  /** Aborting it stops the statement on the server; runExplain then rejects with ExplainCancelled. */
  signal?: AbortSignal;
  /**
   * How long KILL QUERY may take, and then how long the statement gets to end once the server
   * accepted it, before its connection is closed.
   */
  killGraceMs?: number;
}

/** How a server NULL shows in a MySQL/MariaDB plan table, as the mysql client prints it. */
export const NULL_TEXT = 'NULL';

// A server can accept KILL QUERY and go on (TiDB without Global Kill may ignore it): Cancel must
// still end within a bounded time.
export const DEFAULT_KILL_GRACE_MS = 5_000;

export async function runExplain(
  session: ExplainSession,
  request: ExplainPlanRequest,
  inRolledBackTransaction: boolean,
  options: RunExplainOptions = {},
): Promise<ExplainResult> {
  const { signal, killGraceMs = DEFAULT_KILL_GRACE_MS } = options;
  if (!signal && !inRolledBackTransaction) return { ...resultOf(await session.query(request.sql)), rolledBack: false };
  if (signal?.aborted) throw new ExplainCancelled({ statement: 'notStarted' });
  const rows = await session.withDedicatedConnection(async (executor) => {
    const preview = previewStatements(session.inTransaction?.() === true);
    const rollBack = async () => {
      for (const statement of preview.rollback) await executor.run(statement);
    };
    if (inRolledBackTransaction) for (const statement of preview.begin) await executor.run(statement);
    let result: SqlRow[];
    try {
      result = signal
        ? await queryUntilCancelled(session.killer ?? session, executor, request.sql, signal, killGraceMs)
        : await executor.query(request.sql);
    } catch (error) {
      // An abandoned statement still holds the connection: a ROLLBACK would wait behind it. Closing
      // the connection (withDedicatedConnection does) makes the server roll back when it ends.
      const abandoned = error instanceof ExplainCancelled && error.run.statement === 'abandoned';
      if (inRolledBackTransaction && !abandoned) await rollBack().catch(() => undefined);
      throw error;
    }
    if (inRolledBackTransaction) await rollBack();
    return result;
  });
  return { ...resultOf(rows), rolledBack: inRolledBackTransaction };
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Runs `sql` on `executor`; when `signal` aborts, KILL QUERY goes to the server through `session`'s pool. */
async function queryUntilCancelled(
  session: SqlExecutor,
  executor: SqlExecutor,
  sql: string,
  signal: AbortSignal,
  killGraceMs: number,
): Promise<SqlRow[]> {
  const connectionId = await connectionIdOf(executor);
  if (signal.aborted) throw new ExplainCancelled({ statement: 'notStarted' });
  const ended = settle(executor.query(sql));
  let onAbort = (): void => undefined;
  const aborted = new Promise<void>((resolve) => {
    onAbort = () => resolve();
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const endedFirst = await Promise.race([ended.then(() => true), aborted.then(() => false)]);
    if (!signal.aborted) return valueOf(await ended);
    const killed: Promise<{ error?: string }> = killQuery(session, connectionId).then(
      () => ({}),
      (error: unknown) => ({ error: errorSummary(error).message }),
    );
    // KILL QUERY goes through the pool: while other runs hold every pooled connection it waits for
    // one of them to end, and Cancel must not wait that long. It is still sent when one frees up.
    const { error: killError } = (await within(killed, killGraceMs)) ?? { error: `no answer after ${killGraceMs} ms` };
    const outcome = endedFirst ? await ended : await within(ended, killError === undefined ? killGraceMs : 0);
    const statement = outcome === undefined ? 'abandoned' : outcome.ok ? 'finished' : 'interrupted';
    throw new ExplainCancelled({ statement, connectionId, killError }, outcome && !outcome.ok ? outcome.error : undefined);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
}

function valueOf<T>(settled: Settled<T>): T {
  if (settled.ok) return settled.value;
  throw settled.error;
}

/** The promise's value, or undefined when it takes longer than `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function resultOf(rows: SqlRow[]): { columns: string[]; rows: string[][] } {
  const columns = rows.length > 0 ? Object.keys(rows[0]) : [];
  return { columns, rows: rows.map((row) => columns.map((column) => cellText(row[column]))) };
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return NULL_TEXT;
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
