// The server's max_allowed_packet in words: a statement larger than it is refused by the server
// (error 1153, after which MySQL and MariaDB close the connection), and the bare server text
// "Got a packet bigger than 'max_allowed_packet' bytes" says neither how big the statement was nor
// what to change.

export const ER_NET_PACKET_TOO_LARGE = 1153;

const MIB = 1024 * 1024;

export function formatPacketBytes(bytes: number): string {
  if (bytes >= MIB) return `${(bytes / MIB).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

/** The smallest max_allowed_packet (a multiple of 1 MiB, as servers round it) that admits `statementBytes`. */
export function maxAllowedPacketFor(statementBytes: number): number {
  return Math.ceil((statementBytes + 1024) / MIB) * MIB;
}

/** What to tell a user whose statement of `statementBytes` is over (or was refused for) the limit. */
export function packetTooLargeWords(statementBytes: number, maxAllowedPacket?: number): string {
  const limit =
    maxAllowedPacket === undefined
      ? "the server's max_allowed_packet"
      : `the server's max_allowed_packet of ${formatPacketBytes(maxAllowedPacket)} (${maxAllowedPacket} bytes)`;
  return `The statement is ${formatPacketBytes(statementBytes)}, larger than ${limit}. Send fewer rows per statement, or raise the limit: SET GLOBAL max_allowed_packet = ${maxAllowedPacketFor(statementBytes)} (new connections get it).`;
}

export function isPacketTooLarge(errno: number | undefined, message: string): boolean {
  return errno === ER_NET_PACKET_TOO_LARGE || /Got a packet bigger than/i.test(message);
}
