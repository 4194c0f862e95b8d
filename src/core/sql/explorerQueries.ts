// The SQL the explorer's query commands write into a new editor, identifiers quoted by sqlIdentifiers.ts.
import { quoteIdentifier, quoteQualifiedName } from '../db/sqlIdentifiers';

export const SELECT_TOP_ROWS = 1000;

/** "Select Top 1000 Rows" */
export function selectTopRowsSql(database: string, table: string, rows = SELECT_TOP_ROWS): string {
  return `SELECT * FROM ${quoteQualifiedName(database, table)} LIMIT ${rows};`;
}

/** What "New Query" runs on the editor's session before the user types (USE of the item's database). */
export function useDatabaseSql(database: string): string {
  return `USE ${quoteIdentifier(database)}`;
}
