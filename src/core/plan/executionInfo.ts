// Reads TiDB's `execution info` cell: a comma-separated list of `key:value`, `key: value`,
// `key:{...}` and `key{...}` items whose braces nest several levels deep.
import type { ExecutionInfo, ExecutionInfoValue } from './planModel';
import { endsWithCutOff } from './cellText';
import { addToKeyHash, keyAt } from './executionInfoKeys';
import {
  durationUnitMs, parseByteSize, parseDurationMs, parsePlainNumber, readDecimal, toNanosecondPrecision, type DecimalReading,
} from './planUnits';

export interface ParsedExecutionInfo {
  info: ExecutionInfo;
  /** The text was cut off (`...` at the end or braces left open). */
  truncated: boolean;
}

/** Deeper nesting than any TiDB output; stops hostile input from exhausting the stack. */
const MAX_NESTING = 32;

const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const COMMA = 44;
const COLON = 58;
const SPACE = 32;

interface Cursor {
  text: string;
  at: number;
  truncated: boolean;
}

export function parseExecutionInfo(text: string): ParsedExecutionInfo {
  const cursor: Cursor = { text, at: 0, truncated: endsWithCutOff(text.trimEnd()) };
  const info = readGroup(cursor, 0, false);
  return { info, truncated: cursor.truncated };
}

/** Reads `key: value, ...` items up to the closing brace (inside a group) or the end of the text. */
function readGroup(cursor: Cursor, nesting: number, inBraces: boolean): ExecutionInfo {
  const { text } = cursor;
  const group: ExecutionInfo = {};
  for (;;) {
    while (cursor.at < text.length && (text.charCodeAt(cursor.at) === COMMA || isSpace(text.charCodeAt(cursor.at)))) cursor.at++;
    if (cursor.at >= text.length) {
      if (inBraces) cursor.truncated = true;
      return group;
    }
    if (text.charCodeAt(cursor.at) === CLOSE_BRACE) {
      cursor.at++;
      if (inBraces) return group;
      continue;
    }
    const keyStart = cursor.at;
    let c = text.charCodeAt(cursor.at);
    let keyHash = 0;
    while (cursor.at < text.length && c !== COLON && c !== OPEN_BRACE && c !== COMMA && c !== CLOSE_BRACE) {
      keyHash = addToKeyHash(keyHash, c);
      c = text.charCodeAt(++cursor.at);
    }
    const key = keyAt(text, keyStart, cursor.at, keyHash);
    let value: ExecutionInfoValue = '';
    if (c === COLON) {
      cursor.at++;
      while (cursor.at < text.length && isSpace(text.charCodeAt(cursor.at))) cursor.at++;
    }
    if (c === COLON || c === OPEN_BRACE) {
      if (text.charCodeAt(cursor.at) === OPEN_BRACE && nesting < MAX_NESTING) {
        cursor.at++;
        value = readGroup(cursor, nesting + 1, true);
      } else {
        value = readQuantity(cursor, inBraces) ?? parseScalar(readScalar(cursor, inBraces));
      }
    }
    setKey(group, key, value);
  }
}

/** The amount readQuantity() reads. */
const amount: DecimalReading = { value: 0, end: 0 };

/**
 * The usual value, a number (`11`, `0.62`) or a duration in one unit (`504.6µs`, `3 ms`), read where
 * it stands: the same number parseScalar(readScalar()) gives, without slicing the text out. Null,
 * with the cursor left where it was, for every other value.
 */
function readQuantity(cursor: Cursor, inBraces: boolean): number | null {
  const { text } = cursor;
  if (!readDecimal(text, cursor.at, amount)) return null;
  let end = amount.end;
  let unitMs: number | null = null;
  if (!endsValue(text, end, inBraces)) {
    const unitStart = text.charCodeAt(end) === SPACE ? end + 1 : end;
    end = unitStart;
    while (end < text.length && end - unitStart < 2 && !endsValue(text, end, inBraces)) end++;
    unitMs = durationUnitMs(text, unitStart, end);
    if (unitMs === null || !endsValue(text, end, inBraces)) return null;
  }
  cursor.at = end;
  return unitMs === null ? amount.value : toNanosecondPrecision(amount.value * unitMs);
}

