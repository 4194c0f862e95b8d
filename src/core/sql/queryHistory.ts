// Query History: what ran from SQL editors, newest first, bounded (the last 500 by default), with
// passwords and `IDENTIFIED BY` secrets redacted before anything is stored (redactSecretText, the
// one redaction for text; a server's error through redactServerError, which knows the statement).
import { redactSecretText } from '../results/redactSecrets';
import { redactServerError } from './redactSqlSecrets';

export const MAX_QUERY_HISTORY = 500;
/** a longer statement is stored cut (a pasted dump must not fill the workspace state) */
export const MAX_STORED_STATEMENT = 20_000;

export interface QueryHistoryEntry {
  id: string;
  statement: string;
  connectionId: string;
  connectionName: string;
  database: string | null;
  /** ISO time the statement started */
  ranAt: string;
  durationMs: number | null;
  /** rows returned, or affected by DML */
  rows: number | null;
  error: string | null;
}

export interface QueryRun {
  statement: string;
  connectionId: string;
  connectionName: string;
  database: string | null;
  ranAt: string;
  durationMs: number | null;
  rows: number | null;
  /** the server's message as it came, redacted here */
  error: string | null;
}

/** The history with `run` first (redacted), the oldest dropped past `max`. */
export function addToHistory(
  history: readonly QueryHistoryEntry[],
  run: QueryRun,
  id: string,
  max = MAX_QUERY_HISTORY,
): QueryHistoryEntry[] {
  const statement = redactSecretText(run.statement).slice(0, MAX_STORED_STATEMENT);
  const entry: QueryHistoryEntry = {
    id,
    statement,
    connectionId: run.connectionId,
    connectionName: run.connectionName,
    database: run.database,
    ranAt: run.ranAt,
    durationMs: run.durationMs,
    rows: run.rows,
    error: run.error === null ? null : redactSecretText(redactServerError(run.error, run.statement)),
  };
  return [entry, ...history].slice(0, Math.max(0, max));
}

/** What the workspace state holds, read back: entries of the wrong shape are dropped. */
export function readHistory(value: unknown, max = MAX_QUERY_HISTORY): QueryHistoryEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isEntry).slice(0, max);
}

export function removeFromHistory(history: readonly QueryHistoryEntry[], id: string): QueryHistoryEntry[] {
  return history.filter((entry) => entry.id !== id);
}

/** The statement's first line that is not blank, for the view's label. */
export function firstLine(statement: string, max = 80): string {
  const line =
    statement
      .split('\n')
      .find((candidate) => candidate.trim().length > 0)
      ?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function isEntry(value: unknown): value is QueryHistoryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  const stringOrNull = (key: string) => typeof entry[key] === 'string' || entry[key] === null;
  const numberOrNull = (key: string) => typeof entry[key] === 'number' || entry[key] === null;
  return (
    typeof entry.id === 'string' &&
    typeof entry.statement === 'string' &&
    typeof entry.connectionId === 'string' &&
    typeof entry.connectionName === 'string' &&
    typeof entry.ranAt === 'string' &&
    stringOrNull('database') &&
    stringOrNull('error') &&
    numberOrNull('durationMs') &&
    numberOrNull('rows')
  );
}
