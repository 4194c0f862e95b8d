// One line of the "TiDB Lab" log per statement the extension sends. Statements never carry a
// password (passwords go to the driver, not into SQL), and redaction catches one that slips in
// (e.g. a user's CREATE USER ... IDENTIFIED BY '...').
import type { SqlLogEntry } from '../../core/db/sqlExecutor';
import { REDACTED, redactSecretText } from '../../core/results/redactSecrets';

const MAX_SQL_CHARS = 2000;
const IDENTIFIED_BY = /(\bIDENTIFIED\s+(?:WITH\s+\S+\s+)?(?:BY|AS)\s+)('(?:[^'\\]|\\.|'')*'|"(?:[^"\\]|\\.|"")*")/gi;
const PASSWORD_FUNCTION = /(\bPASSWORD\s*\(\s*)('(?:[^'\\]|\\.|'')*'|"(?:[^"\\]|\\.|"")*")/gi;

export function redactSql(sql: string): string {
  return redactSecretText(sql.replace(IDENTIFIED_BY, `$1'${REDACTED}'`).replace(PASSWORD_FUNCTION, `$1'${REDACTED}'`));
}

export function sqlLogLine(entry: SqlLogEntry): string {
  const oneLine = redactSql(entry.sql).replace(/\s+/g, ' ').trim();
  const sql = oneLine.length > MAX_SQL_CHARS ? `${oneLine.slice(0, MAX_SQL_CHARS)}… (${oneLine.length} chars)` : oneLine;
  const duration = `${entry.durationMs < 10 ? entry.durationMs.toFixed(2) : entry.durationMs.toFixed(0)} ms`;
  if (entry.error) {
    const code = entry.error.code ?? (entry.error.errno !== undefined ? String(entry.error.errno) : '');
    return `SQL failed after ${duration}: ${sql} → ${code ? `${code}: ` : ''}${entry.error.message}`;
  }
  const rows = entry.rowCount === undefined ? '' : ` · ${entry.rowCount} ${entry.rowCount === 1 ? 'row' : 'rows'}`;
  return `SQL ${duration}${rows} · ${sql}`;
}
