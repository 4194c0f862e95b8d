// Where SQL text carries a password: CREATE/ALTER USER ... IDENTIFIED [WITH|VIA plugin] BY|AS|USING
// '...', IDENTIFIED BY PASSWORD '<hash>', GRANT ... IDENTIFIED BY '...' (old MySQL), PASSWORD('...')
// and OLD_PASSWORD('...'), SET PASSWORD [FOR user] = '...', REPLACE '<current>', MariaDB's
// OR plugin USING '...' and MASTER_PASSWORD/SOURCE_PASSWORD = '...', PASSWORD '...'.
//
// The text is read as tokens (sqlLexer.ts), the way the server reads it: a comment between two
// keywords is whitespace, adjacent string literals are one value ('pa' 'ss'), and a string literal
// whose text is itself SQL (PREPARE s FROM 'CREATE USER u IDENTIFIED BY ''pw''') is read again as
// SQL. Three readings are combined, each only adds what it finds:
// - the whole text with backslash escapes (the servers' default), strings read again inside;
// - the whole text without them (NO_BACKSLASH_ESCAPES), where a `\'` ends a string;
// - from every keyword the first reading saw inside a string or a comment, a few tokens as if it
//   started the SQL: a log line or a server message ("near 'IDENTIFIED BY 'pw'' at line 1",
//   "don't: CREATE USER ...") is not SQL from its first character.
// Every reading is linear in the text's length (scripts/benchRedaction.mjs times hostile inputs).
import { lexToken, newLexState, type SqlLexState, type SqlToken } from './sqlLexer';

export const REDACTED_SQL_LITERAL = "'***'";

export interface SecretRange {
  /** what is replaced: the whole literal (quotes, introducer, adjacent pieces) */
  start: number;
  end: number;
  /** the secret's own characters */
  bodyStart: number;
  bodyEnd: number;
  /** what stands in its place, written for where it is ('***' inside a string literal doubles its quotes) */
  replacement: string;
}

const MIGHT_HAVE_SECRET = /identified|password|using/i;
// the keywords a rule starts at, as whole words (the look-behind starts a match only where a word starts)
const KEYWORDS = /(?<![\w$\u0080-\uffff])(?:IDENTIFIED|OR|SET|[\w$\u0080-\uffff]*PASSWORD)(?![\w$\u0080-\uffff])/gi;
// a string read again as SQL inside a string read again ...: deeper than that is not written by hand
const MAX_DEPTH = 3;
// the keyword-anchored reading looks at a few tokens, each of bounded length (a value is read whole)
const MAX_TOKENS = 32;
const MAX_TOKEN_LENGTH = 512;

/** The passwords written in `text`, in no particular order; ranges may overlap. */
export function findSqlSecrets(text: string, depth = 0): SecretRange[] {
  if (!MIGHT_HAVE_SECRET.test(text)) return [];
  const found: SecretRange[] = [];
  const codeWords = new Set<number>();
  readWholeText(text, true, depth, found, codeWords);
  if (text.includes('\\')) readWholeText(text, false, MAX_DEPTH, found);
  readFromKeywords(text, codeWords, found);
  return found;
}

/** Significant tokens (no whitespace, no comments) by index. */
interface TokenList {
  at(index: number): SqlToken | undefined;
  /** whether 'a' "b" are one value (the server's reading); a reading from inside a string takes the closing " for a new string */
  readonly joinsMixedQuotes: boolean;
}

function readWholeText(text: string, backslashEscapes: boolean, depth: number, found: SecretRange[], codeWords?: Set<number>): void {
  const state = newLexState(backslashEscapes);
  const tokens: SqlToken[] = [];
  for (let pos = 0; pos < text.length;) {
    const token = lexToken(text, pos, state) as SqlToken;
    if (token.kind !== 'space' && token.kind !== 'comment') tokens.push(token);
    pos = token.end;
  }
  const list: TokenList = { at: (index) => tokens[index], joinsMixedQuotes: true };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind === 'word') {
      if (keywordAt(text, token) === undefined) continue;
      codeWords?.add(token.start);
      found.push(...secretsAt(text, list, i));
    } else if (token.kind === 'string' && depth < MAX_DEPTH) {
      found.push(...secretsInsideString(text, token, backslashEscapes, depth));
    }
  }
}

