// Runs the EXPLAIN statement on a session and returns its result set as text cells. EXPLAIN
// ANALYZE of a statement that changes data can run inside a transaction that is rolled back,
// on one dedicated connection so that BEGIN, the statement and ROLLBACK share it.
// Every statement goes through the session's logged SqlExecutor. No vscode here.
import type { SqlExecutor, SqlRow } from '../../core/db/sqlExecutor';
import type { ExplainPlanRequest } from './explainStatements';

export interface ExplainSession extends SqlExecutor {
  withDedicatedConnection<T>(work: (executor: SqlExecutor) => Promise<T>): Promise<T>;
}

export interface ExplainResult {
  columns: string[];
  rows: string[][];
  rolledBack: boolean;
}

/** How a server NULL shows in a MySQL/MariaDB plan table, as the mysql client prints it. */
export const NULL_TEXT = 'NULL';

export async function runExplain(session: ExplainSession, request: ExplainPlanRequest, inRolledBackTransaction: boolean): Promise<ExplainResult> {
  if (!inRolledBackTransaction) return { ...resultOf(await session.query(request.sql)), rolledBack: false };
  const rows = await session.withDedicatedConnection(async (executor) => {
    await executor.run('BEGIN');
    let result: SqlRow[];
    try {
      result = await executor.query(request.sql);
    } catch (error) {
      await executor.run('ROLLBACK').catch(() => undefined);
      throw error;
    }
    await executor.run('ROLLBACK');
    return result;
  });
  return { ...resultOf(rows), rolledBack: true };
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
