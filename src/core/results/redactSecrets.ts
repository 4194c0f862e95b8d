// The guard that keeps passwords out of stored and exported results: drops every key that looks
// like a secret, anywhere in the object, and blanks passwords written inside strings (command lines,
// connection URLs). Applied when results are imported, loaded and exported.

const SECRET_KEY = /pass(word|wd)?$|passwd|password|pwd$|secret|token|api[-_]?key|credential|private[-_]?key/i;

// --mysql-password=x, --pgsql-password x, mysql.password=x (go-ycsb), MYSQL_PWD=x
const SECRET_IN_TEXT: readonly RegExp[] = [
  /(--?[\w.-]*pass(?:word|wd)?[\w.-]*)(=|\s+)("[^"]*"|'[^']*'|\S+)/gi,
  /(\b[\w.-]*pass(?:word|wd)\b)(=)("[^"]*"|'[^']*'|\S+)/gi,
  /(\bMYSQL_PWD)(=)("[^"]*"|'[^']*'|\S+)/g,
];
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/@\s]+:)[^@\s]+@/gi;

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
  let result = text.replace(URL_CREDENTIALS, `$1${REDACTED}@`);
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
