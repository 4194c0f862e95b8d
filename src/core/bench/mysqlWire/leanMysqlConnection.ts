// A minimal MySQL client for the benchmark's hot path: text queries, server-side prepared
// statements (COM_STMT_PREPARE / COM_STMT_EXECUTE in the binary protocol) and nothing else. It
// reads only what a benchmark counts (result set or affected rows) and skips row contents, so a
// statement costs a few microseconds of client CPU instead of mysql2's tens. Like libmysqlclient
// (and unlike mysql2) it does not ask for CLIENT_FOUND_ROWS, so affected rows are changed rows,
// which is what sysbench's read/write/other counting sees.
import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { connect as connectTls, type TLSSocket } from 'node:tls';
import { writeSync } from 'node:fs';
import {
  MAX_PAYLOAD,
  MalformedPacket,
  PacketFraming,
  lengthEncodedSize,
  splitIntoPackets,
  readBoundedLengthEncodedInteger,
  readLengthEncodedInteger,
  writeLengthEncodedInteger,
  writePacketHeader,
} from './packetFraming';
import {
  CACHING_SHA2_PASSWORD,
  SHA256_PASSWORD,
  clearPasswordResponse,
  initialAuthResponse,
  rsaPasswordResponse,
} from './mysqlAuthentication';
import {
  CR_AUTH_PLUGIN_CANNOT_LOAD,
  CR_MALFORMED_PACKET,
  CR_SSL_CONNECTION_ERROR,
  MysqlError,
  cannotConnectError,
  connectionLostError,
  serverGoneError,
} from './mysqlClientError';
import { isPacketTooLarge, packetTooLargeWords } from './packetLimit';
import { DEFAULT_MAX_ALLOWED_PACKET, HANDSHAKE_MAX_PACKET, PROTOCOL_MAX_PACKET, oversizePacketMessage } from './packetSizeWatcher';
import { BlockingReader, takeBlockingDescriptor, type ReadGate } from './blockingReader';

// Taken from node:fs once: its exports object is in dictionary mode, and `fs.writeSync` read per
// statement (as the bundle would) is a generic property lookup on the hot path.
const writeDescriptor = writeSync;

export type LeanTlsMode = 'preferred' | 'required' | 'verify_ca' | 'verify_identity';

export interface LeanTlsOptions {
  mode: LeanTlsMode;
  ca?: string | Buffer;
  cert?: string | Buffer;
  key?: string | Buffer;
  ciphers?: string;
}

export interface LeanConnectOptions {
  host: string;
  port: number;
  /** a Unix socket to use instead of host and port */
  socketPath?: string;
  user: string;
  password: string;
  database?: string;
  tls?: LeanTlsOptions;
  /** for the TCP connection and the whole handshake [10 s] */
  connectTimeoutMs?: number;
  /**
   * The largest packet the server may send after the handshake [64 MiB, MySQL 8's
   * max_allowed_packet]; a longer one ends the connection from its length header.
   */
  maxAllowedPacket?: number;
  /**
   * After the handshake, read answers with blocking read(2) calls (blockingReader.ts) instead of
   * the event loop: for a thread that carries one connection. Plain TCP and Unix sockets only; a
   * TLS connection stays evented.
   */
  blocking?: boolean;
  /** told around each blocking read (not sent between threads: set where the connection is made) */
  readGate?: ReadGate;
}

export type ParamValue = number | string | Uint8Array | null;

/** What execute() and query() resolve to when the statement returned a result set. */
export const RESULT_SET = -1;

export class PreparedStatement {
  /** the parameter types the server last received for this statement */
  boundTypes: Uint8Array | undefined;

  constructor(
    readonly id: number,
    readonly sql: string,
    readonly paramCount: number,
    readonly columnCount: number,
  ) {}
}

const CLIENT_LONG_PASSWORD = 0x1;
const CLIENT_LONG_FLAG = 0x4;
const CLIENT_CONNECT_WITH_DB = 0x8;
const CLIENT_PROTOCOL_41 = 0x200;
const CLIENT_SSL = 0x800;
const CLIENT_TRANSACTIONS = 0x2000;
const CLIENT_SECURE_CONNECTION = 0x8000;
const CLIENT_MULTI_STATEMENTS = 0x10000;
const CLIENT_MULTI_RESULTS = 0x20000;
const CLIENT_PS_MULTI_RESULTS = 0x40000;
const CLIENT_PLUGIN_AUTH = 0x80000;
const CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA = 0x200000;
const CLIENT_DEPRECATE_EOF = 0x1000000;

const WANTED_CAPABILITIES =
  CLIENT_LONG_PASSWORD |
  CLIENT_LONG_FLAG |
  CLIENT_PROTOCOL_41 |
  CLIENT_TRANSACTIONS |
  CLIENT_SECURE_CONNECTION |
  CLIENT_MULTI_STATEMENTS |
  CLIENT_MULTI_RESULTS |
  CLIENT_PS_MULTI_RESULTS |
  CLIENT_PLUGIN_AUTH |
  CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA |
  CLIENT_DEPRECATE_EOF;

const UTF8MB4_GENERAL_CI = 45;
const READ_BUFFER_SIZE = 64 * 1024;
const SERVER_MORE_RESULTS_EXISTS = 0x0008;

