// Passwords written inside SQL text (sqlSecretRanges.ts says which): the literal becomes '***'; the
// rest of the statement is kept so a log line or a stored definition still says what was done.
// Used through redactSecretText (src/core/results/redactSecrets.ts), the one redaction for text.
import { findSqlSecrets, REDACTED_SQL_LITERAL, type SecretRange } from './sqlSecretRanges';

export { REDACTED_SQL_LITERAL };

export function redactSqlSecrets(text: string): string {
  const ranges = mergedRanges(findSqlSecrets(text));
  if (ranges.length === 0) return text;
  const pieces: string[] = [];
  let at = 0;
  for (const range of ranges) {
    pieces.push(text.slice(at, range.start), range.replacement);
    at = range.end;
  }
  pieces.push(text.slice(at));
  return pieces.join('');
}

/** Ranges sorted and joined where they overlap; a joined one takes the replacement of its longest part. */
function mergedRanges(ranges: SecretRange[]): SecretRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: SecretRange[] = [];
  let longest = 0;
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last !== undefined && range.start < last.end) {
      if (range.end > last.end) last.end = range.end;
      if (range.end - range.start > longest) {
        longest = range.end - range.start;
        last.replacement = range.replacement;
      }
    } else {
      merged.push({ ...range });
      longest = range.end - range.start;
    }
  }
  return merged;
}

const MASK = '\uE000'; // a private-use character: not in SQL text or server messages

/** The statement with each password's characters replaced one for one (quotes kept), so positions still match. */
function maskSqlSecrets(sql: string, secrets: readonly SecretRange[]): string {
  const masked = sql.split('');
  for (const secret of secrets) for (let i = secret.bodyStart; i < secret.bodyEnd; i++) masked[i] = MASK;
  return masked.join('');
}

// MySQL and MariaDB: "... near 'BY 'pw'' at line 1"; TiDB: "... line 1 column 20 near "BY 'pw'" "
const NEAR_FRAGMENT: readonly RegExp[] = [/(near ')([\s\S]*)(' at line \d+)/, /(near ")([\s\S]*)("\s*$)/];
// a short fragment may be found in many places of a long statement: the first ones are enough
const MAX_FRAGMENT_PLACES = 16;

/**
 * A server's error about `sql`, without the passwords written in `sql`. The server quotes the
 * statement from where its parser stopped ("near 'BY 'pw''"), where no IDENTIFIED is left to
 * recognise the password by: the quoted piece is found in the statement and blanked where the
 * statement has a password, whatever the password's length. A password the message repeats
 * elsewhere is blanked too (one shorter than 4 characters only as a word of its own, so that "at"
 * does not blank every "at" of the message).
 */
export function redactServerError(message: string, sql: string): string {
  const secrets = findSqlSecrets(sql).filter((secret) => secret.bodyEnd > secret.bodyStart);
  let result = message;
  if (secrets.length > 0) {
    const masked = maskSqlSecrets(sql, secrets);
    for (const pattern of NEAR_FRAGMENT) {
      result = result.replace(
        pattern,
        (_whole, open: string, fragment: string, close: string) => `${open}${maskFragment(fragment, sql, masked)}${close}`,
      );
    }
    for (const secret of secrets) result = blankValue(result, sql.slice(secret.bodyStart, secret.bodyEnd));
  }
  return redactSqlSecrets(result.replace(/\uE000+/g, '***'));
}

/** The fragment with each character masked that is a password's in any of the first places the statement has the fragment. */
function maskFragment(fragment: string, sql: string, masked: string): string {
  if (fragment === '') return fragment;
  const chars = fragment.split('');
  let found = false;
  for (let at = sql.indexOf(fragment), places = 0; at >= 0 && places < MAX_FRAGMENT_PLACES; at = sql.indexOf(fragment, at + 1), places++) {
    found = true;
    for (let i = 0; i < chars.length; i++) if (masked[at + i] === MASK) chars[i] = MASK;
  }
  return found ? chars.join('') : fragment;
}

function blankValue(message: string, value: string): string {
  if (value.length >= 4) return message.split(value).join(MASK);
  if (!/[\w$]/.test(value)) return message;
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return message.replace(new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`, 'g'), MASK);
}
