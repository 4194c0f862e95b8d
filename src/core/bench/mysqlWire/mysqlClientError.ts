// Errors of the benchmark's MySQL client, numbered like libmysqlclient's so the sysbench error
// policy (--mysql-ignore-errors, reconnect on 2013/2006/2011/2055) applies to them unchanged.

export const CR_CONN_HOST_ERROR = 2003;
export const CR_SERVER_GONE_ERROR = 2006;
export const CR_SERVER_LOST = 2013;
export const CR_SSL_CONNECTION_ERROR = 2026;
export const CR_AUTH_PLUGIN_CANNOT_LOAD = 2059;
export const CR_MALFORMED_PACKET = 2027;

export class MysqlError extends Error {
  constructor(
    /** the server's error number (e.g. 1213), or a client error number (2013 ...) */
    readonly errno: number,
    message: string,
    readonly sqlState = 'HY000',
    /** true when the connection cannot be used any more */
    readonly fatal = false,
  ) {
    super(message);
    this.name = 'MysqlError';
  }
}

export function connectionLostError(host: string, port: number, detail?: string): MysqlError {
  return new MysqlError(
    CR_SERVER_LOST,
    `Lost connection to server at ${host}:${port} during query${detail ? ` (${detail})` : ''}`,
    'HY000',
    true,
  );
}

export function serverGoneError(host: string, port: number): MysqlError {
  return new MysqlError(CR_SERVER_GONE_ERROR, `Server at ${host}:${port} has gone away`, 'HY000', true);
}

export function cannotConnectError(host: string, port: number, detail: string): MysqlError {
  return new MysqlError(CR_CONN_HOST_ERROR, `Can't connect to server on ${host}:${port} (${detail})`, 'HY000', true);
}
