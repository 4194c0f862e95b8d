// The guard that keeps passwords out of stored and exported results, logs and printed output: drops
// every key that looks like a secret, anywhere in the object, and blanks passwords written inside
// strings (SQL such as IDENTIFIED BY '...', command lines, connection URLs). redactSecretText is the
// one redaction for text: results when imported, created, loaded and exported, the SQL log, the
// experiment steps the CLI and the extension print.
import { redactSqlSecrets } from '../sql/redactSqlSecrets';

const SECRET_KEY = /pass(word|wd)?$|passwd|password|pwd$|secret|token|api[-_]?key|credential|private[-_]?key/i;

// --mysql-password=x, --pgsql-password x, mysql.password=x (go-ycsb), MYSQL_PWD=x, ?secret-access-key=x,
// the mysql client's -px and -p x (go-tpc's -p x; go-ycsb's -p name=value, a lower-case property
// name, is kept: its secret-looking names have the rule after)
const SECRET_IN_TEXT: readonly RegExp[] = [
  /(?<![\w.-])(-p)()(?=[^\s-])("[^"]*"|'[^']*'|\S+)/g,
  /(?<![\w.-])(-p)(\s+)(?![a-z][a-z0-9_.-]*=)(?=[^\s-])("[^"]*"|'[^']*'|\S+)/g,
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

// Go's DSN (go-sql-driver/mysql): user:password@tcp(host:port)/db, user:password@unix(/sock)/db,
// user:password@/db. The password runs from the first ':' of the word to the '@' before the address.
const DSN_ADDRESS = /@(?=(?:tcp6?|udp6?|unix|unixgram|pipe|memory)?\(|\/)/g;
const DSN_WORD_BREAK = /[\s'"`]/;

function redactGoDsns(text: string): string {
  const pieces: string[] = [];
  let copied = 0;
  let floor = 0;
  for (const address of text.matchAll(DSN_ADDRESS)) {
    const at = address.index;
    // the word the DSN is in, no further back than the previous DSN (each character is looked at once)
    let start = at;
    while (start > floor && !DSN_WORD_BREAK.test(text[start - 1])) start--;
    floor = at + 1;
    const word = text.slice(start, at);
    if (word.includes('://')) continue; // a URL: URL_CREDENTIALS reads it
    const colon = word.indexOf(':');
    if (colon < 0 || start + colon + 1 < copied) continue;
    pieces.push(text.slice(copied, start + colon + 1), REDACTED);
    copied = at;
  }
  if (copied === 0) return text;
  pieces.push(text.slice(copied));
  return pieces.join('');
}

export function redactSecretText(text: string): string {
  let result = redactGoDsns(redactSqlSecrets(text).replace(URL_CREDENTIALS, `$1${REDACTED}@`));
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