const COM_QUIT = 0x01;
const COM_QUERY = 0x03;
const COM_PING = 0x0e;
const COM_STMT_PREPARE = 0x16;
const COM_STMT_EXECUTE = 0x17;
const COM_STMT_CLOSE = 0x19;

const TYPE_LONG = 0x03;
const TYPE_LONGLONG = 0x08;
const TYPE_STRING = 0xfe;

// Response parsing states
const IDLE = 0;
const FIRST = 1;
const COLUMNS = 2;
const COLUMNS_EOF = 3;
const ROWS = 4;
const PREPARE_FIRST = 5;
const PREPARE_DEFINITIONS = 6;

/**
 * How a command ends: an error, or RESULT_SET / the affected rows. Called once, from the socket's
 * read (never from inside the call that sent the command).
 */
export type CommandCallback = (error: MysqlError | undefined, outcome: number) => void;

export class LeanMysqlConnection {
  /** rows in the last result set (0 for statements without one) */
  lastRowCount = 0;
  serverVersion = '';
  connectionId = 0;

  private socket: Socket | TLSSocket;
  private readonly framing: PacketFraming;
  private capabilities = 0;
  private outgoing: Buffer = Buffer.allocUnsafe(16 * 1024);
  private lastView: Buffer | undefined;
  /** scratch space for the parameter types of the statement being executed */
  private types = new Uint8Array(64);
  private state = IDLE;
  private remaining = 0;
  private outcome = 0;
  private outcomeKnown = false;
  private callback: CommandCallback | undefined;
  private preparing: { sql: string; id: number; params: number; columns: number } | undefined;
  private prepareResolve: ((statement: PreparedStatement) => void) | undefined;
  private handshakeHandler: ((data: Buffer, start: number, length: number, sequenceId: number) => void) | undefined;
  /** ends connect() with an error while the handshake is under way */
  private handshakeFailure: ((error: MysqlError) => void) | undefined;
  /** queryValue() is waiting for its row: rows come to onPacket instead of being only counted */
  private capture: { value: string | null } | undefined;
  /** the payload bytes of the command being answered, for the words of a packet-too-large error */
  private sentBytes = 0;
  private closed = false;
  private blockingReader: BlockingReader | undefined;
  private closeError: MysqlError | undefined;
  private readonly closeWaiters: Array<() => void> = [];

  private constructor(
    private readonly options: LeanConnectOptions,
    socket: Socket,
  ) {
    this.socket = socket;
    this.framing = new PacketFraming(
      (data, start, length, sequenceId) => this.onPacketChecked(data, start, length, sequenceId),
      (got, expected) => this.malformed(`packet sequence id ${got} where ${expected} was due`),
      (size, limit) => this.malformed(oversizePacketMessage(size, limit, this.handshakeHandler !== undefined)),
    );
    this.framing.nextSequence = 0;
    this.framing.maxPacket = HANDSHAKE_MAX_PACKET;
  }

