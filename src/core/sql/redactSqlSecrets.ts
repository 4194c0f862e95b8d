// Passwords written inside SQL text: CREATE/ALTER USER ... IDENTIFIED [WITH|VIA plugin] BY|AS|USING
// '...', IDENTIFIED BY PASSWORD '<hash>', GRANT ... IDENTIFIED BY '...' (old MySQL), PASSWORD('...')
// and OLD_PASSWORD('...'), SET PASSWORD [FOR user] = '...', REPLACE '<current>' and
// MASTER_PASSWORD/SOURCE_PASSWORD = '...'. The literal becomes '***'; the rest of the statement is
// kept so a log line or a stored definition still says what was done. Used through
// redactSecretText (src/core/results/redactSecrets.ts), the one redaction for text.

export const REDACTED_SQL_LITERAL = "'***'";

// A string literal, backslash escapes and doubled quotes included; an unterminated one runs to the
// end of the text (so a password in a cut or broken statement is blanked too). Each loop step has
// one way to match, so a failed match costs linear time.
const SINGLE_QUOTED = String.raw`'(?:[^'\\]|\\[\s\S]?|'')*(?:'|$)`;
const DOUBLE_QUOTED = String.raw`"(?:[^"\\]|\\[\s\S]?|"")*(?:"|$)`;
// with MySQL's introducers: _utf8mb4'...', N'...', X'...'
const QUOTED_VALUE = String.raw`(?:_[A-Za-z0-9]+\s*|[NXB](?=['"]))?(?:${SINGLE_QUOTED}|${DOUBLE_QUOTED})`;
// or a bare word where a literal belongs (a syntax error, but a password all the same)
const VALUE = String.raw`(?:${QUOTED_VALUE}|[^\s;,()'"]+)`;
const NAME =
  String.raw`(?:'(?:[^'\\]|\\[\s\S]|'')*'|"(?:[^"\\]|\\[\s\S]|"")*"|` + '`(?:[^`]|``)*`' + String.raw`|[^\s=@'"` + '`' + String.raw`;]+)`;
const USER = String.raw`${NAME}(?:\s*@\s*${NAME})?`;
// BY RANDOM PASSWORD has no secret; PASSWORD('...') has its own rule
const NOT_A_SECRET = String.raw`(?!RANDOM\b|(?:OLD_)?PASSWORD\s*\()`;
const REPLACE_CLAUSE = String.raw`(?:(\s+REPLACE\s+)(${VALUE}))?`;

const RULES: readonly RegExp[] = [
  // CREATE/ALTER USER, GRANT: IDENTIFIED BY '...', IDENTIFIED WITH plugin BY|AS '...', IDENTIFIED VIA plugin USING '...', IDENTIFIED BY PASSWORD '<hash>'
  new RegExp(
    String.raw`(\bIDENTIFIED\s+(?:(?:WITH|VIA)\s+${NAME}\s+)?(?:BY|AS|USING)\s+(?:PASSWORD\s+(?=['"_NXB]))?)${NOT_A_SECRET}(${VALUE})${REPLACE_CLAUSE}`,
    'gi',
  ),
  // MariaDB's IDENTIFIED VIA a OR b USING '...'
  new RegExp(String.raw`(\bOR\s+${NAME}\s+(?:USING|AS)\s+)(${QUOTED_VALUE})`, 'gi'),
  new RegExp(String.raw`(\bSET\s+PASSWORD(?:\s+FOR\s+${USER})?\s*=\s*)${NOT_A_SECRET}(${VALUE})${REPLACE_CLAUSE}`, 'gi'),
  new RegExp(String.raw`(\b(?:OLD_)?PASSWORD\s*\(\s*)(${VALUE})`, 'gi'),
  // MASTER_PASSWORD = '...', SOURCE_PASSWORD = '...', CREATE SERVER ... OPTIONS (PASSWORD '...')
  new RegExp(String.raw`(\b\w*PASSWORD(?:\s*=\s*|\s+))(${QUOTED_VALUE})`, 'gi'),
];

export function redactSqlSecrets(text: string): string {
  let result = text;
  for (const rule of RULES) {
    // rules without a REPLACE clause pass the match's offset (a number) where `replace` would be
    result = result.replace(
      rule,
      (_match, before: string, _value: string, replace?: unknown) =>
        `${before}${REDACTED_SQL_LITERAL}${typeof replace === 'string' ? `${replace}${REDACTED_SQL_LITERAL}` : ''}`,
    );
  }
  return result;
}

const MASK = '\uE000'; // a private-use character: not in SQL text or server messages

/** The statement with each password's characters replaced one for one (quotes kept), so positions still match. */
function maskSqlSecrets(sql: string): string {
  let result = sql;
  for (const rule of RULES) {
    result = result.replace(
      rule,
      (_match, before: string, value: string, replace?: unknown, current?: unknown) =>
        `${before}${maskLiteral(value)}${typeof replace === 'string' && typeof current === 'string' ? `${replace}${maskLiteral(current)}` : ''}`,
    );
  }
  return result;
}

function maskLiteral(value: string): string {
  return value.replace(
    /^(_[A-Za-z0-9]+\s*|[NXB](?=['"]))?(['"]?)([\s\S]*?)(\2)$/i,
    (_whole, introducer: string | undefined, open: string, body: string, close: string) =>
      `${introducer ?? ''}${open}${MASK.repeat(body.length)}${close}`,
  );
}

// MySQL and MariaDB: "... near 'BY 'pw'' at line 1"; TiDB: "... line 1 column 20 near "BY 'pw'" "
const NEAR_FRAGMENT: readonly RegExp[] = [/(near ')([\s\S]*)(' at line \d+)/, /(near ")([\s\S]*)("\s*$)/];

/**
 * A server's error about `sql`, without the passwords written in `sql`. The server quotes the
 * statement from where its parser stopped ("near 'BY 'pw''"), where no IDENTIFIED is left to
 * recognise the password by: the quoted piece is found in the statement and blanked where the
 * statement has a password.
 */
export function redactServerError(message: string, sql: string): string {
  let result = redactSqlSecrets(message);
  const masked = maskSqlSecrets(sql);
  if (masked === sql) return result;
  for (const pattern of NEAR_FRAGMENT) {
    result = result.replace(pattern, (whole, open: string, fragment: string, close: string) => {
      const at = sql.indexOf(fragment);
      return at < 0 ? whole : `${open}${masked.slice(at, at + fragment.length)}${close}`;
    });
  }
  // and anywhere else the message repeats a password whole (short ones would blank ordinary words)
  for (const run of masked.matchAll(/\uE000+/g)) {
    const secret = sql.slice(run.index, run.index + run[0].length);
    if (secret.length >= 4) result = result.split(secret).join(MASK);
  }
  return result.replace(/\uE000+/g, '***');
}
