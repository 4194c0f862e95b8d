// The bounds on the size of a packet a server sends, and a reader that enforces them on a byte
// stream another parser consumes (mysql2's): it follows only the 4-byte packet headers, skipping
// the payloads, so it keeps no bytes and costs nothing per packet beyond the header.

/** A server's max_allowed_packet cannot be set above 1 GiB, so no packet is larger. */
export const PROTOCOL_MAX_PACKET = 0x40000000;

/**
 * The largest packet a client accepts after the handshake unless told otherwise: MySQL 8's default
 * max_allowed_packet (the mysql client's own default is 16 MiB). A server that sends more is
 * answered with a protocol error instead of the memory its packet announces.
 */
export const DEFAULT_MAX_ALLOWED_PACKET = 64 * 1024 * 1024;

/**
 * The largest packet accepted before the handshake is done. A greeting, an auth switch or an RSA
 * public key is a few hundred bytes; a server announcing more is not a MySQL server.
 */
export const HANDSHAKE_MAX_PACKET = 64 * 1024;

const MAX_PAYLOAD = 0xffffff;

/** The words of the error for a packet over the limit. */
export function oversizePacketMessage(size: number, limit: number, handshake: boolean): string {
  return handshake
    ? `the server announced a packet of ${size} bytes during the handshake, more than the ${limit} bytes a handshake packet may have`
    : `the server announced a packet of ${size} bytes, more than the ${limit} bytes allowed (max_allowed_packet)`;
}

export class PacketSizeWatcher {
  private header = Buffer.alloc(4);
  private headerFilled = 0;
  /** payload bytes of the current packet still to come */
  private skipping = 0;
  /** payload bytes of the packets of 0xffffff bytes that the current one continues */
  private continued = 0;
  private stopped = false;
  private handshake = true;

  constructor(
    /** the largest payload (continuations joined) accepted */
    private limit: number,
    private readonly onOversize: (message: string, size: number) => void,
  ) {}

  /** whether the handshake limit still applies */
  get inHandshake(): boolean {
    return this.handshake;
  }

  /** From now on packets may be as large as `limit`. */
  handshakeDone(limit: number): void {
    this.handshake = false;
    this.limit = limit;
  }

  push(chunk: Buffer): void {
    let pos = 0;
    while (!this.stopped && pos < chunk.length) {
      if (this.skipping > 0) {
        const taken = Math.min(this.skipping, chunk.length - pos);
        this.skipping -= taken;
        pos += taken;
        continue;
      }
      this.header[this.headerFilled++] = chunk[pos++];
      if (this.headerFilled < 4) continue;
      this.headerFilled = 0;
      const length = this.header[0] | (this.header[1] << 8) | (this.header[2] << 16);
      const size = this.continued + length;
      if (size > this.limit) {
        this.stopped = true;
        this.onOversize(oversizePacketMessage(size, this.limit, this.handshake), size);
        return;
      }
      this.continued = length === MAX_PAYLOAD ? size : 0;
      this.skipping = length;
    }
  }
}
