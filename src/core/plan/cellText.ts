/** Text of a cell as a driver or a JSON plan hands it over: strings, numbers, Buffers, null. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  if (value instanceof Date) return value.toISOString();
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}

/** The text ends in `...` or `…`: the client (or a paste) cut the value off there. */
export function endsWithCutOff(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  return last === ELLIPSIS || (last === FULL_STOP && text.endsWith('...'));
}

const ELLIPSIS = 0x2026;
const FULL_STOP = 0x2e;

/** The characters `\s` matches and `trim()` removes: ASCII and Unicode spaces, line breaks, BOM. */
export function isWhitespace(charCode: number): boolean {
  if (charCode <= 32) return charCode === 32 || (charCode >= 9 && charCode <= 13);
  if (charCode < 0xa0) return false;
  return (
    charCode === 0xa0 ||
    charCode === 0x1680 ||
    (charCode >= 0x2000 && charCode <= 0x200a) ||
    charCode === 0x2028 ||
    charCode === 0x2029 ||
    charCode === 0x202f ||
    charCode === 0x205f ||
    charCode === 0x3000 ||
    charCode === 0xfeff
  );
}

/** text.trim() without calling it for the usual cell that has nothing to trim. */
export function trimmed(text: string): string {
  const last = text.length - 1;
  if (last < 0 || (!isWhitespace(text.charCodeAt(0)) && !isWhitespace(text.charCodeAt(last)))) return text;
  return text.trim();
}
