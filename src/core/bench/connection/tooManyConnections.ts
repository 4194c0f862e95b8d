// The server refused a benchmark thread's connection with "Too many connections" (1040): which
// server, the limit it hit (max_connections, read over the admin connection that is already open)
// and the way out, in the extension's or the CLI's words.
import type { SqlExecutor } from '../../db/sqlExecutor';
import type { ConnectionVocabulary } from '../../db/connectionErrors';
import type { ConnectionOptionValues } from '../benchOptions';

export const ER_CON_COUNT_ERROR = 1040;

export class TooManyConnections extends Error {
  constructor(
    /** host:port (or the socket) the threads connect to */
    readonly where: string,
    /** the server's max_connections, when it could be read */
    readonly maxConnections: number | undefined,
    readonly threads: number,
    readonly serverMessage: string,
  ) {
    super('');
    this.name = 'TooManyConnections';
    this.message = this.describe('editor');
  }

  describe(vocabulary: ConnectionVocabulary): string {
    const limit = this.maxConnections === undefined ? '' : ` (max_connections = ${this.maxConnections})`;
    const threads = vocabulary === 'cli' ? `--threads (${this.threads} now)` : `threads (${this.threads} now)`;
    const raise =
      this.maxConnections === undefined
        ? 'raise max_connections on the server'
        : `raise max_connections on the server above ${this.maxConnections} (SET GLOBAL max_connections = ..., and in its configuration to keep it)`;
    return (
      `${this.where} refused a benchmark connection: ${this.serverMessage}${limit}. ` +
      `The run opens one connection per thread (${this.threads}) and one for tidb-lab itself, beside the ones already open there. ` +
      `Use fewer ${threads}, or ${raise}.`
    );
  }
}

export async function tooManyConnections(
  admin: SqlExecutor,
  connection: ConnectionOptionValues,
  threads: number,
  serverMessage: string,
): Promise<TooManyConnections> {
  let maxConnections: number | undefined;
  try {
    const value = Number((await admin.query('SELECT @@max_connections AS max_connections'))[0]?.max_connections);
    if (Number.isFinite(value)) maxConnections = value;
  } catch {
    // the limit stays unsaid; the server's own message is still there
  }
  const where = connection.socket ?? connection.hosts.flatMap((host) => connection.ports.map((port) => `${host}:${port}`)).join(', ');
  return new TooManyConnections(where, maxConnections, threads, serverMessage);
}
