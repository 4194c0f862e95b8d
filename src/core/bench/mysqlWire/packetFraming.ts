// Splits a MySQL protocol byte stream into packet payloads (3-byte length, 1-byte sequence id);
// payloads of 0xffffff bytes continue in the next packet and are joined.
import { PROTOCOL_MAX_PACKET } from './packetSizeWatcher';

/** The largest payload one packet carries; a payload of exactly this size continues in the next. */
export const MAX_PAYLOAD = 0xffffff;

/** Called once per packet; the payload is data[start, start + length). Valid only during the call. */
export type PacketHandler = (data: Buffer, start: number, length: number, sequenceId: number) => void;

/** Called, instead of the handler, for a packet whose sequence id is not the one expected. */
export type SequenceMismatchHandler = (got: number, expected: number) => void;

/** Called, instead of the handler, for a packet larger than `limit` (`size` counts what its headers announced). */
export type OversizeHandler = (size: number, limit: number) => void;

export class PacketFraming {
  /**
   * While true, row packets of a result set (any packet that is not EOF/OK 0xfe or ERR 0xff) are
   * only counted in `rows`, without a call per packet: a range SELECT brings a hundred of them.
   */
  countRows = false;
  rows = 0;
  /**
   * The sequence id the next packet must carry, or -1 for any (between commands, when a server may
   * send an unasked-for error before closing). Every packet, continuation and row alike, is checked.
   */
  nextSequence = -1;
  /**
   * The largest payload (continuations joined) accepted: a longer one is refused from its length
   * header, before any of it is buffered, so a server announcing a huge packet costs no memory.
   */
  maxPacket = PROTOCOL_MAX_PACKET;
  /** an incomplete packet, header included: allocated whole once its header is known */
  private partial: Buffer | undefined;
  private partialFilled = 0;
  private continued: Buffer[] | undefined;
  private continuedBytes = 0;
  private stopped = false;

  constructor(
    private readonly onPacket: PacketHandler,
    private readonly onSequenceMismatch: SequenceMismatchHandler = () => undefined,
    private readonly onOversize: OversizeHandler = () => undefined,
  ) {}

  /** Feeds `length` bytes of `chunk`; the chunk may be reused by the caller after the call. */
  push(chunk: Buffer, length = chunk.length): void {
    if (this.stopped) return;
    const partial = this.partial;
    if (partial === undefined) {
      this.scan(chunk, 0, length);
      return;
    }
    if (partial.length < 4) {
      // a header cut short: a few bytes, joined
      this.partial = undefined;
      const data = Buffer.concat([partial, chunk.subarray(0, length)]);
      this.scan(data, 0, data.length);
      return;
    }
    const taken = Math.min(partial.length - this.partialFilled, length);
    chunk.copy(partial, this.partialFilled, 0, taken);
    this.partialFilled += taken;
    if (this.partialFilled < partial.length) return;
    this.partial = undefined;
    if (this.scan(partial, 0, partial.length)) this.scan(chunk, taken, length);
  }

