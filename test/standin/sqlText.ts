// Just enough SQL reading for the TiDB stand-in (test code): comments, string literals and quoted
// names are respected, nothing more. It recognises the statements the stand-in answers itself.

import { escape, type SqlValue } from 'mysql2';

/** The statement with comments removed, trimmed, without a trailing semicolon. */
export function normalizeStatement(sql: string): string {
  let out = '';
  forEachSegment(sql, (kind, text) => {
    out += kind === 'comment' ? ' ' : text;
  });
  return out.trim().replace(/;\s*$/, '').trim();
}

/**
 * The statement with string literal contents and comments blanked out, same length as the input,
 * so a regex over it finds code only and its offsets still point into the original.
 */
export function codeMask(sql: string): string {
  let out = '';
  forEachSegment(sql, (kind, text) => {
    if (kind === 'string') out += text[0] + ' '.repeat(Math.max(0, text.length - 2)) + (text.length > 1 ? text[text.length - 1] : '');
    else if (kind === 'comment') out += ' '.repeat(text.length);
    else out += text;
  });
  return out;
}

type SegmentKind = 'code' | 'string' | 'identifier' | 'comment';

function forEachSegment(sql: string, visit: (kind: SegmentKind, text: string) => void): void {
  let index = 0;
  let code = '';
  const flush = () => {
    if (code) visit('code', code);
    code = '';
  };
  while (index < sql.length) {
    const char = sql[index];
    const next = sql[index + 1];
    if (char === "'" || char === '"' || char === '`') {
      const end = closingQuote(sql, index, char);
      flush();
      visit(char === '`' ? 'identifier' : 'string', sql.slice(index, end));
      index = end;
    } else if ((char === '-' && next === '-' && /\s/.test(sql[index + 2] ?? ' ')) || char === '#') {
      const end = sql.indexOf('\n', index);
      flush();
      visit('comment', sql.slice(index, end === -1 ? sql.length : end));
      index = end === -1 ? sql.length : end;
    } else if (char === '/' && next === '*') {
      const end = sql.indexOf('*/', index + 2);
      flush();
      visit('comment', sql.slice(index, end === -1 ? sql.length : end + 2));
      index = end === -1 ? sql.length : end + 2;
    } else {
      code += char;
      index++;
    }
  }
  flush();
}

function closingQuote(sql: string, start: number, quote: string): number {
  let index = start + 1;
  while (index < sql.length) {
    const char = sql[index];
    if (char === '\\' && quote !== '`') index += 2;
    else if (char === quote && sql[index + 1] === quote) index += 2;
    else if (char === quote) return index + 1;
    else index++;
  }
  return sql.length;
}

export interface QualifiedName {
  schema?: string;
  name: string;
  /** offset just after the name in the text it was read from */
  end: number;
}

/** Reads `name`, `` `name` `` or either qualified by a schema, starting at `start` (spaces skipped). */
export function readQualifiedName(text: string, start: number): QualifiedName | undefined {
  const first = readIdentifier(text, start);
  if (!first) return undefined;
  const dot = /^\s*\.\s*/.exec(text.slice(first.end));
  if (dot) {
    const second = readIdentifier(text, first.end + dot[0].length);
    if (second) return { schema: first.name, name: second.name, end: second.end };
  }
  return { name: first.name, end: first.end };
}

function readIdentifier(text: string, start: number): { name: string; end: number } | undefined {
  let index = start;
  while (index < text.length && /\s/.test(text[index])) index++;
  if (text[index] === '`') {
    const end = closingQuote(text, index, '`');
    return { name: text.slice(index + 1, end - 1).replace(/``/g, '`'), end };
  }
  const bare = /^[\p{L}\p{N}_$]+/u.exec(text.slice(index));
  return bare ? { name: bare[0], end: index + bare[0].length } : undefined;
}

/** Reads a comma-separated list of qualified names, each optionally followed by an alias. */
export function readNameList(text: string, start: number): QualifiedName[] {
  const names: QualifiedName[] = [];
  let at = start;
  for (;;) {
    const name = readQualifiedName(text, at);
    if (!name) return names;
    names.push(name);
    const rest = text.slice(name.end);
    const alias =
      /^\s+(?:AS\s+)?(?!(?:WHERE|JOIN|INNER|LEFT|RIGHT|CROSS|STRAIGHT_JOIN|NATURAL|ON|USING|GROUP|ORDER|LIMIT|HAVING|UNION|FOR|LOCK|WINDOW|SET|VALUES|SELECT|PARTITION|USE|FORCE|IGNORE|INTO)\b)[\p{L}\p{N}_$`]+/iu.exec(
        rest,
      );
    const afterAlias = name.end + (alias ? alias[0].length : 0);
    const comma = /^\s*,/.exec(text.slice(afterAlias));
    if (!comma) return names;
    at = afterAlias + comma[0].length;
  }
}

/** Names of the tables a statement reads or writes (FROM, JOIN, UPDATE, INTO, TABLE), roughly. */
export function referencedTables(sql: string): QualifiedName[] {
  const mask = codeMask(sql);
  const found: QualifiedName[] = [];
  for (const match of mask.matchAll(/\b(FROM|JOIN|UPDATE|INTO|TABLE)\s+/gi)) {
    const at = (match.index ?? 0) + match[0].length;
    if (/^\(/.test(mask.slice(at))) continue;
    found.push(
      ...(match[1].toUpperCase() === 'FROM' || match[1].toUpperCase() === 'UPDATE'
        ? readNameList(sql, at)
        : [readQualifiedName(sql, at)].filter((name): name is QualifiedName => name !== undefined)),
    );
  }
  return found;
}

/** Replaces each `?` placeholder outside strings and comments with the next SQL literal. */
export function interpolatePlaceholders(sql: string, literals: readonly string[]): string {
  const mask = codeMask(sql);
  let out = '';
  let last = 0;
  let next = 0;
  for (let index = 0; index < mask.length; index++) {
    if (mask[index] !== '?' || next >= literals.length) continue;
    out += sql.slice(last, index) + literals[next++];
    last = index + 1;
  }
  return out + sql.slice(last);
}

export function countPlaceholders(sql: string): number {
  return [...codeMask(sql)].filter((char) => char === '?').length;
}

export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return escape(value as SqlValue);
}

/** Reads the literal after `column =` in a WHERE clause, e.g. TABLE_SCHEMA = 'app'. */
export function literalComparedTo(sql: string, column: string): string | undefined {
  const match = new RegExp(`\\b${column}\\s*=\\s*'((?:[^'\\\\]|\\\\.|'')*)'`, 'i').exec(sql);
  return match ? match[1].replace(/''/g, "'").replace(/\\(.)/g, '$1') : undefined;
}
