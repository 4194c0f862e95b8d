// What a statement does, as far as EXPLAIN is concerned.
import { stripLeadingComments } from './statementSplitter';

export type StatementKind = 'select' | 'dml' | 'explain' | 'other';

const DML_KEYWORDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'REPLACE']);
const READ_KEYWORDS = new Set(['SELECT', 'TABLE', 'VALUES']);

export function statementKind(sql: string): StatementKind {
  const body = stripLeadingComments(sql);
  const first = /^\(?\s*([A-Za-z]+)/.exec(body)?.[1]?.toUpperCase() ?? '';
  if (first === 'EXPLAIN' || first === 'DESC' || first === 'DESCRIBE') return 'explain';
  if (DML_KEYWORDS.has(first)) return 'dml';
  if (READ_KEYWORDS.has(first)) return 'select';
  if (first === 'WITH') return /\)\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(body) ? 'dml' : 'select';
  return 'other';
}

/** Statements EXPLAIN accepts: reads and DML. */
export function isExplainable(sql: string): boolean {
  const kind = statementKind(sql);
  return kind === 'select' || kind === 'dml';
}