const ESCAPED: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', '0': '\0', Z: '\x1a' };

/** A string literal's value read again as SQL, its passwords mapped back onto the literal's characters. */
function secretsInsideString(text: string, token: SqlToken, backslashEscapes: boolean, depth: number): SecretRange[] {
  const quote = text[token.start];
  const bodyEnd = token.closed ? token.end - 1 : token.end;
  if (!MIGHT_HAVE_SECRET.test(text.slice(token.start + 1, bodyEnd))) return [];
  const value: string[] = [];
  const offsets: number[] = [];
  for (let i = token.start + 1; i < bodyEnd;) {
    offsets.push(i);
    const ch = text[i];
    if (ch === quote && text[i + 1] === quote) {
      value.push(quote);
      i += 2;
    } else if (ch === '\\' && backslashEscapes && i + 1 < bodyEnd) {
      value.push(ESCAPED[text[i + 1]] ?? text[i + 1]);
      i += 2;
    } else {
      value.push(ch);
      i++;
    }
  }
  offsets.push(bodyEnd);
  return findSqlSecrets(value.join(''), depth + 1).map((inner) => ({
    start: offsets[inner.start],
    end: offsets[inner.end],
    bodyStart: offsets[inner.bodyStart],
    bodyEnd: offsets[inner.bodyEnd],
    replacement: inner.replacement.split(quote).join(quote + quote),
  }));
}

/** Tokens read from one position on, as many as asked for, each of bounded length but a string. */
class TokensFrom implements TokenList {
  private readonly tokens: SqlToken[] = [];
  private readonly state: SqlLexState = newLexState(true);
  private pos: number;
  private ended = false;
  readonly joinsMixedQuotes = false;
  /** the end of the furthest string read beyond the usual bound */
  longStringEnd = -1;

  constructor(
    private readonly text: string,
    start: number,
  ) {
    this.pos = start;
  }

  at(index: number): SqlToken | undefined {
    while (this.tokens.length <= index && !this.ended) {
      if (this.tokens.length >= MAX_TOKENS) this.ended = true;
      else this.readOne();
    }
    return this.tokens[index];
  }

  /**
   * A quote right after the keyword most likely closes the string the keyword is in
   * ('unknown option "mysql_password" for ...'): nothing to read there.
   */
  private closesRightAfterKeyword(token: SqlToken): boolean {
    return this.tokens.length === 1 && token.kind === 'string' && token.start === this.tokens[0].end;
  }

  private readOne(): void {
    let token = lexToken(this.text, this.pos, this.state, this.pos + MAX_TOKEN_LENGTH);
    let long = false;
    if (token === undefined && (this.text[this.pos] === "'" || this.text[this.pos] === '"')) {
      // a long literal may be the password itself: read it whole, once (the caller skips what it covers)
      token = lexToken(this.text, this.pos, this.state);
      long = true;
    }
    if (token === undefined || this.closesRightAfterKeyword(token)) {
      this.ended = true;
      return;
    }
    if (long) this.longStringEnd = Math.max(this.longStringEnd, token.end);
    this.pos = token.end;
    if (token.kind !== 'space' && token.kind !== 'comment') this.tokens.push(token);
  }
}

function readFromKeywords(text: string, codeWords: ReadonlySet<number>, found: SecretRange[]): void {
  let covered = 0;
  for (const word of text.matchAll(KEYWORDS)) {
    const at = word.index;
    if (at < covered || codeWords.has(at)) continue;
    const tokens = new TokensFrom(text, at);
    for (const secret of secretsAt(text, tokens, 0)) {
      found.push(secret);
      covered = Math.max(covered, secret.end);
    }
    covered = Math.max(covered, tokens.longStringEnd);
  }
}

type Keyword = 'IDENTIFIED' | 'OR' | 'SET' | 'PASSWORD' | 'OLD_PASSWORD' | 'NAMED_PASSWORD';

