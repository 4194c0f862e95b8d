// The MySQL handshake packets the credential relay reads and writes (protocol 10 greeting,
// HandshakeResponse41, OK/ERR, auth switch), and a small reader that cuts a byte stream into
// packets while the handshake lasts (its packets are small: never the 16 MB continuation case).
import { readLengthEncodedInteger, writeLengthEncodedInteger, lengthEncodedSize } from '../mysqlWire/packetFraming';

export const CLIENT_CONNECT_WITH_DB = 0x8;
export const CLIENT_COMPRESS = 0x20;
export const CLIENT_PROTOCOL_41 = 0x200;
export const CLIENT_SSL = 0x800;
export const CLIENT_SECURE_CONNECTION = 0x8000;
export const CLIENT_PLUGIN_AUTH = 0x80000;
export const CLIENT_CONNECT_ATTRS = 0x100000;
export const CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA = 0x200000;

export interface Greeting {
  serverVersion: string;
  connectionId: number;
  /** the 20-byte nonce (both parts, without the trailing NUL) */
  scramble: Buffer;
  capabilities: number;
  charset: number;
  status: number;
  /** the 10 reserved bytes (MariaDB keeps its extended capabilities in the last 4) */
  reserved: Buffer;
  plugin: string;
}

export interface HandshakeResponse {
  capabilities: number;
  maxPacket: number;
  charset: number;
  /** the 23 filler bytes (MariaDB's extended capabilities in the last 4) */
  filler: Buffer;
  user: string;
  authResponse: Buffer;
  database?: string;
  plugin?: string;
}

export function parseGreeting(payload: Buffer): Greeting | undefined {
  if (payload[0] !== 0x0a) return undefined;
  const versionEnd = payload.indexOf(0, 1);
  if (versionEnd < 0 || payload.length < versionEnd + 32) return undefined;
  let pos = versionEnd + 1;
  const connectionId = payload.readUInt32LE(pos);
  pos += 4;
  const part1 = payload.subarray(pos, pos + 8);
  pos += 9;
  let capabilities = payload.readUInt16LE(pos);
  pos += 2;
  const charset = payload[pos];
  const status = payload.readUInt16LE(pos + 1);
  capabilities |= payload.readUInt16LE(pos + 3) << 16;
  capabilities >>>= 0;
  const authLength = payload[pos + 5];
  const reserved = Buffer.from(payload.subarray(pos + 6, pos + 16));
  pos += 16;
  const part2Length = Math.max(13, authLength - 8);
  let part2 = payload.subarray(pos, Math.min(payload.length, pos + part2Length));
  pos += part2Length;
  if (part2[part2.length - 1] === 0) part2 = part2.subarray(0, part2.length - 1);
  let plugin = '';
  if (pos < payload.length) {
    const end = payload.indexOf(0, pos);
    plugin = payload.toString('latin1', pos, end < 0 ? payload.length : end);
  }
  return {
    serverVersion: payload.toString('latin1', 1, versionEnd),
    connectionId,
    scramble: Buffer.concat([part1, part2]),
    capabilities,
    charset,
    status,
    reserved,
    plugin: plugin || 'mysql_native_password',
  };
}

export function greetingPayload(greeting: Greeting): Buffer {
  const version = Buffer.from(`${greeting.serverVersion}\0`, 'latin1');
  const fixed = Buffer.alloc(4 + 8 + 1 + 2 + 1 + 2 + 2 + 1 + 10);
  let pos = 0;
  fixed.writeUInt32LE(greeting.connectionId >>> 0, pos);
  pos += 4;
  greeting.scramble.copy(fixed, pos, 0, 8);
  pos += 9;
  fixed.writeUInt16LE(greeting.capabilities & 0xffff, pos);
  pos += 2;
  fixed[pos++] = greeting.charset;
  fixed.writeUInt16LE(greeting.status, pos);
  pos += 2;
  fixed.writeUInt16LE((greeting.capabilities >>> 16) & 0xffff, pos);
  pos += 2;
  fixed[pos++] = greeting.scramble.length + 1;
  greeting.reserved.copy(fixed, pos, 0, 10);
  return Buffer.concat([
    Buffer.from([0x0a]),
    version,
    fixed,
    greeting.scramble.subarray(8),
    Buffer.from([0]),
    Buffer.from(`${greeting.plugin}\0`, 'latin1'),
  ]);
}

export function parseHandshakeResponse(payload: Buffer): HandshakeResponse | undefined {
  if (payload.length < 32) return undefined;
  const capabilities = payload.readUInt32LE(0) >>> 0;
  const response: HandshakeResponse = {
    capabilities,
    maxPacket: payload.readUInt32LE(4),
    charset: payload[8],
    filler: Buffer.from(payload.subarray(9, 32)),
    user: '',
    authResponse: Buffer.alloc(0),
  };
  if (payload.length === 32) return response; // an SSLRequest
  let pos = 32;
  const userEnd = payload.indexOf(0, pos);
  if (userEnd < 0) return undefined;
  response.user = payload.toString('utf8', pos, userEnd);
  pos = userEnd + 1;
  if (capabilities & CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA) {
    const { value, size } = readLengthEncodedInteger(payload, pos);
    pos += size;
    response.authResponse = Buffer.from(payload.subarray(pos, pos + value));
    pos += value;
  } else if (capabilities & CLIENT_SECURE_CONNECTION) {
    const length = payload[pos++] ?? 0;
    response.authResponse = Buffer.from(payload.subarray(pos, pos + length));
    pos += length;
  } else {
    const end = payload.indexOf(0, pos);
    response.authResponse = Buffer.from(payload.subarray(pos, end < 0 ? payload.length : end));
    pos = end < 0 ? payload.length : end + 1;
  }
  if (pos > payload.length) return undefined;
  if (capabilities & CLIENT_CONNECT_WITH_DB && pos < payload.length) {
    const end = payload.indexOf(0, pos);
    response.database = payload.toString('utf8', pos, end < 0 ? payload.length : end);
    pos = end < 0 ? payload.length : end + 1;
  }
  if (capabilities & CLIENT_PLUGIN_AUTH && pos < payload.length) {
    const end = payload.indexOf(0, pos);
    response.plugin = payload.toString('latin1', pos, end < 0 ? payload.length : end);
  }
  return response;
}

