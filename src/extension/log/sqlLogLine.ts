// One line of the "TiDB Lab" log per statement the extension sends. Statements never carry the
// connection's password (it goes to the driver, not into SQL), and the one redaction catches a
// password written in a statement (e.g. a variant's CREATE USER ... IDENTIFIED BY '...') and in the
// server's error, which may quote the statement ("... near 'IDENTIFIED BY '...''").
import type { SqlLogEntry } from '../../core/db/sqlExecutor';
import { redactSecretText } from '../../core/results/redactSecrets';
import { redactServerError } from '../../core/sql/redactSqlSecrets';

const MAX_SQL_CHARS = 2000;

export function sqlLogLine(entry: SqlLogEntry): string {
  const oneLine = redactSecretText(entry.sql).replace(/\s+/g, ' ').trim();
  const sql = oneLine.length > MAX_SQL_CHARS ? `${oneLine.slice(0, MAX_SQL_CHARS)}… (${oneLine.length} chars)` : oneLine;
  const duration = `${entry.durationMs < 10 ? entry.durationMs.toFixed(2) : entry.durationMs.toFixed(0)} ms`;
  if (entry.error) {
    const code = entry.error.code ?? (entry.error.errno !== undefined ? String(entry.error.errno) : '');
    return `SQL failed after ${duration}: ${sql} → ${code ? `${code}: ` : ''}${redactSecretText(redactServerError(entry.error.message, entry.sql))}`;
  }
  const rows = entry.rowCount === undefined ? '' : ` · ${entry.rowCount} ${entry.rowCount === 1 ? 'row' : 'rows'}`;
  return `SQL ${duration}${rows} · ${sql}`;
}
