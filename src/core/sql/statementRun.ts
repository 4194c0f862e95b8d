// Runs one statement the user wrote and models what it returned: every result set (a CALL can
// send several), each with its first rows up to a limit (the rest are counted, not kept; counting
// stops at a count limit over all of them), or the affected rows and insert id of DML; the time it took; SHOW WARNINGS on the same connection right after. DML can run inside a
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
  type StatementAnswer,
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
    // what the server sent, in order: result sets and OK packets
    const parts: (ReadingSet | OutcomeResult)[] = [];
    let current: ReadingSet | undefined;
    let totalRows = 0;
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
          current = { columns: next, rows: [], totalRows: 0 };
          parts.push(current);
        },
        onRow: (row) => {
          if (!current || row.length !== current.columns.length) return !stopReading;
          totalRows++;
          current.totalRows++;
          if (current.rows.length < rowLimit) current.rows.push(row);
          return !stopReading && totalRows < countLimit;
        },
        onOutcome: (next) => {
          current = undefined;
          parts.push({ kind: 'outcome', ...next });
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
    if (signal?.aborted && totalRows === 0 && parts.every((part) => 'columns' in part)) throw new StatementRunCancelled();
    // a stopped read closed the connection: no warnings to ask for, and the server rolled back
    const warnings = end === 'ended' ? await readWarnings(executor) : [];
    if (inRolledBackTransaction && (end === 'ended' || keeps)) await rollBack();
    const [answer, ...moreAnswers] = answersFrom(parts, rowLimit, end === 'ended');
    return { answer, ...(moreAnswers.length > 0 ? { moreAnswers } : {}), elapsedMs, warnings, rolledBack: inRolledBackTransaction };
  });
}

interface ReadingSet {
  columns: StreamedColumn[];
  rows: ResultCell[][];
  totalRows: number;
}

/**
 * The answers of a statement: each result set, and each OK packet but the one that ends a CALL
 * after its result sets (the procedure's own status: 0 rows, no info), which says nothing. A read
 * stopped early leaves the last result set's total unknown.
 */
function answersFrom(parts: readonly (ReadingSet | OutcomeResult)[], rowLimit: number, ended: boolean): StatementAnswer[] {
  const answers: StatementAnswer[] = parts.map((part, index) =>
    'columns' in part
      ? {
          kind: 'rows',
          columns: part.columns.map((column) => ({ name: column.name, type: column.type, numeric: isNumericType(column.type) })),
          rows: part.rows,
          totalRows: part.totalRows,
          totalKnown: ended || index < parts.length - 1,
          rowLimit,
        }
      : part,
  );
  const last = answers[answers.length - 1];
  if (
    answers.length > 1 &&
    last.kind === 'outcome' &&
    answers.some((answer) => answer.kind === 'rows') &&
    last.affectedRows === 0 &&
    last.insertId === undefined &&
    !last.info
  )
    answers.pop();
  return answers.length > 0 ? answers : [{ kind: 'outcome', affectedRows: 0 }];
}

async function readWarnings(executor: SqlExecutor): Promise<ResultWarning[]> {
  const rows = await executor.query('SHOW WARNINGS');
  return rows.map((row) => ({
    level: String(row.Level ?? row.level ?? ''),
    code: Number(row.Code ?? row.code ?? 0),
    message: String(row.Message ?? row.message ?? ''),
  }));
}
