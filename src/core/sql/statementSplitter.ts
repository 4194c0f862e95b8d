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

  // How far the statement so far is known to be only comments and blanks (as stripLeadingComments reads
  // them), so a line start is checked from there on: checked from the statement's start on every line, a
  // file of n comment lines took n²/2 steps (40,000 lines: 79 s).
  let commentsEnd = 0;
  let onlyComments = true;
  const startStatement = (at: number) => {
    statementStart = at;
    commentsEnd = at;
    onlyComments = true;
  };
  const onlyCommentsBefore = (end: number): boolean => {
    if (!onlyComments) return false;
    for (;;) {
      while (commentsEnd < end && WHITESPACE.test(source[commentsEnd])) commentsEnd++;
      if (commentsEnd >= end) return true;
      if (source.startsWith('--', commentsEnd) || source[commentsEnd] === '#') {
        const newline = source.indexOf('\n', commentsEnd);
        // A comment running to `end` leaves nothing after it; it is read again when the text goes on.
        if (newline === -1 || newline >= end) return true;
        commentsEnd = newline + 1;
      } else if (source.startsWith('/*', commentsEnd) && !source.startsWith('/*!', commentsEnd) && !source.startsWith('/*+', commentsEnd)) {
        const close = source.indexOf('*/', commentsEnd + 2);
        if (close === -1 || close + 2 > end) return true;
        commentsEnd = close + 2;
      } else {
        // The text there stays whatever comes after it: the statement is not only comments from here on.
        onlyComments = false;
        return false;
      }
    }
  };

  const push = (end: number) => {
    const statement = trimmedRange(source, statementStart, end);
    if (statement && !isOnlyComments(statement.text)) statements.push(statement);
  };

  while (i < length) {
    const ch = source[i];
    // DELIMITER is a client directive only between statements.
    if ((i === 0 || source[i - 1] === '\n') && onlyCommentsBefore(i)) {
      const directive = /^[ \t]*delimiter[ \t]+(\S+)[^\n]*/i.exec(
        source.slice(i, source.indexOf('\n', i) === -1 ? length : source.indexOf('\n', i)),
      );
      if (directive) {
        push(i);
        delimiter = directive[1];
        i += directive[0].length;
        startStatement(i);
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
      startStatement(i);
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

const WHITESPACE = /\s/;

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