/** The 32 bytes an SSLRequest and a HandshakeResponse41 begin with. */
export function capabilityPrefix(response: Pick<HandshakeResponse, 'capabilities' | 'maxPacket' | 'charset' | 'filler'>): Buffer {
  const prefix = Buffer.alloc(32);
  prefix.writeUInt32LE(response.capabilities >>> 0, 0);
  prefix.writeUInt32LE(response.maxPacket >>> 0, 4);
  prefix[8] = response.charset;
  response.filler.copy(prefix, 9, 0, 23);
  return prefix;
}

/** HandshakeResponse41 without connection attributes. */
export function handshakeResponsePayload(response: HandshakeResponse): Buffer {
  const parts: Buffer[] = [capabilityPrefix(response), Buffer.from(`${response.user}\0`, 'utf8')];
  if (response.capabilities & CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA) {
    const size = Buffer.alloc(lengthEncodedSize(response.authResponse.length));
    writeLengthEncodedInteger(size, 0, response.authResponse.length);
    parts.push(size, response.authResponse);
  } else {
    parts.push(Buffer.from([response.authResponse.length]), response.authResponse);
  }
  if (response.capabilities & CLIENT_CONNECT_WITH_DB) parts.push(Buffer.from(`${response.database ?? ''}\0`, 'utf8'));
  if (response.capabilities & CLIENT_PLUGIN_AUTH) parts.push(Buffer.from(`${response.plugin ?? ''}\0`, 'latin1'));
  return Buffer.concat(parts);
}

export function errorPayload(errno: number, sqlState: string, message: string): Buffer {
  const head = Buffer.alloc(3);
  head[0] = 0xff;
  head.writeUInt16LE(errno, 1);
  return Buffer.concat([head, Buffer.from(`#${sqlState}`, 'latin1'), Buffer.from(message, 'utf8')]);
}

/** "errno (sqlstate): message" of an ERR packet's payload. */
export function errorText(payload: Buffer): string {
  if (payload[0] !== 0xff || payload.length < 3) return 'a malformed error packet';
  const errno = payload.readUInt16LE(1);
  const hasState = payload[3] === 0x23;
  const state = hasState ? payload.toString('latin1', 4, 9) : '';
  const message = payload.toString('utf8', hasState ? 9 : 3);
  return `${errno}${state ? ` (${state})` : ''}: ${message}`;
}

export function authSwitchPayload(plugin: string, scramble: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0xfe]), Buffer.from(`${plugin}\0`, 'latin1'), scramble, Buffer.from([0])]);
}

export function packet(payload: Buffer, sequenceId: number): Buffer {
  const header = Buffer.alloc(4);
  header.writeUIntLE(payload.length, 0, 3);
  header[3] = sequenceId & 0xff;
  return Buffer.concat([header, payload]);
}

/** Cuts the handshake's bytes into packets; `rest()` hands back what came after the last one taken. */
/**
 * Handshake packets are small (a greeting, a login, an auth switch, an RSA key: a few hundred bytes
 * each). A peer that announces more is not speaking the handshake, and its bytes are not buffered.
 */
export const MAX_HANDSHAKE_PACKET_BYTES = 64 * 1024;

export class HandshakeReader {
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (packet: { payload: Buffer; sequenceId: number }) => void; reject: (error: Error) => void } | undefined;
  private error: Error | undefined;

  constructor(private readonly maxPacketBytes = MAX_HANDSHAKE_PACKET_BYTES) {}

  push(chunk: Buffer): void {
    if (this.error !== undefined) return;
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    this.deliver();
  }

  /** Resolves with the next packet; rejects when the peer announced a packet larger than a handshake's. */
  next(): Promise<{ payload: Buffer; sequenceId: number }> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.deliver();
    });
  }

  rest(): Buffer {
    const rest = this.buffered;
    this.buffered = Buffer.alloc(0);
    return rest;
  }

  private deliver(): void {
    const length = this.buffered.length >= 4 ? this.buffered.readUIntLE(0, 3) : 0;
    if (length > this.maxPacketBytes && this.error === undefined) {
      this.error = new Error(`a handshake packet of ${length} bytes (at most ${this.maxPacketBytes} expected): not a MySQL handshake`);
      this.buffered = Buffer.alloc(0);
    }
    const waiting = this.waiting;
    if (waiting === undefined) return;
    if (this.error !== undefined) {
      this.waiting = undefined;
      waiting.reject(this.error);
      return;
    }
    if (this.buffered.length < 4 || this.buffered.length < 4 + length) return;
    const payload = Buffer.from(this.buffered.subarray(4, 4 + length));
    const sequenceId = this.buffered[3];
    this.buffered = this.buffered.subarray(4 + length);
    this.waiting = undefined;
    waiting.resolve({ payload, sequenceId });
  }
}
