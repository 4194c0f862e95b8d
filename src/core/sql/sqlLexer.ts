// SQL text as MySQL, MariaDB and TiDB read it, one token at a time: whitespace, comments (`/* */`,
// `-- ` up to the line's end, `#`), quoted strings ('...', "...": doubled quotes and, unless
// NO_BACKSLASH_ESCAPES, backslash escapes), `quoted` identifiers (doubled backticks), words and
// single symbols. The statement splitter and the password redaction both read SQL through these
// rules, so a comment or a quote cannot mean one thing to one of them and another to the other.

export type SqlTokenKind = 'space' | 'comment' | 'string' | 'identifier' | 'word' | 'symbol';

export interface SqlToken {
  kind: SqlTokenKind;
  start: number;
  end: number;
  /** strings and identifiers: whether the closing quote is there (an unterminated one runs to the end) */
  closed?: boolean;
}

export interface SqlLexState {
  backslashEscapes: boolean;
  /** inside MySQL's executable comment `/*! ... *\/`, whose text the server runs as SQL */
  inExecutableComment: boolean;
}

export function newLexState(backslashEscapes = true): SqlLexState {
  return { backslashEscapes, inExecutableComment: false };
}

/**
 * The end of the string or identifier whose opening quote is at `start`: just after its closing
 * quote, `source.length` for an unterminated one, or -1 when it goes on past `limit`.
 */
export function quotedEnd(source: string, start: number, backslashEscapes = true, limit = source.length): number {
  return scanQuoted(source, start, backslashEscapes, limit).end;
}

function scanQuoted(source: string, start: number, backslashEscapes: boolean, limit: number): { end: number; closed: boolean } {
  const quote = source[start];
  const escapes = backslashEscapes && quote !== '`';
  const stop = Math.min(limit, source.length);
  let i = start + 1;
  while (i < stop) {
    const ch = source[i];
    if (ch === '\\' && escapes) {
      i += 2;
      continue;
    }
    if (ch === quote) {
      if (source[i + 1] === quote) {
        i += 2;
        continue;
      }
      return { end: i + 1, closed: true };
    }
    i++;
  }
  return stop >= source.length ? { end: source.length, closed: false } : { end: -1, closed: false };
}

/**
 * The end of the comment that starts at `i` (after its newline, for a line comment), -1 when none
 * starts there, or a number past `limit` when it does not end before `limit`.
 */
export function commentEnd(source: string, i: number, limit = source.length): number {
  const ch = source[i];
  if (ch === '#' || (ch === '-' && source[i + 1] === '-' && (i + 2 >= source.length || /\s/.test(source[i + 2])))) {
    const newline = indexBefore(source, '\n', i, limit);
    return newline === -1 ? endPast(source, limit) : newline + 1;
  }
  if (ch === '/' && source[i + 1] === '*') {
    const close = indexBefore(source, '*/', i + 2, limit);
    return close === -1 ? endPast(source, limit) : close + 2;
  }
  return -1;
}

/** indexOf, looking no further than `limit` (so a bounded reader of a long text stays linear) */
function indexBefore(source: string, search: string, from: number, limit: number): number {
  if (limit >= source.length) return source.indexOf(search, from);
  const at = source.slice(from, limit).indexOf(search);
  return at === -1 ? -1 : from + at;
}

function endPast(source: string, limit: number): number {
  return limit >= source.length ? source.length : limit + 1;
}

const EXECUTABLE_COMMENT = /\/\*M?!\d*/y;

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 160 || (code > 255 && /\s/.test(String.fromCharCode(code)));
}

/** letters, digits, '_', '$' and everything beyond ASCII, as MySQL's unquoted identifiers */
export function isWordChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36 || code >= 128
  );
}

/**
 * The token at `pos` (undefined at the end of the text), or undefined as well when it goes on past
 * `limit` (a caller reading a few tokens of a long text bounds its work that way).
 */
export function lexToken(source: string, pos: number, state: SqlLexState, limit = source.length): SqlToken | undefined {
  if (pos >= source.length) return undefined;
  const stop = Math.min(limit, source.length);
  const code = source.charCodeAt(pos);
  let kind: SqlTokenKind;
  let end: number;
  let closed: boolean | undefined;
  if (isSpace(code)) {
    kind = 'space';
    end = pos + 1;
    while (end < stop && isSpace(source.charCodeAt(end))) end++;
  } else if (code === 47 /* / */ && source[pos + 1] === '*' && ((EXECUTABLE_COMMENT.lastIndex = pos), EXECUTABLE_COMMENT.test(source))) {
    state.inExecutableComment = true;
    kind = 'space';
    end = EXECUTABLE_COMMENT.lastIndex;
  } else if (code === 42 /* * */ && source[pos + 1] === '/' && state.inExecutableComment) {
    state.inExecutableComment = false;
    kind = 'space';
    end = pos + 2;
  } else if (code === 39 || code === 34 || code === 96 /* ' " ` */) {
    const quoted = scanQuoted(source, pos, state.backslashEscapes, stop);
    kind = code === 96 ? 'identifier' : 'string';
    end = quoted.end;
    closed = quoted.closed;
  } else if (isWordChar(code)) {
    kind = 'word';
    end = pos + 1;
    while (end < stop && isWordChar(source.charCodeAt(end))) end++;
    // a word that reaches the limit is cut; one that ends the text is whole
    if (end === stop && stop < source.length && isWordChar(source.charCodeAt(end))) return undefined;
  } else {
    const comment = commentEnd(source, pos, stop);
    kind = comment >= 0 ? 'comment' : 'symbol';
    end = comment >= 0 ? comment : pos + 1;
  }
  if (end < 0 || end > stop) return undefined;
  return closed === undefined ? { kind, start: pos, end } : { kind, start: pos, end, closed };
}