/** A value ends at a comma, at the closing brace of its group, or at the end of the text. */
function endsValue(text: string, at: number, inBraces: boolean): boolean {
  if (at >= text.length) return true;
  const c = text.charCodeAt(at);
  return c === COMMA || (c === CLOSE_BRACE && inBraces);
}

/** Text up to the next comma or closing brace outside brackets; braces inside stay text. */
function readScalar(cursor: Cursor, inBraces: boolean): string {
  const { text } = cursor;
  const start = cursor.at;
  let depth = 0;
  for (; cursor.at < text.length; cursor.at++) {
    const c = text.charCodeAt(cursor.at);
    if (c === OPEN_BRACE || c === 91 || c === 40) depth++; // { [ (
    else if (c === CLOSE_BRACE || c === 93 || c === 41) { // } ] )
      if (depth === 0) {
        if (c === CLOSE_BRACE && inBraces) break;
      } else {
        depth--;
      }
    } else if (c === COMMA && depth === 0) break;
  }
  if (depth > 0) cursor.truncated = true;
  return text.slice(start, cursor.at).trim();
}

function parseScalar(text: string): ExecutionInfoValue {
  const first = text.charCodeAt(0);
  // Only text starting with a digit or a minus sign can be a number, a duration or a size.
  if (!(first >= 48 && first <= 57) && first !== 45) return text;
  const duration = parseDurationMs(text);
  if (duration !== null) return duration;
  const number = parsePlainNumber(text);
  if (number !== null) return number;
  const bytes = parseByteSize(text);
  if (bytes !== null) return bytes;
  return text;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

function setKey(group: ExecutionInfo, key: string, value: ExecutionInfoValue): void {
  let unique = key;
  // `group[key] === undefined` settles the common case without a hasOwnProperty call.
  if (group[unique] !== undefined && Object.prototype.hasOwnProperty.call(group, unique)) {
    let n = 2;
    while (Object.prototype.hasOwnProperty.call(group, `${key}#${n}`)) n++;
    unique = `${key}#${n}`;
  }
  if (unique === '__proto__') {
    // An assignment would replace the prototype; a key named __proto__ must stay an ordinary key.
    Object.defineProperty(group, unique, { value, enumerable: true, writable: true, configurable: true });
  } else {
    group[unique] = value;
  }
}

/** Splits on commas outside `{}`, `[]` and `()`; an unmatched closer never makes the depth negative. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 123 || c === 91 || c === 40) depth++; // { [ (
    else if (c === 125 || c === 93 || c === 41) depth = depth > 0 ? depth - 1 : 0; // } ] )
    else if (c === 44 && depth === 0) { // ,
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter((part) => part !== '');
}

/** The value at a path of keys, e.g. `['cop_task', 'max']`, if it is a number. */
export function executionNumber(info: ExecutionInfo | null, ...path: string[]): number | null {
  let value: ExecutionInfoValue | undefined = info ?? undefined;
  for (const key of path) {
    if (value === undefined || typeof value !== 'object') return null;
    value = Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
  }
  return typeof value === 'number' ? value : null;
}

export function executionGroup(info: ExecutionInfo | null, key: string): ExecutionInfo | null {
  if (info === null || !Object.prototype.hasOwnProperty.call(info, key)) return null;
  const value = info[key];
  return typeof value === 'object' ? value : null;
}

export function executionText(info: ExecutionInfo | null, key: string): string | null {
  if (info === null || !Object.prototype.hasOwnProperty.call(info, key)) return null;
  const value = info[key];
  return typeof value === 'string' ? value : null;
}
