// Runs one statement the user wrote and models what it returned: the first rows up to a limit
// (the rest are counted, not kept, up to a count limit), or the affected rows and insert id of
// DML; the time it took; SHOW WARNINGS on the same connection right after. DML can run inside a
// transaction that is rolled back. Cancelling stops the row reading and sends KILL QUERY.
import type { StreamingExecutor } from '../db/databaseSession';
import { connectionIdOf, killQuery } from '../db/queryKill';
import type { SqlExecutor } from '../db/sqlExecutor';
import type { StreamedColumn } from '../db/statementStream';
import { previewStatements } from './previewTransaction';
import {
  isNumericType,
  type OutcomeResult,
  type ResultCell,
  type ResultWarning,
  type RowsResult,
  type StatementRunResult,
} from './resultModel';

export interface StatementRunSession extends SqlExecutor {
  withStreamingConnection<T>(work: (executor: StreamingExecutor) => Promise<T>): Promise<T>;
  /** where KILL QUERY goes (another connection than the statement's): this session itself when absent */
  readonly killer?: SqlExecutor;
}

export interface RunStatementOptions {
  /** rows kept for the grid */
  rowLimit: number;
  /** rows counted before reading stops (the statement is then abandoned and its connection closed) */
  countLimit?: number;
  inRolledBackTransaction?: boolean;
  /** aborting stops reading rows (those read are kept) or, before the first row, KILL QUERY stops the statement */
  signal?: AbortSignal;
  /** a monotonic clock in ms (tests) */
  now?: () => number;
}

export const DEFAULT_ROW_LIMIT = 1_000;
export const DEFAULT_COUNT_LIMIT = 1_000_000;

/** The statement was cancelled before it returned a row or an outcome. */
export class StatementRunCancelled extends Error {
  constructor(override readonly cause?: unknown) {
    super('The statement was cancelled.');
    this.name = 'StatementRunCancelled';
  }
}

export async function runStatement(session: StatementRunSession, sql: string, options: RunStatementOptions): Promise<StatementRunResult> {
  const { signal, inRolledBackTransaction = false } = options;
  const rowLimit = Math.max(1, Math.floor(options.rowLimit));
  const countLimit = Math.max(rowLimit, Math.floor(options.countLimit ?? DEFAULT_COUNT_LIMIT));
  const now = options.now ?? (() => performance.now());
  if (signal?.aborted) throw new StatementRunCancelled();

  const killer = session.killer ?? session;
  return session.withStreamingConnection(async (executor) => {
    const connectionId = signal ? await connectionIdOf(executor) : undefined;
    // an editor's session keeps its connection: a transaction of the user's stays open around a
    // preview (a savepoint, since BEGIN would commit it), and a stopped read does not roll back
    const keeps = executor.session !== undefined;
    const preview = previewStatements(executor.session?.inTransaction === true);
    if (inRolledBackTransaction) for (const statement of preview.begin) await executor.run(statement);
    const rollBack = async () => {
      for (const statement of preview.rollback) await executor.run(statement);
    };
    let columns: StreamedColumn[] | undefined;
    const rows: ResultCell[][] = [];
    let totalRows = 0;
    let outcome: OutcomeResult | undefined;
    let stopReading = false;
    const onAbort = () => {
      stopReading = true;
      if (connectionId !== undefined) void killQuery(killer, connectionId).catch(() => undefined);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const started = now();
    let end: 'ended' | 'stopped';
    try {
      end = await executor.stream(sql, {
        onColumns: (next) => {
          // a CALL can return several result sets: the grid shows the first
          columns ??= next;
        },
        onRow: (row) => {
          if (columns && row.length !== columns.length) return !stopReading;
          totalRows++;
          if (rows.length < rowLimit) rows.push(row);
          return !stopReading && totalRows < countLimit;
        },
        onOutcome: (next) => {
          outcome ??= { kind: 'outcome', ...next };
        },
      });
    } catch (error) {
      if (signal?.aborted) throw new StatementRunCancelled(error);
      if (inRolledBackTransaction) await rollBack().catch(() => undefined);
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    const elapsedMs = now() - started;
    if (signal?.aborted && totalRows === 0 && !outcome) throw new StatementRunCancelled();
    // a stopped read closed the connection: no warnings to ask for, and the server rolled back
    const warnings = end === 'ended' ? await readWarnings(executor) : [];
    if (inRolledBackTransaction && (end === 'ended' || keeps)) await rollBack();
    const answer: RowsResult | OutcomeResult =
      columns !== undefined
        ? {
            kind: 'rows',
            columns: columns.map((column) => ({ name: column.name, type: column.type, numeric: isNumericType(column.type) })),
            rows,
            totalRows,
            totalKnown: end === 'ended',
            rowLimit,
          }
        : (outcome ?? { kind: 'outcome', affectedRows: 0 });
    return { answer, elapsedMs, warnings, rolledBack: inRolledBackTransaction };
  });
}

async function readWarnings(executor: SqlExecutor): Promise<ResultWarning[]> {
  const rows = await executor.query('SHOW WARNINGS');
  return rows.map((row) => ({
    level: String(row.Level ?? row.level ?? ''),
    code: Number(row.Code ?? row.code ?? 0),
    message: String(row.Message ?? row.message ?? ''),
  }));
}