  private get maxAllowedPacket(): number {
    return Math.min(this.options.maxAllowedPacket ?? DEFAULT_MAX_ALLOWED_PACKET, PROTOCOL_MAX_PACKET);
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  get isBusy(): boolean {
    return this.state !== IDLE;
  }

  /** answers are read with blocking reads (LeanConnectOptions.blocking took effect) */
  get isBlocking(): boolean {
    return this.blockingReader !== undefined;
  }

  get isSecure(): boolean {
    return 'encrypted' in this.socket && this.socket.encrypted === true;
  }

  static connect(options: LeanConnectOptions): Promise<LeanMysqlConnection> {
    return new Promise((resolve, reject) => {
      const holder: { connection?: LeanMysqlConnection } = {};
      const readBuffer = Buffer.allocUnsafe(READ_BUFFER_SIZE);
      // onread hands every read to us in one reused buffer, skipping the stream machinery
      // (and a Buffer allocation per read) that 'data' events cost.
      const onread = {
        buffer: readBuffer,
        callback: (bytes: number) => {
          holder.connection?.framing.push(readBuffer, bytes);
          return true;
        },
      };
      // TLS cannot be layered over a socket that reads with onread (Node aborts), so a connection
      // that may upgrade reads with 'data' events.
      const readOption = options.tls ? {} : { onread };
      const socket = options.socketPath
        ? connectTcp({ path: options.socketPath, ...readOption })
        : connectTcp({ host: options.host, port: options.port, noDelay: true, ...readOption });
      const connection = new LeanMysqlConnection(options, socket);
      holder.connection = connection;
      const timeoutMs = options.connectTimeoutMs ?? 10_000;
      let settled = false;
      const timer = setTimeout(() => {
        fail(cannotConnectError(options.host, options.port, `no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      const fail = (error: MysqlError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        connection.destroy();
        reject(error);
      };
      const succeed = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        connection.framing.maxPacket = connection.maxAllowedPacket;
        if (options.tls === undefined) connection.directFd = socketFd(socket);
        if (options.tls === undefined && options.blocking) connection.readBlocking(socket);
        resolve(connection);
      };
      socket.once('error', (error: NodeJS.ErrnoException) => {
        fail(
          socket.connecting || connection.serverVersion === ''
            ? cannotConnectError(options.host, options.port, error.code ?? error.message)
            : connectionLostError(options.host, options.port, error.code ?? error.message),
        );
      });
      connection.attachSocket(socket, options.tls !== undefined);
      connection.handshakeHandler = connection.createHandshake(succeed, fail);
      connection.handshakeFailure = fail;
    });
  }

  /** Runs a text query; resolves to RESULT_SET or the number of affected rows. */
  query(sql: string): Promise<number> {
    return settled((callback) => this.queryWith(sql, callback));
  }

  /** query() for the hot path: no promise, the outcome goes to the callback. */
  queryWith(sql: string, callback: CommandCallback): void {
    // textCommand() may grow (replace) the outgoing buffer, so it runs before the buffer is read
    const length = this.textCommand(COM_QUERY, sql);
    this.send(this.outgoing, length, FIRST, callback);
  }

  /**
   * The first column of the first row of a text query, as text (null for NULL or no row). Off the
   * hot path: for one-off reads such as CONNECTION_ID(), whose 64-bit TiDB value the handshake's
   * 4-byte id cannot hold.
   */
  async queryValue(sql: string): Promise<string | null> {
    const capture: { value: string | null } = { value: null };
    this.capture = capture;
    try {
      await this.query(sql);
    } finally {
      this.capture = undefined;
    }
    return capture.value;
  }

  ping(): Promise<number> {
    const buffer = this.outgoingBuffer(5);
    writePacketHeader(buffer, 0, 1, 0);
    buffer[4] = COM_PING;
    return settled((callback) => this.send(buffer, 5, FIRST, callback));
  }

  prepare(sql: string): Promise<PreparedStatement> {
    const length = this.textCommand(COM_STMT_PREPARE, sql);
    this.preparing = { sql, id: 0, params: 0, columns: 0 };
    return new Promise<PreparedStatement>((resolve, reject) => {
      this.prepareResolve = resolve;
      this.send(this.outgoing, length, PREPARE_FIRST, (error) => {
        if (error !== undefined) reject(error);
      });
    });
  }

  /** Writes a command with SQL text into the outgoing buffer; returns the packet's length. */
  private textCommand(command: number, sql: string): number {
    const length = 1 + Buffer.byteLength(sql, 'utf8');
    const buffer = this.outgoingBuffer(4 + length);
    writePacketHeader(buffer, 0, length, 0);
    buffer[4] = command;
    buffer.write(sql, 5, 'utf8');
    return 4 + length;
  }

  /** Executes a prepared statement; resolves to RESULT_SET or the number of affected rows. */
  execute(statement: PreparedStatement, params: readonly ParamValue[]): Promise<number> {
    return settled((callback) => this.executeWith(statement, params, callback));
  }

  /** execute() for the hot path: no promise, the outcome goes to the callback. */
  executeWith(statement: PreparedStatement, params: readonly ParamValue[], callback: CommandCallback): void {
    const count = statement.paramCount;
    if (params.length !== count) {
      failLater(
        callback,
        new MysqlError(CR_MALFORMED_PACKET, `Statement needs ${count} parameters, got ${params.length}: ${statement.sql}`),
      );
      return;
    }
    if (this.types.length < count) this.types = new Uint8Array(count);
    const nullBytes = (count + 7) >> 3;
    // Like libmysqlclient, the types go to the server only when they differ from the last ones
    // it got for this statement (the first time, and when a value changes kind).
    let sendTypes = statement.boundTypes === undefined;
    let length = 10;
    if (count > 0) {
      for (let i = 0; i < count; i++) {
        const type = typeOf(params[i]);
        this.types[i] = type;
        if (!sendTypes && statement.boundTypes![i] !== type) sendTypes = true;
        length += encodedValueSize(params[i]);
      }
      length += nullBytes + 1 + (sendTypes ? 2 * count : 0);
    }
    const buffer = this.outgoingBuffer(4 + length);
    writePacketHeader(buffer, 0, length, 0);
    buffer[4] = COM_STMT_EXECUTE;
    writeUint32(buffer, 5, statement.id);
    buffer[9] = 0; // CURSOR_TYPE_NO_CURSOR
    writeUint32(buffer, 10, 1); // iteration count
    let pos = 14;
    if (count > 0) {
      // a loop: Buffer.fill costs more than it saves for a byte or two
      for (let i = 0; i < nullBytes; i++) buffer[pos + i] = 0;
      for (let i = 0; i < count; i++) {
        if (params[i] === null) buffer[pos + (i >> 3)] |= 1 << (i & 7);
      }
      pos += nullBytes;
      buffer[pos++] = sendTypes ? 1 : 0;
      if (sendTypes) {
        for (let i = 0; i < count; i++) {
          buffer[pos++] = this.types[i];
          buffer[pos++] = 0;
        }
        statement.boundTypes = this.types.slice(0, count);
      }
      for (let i = 0; i < count; i++) pos = writeValue(buffer, pos, params[i]);
    }
    this.send(buffer, pos, FIRST, callback);
  }

  /** Frees a prepared statement on the server (the protocol sends no answer). */
  closeStatement(statement: PreparedStatement): void {
    if (this.closed) return;
    const buffer = Buffer.allocUnsafe(9);
    writePacketHeader(buffer, 0, 5, 0);
    buffer[4] = COM_STMT_CLOSE;
    buffer.writeUInt32LE(statement.id, 5);
    this.writeToStream(buffer);
  }

  /** Says goodbye (COM_QUIT) and waits, at most waitMs, for the server to close the connection. */
  close(waitMs = 1000): Promise<void> {
    if (this.closed) return Promise.resolve();
    const closedPromise = new Promise<void>((resolve) => this.closeWaiters.push(resolve));
    if (this.blockingReader !== undefined) {
      // nothing reads the server's goodbye any more: COM_QUIT, then close, as libmysqlclient does
      this.blockingReader.end();
      if (this.state === IDLE) this.writeDirect(Buffer.from([1, 0, 0, 0, COM_QUIT]), 5);
      this.socket.destroy();
    } else if (this.state === IDLE) {
      const buffer = Buffer.allocUnsafe(5);
      writePacketHeader(buffer, 0, 1, 0);
      buffer[4] = COM_QUIT;
      this.socket.end(buffer);
    } else {
      this.socket.destroy();
    }
    const timer = setTimeout(() => this.destroy(), waitMs);
    return closedPromise.finally(() => clearTimeout(timer));
  }

  /** Drops the connection at once; a pending command fails with error 2013. */
  destroy(): void {
    this.blockingReader?.end();
    this.socket.destroy();
  }

  private attachSocket(socket: Socket | TLSSocket, dataEvents: boolean): void {
    if (dataEvents) socket.on('data', (chunk: Buffer) => this.framing.push(chunk));
    socket.on('close', () => this.onClose());
    socket.on('error', (error: NodeJS.ErrnoException) => {
      this.closeError ??= connectionLostError(this.options.host, this.options.port, error.code ?? error.message);
    });
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    this.framing.nextSequence = -1;
    if (this.handshakeHandler !== undefined) {
      this.handshakeHandler = undefined;
      this.handshakeFailure?.(this.closeError ?? connectionLostError(this.options.host, this.options.port, 'closed during the handshake'));
    }
    if (this.state !== IDLE) {
      this.fail(this.closeError ?? connectionLostError(this.options.host, this.options.port));
    }
    for (const waiter of this.closeWaiters.splice(0)) waiter();
  }

  private outgoingBuffer(size: number): Buffer {
    if (this.outgoing.length < size) this.outgoing = Buffer.allocUnsafe(Math.max(size, this.outgoing.length * 2));
    return this.outgoing;
  }

  private send(buffer: Buffer, length: number, state: number, callback: CommandCallback): void {
    if (this.closed) {
      failLater(callback, serverGoneError(this.options.host, this.options.port));
      return;
    }
    if (this.state !== IDLE) {
      failLater(callback, new MysqlError(CR_MALFORMED_PACKET, 'Commands out of sync: a command is still running on this connection'));
      return;
    }
    this.setState(state);
    this.outcome = 0;
    this.outcomeKnown = false;
    this.lastRowCount = 0;
    this.framing.rows = 0;
    this.callback = callback;
    this.sentBytes = length - 4;
    if (length - 4 >= MAX_PAYLOAD) {
      // 16 MiB or more: the protocol's chunks of 0xffffff bytes (off the hot path)
      const packets = splitIntoPackets(buffer.subarray(4, length), 0);
      this.framing.nextSequence = packets.count & 0xff;
      this.writeToStream(packets.bytes);
      this.blockingReader?.commandSent();
      return;
    }
    this.framing.nextSequence = 1;
    if (this.writeDirect(buffer, length)) {
      this.blockingReader?.commandSent();
      return;
    }
    // The buffer is reused for the next command only after the server answered this one, by
    // which time the socket has written all of it.
    this.writeToStream(this.outgoingView(buffer, length));
  }

  private directFd = -1;
  private streamMayHoldBytes = false;

  private readBlocking(socket: Socket): void {
    const fd = takeBlockingDescriptor(socket);
    if (fd < 0) return;
    this.blockingReader = new BlockingReader(
      fd,
      {
        onBytes: (buffer, length) => this.framing.push(buffer, length),
        awaitingAnswer: () => this.state !== IDLE,
        onReadEnd: (error) => {
          this.closeError ??= connectionLostError(this.options.host, this.options.port, error?.code ?? error?.message);
          this.socket.destroy();
        },
      },
      undefined,
      this.options.readGate,
    );
  }

  /** Bytes go through the socket's stream (TLS, large packets, what a direct write left over). */
  private writeToStream(bytes: Buffer): void {
    this.streamMayHoldBytes = true;
    this.socket.write(bytes);
  }

  private writeDirect(buffer: Buffer, length: number): boolean {
    const fd = this.directFd;
    if (fd < 0) return false;
    // Bytes still queued in the stream go first. Asked only after a stream write: writableLength is
    // a getter V8 looks up generically on every call, and a statement's path has none to spare.
    if (this.streamMayHoldBytes) {
      if (this.socket.writableLength !== 0) return false;
      this.streamMayHoldBytes = false;
    }
    try {
      const written = writeDescriptor(fd, buffer, 0, length);
      if (written === length) return true;
      this.writeToStream(Buffer.from(buffer.subarray(written, length)));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return false;
      this.directFd = -1;
      return false;
    }
  }

  /** buffer[0, length): the same view as last time when it fits, as a statement's executions mostly do. */
  private outgoingView(buffer: Buffer, length: number): Buffer {
    if (length === buffer.length) return buffer;
    const last = this.lastView;
    if (last !== undefined && last.length === length && last.buffer === buffer.buffer && last.byteOffset === buffer.byteOffset) return last;
    const view = buffer.subarray(0, length);
    this.lastView = view;
    return view;
  }

  /** Rows are counted by the framing while a result set's rows stream in. */
  private setState(state: number): void {
    this.state = state;
    this.framing.countRows = state === ROWS && this.capture === undefined;
  }

  // The callback may send the next command at once, so the state is settled before it is called.
  private finish(value: number): void {
    const callback = this.callback;
    this.lastRowCount += this.framing.rows;
    this.framing.rows = 0;
    this.framing.nextSequence = -1;
    this.setState(IDLE);
    this.callback = undefined;
    callback?.(undefined, value);
  }

  private fail(error: MysqlError): void {
    const callback = this.callback;
    this.framing.nextSequence = -1;
    this.setState(IDLE);
    this.callback = undefined;
    this.preparing = undefined;
    this.prepareResolve = undefined;
    callback?.(error, 0);
  }

  /**
   * onPacket, with a packet that breaks the protocol (or that a reader finds too short) ending the
   * connection with a client error that says what was wrong, instead of an exception thrown from
   * the socket's read.
   */
  private onPacketChecked(data: Buffer, start: number, length: number, sequenceId: number): void {
    try {
      this.onPacket(data, start, length, sequenceId);
    } catch (error) {
      // RangeError: a Buffer read past the packet's bytes (the handshake reads bounded views)
      if (error instanceof MalformedPacket || (error instanceof RangeError && 'code' in error)) this.malformed(error.message);
      else throw error;
    }
  }

  /** Ends the connection: the running command (or connect()) fails with CR_MALFORMED_PACKET. */
  private malformed(detail: string): void {
    const error = new MysqlError(
      CR_MALFORMED_PACKET,
      `Malformed packet from ${this.options.host}:${this.options.port}: ${detail}`,
      'HY000',
      true,
    );
    this.closeError = error;
    this.framing.stop();
    if (this.handshakeHandler !== undefined) {
      this.handshakeHandler = undefined;
      this.handshakeFailure?.(error);
    } else if (this.state !== IDLE) {
      this.fail(error);
    }
    this.socket.destroy();
  }

  private onPacket(data: Buffer, start: number, length: number, sequenceId: number): void {
    if (this.handshakeHandler !== undefined) {
      this.handshakeHandler(data, start, length, sequenceId);
      return;
    }
    const header = data[start];
    const end = start + length;
    if (length === 0 && this.state !== IDLE) throw new MalformedPacket('an empty packet where an answer was due');
    switch (this.state) {
      case FIRST:
        if (header === 0x00) {
          const status = okPacketStatus(data, start, end);
          if (!this.outcomeKnown) {
            this.outcome = okPacketAffectedRows(data, start);
            this.outcomeKnown = true;
          }
          if (status & SERVER_MORE_RESULTS_EXISTS) return;
          this.finish(this.outcome);
          return;
        }
        if (header === 0xff) {
          this.fail(this.commandError(data, start, length));
          return;
        }
        if (header === 0xfb) {
          this.fail(new MysqlError(CR_MALFORMED_PACKET, 'LOAD DATA LOCAL INFILE is not supported by the benchmark client'));
          return;
        }
        if (!this.outcomeKnown) {
          this.outcome = RESULT_SET;
          this.outcomeKnown = true;
        }
        this.remaining = readBoundedLengthEncodedInteger(data, start, end, 'the column count').value;
        if (this.remaining === 0) throw new MalformedPacket('a result set of 0 columns');
        this.setState(COLUMNS);
        return;
      case COLUMNS:
        if (--this.remaining === 0) this.setState(this.capabilities & CLIENT_DEPRECATE_EOF ? ROWS : COLUMNS_EOF);
        return;
      case COLUMNS_EOF:
        this.setState(ROWS);
        return;
      case ROWS:
        if (header === 0xfe && (length < 9 || (this.capabilities & CLIENT_DEPRECATE_EOF && length < 0xffffff))) {
          if (length < 5) throw new MalformedPacket(`an EOF packet of ${length} bytes`);
          const status = length < 9 ? data[start + 3] | (data[start + 4] << 8) : okPacketStatus(data, start, end);
          if (status & SERVER_MORE_RESULTS_EXISTS) {
            this.setState(FIRST);
            return;
          }
          this.finish(this.outcome);
          return;
        }
        if (header === 0xff) {
          this.fail(parseErrorPacket(data, start, length));
          return;
        }
        this.lastRowCount++;
        if (this.capture !== undefined && this.lastRowCount === 1) this.capture.value = firstTextColumn(data, start, end);
        return;
      case PREPARE_FIRST: {
        if (header === 0xff) {
          this.fail(this.commandError(data, start, length));
          return;
        }
        const preparing = this.preparing;
        if (preparing === undefined) return;
        if (header !== 0x00 || length < 9)
          throw new MalformedPacket(`a prepare answer of ${length} bytes starting with 0x${header.toString(16)}`);
        preparing.id = data.readUInt32LE(start + 1);
        preparing.columns = data.readUInt16LE(start + 5);
        preparing.params = data.readUInt16LE(start + 7);
        const eofs = this.capabilities & CLIENT_DEPRECATE_EOF ? 0 : (preparing.params > 0 ? 1 : 0) + (preparing.columns > 0 ? 1 : 0);
        this.remaining = preparing.params + preparing.columns + eofs;
        if (this.remaining === 0) this.finishPrepare();
        else this.setState(PREPARE_DEFINITIONS);
        return;
      }
      case PREPARE_DEFINITIONS:
        if (--this.remaining === 0) this.finishPrepare();
        return;
      default:
        // A packet nobody asked for: the server closes a connection this way (e.g. after KILL).
        if (header === 0xff) this.closeError = parseErrorPacket(data, start, length);
    }
  }

  /** The server's error for the command sent; a packet over max_allowed_packet gets words and sizes. */
  private commandError(data: Buffer, start: number, length: number): MysqlError {
    const error = parseErrorPacket(data, start, length);
    if (!isPacketTooLarge(error.errno, error.message)) return error;
    return new MysqlError(error.errno, `${error.message}: ${packetTooLargeWords(this.sentBytes)}`, error.sqlState, true);
  }

  private finishPrepare(): void {
    const preparing = this.preparing;
    const resolve = this.prepareResolve;
    this.preparing = undefined;
    this.prepareResolve = undefined;
    if (preparing && resolve) resolve(new PreparedStatement(preparing.id, preparing.sql, preparing.params, preparing.columns));
    this.finish(0);
  }

  private createHandshake(succeed: () => void, fail: (error: MysqlError) => void) {
    const options = this.options;
    let scramble: Buffer = Buffer.alloc(0);
    let plugin = '';
    let sequence = 0;
    let awaitingPublicKey = false;

    const sendPacket = (payload: Buffer) => {
      const packet = Buffer.allocUnsafe(4 + payload.length);
      writePacketHeader(packet, 0, payload.length, sequence);
      payload.copy(packet, 4);
      sequence = (sequence + 1) & 0xff;
      this.framing.nextSequence = sequence;
      this.writeToStream(packet);
    };

    const secure = () => this.isSecure;

    const sendResponse = () => {
      const authResponse = initialAuthResponse(plugin, options.password, scramble, secure());
      if (authResponse === undefined) {
        fail(
          new MysqlError(
            CR_AUTH_PLUGIN_CANNOT_LOAD,
            `The server asks for authentication plugin '${plugin}', which the benchmark client does not support${plugin === 'mysql_clear_password' ? ' without TLS' : ''}`,
            'HY000',
            true,
          ),
        );
        return;
      }
      const user = Buffer.from(options.user, 'utf8');
      const database = options.database ? Buffer.from(options.database, 'utf8') : undefined;
      const pluginName = Buffer.from(plugin, 'latin1');
      const parts: Buffer[] = [this.capabilityPrefix()];
      parts.push(user, Buffer.from([0]));
      if (this.capabilities & CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA) {
        const size = Buffer.allocUnsafe(lengthEncodedSize(authResponse.length));
        writeLengthEncodedInteger(size, 0, authResponse.length);
        parts.push(size, authResponse);
      } else {
        parts.push(Buffer.from([authResponse.length]), authResponse);
      }
      if (database) parts.push(database, Buffer.from([0]));
      if (this.capabilities & CLIENT_PLUGIN_AUTH) parts.push(pluginName, Buffer.from([0]));
      sendPacket(Buffer.concat(parts));
      if (plugin === SHA256_PASSWORD && !secure() && options.password !== '') awaitingPublicKey = true;
    };

    const upgradeToTls = (tlsOptions: LeanTlsOptions) => {
      sendPacket(this.capabilityPrefix());
      const plain = this.socket as Socket;
      plain.removeAllListeners('data');
      plain.removeAllListeners('close');
      plain.removeAllListeners('error');
      plain.on('error', () => undefined);
      const verify = tlsOptions.mode === 'verify_ca' || tlsOptions.mode === 'verify_identity';
      const secured = connectTls({
        socket: plain,
        servername: isIP(options.host) ? undefined : options.host,
        ca: tlsOptions.ca,
        cert: tlsOptions.cert,
        key: tlsOptions.key,
        ciphers: tlsOptions.ciphers,
        minVersion: 'TLSv1.2',
        rejectUnauthorized: verify,
        // verify_ca checks the chain but not the host name; tls wants the key absent, not undefined
        ...(tlsOptions.mode === 'verify_identity' ? {} : { checkServerIdentity: () => undefined }),
      });
      this.socket = secured;
      secured.once('secureConnect', () => sendResponse());
      secured.once('error', (error: NodeJS.ErrnoException) => {
        fail(
          new MysqlError(
            CR_SSL_CONNECTION_ERROR,
            `TLS connection to ${options.host}:${options.port} failed: ${error.message}`,
            'HY000',
            true,
          ),
        );
      });
      this.attachSocket(secured, true);
    };

    return (data: Buffer, start: number, length: number, sequenceId: number) => {
      const payload = data.subarray(start, start + length);
      sequence = (sequenceId + 1) & 0xff;
      if (length === 0) throw new MalformedPacket('an empty packet during the handshake');
      const header = payload[0];
      if (plugin === '' && scramble.length === 0) {
        if (header === 0xff) {
          fail(parseErrorPacket(data, start, length));
          return;
        }
        const greeting = parseGreeting(payload);
        if (greeting === undefined) {
          fail(
            new MysqlError(
              CR_MALFORMED_PACKET,
              `${options.host}:${options.port} did not greet like a MySQL-compatible server`,
              'HY000',
              true,
            ),
          );
          return;
        }
        this.serverVersion = greeting.serverVersion;
        this.connectionId = greeting.connectionId;
        scramble = greeting.scramble;
        plugin = greeting.plugin || 'mysql_native_password';
        let wanted = WANTED_CAPABILITIES;
        if (options.database) wanted |= CLIENT_CONNECT_WITH_DB;
        const tls = options.tls;
        if (tls) {
          if (greeting.capabilities & CLIENT_SSL) wanted |= CLIENT_SSL;
          else if (tls.mode !== 'preferred') {
            fail(
              new MysqlError(
                CR_SSL_CONNECTION_ERROR,
                `${options.host}:${options.port} does not offer TLS, but the connection requires it`,
                'HY000',
                true,
              ),
            );
            return;
          }
        }
        this.capabilities = wanted & (greeting.capabilities | CLIENT_CONNECT_WITH_DB);
        if (tls && this.capabilities & CLIENT_SSL) upgradeToTls(tls);
        else sendResponse();
        return;
      }
      if (header === 0x00) {
        this.handshakeHandler = undefined;
        succeed();
        return;
      }
      if (header === 0xff) {
        fail(parseErrorPacket(data, start, length));
        return;
      }
      if (header === 0xfe) {
        // Auth switch request: another plugin, a fresh scramble
        const end = payload.indexOf(0, 1);
        plugin = payload.toString('latin1', 1, end < 0 ? payload.length : end);
        const rest = end < 0 ? Buffer.alloc(0) : payload.subarray(end + 1);
        scramble = Buffer.from(rest[rest.length - 1] === 0 ? rest.subarray(0, rest.length - 1) : rest);
        const response = initialAuthResponse(plugin, options.password, scramble, secure());
        if (response === undefined) {
          fail(
            new MysqlError(
              CR_AUTH_PLUGIN_CANNOT_LOAD,
              `The server asks for authentication plugin '${plugin}', which the benchmark client does not support`,
              'HY000',
              true,
            ),
          );
          return;
        }
        if (plugin === SHA256_PASSWORD && !secure() && options.password !== '') awaitingPublicKey = true;
        sendPacket(response);
        return;
      }
      if (header === 0x01) {
        const more = payload.subarray(1);
        if (awaitingPublicKey) {
          awaitingPublicKey = false;
          let encrypted: Buffer;
          try {
            encrypted = rsaPasswordResponse(options.password, scramble, more.toString('latin1'));
          } catch (error) {
            throw new MalformedPacket(`the server's RSA public key cannot be used (${(error as Error).message})`);
          }
          sendPacket(encrypted);
          return;
        }
        if (plugin === CACHING_SHA2_PASSWORD && more.length === 1 && more[0] === 0x03) return; // fast auth: OK follows
        if (plugin === CACHING_SHA2_PASSWORD && more.length === 1 && more[0] === 0x04) {
          if (secure()) sendPacket(clearPasswordResponse(options.password));
          else {
            awaitingPublicKey = true;
            sendPacket(Buffer.from([0x02]));
          }
          return;
        }
      }
      fail(
        new MysqlError(
          CR_MALFORMED_PACKET,
          `Unexpected packet 0x${header.toString(16)} during authentication with ${options.host}:${options.port}`,
          'HY000',
          true,
        ),
      );
    };
  }

  /** The fixed part of the handshake response (also the whole SSL request). */
  private capabilityPrefix(): Buffer {
    const prefix = Buffer.alloc(32);
    prefix.writeUInt32LE(this.capabilities >>> 0, 0);
    prefix.writeUInt32LE(this.maxAllowedPacket, 4);
    prefix[8] = UTF8MB4_GENERAL_CI;
    return prefix;
  }
}

interface Greeting {
  serverVersion: string;
  connectionId: number;
  capabilities: number;
  scramble: Buffer;
  plugin: string;
}

function parseGreeting(payload: Buffer): Greeting | undefined {
  if (payload[0] !== 0x0a) return undefined;
  let pos = 1;
  const versionEnd = payload.indexOf(0, pos);
  if (versionEnd < 0) return undefined;
  const serverVersion = payload.toString('latin1', pos, versionEnd);
  pos = versionEnd + 1;
  const connectionId = payload.readUInt32LE(pos);
  pos += 4;
  const part1 = payload.subarray(pos, pos + 8);
  pos += 9;
  let capabilities = payload.readUInt16LE(pos);
  pos += 2;
  let part2: Buffer = Buffer.alloc(0);
  let plugin = '';
  if (payload.length > pos) {
    pos += 3; // charset, status flags
    capabilities |= payload.readUInt16LE(pos) << 16;
    pos += 2;
    const authDataLength = payload[pos];
    pos += 11;
    if (capabilities & CLIENT_SECURE_CONNECTION) {
      const part2Length = Math.max(13, authDataLength - 8);
      part2 = payload.subarray(pos, pos + part2Length);
      pos += part2Length;
      if (part2.length > 0 && part2[part2.length - 1] === 0) part2 = part2.subarray(0, part2.length - 1);
    }
    if (capabilities & CLIENT_PLUGIN_AUTH) {
      const end = payload.indexOf(0, pos);
      plugin = payload.toString('latin1', pos, end < 0 ? payload.length : end);
    }
  }
  return { serverVersion, connectionId, capabilities: capabilities >>> 0, scramble: Buffer.concat([part1, part2]), plugin };
}

export function parseErrorPacket(data: Buffer, start: number, length: number): MysqlError {
  if (length < 3) throw new MalformedPacket(`an error packet of ${length} bytes`);
  const errno = data.readUInt16LE(start + 1);
  let pos = start + 3;
  let sqlState = 'HY000';
  if (data[pos] === 0x23 && length >= 9) {
    sqlState = data.toString('latin1', pos + 1, pos + 6);
    pos += 6;
  }
  return new MysqlError(errno, data.toString('utf8', pos, start + length), sqlState);
}

function okPacketStatus(data: Buffer, start: number, end: number): number {
  let pos = start + 1;
  pos += data[pos] < 0xfb && pos < end ? 1 : readBoundedLengthEncodedInteger(data, pos, end, 'the affected rows').size;
  pos += data[pos] < 0xfb && pos < end ? 1 : readBoundedLengthEncodedInteger(data, pos, end, 'the last insert id').size;
  if (pos + 2 > end) throw new MalformedPacket('an OK packet without its status flags');
  return data[pos] | (data[pos + 1] << 8);
}

/** A text-protocol row's first column: a length-encoded string, or 0xfb for NULL. */
function firstTextColumn(data: Buffer, start: number, end: number): string | null {
  if (data[start] === 0xfb) return null;
  const length = readBoundedLengthEncodedInteger(data, start, end, "the first column's length");
  const from = start + length.size;
  if (from + length.value > end) throw new MalformedPacket(`a column of ${length.value} bytes in a row with ${end - from} left`);
  return data.toString('utf8', from, from + length.value);
}

function okPacketAffectedRows(data: Buffer, start: number): number {
  const first = data[start + 1];
  return first < 0xfb ? first : readLengthEncodedInteger(data, start + 1).value;
}

/** A null keeps the string type: its bit in the null bitmap is what the server reads. */
function typeOf(value: ParamValue): number {
  return typeof value === 'number' ? (isInt32(value) ? TYPE_LONG : TYPE_LONGLONG) : TYPE_STRING;
}

function isInt32(value: number): boolean {
  return (value | 0) === value;
}

function encodedValueSize(value: ParamValue): number {
  if (value === null) return 0;
  if (typeof value === 'number') return isInt32(value) ? 4 : 8;
  const length = typeof value === 'string' ? Buffer.byteLength(value, 'utf8') : value.length;
  return lengthEncodedSize(length) + length;
}

function writeUint32(buffer: Buffer, pos: number, value: number): void {
  buffer[pos] = value & 0xff;
  buffer[pos + 1] = (value >>> 8) & 0xff;
  buffer[pos + 2] = (value >>> 16) & 0xff;
  buffer[pos + 3] = (value >>> 24) & 0xff;
}

function writeValue(buffer: Buffer, pos: number, value: ParamValue): number {
  if (value === null) return pos;
  if (typeof value === 'number') {
    if (isInt32(value)) {
      writeUint32(buffer, pos, value);
      return pos + 4;
    }
    buffer.writeBigInt64LE(BigInt(Math.trunc(value)), pos);
    return pos + 8;
  }
  if (typeof value === 'string') {
    const length = Buffer.byteLength(value, 'utf8');
    pos += writeLengthEncodedInteger(buffer, pos, length);
    buffer.write(value, pos, 'utf8');
    return pos + length;
  }
  pos += writeLengthEncodedInteger(buffer, pos, value.length);
  buffer.set(value, pos);
  return pos + value.length;
}

/** The promise form of a callback command. */
function settled(start: (callback: CommandCallback) => void): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    start((error, outcome) => (error === undefined ? resolve(outcome) : reject(error)));
  });
}

/** Reports an error found before anything was sent, after the caller has returned, as the socket would. */
function failLater(callback: CommandCallback, error: MysqlError): void {
  queueMicrotask(() => callback(error, 0));
}

/** The socket's file descriptor (Unix), or -1. */
function socketFd(socket: Socket): number {
  const fd = (socket as unknown as { _handle?: { fd?: unknown } })._handle?.fd;
  return typeof fd === 'number' && fd >= 0 ? fd : -1;
}
