// Splits a MySQL protocol byte stream into packet payloads (3-byte length, 1-byte sequence id);
// payloads of 0xffffff bytes continue in the next packet and are joined.

const MAX_PAYLOAD = 0xffffff;

/** Called once per packet; the payload is data[start, start + length). Valid only during the call. */
export type PacketHandler = (data: Buffer, start: number, length: number, sequenceId: number) => void;

export class PacketFraming {
  /**
   * While true, row packets of a result set (any packet that is not EOF/OK 0xfe or ERR 0xff) are
   * only counted in `rows`, without a call per packet: a range SELECT brings a hundred of them.
   */
  countRows = false;
  rows = 0;
  private pending: Buffer | undefined;
  private continued: Buffer[] | undefined;

  constructor(private readonly onPacket: PacketHandler) {}

  /** Feeds `length` bytes of `chunk`; the chunk may be reused by the caller after the call. */
  push(chunk: Buffer, length = chunk.length): void {
    let data = chunk;
    let end = length;
    if (this.pending !== undefined) {
      data = Buffer.concat([this.pending, chunk.subarray(0, length)]);
      end = data.length;
      this.pending = undefined;
    }
    let pos = 0;
    while (end - pos >= 4) {
      const length = data[pos] | (data[pos + 1] << 8) | (data[pos + 2] << 16);
      if (end - pos - 4 < length) break;
      const sequenceId = data[pos + 3];
      const start = pos + 4;
      pos = start + length;
      if (length === MAX_PAYLOAD || this.continued !== undefined) {
        (this.continued ??= []).push(Buffer.from(data.subarray(start, start + length)));
        if (length === MAX_PAYLOAD) continue;
        const whole = Buffer.concat(this.continued);
        this.continued = undefined;
        this.onPacket(whole, 0, whole.length, sequenceId);
        continue;
      }
      if (this.countRows && data[start] !== 0xfe && data[start] !== 0xff) {
        this.rows++;
        continue;
      }
      this.onPacket(data, start, length, sequenceId);
    }
    if (pos < end) this.pending = Buffer.from(data.subarray(pos, end));
  }

  reset(): void {
    this.pending = undefined;
    this.continued = undefined;
  }
}

/** Writes the 4-byte header for a payload of `length` bytes into `buffer` at `offset`. */
export function writePacketHeader(buffer: Buffer, offset: number, length: number, sequenceId: number): void {
  buffer[offset] = length & 0xff;
  buffer[offset + 1] = (length >> 8) & 0xff;
  buffer[offset + 2] = (length >> 16) & 0xff;
  buffer[offset + 3] = sequenceId & 0xff;
}

export function readLengthEncodedInteger(buffer: Buffer, pos: number): { value: number; size: number } {
  const first = buffer[pos];
  if (first < 0xfb) return { value: first, size: 1 };
  if (first === 0xfc) return { value: buffer[pos + 1] | (buffer[pos + 2] << 8), size: 3 };
  if (first === 0xfd) return { value: buffer[pos + 1] | (buffer[pos + 2] << 8) | (buffer[pos + 3] << 16), size: 4 };
  if (first === 0xfe) return { value: Number(buffer.readBigUInt64LE(pos + 1)), size: 9 };
  return { value: 0, size: 1 };
}

export function lengthEncodedSize(value: number): number {
  if (value < 0xfb) return 1;
  if (value <= 0xffff) return 3;
  if (value <= 0xffffff) return 4;
  return 9;
}

export function writeLengthEncodedInteger(buffer: Buffer, pos: number, value: number): number {
  if (value < 0xfb) {
    buffer[pos] = value;
    return 1;
  }
  if (value <= 0xffff) {
    buffer[pos] = 0xfc;
    buffer.writeUInt16LE(value, pos + 1);
    return 3;
  }
  if (value <= 0xffffff) {
    buffer[pos] = 0xfd;
    buffer.writeUIntLE(value, pos + 1, 3);
    return 4;
  }
  buffer[pos] = 0xfe;
  buffer.writeBigUInt64LE(BigInt(value), pos + 1);
  return 9;
}
