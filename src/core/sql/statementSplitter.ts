// Finds statement boundaries in SQL text the way the mysql client does: delimiters inside strings,
// quoted identifiers and comments do not count, and a `DELIMITER xx` line changes the delimiter.
// Quotes and comments are read by the lexer's rules (sqlLexer.ts), as the password redaction reads them.
import { commentEnd, quotedEnd } from './sqlLexer';

export interface SqlStatement {
  /** the statement without its delimiter, trimmed */
  text: string;
  /** offsets into the source text of the trimmed statement */
  start: number;
  end: number;
}

export function splitStatements(source: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let delimiter = ';';
  let statementStart = 0;
  let i = 0;
  const length = source.length;

  const push = (end: number) => {
    const statement = trimmedRange(source, statementStart, end);
    if (statement && !isOnlyComments(statement.text)) statements.push(statement);
  };

  while (i < length) {
    const ch = source[i];
    if (atLineStart(source, i, statementStart)) {
      const directive = /^[ \t]*delimiter[ \t]+(\S+)[^\n]*/i.exec(
        source.slice(i, source.indexOf('\n', i) === -1 ? length : source.indexOf('\n', i)),
      );
      if (directive) {
        push(i);
        delimiter = directive[1];
        i += directive[0].length;
        statementStart = i;
        continue;
      }
    }
    if (ch === "'" || ch === '"' || ch === '`') {
      i = quotedEnd(source, i);
      continue;
    }
    const comment = commentEnd(source, i);
    if (comment >= 0) {
      i = comment;
      continue;
    }
    if (source.startsWith(delimiter, i)) {
      push(i);
      i += delimiter.length;
      statementStart = i;
      continue;
    }
    i++;
  }
  push(length);
  return statements;
}

/** The statement containing the offset, or the nearest one before it (the cursor after a `;`). */
export function statementAt(statements: readonly SqlStatement[], offset: number): SqlStatement | undefined {
  let candidate: SqlStatement | undefined;
  for (const statement of statements) {
    if (offset >= statement.start && offset <= statement.end) return statement;
    if (statement.end <= offset) candidate = statement;
  }
  return candidate ?? statements[0];
}

function atLineStart(source: string, i: number, statementStart: number): boolean {
  if (i !== 0 && source[i - 1] !== '\n') return false;
  // DELIMITER is a client directive only between statements.
  return source.slice(statementStart, i).trim() === '' || isOnlyComments(source.slice(statementStart, i));
}

function trimmedRange(source: string, start: number, end: number): SqlStatement | undefined {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(source[s])) s++;
  while (e > s && /\s/.test(source[e - 1])) e--;
  return s < e ? { text: source.slice(s, e), start: s, end: e } : undefined;
}

export function stripLeadingComments(sql: string): string {
  let rest = sql.trimStart();
  for (;;) {
    if (rest.startsWith('--') || rest.startsWith('#')) {
      const newline = rest.indexOf('\n');
      rest = newline === -1 ? '' : rest.slice(newline + 1).trimStart();
    } else if (rest.startsWith('/*') && !rest.startsWith('/*!') && !rest.startsWith('/*+')) {
      const close = rest.indexOf('*/');
      rest = close === -1 ? '' : rest.slice(close + 2).trimStart();
    } else {
      return rest;
    }
  }
}

function isOnlyComments(text: string): boolean {
  return stripLeadingComments(text) === '';
}
