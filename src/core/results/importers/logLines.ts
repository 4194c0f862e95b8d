// Log text as numbered lines, cleaned of what terminals and editors add (BOM, CR, colour codes),
// plus the number parsing every importer shares.

export interface LogLine {
  /** 1-based, as an editor shows it */
  number: number;
  /** without colour codes and trailing white space */
  text: string;
  trimmed: string;
}

// colour codes ("\u001b[32m") and the other control characters, but not tab
// eslint-disable-next-line no-control-regex
const TERMINAL_NOISE = /\u001b\[[0-9;?]*[A-Za-z]|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export function splitLogLines(text: string): LogLine[] {
  const body = (text.startsWith('\uFEFF') ? text.slice(1) : text).replace(TERMINAL_NOISE, '');
  return body.split(/\r\n|\r|\n/).map((raw, index) => {
    const clean = raw.trimEnd();
    return { number: index + 1, text: clean, trimmed: clean.trimStart() };
  });
}

/** A count, rate or time as the tools print them (never negative); NaN, inf and anything else give null. */
export function parseDecimal(token: string | undefined): number | null {
  if (token === undefined) return null;
  const trimmed = token.trim();
  if (!/^\+?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** A value with an optional time unit, in milliseconds ("0.17ms", "3.0021s", "812us"). */
export function parseMilliseconds(token: string | undefined, defaultUnit: 'ms' | 's' | 'us' = 'ms'): number | null {
  if (token === undefined) return null;
  const match = /^([-+]?[\d.]+(?:[eE][-+]?\d+)?)\s*(ms|s|us|µs)?$/.exec(token.trim());
  if (!match) return null;
  const value = parseDecimal(match[1]);
  if (value === null) return null;
  const unit = match[2] ?? defaultUnit;
  const ms = unit === 's' ? value * 1000 : unit === 'us' || unit === 'µs' ? value / 1000 : value;
  return Number.isFinite(ms) ? ms : null;
}

/** A Go time.Duration string ("1m0.0023s", "950ms", "1h2m3s") in seconds. */
export function parseGoDurationSeconds(token: string): number | null {
  const text = token.trim();
  if (text === '0') return 0;
  const part = /(\d+(?:\.\d+)?)(h|m(?!s)|s|ms|us|µs|ns)/gy;
  const factors: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 1e-3, us: 1e-6, µs: 1e-6, ns: 1e-9 };
  let total = 0;
  let consumed = 0;
  for (let match = part.exec(text); match; match = part.exec(text)) {
    total += Number(match[1]) * factors[match[2]];
    consumed = part.lastIndex;
  }
  return consumed === text.length && consumed > 0 ? total : null;
}

export function shorten(text: string, max = 80): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
