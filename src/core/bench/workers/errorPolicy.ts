// What a failed statement does to the run, as in sysbench's MySQL driver: an error listed in
// --mysql-ignore-errors (or "all") restarts the event and counts as an ignored error; a listed
// connection error (2013, 2006, 2011, 2055) reconnects first and counts as a reconnect; any other
// error stops the run. On TiDB, unless --mysql-ignore-errors was given, the errors TiDB documents as
// "the application can safely retry the transaction" are added to the list.

export const RECONNECT_ERRORS: ReadonlySet<number> = new Set([2013, 2006, 2011, 2055]);

/**
 * TiDB's retryable transaction errors (docs.pingcap.com/tidb/stable/error-codes): 8002 SELECT FOR
 * UPDATE commit conflict, 8005 write conflict (optimistic), 8022 commit failed and rolled back,
 * 8028 schema changed during the transaction, 9007 write conflict in TiKV.
 */
export const TIDB_RETRYABLE_ERRORS: readonly number[] = [8002, 8005, 8022, 8028, 9007];

export type ErrorAction = 'restart' | 'reconnect' | 'fatal';

export class ErrorPolicy {
  private readonly ignored: ReadonlySet<number>;

  constructor(
    private readonly ignoreAll: boolean,
    ignored: Iterable<number>,
  ) {
    this.ignored = new Set(ignored);
  }

  static fromOptions(ignoreErrors: number[] | 'all', explicit: boolean, serverIsTiDB: boolean, tidbRetryable: boolean): ErrorPolicy {
    if (ignoreErrors === 'all') return new ErrorPolicy(true, []);
    const codes = [...ignoreErrors];
    if (serverIsTiDB && tidbRetryable && !explicit) codes.push(...TIDB_RETRYABLE_ERRORS);
    return new ErrorPolicy(false, codes);
  }

  get ignoredCodes(): number[] | 'all' {
    return this.ignoreAll ? 'all' : [...this.ignored].sort((a, b) => a - b);
  }

  actionFor(errno: number): ErrorAction {
    if (!this.ignoreAll && !this.ignored.has(errno)) return 'fatal';
    return RECONNECT_ERRORS.has(errno) ? 'reconnect' : 'restart';
  }
}
