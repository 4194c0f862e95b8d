// Units as TiDB prints them: Go durations with trimmed precision (`757.205µs`, `2m39s`)
// and memory sizes (`632 Bytes`, `28.8 KB`, `209.61642456054688 MB`, 1024-based).

const DURATION_UNIT_MS: Record<string, number> = {
  h: 3_600_000,
  m: 60_000,
  s: 1_000,
  ms: 1,
  µs: 0.001,
  μs: 0.001,
  us: 0.001,
  ns: 0.000_001,
};

/** Milliseconds of a Go duration (`9.41ms`, `757.205µs`, `2m39s`, `0.000 s`), or null. */
export function parseDurationMs(text: string): number | null {
  // A hand-written scanner: this runs for every value of every execution info cell.
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 32) start++;
  while (end > start && text.charCodeAt(end - 1) === 32) end--;
  const last = text.charCodeAt(end - 1);
  // Every duration starts with a digit and ends in s, m or h.
  if (start === end || !isDigit(text.charCodeAt(start)) || (last !== 115 && last !== 109 && last !== 104)) return null;
  let total = 0;
  let at = start;
  while (at < end) {
    // `2.` without digits after the point is no duration.
    if (!readDecimal(text, at, decimal) || text.charCodeAt(decimal.end) === 46) return null;
    at = decimal.end;
    const amount = decimal.value;
    if (at < end && text.charCodeAt(at) === 32) at++;
    const unitStart = at;
    while (at < end && !isDigit(text.charCodeAt(at))) at++;
    const unit = durationUnitMs(text, unitStart, at);
    if (unit === null) return null;
    total += amount * unit;
  }
  return toNanosecondPrecision(total);
}

/** Drops float noise such as 1031.4081230000002 from a sum of milliseconds. */
export function toNanosecondPrecision(ms: number): number {
  return Math.round(ms * 1e6) / 1e6;
}

/** The unit between `start` and `end` without slicing it out: h, m, s, ms, µs / μs / us, ns. */
export function durationUnitMs(text: string, start: number, end: number): number | null {
  const first = text.charCodeAt(start);
  if (end - start === 1) {
    if (first === 115) return DURATION_UNIT_MS.s;
    if (first === 109) return DURATION_UNIT_MS.m;
    if (first === 104) return DURATION_UNIT_MS.h;
    return null;
  }
  if (end - start !== 2 || text.charCodeAt(start + 1) !== 115) return null;
  if (first === 109) return DURATION_UNIT_MS.ms;
  if (first === 0xb5 || first === 0x3bc || first === 117) return DURATION_UNIT_MS.us;
  if (first === 110) return DURATION_UNIT_MS.ns;
  return null;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** A number read by readDecimal(): its value and where its text ends. */
export interface DecimalReading {
  value: number;
  end: number;
}

/** 10^0 ... 10^22, the powers of ten a double holds exactly. */
const EXACT_POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));

const MAX_EXACT_DIGITS = 15;

/**
 * Reads the `\d+(\.\d+)?` at `start` into `reading`, in one pass and without slicing it out: the
 * value `Number()` would give and where the number ends. False, with `reading` untouched, when no
 * digit is there. Up to 15 digits the digits and the power of ten are both exact doubles, so the
 * one division rounds the way `Number()` does; longer numbers are left to `Number()`.
 */
export function readDecimal(text: string, start: number, reading: DecimalReading): boolean {
  let at = start;
  let mantissa = 0;
  let c = text.charCodeAt(at);
  while (isDigit(c)) {
    mantissa = mantissa * 10 + (c - 48);
    c = text.charCodeAt(++at);
  }
  if (at === start) return false;
  let fractionDigits = 0;
  if (c === 46 && isDigit(text.charCodeAt(at + 1))) {
    const point = at;
    c = text.charCodeAt(++at);
    while (isDigit(c)) {
      mantissa = mantissa * 10 + (c - 48);
      c = text.charCodeAt(++at);
    }
    fractionDigits = at - point - 1;
  }
  const digits = at - start - (fractionDigits > 0 ? 1 : 0);
  if (digits > MAX_EXACT_DIGITS) reading.value = Number(text.slice(start, at));
  else reading.value = fractionDigits > 0 ? mantissa / EXACT_POWERS_OF_TEN[fractionDigits] : mantissa;
  reading.end = at;
  return true;
}

