// go-tpc rawsql's query files: each file is one query, named after the file without its extension
// (`--query-files=q1.sql,dir/q2.sql` gives Q1 and Q2; cmd/go-tpc/rawsql.go), sent as one text-protocol
// statement. go-tpc sends the file as it is; TiDB Lab drops the trailing ';' and white space so the
// server's digest is the statement's (a file with several statements is refused: one file, one query).

export type RawQueryKind = 'read' | 'write' | 'other';

export interface RawQuery {
  /** the name go-tpc prints, upper-cased (Q1, NEW_ORDER_LIKE, ...) */
  name: string;
  sql: string;
  kind: RawQueryKind;
}

export class RawsqlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RawsqlError';
  }
}

/** The query's name: the file name without directories and without its last extension, upper-cased as go-tpc prints it. */
export function queryNameOfFile(path: string): string {
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).toUpperCase();
}

/** `a.sql,b.sql` as go-tpc splits --query-files (empty entries dropped). */
export function splitQueryFiles(list: string): string[] {
  return list
    .split(',')
    .map((file) => file.trim())
    .filter((file) => file !== '');
}

export function rawQueryKind(sql: string): RawQueryKind {
  const first = /^\s*(?:(?:--[^\n]*\n|#[^\n]*\n|\/\*[\s\S]*?\*\/)\s*)*\(?\s*(\w+)/.exec(sql)?.[1]?.toUpperCase();
  if (first === undefined) return 'other';
  if (['SELECT', 'WITH', 'SHOW', 'TABLE', 'VALUES', 'EXPLAIN', 'DESC', 'DESCRIBE'].includes(first)) return 'read';
  if (['INSERT', 'UPDATE', 'DELETE', 'REPLACE'].includes(first)) return 'write';
  return 'other';
}

/** The statement without trailing white space and semicolons. */
export function statementText(text: string): string {
  return text.replace(/[\s;]+$/, '').replace(/^\uFEFF/, '');
}

/** Several statements in one file: a ';' followed by more than white space or comments, outside quotes and comments. */
function hasSeveralStatements(sql: string): boolean {
  let i = 0;
  let sawSemicolon = false;
  while (i < sql.length) {
    const c = sql[i];
    if (c === "'" || c === '"' || c === '`') {
      const end = closingQuote(sql, i, c);
      if (sawSemicolon) return true;
      i = end + 1;
      continue;
    }
    if ((c === '-' && sql[i + 1] === '-') || c === '#') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
      continue;
    }
    if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
      continue;
    }
    if (c === ';') sawSemicolon = true;
    else if (sawSemicolon && !/\s/.test(c)) return true;
    i++;
  }
  return false;
}

function closingQuote(sql: string, start: number, quote: string): number {
  for (let i = start + 1; i < sql.length; i++) {
    if (sql[i] === '\\' && quote !== '`') i++;
    else if (sql[i] === quote) {
      if (sql[i + 1] === quote) i++;
      else return i;
    }
  }
  return sql.length;
}

/** The queries of the files in the order given; throws RawsqlError on an empty file, two files of one name or several statements. */
export function rawQueriesFromFiles(files: ReadonlyArray<{ path: string; text: string }>): RawQuery[] {
  if (files.length === 0) throw new RawsqlError('empty query files: give --query-files=a.sql[,b.sql,...]');
  const queries: RawQuery[] = [];
  const seen = new Map<string, string>();
  for (const { path, text } of files) {
    const name = queryNameOfFile(path);
    if (!/^[A-Za-z][\w-]*$/.test(name))
      throw new RawsqlError(
        `'${path}': the query is named after its file, and '${name}' is not a name (letters, digits, _ and -, starting with a letter)`,
      );
    const other = seen.get(name);
    if (other !== undefined) throw new RawsqlError(`'${other}' and '${path}' would both be query ${name}: give the files different names`);
    seen.set(name, path);
    const sql = statementText(text);
    if (sql.trim() === '') throw new RawsqlError(`'${path}' holds no query`);
    if (hasSeveralStatements(sql))
      throw new RawsqlError(
        `'${path}' holds more than one statement; rawsql runs one query per file (as go-tpc): put each in a file of its own`,
      );
    queries.push({ name, sql, kind: rawQueryKind(sql) });
  }
  return queries;
}
