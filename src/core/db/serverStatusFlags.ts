// The server status flags of the MySQL protocol's OK packet (MySQL, MariaDB and TiDB send the same
// bits): what an editor's session reads its open transaction from, with no query of its own.

/** a transaction is open (after BEGIN, or after a statement with autocommit off) */
export const SERVER_STATUS_IN_TRANS = 0x0001;
export const SERVER_STATUS_AUTOCOMMIT = 0x0002;
export const SERVER_MORE_RESULTS_EXISTS = 0x0008;

export function inTransactionFrom(serverStatus: number): boolean {
  return (serverStatus & SERVER_STATUS_IN_TRANS) !== 0;
}