/** The keyword a word token is, looking at its last letter first (most words are none). */
function keywordAt(text: string, token: SqlToken): Keyword | undefined {
  const last = text.charCodeAt(token.end - 1) | 0x20;
  if (token.end - token.start < 2 || (last !== 0x64 /* d */ && last !== 0x72 /* r */ && last !== 0x74) /* t */) return undefined;
  return keywordOf(text.slice(Math.max(token.start, token.end - 12), token.end));
}

function keywordOf(word: string): Keyword | undefined {
  if (word.length < 2) return undefined;
  const tail = word.length > 12 ? word.slice(-12).toUpperCase() : word.toUpperCase();
  if (tail === 'IDENTIFIED' || tail === 'OR' || tail === 'SET' || tail === 'PASSWORD' || tail === 'OLD_PASSWORD') return tail;
  return tail.endsWith('PASSWORD') ? 'NAMED_PASSWORD' : undefined;
}

function secretsAt(text: string, tokens: TokenList, i: number): SecretRange[] {
  const token = tokens.at(i);
  if (token === undefined || token.kind !== 'word') return [];
  switch (keywordAt(text, token)) {
    case 'IDENTIFIED':
      return identified(text, tokens, i);
    case 'OR':
      return orUsing(text, tokens, i);
    case 'SET':
      return setPassword(text, tokens, i);
    case 'PASSWORD':
    case 'OLD_PASSWORD':
      return [...passwordCall(text, tokens, i), ...namedPassword(text, tokens, i)];
    case 'NAMED_PASSWORD':
      return namedPassword(text, tokens, i);
    default:
      return [];
  }
}

function isWord(text: string, token: SqlToken | undefined, ...words: string[]): boolean {
  if (token?.kind !== 'word' || token.end - token.start > 12) return false;
  return words.includes(text.slice(token.start, token.end).toUpperCase());
}

function isSymbol(text: string, token: SqlToken | undefined, symbol: string): boolean {
  return token?.kind === 'symbol' && text[token.start] === symbol;
}

/** a plugin or user name: a word, 'quoted', "quoted" or `quoted` */
function isName(token: SqlToken | undefined): boolean {
  return token !== undefined && (token.kind === 'word' || token.kind === 'string' || token.kind === 'identifier');
}

// IDENTIFIED [WITH|VIA plugin [OR plugin ...]] BY|AS|USING [PASSWORD] value [REPLACE value]
function identified(text: string, tokens: TokenList, i: number): SecretRange[] {
  let j = i + 1;
  if (isWord(text, tokens.at(j), 'WITH', 'VIA')) {
    if (!isName(tokens.at(j + 1))) return [];
    j += 2;
    for (let more = 0; more < 8 && isWord(text, tokens.at(j), 'OR') && isName(tokens.at(j + 1)); more++) j += 2;
  }
  if (!isWord(text, tokens.at(j), 'BY', 'AS', 'USING')) return [];
  j++;
  // BY PASSWORD '<hash>' (but BY password: the password is "password")
  if (isWord(text, tokens.at(j), 'PASSWORD') && startsQuotedValue(text, tokens, j + 1)) j++;
  return valueWithReplace(text, tokens, j);
}

// MariaDB: IDENTIFIED VIA a USING '...' OR b USING|AS '...'
function orUsing(text: string, tokens: TokenList, i: number): SecretRange[] {
  if (!isName(tokens.at(i + 1)) || !isWord(text, tokens.at(i + 2), 'USING', 'AS')) return [];
  const value = valueAt(text, tokens, i + 3, true);
  return value === undefined ? [] : [value.range];
}

// SET PASSWORD [FOR user] = value [REPLACE value]
function setPassword(text: string, tokens: TokenList, i: number): SecretRange[] {
  if (!isWord(text, tokens.at(i + 1), 'PASSWORD')) return [];
  for (let j = i + 2; j < i + 12; j++) {
    const token = tokens.at(j);
    if (token === undefined || isSymbol(text, token, ';')) return [];
    if (isSymbol(text, token, '=')) return valueWithReplace(text, tokens, j + 1);
  }
  return [];
}

