// Stopping a running statement from another connection: the server's id of the connection that
// runs it, and KILL QUERY for that id.
import type { SqlExecutor } from './sqlExecutor';

/**
 * The id the server gives the connection behind `executor`. Not the driver's threadId: on TiDB the
 * 4-byte id of the handshake can be a truncated 64-bit global connection id.
 */
export async function connectionIdOf(executor: SqlExecutor): Promise<bigint> {
  const rows = await executor.query('SELECT CONNECTION_ID() AS id');
  const value = rows[0]?.id;
  // mysql2 (supportBigNumbers) gives a number, or a decimal string beyond 2^53.
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return BigInt(value);
  throw new Error(`CONNECTION_ID() returned ${JSON.stringify(value)}, not a connection id.`);
}

/** Stops the statement running on connection `connectionId`; `executor` must be another connection. */
export async function killQuery(executor: SqlExecutor, connectionId: bigint): Promise<void> {
  await executor.run(killQueryStatement(connectionId));
}

export function killQueryStatement(connectionId: bigint): string {
  return `KILL QUERY ${connectionId.toString()}`;
}
