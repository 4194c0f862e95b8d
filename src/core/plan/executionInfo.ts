// Reads TiDB's `execution info` cell: a comma-separated list of `key:value`, `key: value`,
// `key:{...}` and `key{...}` items whose braces nest several levels deep.
import type { ExecutionInfo, ExecutionInfoValue } from './planModel';
import { endsWithCutOff } from './cellText';
import { addToKeyHash, keyAt } from './executionInfoKeys';
import {
  durationUnitMs,
  parseByteSize,
  parseDurationMs,
  parsePlainNumber,
  readDecimal,
  toNanosecondPrecision,
  type DecimalReading,
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
  /** The text read, up to `end`. */
  text: string;
  at: number;
  end: number;
  truncated: boolean;
}

export function parseExecutionInfo(text: string): ParsedExecutionInfo {
  return parseExecutionInfoIn(text, text, 0);
}

/**
 * parseExecutionInfo(cell), read where the cell stands in `source` (from `start`): a cell cut out
 * of the plan text is a slice of it, and the engine reads a slice's characters several times
 * slower than those of the flat text it was cut from.
 */
export function parseExecutionInfoIn(cell: string, source: string, start: number): ParsedExecutionInfo {
  const cursor: Cursor = { text: source, at: start, end: start + cell.length, truncated: endsWithCutOff(cell.trimEnd()) };
  const info = readGroup(cursor, 0, false);
  return { info, truncated: cursor.truncated };
}

/** Reads `key: value, ...` items up to the closing brace (inside a group) or the end of the text. */
function readGroup(cursor: Cursor, nesting: number, inBraces: boolean): ExecutionInfo {
  const { text } = cursor;
  const length = cursor.end;
  const group: ExecutionInfo = {};
  const keys = keysAtLevel(nesting);
  let keyCount = 0;
  // The next suffix to try for each repeated key, made at the group's first repeat.
  let nextSuffix: Map<string, number> | undefined;
  // The position lives in a local while this group is read; the cursor carries it into the readers of values.
  let at = cursor.at;
  for (;;) {
    let c = text.charCodeAt(at);
    while (at < length && (c === COMMA || isSpace(c))) c = text.charCodeAt(++at);
    if (at >= length) {
      if (inBraces) cursor.truncated = true;
      break;
    }
    if (c === CLOSE_BRACE) {
      at++;
      if (inBraces) break;
      continue;
    }
    const keyStart = at;
    let keyHash = 0;
    while (at < length && c !== COLON && c !== OPEN_BRACE && c !== COMMA && c !== CLOSE_BRACE) {
      keyHash = addToKeyHash(keyHash, c);
      c = text.charCodeAt(++at);
    }
    const key = keyAt(text, keyStart, at, keyHash);
    let value: ExecutionInfoValue = '';
    if (c === COLON) {
      at++;
      while (at < length && isSpace(text.charCodeAt(at))) at++;
    }
    if (c === COLON || c === OPEN_BRACE) {
      if (text.charCodeAt(at) === OPEN_BRACE && nesting < MAX_NESTING) {
        cursor.at = at + 1;
        value = readGroup(cursor, nesting + 1, true);
      } else {
        cursor.at = at;
        value = readQuantity(cursor, inBraces) ?? parseScalar(readScalar(cursor, inBraces));
      }
      at = cursor.at;
    }
    let unique = key;
    if (hasKey(group, keys, keyCount, key)) {
      nextSuffix ??= new Map();
      unique = uniqueKey(group, keys, keyCount, key, nextSuffix);
    }
    keys[keyCount++] = unique;
    setKey(group, unique, value);
  }
  cursor.at = at;
  // Blanked (not shortened, which would free the list's storage), so the reused list holds no key
  // sliced from the plan text once the group is read.
  for (let i = 0; i < keyCount; i++) keys[i] = '';
  return group;
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
  // readDecimal() stops before cursor.end: the text there is blank or a column's `|`, never a digit or `.`.
  if (!readDecimal(text, cursor.at, amount)) return null;
  let end = amount.end;
  let unitMs: number | null = null;
  if (!endsValue(cursor, end, inBraces)) {
    const unitStart = text.charCodeAt(end) === SPACE ? end + 1 : end;
    end = unitStart;
    while (end < cursor.end && end - unitStart < 2 && !endsValue(cursor, end, inBraces)) end++;
    unitMs = durationUnitMs(text, unitStart, end);
    if (unitMs === null || !endsValue(cursor, end, inBraces)) return null;
  }
  cursor.at = end;
  return unitMs === null ? amount.value : toNanosecondPrecision(amount.value * unitMs);
}

/** A value ends at a comma, at the closing brace of its group, or at the end of the text. */
function endsValue(cursor: Cursor, at: number, inBraces: boolean): boolean {
  if (at >= cursor.end) return true;
  const c = cursor.text.charCodeAt(at);
  return c === COMMA || (c === CLOSE_BRACE && inBraces);
}

/** Text up to the next comma or closing brace outside brackets; braces inside stay text. */
function readScalar(cursor: Cursor, inBraces: boolean): string {
  const { text } = cursor;
  const start = cursor.at;
  let depth = 0;
  for (; cursor.at < cursor.end; cursor.at++) {
    const c = text.charCodeAt(cursor.at);
    if (c === OPEN_BRACE || c === 91 || c === 40)
      depth++; // { [ (
    else if (c === CLOSE_BRACE || c === 93 || c === 41) {
      // } ] )
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

/**
 * The keys of the group being read at each nesting level, reused from one group to the next: a
 * group's keys are looked up in this short list rather than in the object, where every lookup of a
 * key not set yet went through the engine's slow generic path.
 */
const keysByLevel: string[][] = [];

function keysAtLevel(nesting: number): string[] {
  let keys = keysByLevel[nesting];
  if (keys === undefined) {
    keys = [];
    keysByLevel[nesting] = keys;
  }
  return keys;
}

/** Longer groups (only hostile text has them) are looked up in the object instead. */
const MAX_LISTED_KEYS = 32;

function hasKey(group: ExecutionInfo, keys: readonly string[], keyCount: number, key: string): boolean {
  if (keyCount > MAX_LISTED_KEYS) return Object.prototype.hasOwnProperty.call(group, key);
  for (let i = 0; i < keyCount; i++) if (keys[i] === key) return true;
  return false;
}

/**
 * `key#2`, `key#3`... for a key the group has already (its keys are `keys[0 .. keyCount - 1]`): the
 * first suffix the group does not have. The search starts where the last one for this key ended, so
 * n repeats of a key cost n probes in all, not n²/2; a suffix passed over is one the group holds, so
 * the names are the ones a search from 2 gives (also when the text has a literal `key#2`).
 */
function uniqueKey(group: ExecutionInfo, keys: readonly string[], keyCount: number, key: string, nextSuffix: Map<string, number>): string {
  let n = nextSuffix.get(key) ?? 2;
  while (hasKey(group, keys, keyCount, `${key}#${n}`)) n++;
  nextSuffix.set(key, n + 1);
  return `${key}#${n}`;
}

function setKey(group: ExecutionInfo, unique: string, value: ExecutionInfoValue): void {
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
    if (c === 123 || c === 91 || c === 40)
      depth++; // { [ (
    else if (c === 125 || c === 93 || c === 41)
      depth = depth > 0 ? depth - 1 : 0; // } ] )
    else if (c === 44 && depth === 0) {
      // ,
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