// PASSWORD('...'), OLD_PASSWORD('...')
function passwordCall(text: string, tokens: TokenList, i: number): SecretRange[] {
  if (!isSymbol(text, tokens.at(i + 1), '(')) return [];
  const value = valueAt(text, tokens, i + 2, false);
  return value === undefined ? [] : [value.range];
}

// MASTER_PASSWORD = '...', SOURCE_PASSWORD='...', OPTIONS (PASSWORD '...'), BY PASSWORD '<hash>'
function namedPassword(text: string, tokens: TokenList, i: number): SecretRange[] {
  const j = isSymbol(text, tokens.at(i + 1), '=') ? i + 2 : i + 1;
  const value = valueAt(text, tokens, j, true);
  return value === undefined ? [] : [value.range];
}

function valueWithReplace(text: string, tokens: TokenList, j: number): SecretRange[] {
  const value = valueAt(text, tokens, j, false);
  if (value === undefined) return [];
  if (!isWord(text, tokens.at(value.next), 'REPLACE')) return [value.range];
  const current = valueAt(text, tokens, value.next + 1, false);
  return current === undefined ? [value.range] : [value.range, current.range];
}

/** an introducer (_utf8mb4, N, X, B) or a string starts at j */
function startsQuotedValue(text: string, tokens: TokenList, j: number): boolean {
  return tokens.at(j)?.kind === 'string' || introducerAt(text, tokens, j);
}

function introducerAt(text: string, tokens: TokenList, j: number): boolean {
  const token = tokens.at(j);
  const next = tokens.at(j + 1);
  if (token?.kind !== 'word' || next?.kind !== 'string' || token.end - token.start > 64) return false;
  const word = text.slice(token.start, token.end);
  return /^_[A-Za-z0-9]+$/.test(word) || (/^[NXB]$/i.test(word) && next.start === token.end);
}

const BARE_STOP = new Set([';', ',', '(', ')']);

/**
 * The value at j: string literals one after the other (the server joins them), after an optional
 * introducer, or (unless quotedOnly) a bare run of characters where a literal belongs (a syntax
 * error, but a password all the same). BY RANDOM PASSWORD and PASSWORD('...') are not values.
 */
function valueAt(text: string, tokens: TokenList, j: number, quotedOnly: boolean): { range: SecretRange; next: number } | undefined {
  const first = tokens.at(j);
  if (first === undefined) return undefined;
  const quotedFrom = introducerAt(text, tokens, j) ? j + 1 : j;
  if (tokens.at(quotedFrom)?.kind === 'string') {
    const opening = tokens.at(quotedFrom) as SqlToken;
    const joins = (token: SqlToken | undefined): boolean =>
      token?.kind === 'string' && (tokens.joinsMixedQuotes || text[token.start] === text[opening.start]);
    let last = quotedFrom;
    while (joins(tokens.at(last + 1))) last++;
    const closing = tokens.at(last) as SqlToken;
    return {
      range: {
        start: first.start,
        end: closing.end,
        bodyStart: opening.start + 1,
        bodyEnd: closing.closed ? closing.end - 1 : closing.end,
        replacement: REDACTED_SQL_LITERAL,
      },
      next: last + 1,
    };
  }
  if (quotedOnly || isWord(text, first, 'RANDOM')) return undefined;
  if (isWord(text, first, 'PASSWORD', 'OLD_PASSWORD') && isSymbol(text, tokens.at(j + 1), '(')) return undefined;
  const bare = (token: SqlToken | undefined): token is SqlToken =>
    token !== undefined && token.kind !== 'string' && !(token.kind === 'symbol' && BARE_STOP.has(text[token.start]));
  if (!bare(first)) return undefined;
  let last = j;
  for (let next = tokens.at(last + 1); bare(next) && next.start === (tokens.at(last) as SqlToken).end; next = tokens.at(last + 1)) last++;
  const end = (tokens.at(last) as SqlToken).end;
  return { range: { start: first.start, end, bodyStart: first.start, bodyEnd: end, replacement: REDACTED_SQL_LITERAL }, next: last + 1 };
}
