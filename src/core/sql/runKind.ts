// What running a statement does, for the question asked before it runs: a read runs at once; a
// statement that changes data (DML), the schema (DDL) or anything else (SET, GRANT, CALL, KILL, ...)
// is shown to the user first.
import { stripLeadingComments } from './statementSplitter';
import { statementKind } from './statementKind';

export type RunKind = 'read' | 'dml' | 'ddl' | 'other';

const READ_KEYWORDS = new Set(['SELECT', 'TABLE', 'VALUES', 'SHOW', 'DESC', 'DESCRIBE', 'HELP']);
const DDL_KEYWORDS = new Set(['CREATE', 'ALTER', 'DROP', 'TRUNCATE', 'RENAME']);
const DML_KEYWORDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'REPLACE', 'LOAD']);

export function runKind(sql: string): RunKind {
  const body = stripLeadingComments(sql);
  const first = /^\(?\s*([A-Za-z]+)/.exec(body)?.[1]?.toUpperCase() ?? '';
  if (first === 'EXPLAIN' || first === 'DESC' || first === 'DESCRIBE') return explainRunKind(body);
  // MariaDB's ANALYZE <statement> runs it; ANALYZE TABLE updates statistics
  if (first === 'ANALYZE' && !/^ANALYZE\s+(?:NO_WRITE_TO_BINLOG\s+|LOCAL\s+)?TABLES?\b/i.test(body))
    return explainRunKind(`EXPLAIN ${body}`);
  if (DML_KEYWORDS.has(first)) return 'dml';
  if (DDL_KEYWORDS.has(first)) return 'ddl';
  if (first === 'WITH') return statementKind(body) === 'dml' ? 'dml' : readOrOther(body);
  if (READ_KEYWORDS.has(first)) return readOrOther(body);
  return 'other';
}

/** Whether Run asks before it sends the statement. */
export function runNeedsConfirmation(kind: RunKind): boolean {
  return kind !== 'read';
}

// EXPLAIN without ANALYZE only plans; EXPLAIN ANALYZE (MariaDB: ANALYZE) runs what it explains.
function explainRunKind(body: string): RunKind {
  const analyzed = /^(?:EXPLAIN|DESC|DESCRIBE)\s+ANALYZE\b(?:\s+FORMAT\s*=\s*\S+)?/i.exec(body);
  if (!analyzed) return 'read';
  const inner = runKind(body.slice(analyzed[0].length));
  return inner === 'read' ? 'read' : inner;
}

// SELECT ... INTO OUTFILE / DUMPFILE writes a file on the server.
function readOrOther(body: string): RunKind {
  return /\bINTO\s+(?:OUTFILE|DUMPFILE)\b/i.test(withoutQuoted(body)) ? 'other' : 'read';
}

function withoutQuoted(sql: string): string {
  return sql.replace(/'(?:[^'\\]|\\[\s\S]|'')*'|"(?:[^"\\]|\\[\s\S]|"")*"|`(?:[^`]|``)*`/g, "''");
}
