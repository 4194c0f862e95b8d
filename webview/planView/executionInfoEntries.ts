// The execution info cell as nested key/value pairs for the details pane, keeping each value as
// TiDB printed it (`43.1ms`, `1.2 MB`): the parsed plan has the numbers, the reader wants the units.
import { splitTopLevel } from '../../src/core/plan/executionInfo';

export interface ExecutionEntry {
  key: string;
  /** the value as printed; null for a group */
  value: string | null;
  children: ExecutionEntry[];
}

/** Deeper than any TiDB output (4 levels); keeps hostile text from nesting without end. */
const MAX_DEPTH = 12;

export function executionInfoEntries(text: string, depth = 0): ExecutionEntry[] {
  const entries: ExecutionEntry[] = [];
  for (const item of splitTopLevel(text)) {
    const { key, value } = splitEntry(item);
    const group = groupBody(value);
    if (group !== null && depth < MAX_DEPTH) entries.push({ key, value: null, children: executionInfoEntries(group, depth + 1) });
    else entries.push({ key, value, children: [] });
  }
  return entries;
}

/** `key: value`, `key:{...}` or `key{...}`; an item without a key keeps its text as the value. */
function splitEntry(item: string): { key: string; value: string } {
  const colon = item.indexOf(':');
  const brace = item.indexOf('{');
  if (brace > 0 && (colon === -1 || brace < colon)) return { key: item.slice(0, brace).trim(), value: item.slice(brace).trim() };
  if (colon <= 0) return { key: '', value: item.trim() };
  return { key: item.slice(0, colon).trim(), value: item.slice(colon + 1).trim() };
}

/** The text inside `{…}` when the value is one balanced group (an unclosed one, cut off by `...`, too). */
function groupBody(value: string): string | null {
  if (!value.startsWith('{')) return null;
  let depth = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return i === value.length - 1 ? value.slice(1, -1) : null;
    }
  }
  return value.slice(1);
}
