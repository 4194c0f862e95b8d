// Reads TiDB's `execution info` cell: a comma-separated list of `key:value`, `key: value`,
// `key:{...}` and `key{...}` items whose braces nest several levels deep.
import type { ExecutionInfo, ExecutionInfoValue } from './planModel';
import { parseByteSize, parseDurationMs, parsePlainNumber } from './planUnits';

export interface ParsedExecutionInfo {
  info: ExecutionInfo;
  /** The text was cut off (`...` at the end or braces left open). */
  truncated: boolean;
}

/** Deeper nesting than any TiDB output; stops hostile input from exhausting the stack. */
const MAX_NESTING = 32;

export function parseExecutionInfo(text: string): ParsedExecutionInfo {
  const state = { truncated: /(?:\.\.\.|…)\s*$/.test(text) };
  const info = parseGroup(text, 0, state);
  return { info, truncated: state.truncated };
}

function parseGroup(text: string, nesting: number, state: { truncated: boolean }): ExecutionInfo {
  const group: ExecutionInfo = {};
  for (const item of splitTopLevel(text)) {
    const [key, rawValue] = splitItem(item);
    if (key === '' && rawValue === '') continue;
    // defineProperty, not assignment: a key named `__proto__` must stay an ordinary key.
    Object.defineProperty(group, uniqueKey(group, key === '' ? '_' : key), {
      value: parseValue(rawValue, nesting, state),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return group;
}

function parseValue(text: string, nesting: number, state: { truncated: boolean }): ExecutionInfoValue {
  if (text.startsWith('{') && nesting < MAX_NESTING) {
    const closed = text.endsWith('}') && bracesBalance(text);
    if (!closed) state.truncated = true;
    return parseGroup(closed ? text.slice(1, -1) : text.slice(1), nesting + 1, state);
  }
  const duration = parseDurationMs(text);
  if (duration !== null) return duration;
  const number = parsePlainNumber(text);
  if (number !== null) return number;
  const bytes = parseByteSize(text);
  if (bytes !== null) return bytes;
  return text;
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

/** `key: value`, `key:{...}` or `key{...}` (a brace before any colon opens the value). */
function splitItem(item: string): [string, string] {
  const colon = item.indexOf(':');
  const brace = item.indexOf('{');
  if (brace !== -1 && (colon === -1 || brace < colon)) {
    return [item.slice(0, brace).trim(), item.slice(brace).trim()];
  }
  if (colon === -1) return [item.trim(), ''];
  return [item.slice(0, colon).trim(), item.slice(colon + 1).trim()];
}

function bracesBalance(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125) {
      depth--;
      if (depth === 0 && i !== text.length - 1) return false;
    }
  }
  return depth === 0;
}

function uniqueKey(group: ExecutionInfo, key: string): string {
  if (!Object.prototype.hasOwnProperty.call(group, key)) return key;
  let n = 2;
  while (Object.prototype.hasOwnProperty.call(group, `${key}#${n}`)) n++;
  return `${key}#${n}`;
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