/** The reading of this module's parsers (one at a time: nothing here calls back). */
const decimal: DecimalReading = { value: 0, end: 0 };

// A Map, not an object literal: an object also answers for `constructor`, `__proto__`, `toString`...
const BYTE_UNITS = new Map<string, number>([
  ['b', 1],
  ['byte', 1],
  ['bytes', 1],
  ['kb', 1024],
  ['kib', 1024],
  ['mb', 1024 ** 2],
  ['mib', 1024 ** 2],
  ['gb', 1024 ** 3],
  ['gib', 1024 ** 3],
  ['tb', 1024 ** 4],
  ['tib', 1024 ** 4],
  ['pb', 1024 ** 5],
]);

const BYTE_SIZE = /^(\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s?([a-z]+)$/i;

/** Bytes of a size like `632 Bytes` or `47.5 MB`; null for `N/A`, empty or unreadable text. */
export function parseByteSize(text: string): number | null {
  const trimmed = text.trim();
  // `N/A`, in most memory and disk cells, is settled before the regex.
  if (!readDecimal(trimmed, 0, decimal)) return null;
  // So is the usual `47.5 MB`; exponents and other spacing are left to the regex.
  const numberEnd = decimal.end;
  const unitStart = trimmed.charCodeAt(numberEnd) === 32 ? numberEnd + 1 : numberEnd;
  if (isAsciiWord(trimmed, unitStart) && !isExponent(trimmed.charCodeAt(numberEnd))) {
    const unit = BYTE_UNITS.get(trimmed.slice(unitStart).toLowerCase());
    return unit === undefined ? null : Math.round(decimal.value * unit);
  }
  const match = BYTE_SIZE.exec(trimmed);
  if (match === null) return null;
  const unit = BYTE_UNITS.get(match[2].toLowerCase());
  return unit === undefined ? null : Math.round(Number(match[1]) * unit);
}

/** Letters only from `start` to the end of the text, at least one. */
function isAsciiWord(text: string, start: number): boolean {
  if (start >= text.length) return false;
  for (let at = start; at < text.length; at++) {
    const c = text.charCodeAt(at) | 0x20;
    if (c < 97 || c > 122) return false;
  }
  return true;
}

function isExponent(c: number): boolean {
  return c === 101 || c === 69;
}

const PLAIN_NUMBER = /^\s*-?\d+(?:\.\d+)?(?:e[+-]?\d+)?\s*$/i;

/** A plain decimal number (`1.00`, `24`), or null for `N/A` and anything else. */
export function parsePlainNumber(text: string): number | null {
  // The usual shape, `-?\d+(\.\d+)?` and nothing else, is read without the regex.
  const negative = text.charCodeAt(0) === 45;
  if (readDecimal(text, negative ? 1 : 0, decimal) && decimal.end === text.length) {
    return negative ? -decimal.value : decimal.value;
  }
  return PLAIN_NUMBER.test(text) ? Number(text) : null;
}

export function formatDurationMs(ms: number): string {
  if (!Number.isFinite(ms)) return '-';
  if (ms === 0) return '0 ms';
  if (ms < 1) return `${trimNumber(ms * 1000, 3)} µs`;
  if (ms < 1000) return `${trimNumber(ms, 3)} ms`;
  if (ms < 60_000) return `${trimNumber(ms / 1000, 3)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms - minutes * 60_000) / 1000);
  return `${minutes}m ${seconds}s`;
}

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '-';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${trimNumber(value, 3)} ${units[unit]}`;
}

/** An estimate error factor: `3.1x`, `1,912x`. */
export function formatFactor(factor: number): string {
  return factor >= 100 ? `${formatCount(Math.round(factor))}x` : `${factor.toFixed(1)}x`;
}

export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '-';
  if (Number.isInteger(value) || Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  return Number(value.toFixed(2)).toString();
}

/** `significant` significant digits for small numbers, no exponent, no trailing zeros. */
function trimNumber(value: number, significant: number): string {
  const magnitude = Math.abs(value) >= 1 ? Math.floor(Math.log10(Math.abs(value))) + 1 : 1;
  const decimals = Math.max(0, significant - magnitude);
  return Number(value.toFixed(decimals)).toString();
}
