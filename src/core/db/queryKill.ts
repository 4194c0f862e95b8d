// Stopping a running statement from another connection: the server's id of the connection that
// runs it, and KILL QUERY (or KILL, for the whole connection) for that id.
import type { SqlExecutor } from './sqlExecutor';

export const CONNECTION_ID_QUERY = 'SELECT CONNECTION_ID() AS id';

/**
 * The id the server gives the connection behind `executor`. Not the driver's threadId: on TiDB the
 * 4-byte id of the handshake can be a truncated 64-bit global connection id.
 */
export async function connectionIdOf(executor: SqlExecutor): Promise<bigint> {
  const rows = await executor.query(CONNECTION_ID_QUERY);
  const value = rows[0]?.id;
  const id = connectionIdFrom(value);
  if (id === null) throw new Error(`CONNECTION_ID() returned ${JSON.stringify(value)}, not a connection id.`);
  return id;
}

/** CONNECTION_ID()'s value as a driver hands it over (mysql2: a number, or a decimal string beyond 2^53; as text from a text-protocol row), or null when it is not one. */
export function connectionIdFrom(value: unknown): bigint | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return BigInt(value);
  return null;
}

/** Stops the statement running on connection `connectionId`; `executor` must be another connection. */
export async function killQuery(executor: SqlExecutor, connectionId: bigint): Promise<void> {
  await executor.run(killQueryStatement(connectionId));
}

export function killQueryStatement(connectionId: bigint): string {
  return `KILL QUERY ${connectionId.toString()}`;
}

/** Ends the connection, and the statement it runs. */
export function killConnectionStatement(connectionId: bigint): string {
  return `KILL ${connectionId.toString()}`;
}