  /** Handles the packets in data[pos, end) and keeps an incomplete last one; false when it stopped on an error. */
  private scan(data: Buffer, pos: number, end: number): boolean {
    while (end - pos >= 4 && !this.stopped) {
      const length = data[pos] | (data[pos + 1] << 8) | (data[pos + 2] << 16);
      if (length > this.maxPacket - this.continuedBytes) {
        // its bytes cannot be skipped without reading them: the framing is over
        const size = this.continuedBytes + length;
        this.stop();
        this.onOversize(size, this.maxPacket);
        return false;
      }
      if (end - pos - 4 < length) break;
      const sequenceId = data[pos + 3];
      if (this.nextSequence >= 0) {
        if (sequenceId !== this.nextSequence) {
          this.reset();
          this.onSequenceMismatch(sequenceId, this.nextSequence);
          return false;
        }
        this.nextSequence = (sequenceId + 1) & 0xff;
      }
      const start = pos + 4;
      pos = start + length;
      if (length === MAX_PAYLOAD || this.continued !== undefined) {
        (this.continued ??= []).push(Buffer.from(data.subarray(start, start + length)));
        this.continuedBytes += length;
        if (length === MAX_PAYLOAD) continue;
        const whole = Buffer.concat(this.continued);
        this.continued = undefined;
        this.continuedBytes = 0;
        this.onPacket(whole, 0, whole.length, sequenceId);
        continue;
      }
      if (this.countRows && data[start] !== 0xfe && data[start] !== 0xff) {
        this.rows++;
        continue;
      }
      this.onPacket(data, start, length, sequenceId);
    }
    if (this.stopped) return false;
    if (pos < end) {
      if (end - pos < 4) {
        this.partial = Buffer.from(data.subarray(pos, end));
      } else {
        const length = data[pos] | (data[pos + 1] << 8) | (data[pos + 2] << 16);
        this.partial = Buffer.allocUnsafe(4 + length);
        this.partialFilled = data.copy(this.partial, 0, pos, end);
      }
    }
    return true;
  }

  /** Drops what is buffered and ignores every byte from now on (the connection is over). */
  stop(): void {
    this.reset();
    this.stopped = true;
  }

  reset(): void {
    this.partial = undefined;
    this.partialFilled = 0;
    this.continued = undefined;
    this.continuedBytes = 0;
  }
}

/** Writes the 4-byte header for a payload of `length` bytes into `buffer` at `offset`. */
export function writePacketHeader(buffer: Buffer, offset: number, length: number, sequenceId: number): void {
  buffer[offset] = length & 0xff;
  buffer[offset + 1] = (length >> 8) & 0xff;
  buffer[offset + 2] = (length >> 16) & 0xff;
  buffer[offset + 3] = sequenceId & 0xff;
}

/**
 * A length-encoded integer that must lie within data[pos, end): throws MalformedPacket for 0xfb
 * (NULL) and 0xff (not an integer) and for one that runs past the end.
 */
export function readBoundedLengthEncodedInteger(buffer: Buffer, pos: number, end: number, what: string): { value: number; size: number } {
  if (pos >= end) throw new MalformedPacket(`${what} is missing`);
  const first = buffer[pos];
  if (first === 0xfb || first === 0xff)
    throw new MalformedPacket(`${what} starts with 0x${first.toString(16)}, which is not a length-encoded integer`);
  const size = first < 0xfb ? 1 : first === 0xfc ? 3 : first === 0xfd ? 4 : 9;
  if (pos + size > end) throw new MalformedPacket(`${what} needs ${size} bytes, the packet has ${end - pos} left`);
  const result = readLengthEncodedInteger(buffer, pos);
  if (!Number.isSafeInteger(result.value)) throw new MalformedPacket(`${what} is too large (${result.value})`);
  return result;
}

/** A server packet that does not follow the protocol; `message` says what was wrong with it. */
export class MalformedPacket extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedPacket';
  }
}

/**
 * A payload as the packets MySQL wants: chunks of 0xffffff bytes, then a shorter one (empty when
 * the payload is a multiple of 0xffffff), with consecutive sequence ids from `firstSequence`.
 */
export function splitIntoPackets(payload: Buffer, firstSequence: number): { bytes: Buffer; count: number } {
  const count = Math.floor(payload.length / MAX_PAYLOAD) + 1;
  const bytes = Buffer.allocUnsafe(payload.length + 4 * count);
  let from = 0;
  let to = 0;
  for (let i = 0; i < count; i++) {
    const size = Math.min(MAX_PAYLOAD, payload.length - from);
    writePacketHeader(bytes, to, size, firstSequence + i);
    payload.copy(bytes, to + 4, from, from + size);
    from += size;
    to += 4 + size;
  }
  return { bytes, count };
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
