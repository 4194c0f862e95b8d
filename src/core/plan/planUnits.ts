// Units as TiDB prints them: Go durations with trimmed precision (`757.205µs`, `2m39s`)
// and memory sizes (`632 Bytes`, `28.8 KB`, `209.61642456054688 MB`, 1024-based).

const DURATION_UNIT_MS: Record<string, number> = {
  h: 3_600_000,
  m: 60_000,
  s: 1_000,
  ms: 1,
  'µs': 0.001,
  'μs': 0.001,
  us: 0.001,
  ns: 0.000_001,
};

const DURATION_TERM = /(\d+(?:\.\d+)?)\s?(ms|µs|μs|us|ns|h|m|s)(?![a-zA-Z])/y;

/** Milliseconds of a Go duration (`9.41ms`, `757.205µs`, `2m39s`, `0.000 s`), or null. */
export function parseDurationMs(text: string): number | null {
  const value = text.trim();
  if (value === '' || !/^\d/.test(value)) return null;
  let position = 0;
  let total = 0;
  DURATION_TERM.lastIndex = 0;
  while (position < value.length) {
    DURATION_TERM.lastIndex = position;
    const match = DURATION_TERM.exec(value);
    if (match === null) return null;
    total += Number(match[1]) * DURATION_UNIT_MS[match[2]];
    position = DURATION_TERM.lastIndex;
  }
  // Nanosecond precision; drops float noise such as 1031.4081230000002.
  return Math.round(total * 1e6) / 1e6;
}

const BYTE_UNITS: Record<string, number> = {
  b: 1,
  byte: 1,
  bytes: 1,
  kb: 1024,
  kib: 1024,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
  tb: 1024 ** 4,
  tib: 1024 ** 4,
  pb: 1024 ** 5,
};

const BYTE_SIZE = /^(\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s?([a-z]+)$/i;

/** Bytes of a size like `632 Bytes` or `47.5 MB`; null for `N/A`, empty or unreadable text. */
export function parseByteSize(text: string): number | null {
  const match = BYTE_SIZE.exec(text.trim());
  if (match === null) return null;
  const unit = BYTE_UNITS[match[2].toLowerCase()];
  return unit === undefined ? null : Math.round(Number(match[1]) * unit);
}

const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i;

/** A plain decimal number (`1.00`, `24`), or null for `N/A` and anything else. */
export function parsePlainNumber(text: string): number | null {
  const value = text.trim();
  return PLAIN_NUMBER.test(value) ? Number(value) : null;
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
