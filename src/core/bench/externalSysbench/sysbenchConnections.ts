// sysbench's connections on the server, told apart from every other client's (other runs and users
// share it): the rows of the processlist with sysbench's user and database whose client address and
// port are those of a TCP connection the sysbench process holds (processSockets.ts). What the hard
// stop of a cancelled run KILLs: a statement waiting on a lock goes on running on the server after
// sysbench has gone, until the lock wait times out (innodb_lock_wait_timeout, 50 s by default).
import type { SqlExecutor, SqlRow } from '../../db/sqlExecutor';
import { connectionIdFrom, killConnectionStatement } from '../../db/queryKill';
import type { TcpEndpoint } from './processSockets';

export const SYSBENCH_CONNECTIONS_SQL =
  'SELECT ID AS id, HOST AS host, COMMAND AS command FROM information_schema.PROCESSLIST WHERE USER = ? AND DB = ? AND ID <> CONNECTION_ID()';

/**
 * The ids of the rows that are sysbench's and still run a statement (not 'Sleep'). A row's HOST is
 * `address:port` (MariaDB, MySQL; TiDB brackets IPv6); its port must be one of sysbench's, and its
 * address sysbench's too unless the server shows a resolved name there.
 */
export function sysbenchStatementIds(rows: readonly SqlRow[], endpoints: readonly TcpEndpoint[]): bigint[] {
  const ids: bigint[] = [];
  for (const row of rows) {
    if (String(row.command) === 'Sleep') continue;
    const client = clientEndpoint(String(row.host ?? ''));
    if (client === undefined) continue;
    const ours = endpoints.some(
      (endpoint) =>
        endpoint.localPort === client.port && (client.address === undefined || client.address === normalAddress(endpoint.localAddress)),
    );
    const id = connectionIdFrom(row.id);
    if (ours && id !== null) ids.push(id);
  }
  return ids;
}

/** KILLs the connections of `endpoints` that still run a statement; returns their ids. */
export async function killSysbenchStatements(
  admin: SqlExecutor,
  user: string,
  database: string,
  endpoints: readonly TcpEndpoint[],
): Promise<bigint[]> {
  if (endpoints.length === 0) return [];
  const ids = sysbenchStatementIds(await admin.query(SYSBENCH_CONNECTIONS_SQL, [user, database]), endpoints);
  // one that ended meanwhile answers "Unknown thread id": nothing left to stop
  await Promise.all(ids.map((id) => admin.run(killConnectionStatement(id)).catch(() => undefined)));
  return ids;
}

/** `address:port` -> its parts; the address is undefined when it is a host name, not an IP address. */
function clientEndpoint(host: string): { address?: string; port: number } | undefined {
  const match = /^\[?(.*?)\]?:(\d{1,5})$/.exec(host);
  if (!match) return undefined;
  const port = Number(match[2]);
  const address = match[1];
  const isIp = /^\d{1,3}(\.\d{1,3}){3}$/.test(address) || address.includes(':');
  return { address: isIp ? normalAddress(address) : undefined, port };
}

/** One spelling per address: IPv6 with every group, lower case, no leading zeros; IPv4-mapped as IPv4. */
function normalAddress(address: string): string {
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(':')) return address;
  const [head, tail] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16).toString(16)).join(':');
}
