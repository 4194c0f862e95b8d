// The guard that keeps passwords out of stored and exported results, logs and printed output: drops
// every key that looks like a secret, anywhere in the object, and blanks passwords written inside
// strings (SQL such as IDENTIFIED BY '...', command lines, connection URLs). redactSecretText is the
// one redaction for text: results when imported, created, loaded and exported, the SQL log, the
// experiment steps the CLI and the extension print.
import { redactSqlSecrets } from '../sql/redactSqlSecrets';

const SECRET_KEY = /pass(word|wd)?$|passwd|password|pwd$|secret|token|api[-_]?key|credential|private[-_]?key/i;

// --mysql-password=x, --pgsql-password x, mysql.password=x (go-ycsb), MYSQL_PWD=x, ?secret-access-key=x
const SECRET_IN_TEXT: readonly RegExp[] = [
  // the flag (a whole word with 'pass' in it) is taken in one piece: (?=(...))\1 never backtracks into it
  /(?<![\w.-])(?=--?[\w.-]*pass)(?=(--?[\w.-]+))\1(=|\s+)("[^"]*"|'[^']*'|\S+)/gi,
  /(?<![\w.-])([\w.-]*pass(?:word|wd)\b)(=)("[^"]*"|'[^']*'|\S+)/gi,
  /(\bMYSQL_PWD)(=)("[^"]*"|'[^']*'|\S+)/g,
  // TiDB's BACKUP / IMPORT INTO storage URLs: 's3://bucket/path?access-key=...&secret-access-key=...'
  /(?<![\w.-])((?:secret[-_]access[-_]key|session[-_]token|sas[-_]token))(=)([^&'"\s]+)/gi,
];
// The look-behinds start a match only where a word or a scheme starts: with \b, every '-' or '.'
// of a long 'a-a-a-...' text (a bulk INSERT's values) started a scan to its end (quadratic).
const URL_CREDENTIALS = /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/[^:/@\s]+:)[^@\s]+@/gi;

export const REDACTED = '***';

const secretKeyCache = new Map<string, boolean>();

export function isSecretKey(key: string): boolean {
  let secret = secretKeyCache.get(key);
  if (secret === undefined) {
    secret = SECRET_KEY.test(key);
    // result keys repeat (every interval has the same ones); option names from files are few
    if (secretKeyCache.size < 10_000) secretKeyCache.set(key, secret);
  }
  return secret;
}

export function redactSecretText(text: string): string {
  let result = redactSqlSecrets(text).replace(URL_CREDENTIALS, `$1${REDACTED}@`);
  for (const pattern of SECRET_IN_TEXT) result = result.replace(pattern, `$1$2${REDACTED}`);
  return result;
}

/** A deep copy of `value` with secret-looking keys removed and secrets inside strings blanked. */
export function redactSecrets<T>(value: T): T {
  return redactValue(value) as T;
}

/** record[key] = value, except that a "__proto__" key (from a JSON file) stays plain data instead of replacing the prototype. */
export function setOwnValue(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactSecretText(value);
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      if (!isSecretKey(key)) setOwnValue(copy, key, redactValue(entry));
    }
    return copy;
  }
  return value;
}
