// The codes behind a run's error count, as people who read sysbench output know them:
// "12 errors: 1213 deadlock ×10, 8002 write conflict ×2". Names are the MySQL/MariaDB server and
// client error references and TiDB's error-codes page (docs.pingcap.com/tidb/stable/error-codes).
import type { ResultSummary } from './benchmarkResult';

const ERROR_NAMES: Readonly<Record<number, string>> = {
  1040: 'too many connections',
  1062: 'duplicate key',
  1205: 'lock wait timeout',
  1213: 'deadlock',
  1317: 'query interrupted',
  2006: 'server gone away',
  2011: 'connection error',
  2013: 'lost connection',
  2055: 'lost connection',
  3024: 'max execution time exceeded',
  8002: 'SELECT FOR UPDATE write conflict',
  8005: 'write conflict',
  8022: 'transaction commit failed',
  8028: 'schema changed',
  9007: 'write conflict (TiKV)',
};

/** "deadlock" for 1213; undefined for a code without a short name here. */
export function errorCodeName(code: number): string | undefined {
  return ERROR_NAMES[code];
}

export interface ErrorCodeCount {
  code: number;
  name?: string;
  count: number;
}

/** The codes of the summary's ignored errors, most frequent first; empty when the engine did not record them. */
export function errorCodeCounts(summary: Pick<ResultSummary, 'errorCodes'>): ErrorCodeCount[] {
  return Object.entries(summary.errorCodes ?? {})
    .map(([code, count]) => ({ code: Number(code), name: errorCodeName(Number(code)), count }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count || a.code - b.code);
}

/** "1213 deadlock ×10, 2013 lost connection ×2" (codes only, without the total). */
export function errorCodesText(summary: Pick<ResultSummary, 'errorCodes'>, locale = 'en-US'): string {
  return errorCodeCounts(summary)
    .map((entry) => `${entry.code}${entry.name ? ` ${entry.name}` : ''} ×${entry.count.toLocaleString(locale)}`)
    .join(', ');
}

/** "12 errors: 1213 deadlock ×10, 2013 lost connection ×2", "1 error", "no errors". */
export function errorsText(summary: Pick<ResultSummary, 'errors' | 'errorCodes'>, locale = 'en-US'): string {
  const total = summary.errors;
  if (total === 0) return 'no errors';
  const head = `${total.toLocaleString(locale)} ${total === 1 ? 'error' : 'errors'}`;
  const codes = errorCodesText(summary, locale);
  return codes === '' ? head : `${head}: ${codes}`;
}
