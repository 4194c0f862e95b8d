// An account that may not read performance_schema: a read that fails with an access-denied error
// (1142 a table, 1143 a column, 1227 a privilege) records who lacks what and the GRANT that gives
// it, so a result says "not read" instead of "the server counted none".
import type { SqlExecutor } from '../db/sqlExecutor';
import { quoteStringLiteral } from '../db/sqlIdentifiers';
import type { MissingGrant } from '../results/benchmarkResult';
import { rowText } from '../tidb/rowValues';
import { serverErrorOf } from '../tidb/serverError';

const ACCESS_DENIED_ERRNOS: ReadonlySet<number> = new Set([1142, 1143, 1227]);

export function isAccessDenied(error: unknown): boolean {
  const { errno } = serverErrorOf(error);
  return errno !== undefined && ACCESS_DENIED_ERRNOS.has(errno);
}

/** Who lacks SELECT on performance_schema: CURRENT_USER() (the account the server matched, not the login's name); never throws. */
export async function missingPerformanceSchemaGrant(executor: SqlExecutor, error: unknown): Promise<MissingGrant> {
  let account: string | undefined;
  try {
    const [row] = await executor.query('SELECT CURRENT_USER() AS account');
    account = row ? rowText(row, 'account') || undefined : undefined;
  } catch {
    account = undefined;
  }
  // the error names the login ("denied to user 'u'@'h'"): second best
  account ??= /denied to user '((?:[^']|'')*)'@'([^']*)'/.exec(serverErrorOf(error).message)?.slice(1, 3).join('@');
  const known = account ?? "'user'@'host'";
  return {
    account: known,
    privilege: 'SELECT on performance_schema',
    grant: `GRANT SELECT ON performance_schema.* TO ${account === undefined ? known : accountLiteral(account)}`,
  };
}

/** "user@host" as CURRENT_USER() gives it -> 'user'@'host' (the host never holds an @, the user may). */
export function accountLiteral(account: string): string {
  const at = account.lastIndexOf('@');
  if (at < 0) return quoteStringLiteral(account);
  return `${quoteStringLiteral(account.slice(0, at))}@${quoteStringLiteral(account.slice(at + 1))}`;
}
