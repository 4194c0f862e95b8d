// TiDB STAND-IN for tests; it is not TiDB and never ships in the .vsix.
// A MySQL-protocol server built on mysql2's server API that answers the TiDB-only statements and
// tables of tidb-facts.md (the team's TiDB reference) itself and relays everything else to a real MariaDB over
// one mysql2 connection per client, so schemas, data and ordinary queries stay real.
// Use: const standIn = await startTiDBStandIn({ upstream, user, password }); ... await standIn.close();
// From another process: node out/test/standin/runTiDBStandIn.js --port 4000 (see that file).

import { createHash, timingSafeEqual } from 'node:crypto';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { createSecureContext, TLSSocket } from 'node:tls';
import { createServer } from 'mysql2';
import { createConnection, type Connection } from 'mysql2/promise';
import { INSECURE_TRANSPORT_MESSAGE, TIDB_ERROR_CODES } from '../../src/core/tidb/tidbFacts';
import {
  binaryRowPayload,
  columnCountPayload,
  columnDefinitionPayload,
  eofPayload,
  errorPayload,
  okPayload,
  parseExecutePayload,
  prepareOkPayload,
  ServerStatus,
  synthesizedColumn,
  textRowPayload,
  type ColumnDefinition,
} from './mysqlPackets';
import type { PlanFixtureOptions } from './planFixtures';
import { StandInSession } from './standInSession';
import { TiDBStandInState, type ClusterComponentRow } from './standInState';
import { StandInSqlError, type StatementResult } from './statementResult';
import { countPlaceholders, interpolatePlaceholders } from './sqlText';
import { asStandInError, relayToUpstream } from './upstreamRelay';

export interface UpstreamServer {
  host: string;
  port: number;
  user: string;
  password: string;
}

export interface TiDBStandInOptions {
  /** 0 (the default) picks a free port */
  port?: number;
  host?: string;
  upstream: UpstreamServer;
  /** the account clients log in with (mysql_native_password) */
  user: string;
  password: string;
  /** default 2 */
  tiflashNodes?: number;
  /** default 0.5: a new replica catches up in 2 s */
  replicaProgressPerSecond?: number;
  /** "schema.table" or "table" -> size in bytes to use instead of the real one (64 MiB checks, information_schema) */
  tableSizeOverridesBytes?: Record<string, number>;
  /** default 8.0.11-TiDB-v8.5.1 */
  versionString?: string;
  /** refuse information_schema.cluster_info like TiDB Cloud Serverless/Starter */
  serverless?: boolean;
  /** offer TLS with this key and certificate (PEM) */
  tls?: { key: string | Buffer; cert: string | Buffer };
  /** refuse clients that do not use TLS (needs `tls`) */
  requireTls?: boolean;
  planFixtures?: PlanFixtureOptions;
  /** how long the first read of a cached table takes to load it; default 0 (ready for the next read) */
  cacheLoadDelayMs?: number;
  /** the non-TiFlash rows of cluster_info (TiFlash rows come from tiflashNodes) */
  otherComponents?: ClusterComponentRow[];
  /** where sessions keep their TEMPORARY stand-ins for TiDB-only tables; default tidblab_standin */
  scratchSchema?: string;
}

export interface TiDBStandIn {
  port: number;
  /** the cluster state the stand-in keeps beside MariaDB; tests may read and change it */
  state: TiDBStandInState;
  close(): Promise<void>;
}

export const DEFAULT_STAND_IN_VERSION = '8.0.11-TiDB-v8.5.1';

const Command = {
  statementPrepare: 0x16,
  statementExecute: 0x17,
  statementSendLongData: 0x18,
  statementClose: 0x19,
  statementReset: 0x1a,
} as const;
const Capability = {
  longPassword: 0x1,
  foundRows: 0x2,
  longFlag: 0x4,
  connectWithDb: 0x8,
  protocol41: 0x200,
  interactive: 0x400,
  ssl: 0x800,
  transactions: 0x2000,
  secureConnection: 0x8000,
  multiStatements: 0x10000,
  multiResults: 0x20000,
  psMultiResults: 0x40000,
  pluginAuth: 0x80000,
  connectAttributes: 0x100000,
  pluginAuthLengthEncodedData: 0x200000,
  // Offered so that every client reads the OK packet's info text as length-encoded, as it is sent.
  sessionTrack: 0x800000,
} as const;
const UTF8MB4_GENERAL_CI = 45;

export async function startTiDBStandIn(options: TiDBStandInOptions): Promise<TiDBStandIn> {
  if (options.requireTls && !options.tls) throw new Error('TiDB stand-in: requireTls needs tls.key and tls.cert.');
  const versionString = options.versionString ?? DEFAULT_STAND_IN_VERSION;
  const state = new TiDBStandInState({
    versionString,
    tiflashNodes: options.tiflashNodes ?? 2,
    replicaProgressPerSecond: options.replicaProgressPerSecond ?? 0.5,
    tableSizeOverridesBytes: options.tableSizeOverridesBytes ?? {},
    serverless: options.serverless ?? false,
    otherComponents: options.otherComponents,
    cacheLoadDelayMs: options.cacheLoadDelayMs ?? 0,
  });
  const scratchSchema = options.scratchSchema ?? 'tidblab_standin';
  await prepareScratchSchema(options.upstream, scratchSchema);

  const clients = new Set<ClientConnection>();
  const server = createServer((connection) => {
    const client = new ClientConnection(connection as unknown as ServerConnection, options, state, scratchSchema);
    clients.add(client);
    client.onClose(() => clients.delete(client));
  });
  // mysql2's Server wraps a net.Server it does not expose; the port is only known from it.
  const netServer = (server as unknown as { _server: NetServer })._server;
  await new Promise<void>((resolve, reject) => {
    netServer.once('error', reject);
    netServer.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  return {
    port: (netServer.address() as AddressInfo).port,
    state,
    close: async () => {
      const closed = new Promise<void>((resolve) => netServer.close(() => resolve()));
      for (const client of clients) client.destroy();
      await closed;
    },
  };
}

async function prepareScratchSchema(upstream: UpstreamServer, schema: string): Promise<void> {
  const connection = await createConnection({ ...upstream });
  try {
    // Left in place on close: other stand-ins may be using it, and it only ever holds TEMPORARY tables.
    await connection.query(`CREATE DATABASE IF NOT EXISTS \`${schema.replace(/`/g, '``')}\``);
  } finally {
    await connection.end();
  }
}

/** The parts of mysql2's server-side Connection the stand-in uses (not all are in mysql2's types). */
interface ServerConnection {
  stream: Socket;
  sequenceId: number;
  packetParser: { execute(data: Buffer): void };
  /** mysql2 arms it for every connection and clears it on the first data from the client */
  connectTimeout?: ReturnType<typeof setTimeout> | null;
  clientHelloReply?: { clientFlags: number };
  serverHandshake(args: Record<string, unknown>): { _isStatement?: (query: string, name: string) => boolean };
  handlePacket(packet?: MysqlPacket): void;
  writePacket(packet: { buffer: Buffer; length(): number; writeHeader(sequenceId: number): void }): void;
  writeOk(): void;
  on(event: string, listener: (...args: never[]) => void): void;
  close(): void;
}

interface MysqlPacket {
  sequenceId: number;
  buffer: Buffer;
  start: number;
  end: number;
}

interface HandshakeReply {
  user: string;
  database?: string;
  authPluginData1: Buffer;
  authPluginData2: Buffer;
  authToken: Buffer;
}

interface PreparedStatement {
  sql: string;
  parameterCount: number;
  types?: number[];
}

let nextConnectionId = 1;

class ClientConnection {
  private session?: StandInSession;
  private upstream?: Connection;
  private secure = false;
  /** the TCP socket under TLS, once upgraded */
  private plainSocket?: Socket;
  private authenticated = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly prepared = new Map<number, PreparedStatement>();
  private nextStatementId = 1;
  private readonly closeListeners: Array<() => void> = [];
  private closed = false;

  constructor(
    private readonly connection: ServerConnection,
    private readonly options: TiDBStandInOptions,
    private readonly state: TiDBStandInState,
    private readonly scratchSchema: string,
  ) {
    connection.stream.setNoDelay(true);
    connection.on('error', () => this.destroy());
    connection.on('end', () => this.destroy(true));
    this.interceptTlsRequest();
    this.interceptStatementCommands();
    const handshake = connection.serverHandshake({
      protocolVersion: 10,
      serverVersion: state.versionString,
      connectionId: nextConnectionId++,
      statusFlags: ServerStatus.autocommit,
      characterSet: UTF8MB4_GENERAL_CI,
      capabilityFlags: capabilities(Boolean(options.tls)),
      authCallback: (reply: HandshakeReply, done: (error: null) => void) => {
        void this.authenticate(reply, done);
      },
    });
    // mysql2 turns COM_QUERY text that starts with SET, PREPARE or EXECUTE into prepared-statement
    // events; the stand-in wants every COM_QUERY as a query.
    handshake._isStatement = () => false;
    connection.on('query', (sql: string) => this.enqueue(() => this.respond(sql, false)));
    connection.on('init_db', (schema: string) =>
      this.enqueue(async () => {
        await this.answer(async () => {
          const results = await relayToUpstream(this.requireUpstream(), `USE \`${schema.replace(/`/g, '``')}\``);
          this.session?.changeDatabase(schema);
          return results;
        }, false);
      }),
    );
    connection.on('ping', () => this.enqueue(async () => this.finish([okPayload()])));
    connection.on('quit', () => this.destroy(true));
    // Commands mysql2 does not dispatch (COM_FIELD_LIST aside) get a clean error instead of a log line.
    connection.on('packet', (_packet: MysqlPacket, known: boolean) => {
      if (!known) this.enqueue(async () => this.finish([errorPayload(1047, '08S01', 'Unknown command')]));
    });
    connection.on('field_list', () =>
      this.enqueue(async () => this.finish([errorPayload(1047, '08S01', 'COM_FIELD_LIST is not supported by the TiDB stand-in')])),
    );
  }

  onClose(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  /** gracefully: let what was written (an error packet) reach the client before the socket closes */
  destroy(gracefully = false): void {
    if (this.closed) return;
    this.closed = true;
    this.upstream?.destroy();
    if (gracefully) {
      this.connection.stream.end();
    } else {
      this.connection.stream.destroy();
      this.plainSocket?.destroy();
    }
    for (const listener of this.closeListeners) listener();
  }

  // The TLS upgrade happens below mysql2, on the socket: mysql2's server handshake cannot switch to
  // TLS, and a client may send its TLS hello in the same chunk as the SSLRequest packet.
  private interceptTlsRequest(): void {
    const plain = this.connection.stream;
    plain.removeAllListeners('data');
    let phase: 'handshake' | 'plain' | 'tls' = this.options.tls ? 'handshake' : 'plain';
    let pending = Buffer.alloc(0);
    let transport: Duplex | undefined;
    plain.on('data', (chunk: Buffer) => {
      // What mysql2's own data listener (replaced here) does first; otherwise the connection dies after 10 s.
      if (this.connection.connectTimeout) {
        clearTimeout(this.connection.connectTimeout);
        this.connection.connectTimeout = null;
      }
      if (phase === 'plain') return this.connection.packetParser.execute(chunk);
      if (phase === 'tls') return transport?.push(chunk);
      pending = Buffer.concat([pending, chunk]);
      if (pending.length < 4 || pending.length < 4 + pending.readUIntLE(0, 3)) return;
      if (isSslRequest(pending)) {
        phase = 'tls';
        this.connection.sequenceId = 2;
        transport = this.upgradeToTls(plain, pending.subarray(4 + SSL_REQUEST_LENGTH));
      } else {
        phase = 'plain';
        this.connection.packetParser.execute(pending);
      }
      pending = Buffer.alloc(0);
    });
  }

  private upgradeToTls(plain: Socket, alreadyReceived: Buffer): Duplex {
    const tls = this.options.tls as { key: string | Buffer; cert: string | Buffer };
    const transport = new Duplex({
      read: () => undefined,
      write: (chunk: Buffer, _encoding, callback) => plain.write(chunk, callback),
      final: (callback) => {
        plain.end();
        callback();
      },
    });
    plain.on('end', () => transport.push(null));
    if (alreadyReceived.length > 0) transport.push(alreadyReceived);
    const secure = new TLSSocket(transport, { isServer: true, secureContext: createSecureContext({ key: tls.key, cert: tls.cert }) });
    secure.on('data', (data: Buffer) => this.connection.packetParser.execute(data));
    secure.on('error', () => this.destroy());
    this.connection.stream = secure as unknown as Socket;
    this.plainSocket = plain;
    this.secure = true;
    return transport;
  }

  // Prepared-statement commands are handled before mysql2 sees them: its COM_STMT_EXECUTE parser
  // guesses parameter types, and it has no binary result writer.
  private interceptStatementCommands(): void {
    const original = this.connection.handlePacket.bind(this.connection);
    this.connection.handlePacket = (packet?: MysqlPacket) => {
      const command = packet && this.authenticated ? packet.buffer[packet.start + 4] : undefined;
      if (packet && command !== undefined && command >= Command.statementPrepare && command <= Command.statementReset) {
        this.connection.sequenceId = (packet.sequenceId + 1) % 256;
        const payload = Buffer.from(packet.buffer.subarray(packet.start + 4, packet.end));
        this.handleStatementCommand(command, payload);
        return;
      }
      original(packet);
    };
  }

  private async authenticate(reply: HandshakeReply, done: (error: null) => void): Promise<void> {
    if (this.options.requireTls && !this.secure) {
      this.refuseConnection(TIDB_ERROR_CODES.secureTransportRequired, 'HY000', INSECURE_TRANSPORT_MESSAGE);
      return;
    }
    const scramble = Buffer.concat([reply.authPluginData1, reply.authPluginData2]);
    if (reply.user !== this.options.user || !nativePasswordMatches(this.options.password, scramble, reply.authToken ?? Buffer.alloc(0))) {
      const host = (this.connection.stream.remoteAddress ?? 'localhost').replace(/^::ffff:/, '');
      const usingPassword = reply.authToken && reply.authToken.length > 0 ? 'YES' : 'NO';
      this.refuseConnection(
        TIDB_ERROR_CODES.accessDenied,
        '28000',
        `Access denied for user '${reply.user}'@'${host}' (using password: ${usingPassword})`,
      );
      return;
    }
    try {
      this.upstream = await createConnection({
        ...this.options.upstream,
        database: reply.database || undefined,
        multipleStatements: ((this.connection.clientHelloReply?.clientFlags ?? 0) & Capability.multiStatements) !== 0,
        charset: 'utf8mb4',
      });
      this.upstream.on('error', () => this.destroy());
    } catch (error) {
      const refused = asStandInError(error);
      this.refuseConnection(refused.errno, refused.sqlState, refused.message);
      return;
    }
    this.session = new StandInSession(
      this.upstream,
      this.state,
      { scratchSchema: this.scratchSchema, planFixtures: this.options.planFixtures ?? {} },
      reply.database || undefined,
    );
    this.authenticated = true;
    done(null);
    this.connection.sequenceId = 0;
  }

  private refuseConnection(errno: number, sqlState: string, message: string): void {
    this.send(errorPayload(errno, sqlState, message));
    this.destroy(true);
  }

  private handleStatementCommand(command: number, payload: Buffer): void {
    switch (command) {
      case Command.statementPrepare:
        this.enqueue(() => this.prepare(payload.subarray(1).toString('utf8')));
        return;
      case Command.statementExecute:
        this.enqueue(() => this.execute(payload));
        return;
      case Command.statementClose:
        this.prepared.delete(payload.readUInt32LE(1));
        this.connection.sequenceId = 0;
        return;
      case Command.statementReset:
        this.enqueue(async () => this.finish([okPayload()]));
        return;
      default:
        // COM_STMT_SEND_LONG_DATA has no response; the stand-in does not support it (mysql2 never sends it).
        this.connection.sequenceId = 0;
    }
  }

  private async prepare(sql: string): Promise<void> {
    const parameterCount = countPlaceholders(sql);
    let columns: ColumnDefinition[] = [];
    if (!this.requireSession().answersItself(sql)) {
      try {
        // Prepared upstream only to check the statement and learn its columns; it runs as text later.
        const upstream = this.requireUpstream();
        const statement = (await upstream.prepare(sql)) as unknown as { statement?: { columns?: Array<{ name: string }> } };
        columns = (statement.statement?.columns ?? []).map((column) => synthesizedColumn(column.name));
        upstream.unprepare(sql);
      } catch (error) {
        const refused = asStandInError(error);
        this.finish([errorPayload(refused.errno, refused.sqlState, refused.message)]);
        return;
      }
    }
    const id = this.nextStatementId++;
    this.prepared.set(id, { sql, parameterCount });
    const payloads = [prepareOkPayload(id, columns.length, parameterCount)];
    if (parameterCount > 0) {
      payloads.push(
        ...Array.from({ length: parameterCount }, () => columnDefinitionPayload(synthesizedColumn('?'))),
        eofPayload(ServerStatus.autocommit),
      );
    }
    if (columns.length > 0) payloads.push(...columns.map(columnDefinitionPayload), eofPayload(ServerStatus.autocommit));
    this.finish(payloads);
  }

  private async execute(payload: Buffer): Promise<void> {
    const request = parseExecutePayload(
      payload,
      (id) => this.prepared.get(id)?.parameterCount ?? 0,
      (id) => this.prepared.get(id)?.types,
    );
    const statement = this.prepared.get(request.statementId);
    if (!statement) {
      this.finish([
        errorPayload(1243, 'HY000', `Unknown prepared statement handler (${request.statementId}) given to mysqld_stmt_execute`),
      ]);
      return;
    }
    statement.types = request.types;
    await this.respond(interpolatePlaceholders(statement.sql, request.literals), true);
  }

  private respond(sql: string, binary: boolean): Promise<void> {
    return this.answer(() => this.requireSession().execute(sql), binary);
  }

  private async answer(work: () => Promise<StatementResult[]>, binary: boolean): Promise<void> {
    try {
      this.finish(resultPayloads(await work(), binary));
    } catch (error) {
      const refused = asStandInError(error);
      this.finish([errorPayload(refused.errno, refused.sqlState, refused.message)]);
    }
  }

  /** Writes a whole response; the next command from the client starts again at sequence id 0. */
  private finish(payloads: Buffer[]): void {
    if (this.closed) return;
    // One write per response: packet by packet, Nagle's algorithm and delayed ACKs cost ~40 ms a query.
    this.connection.stream.cork();
    for (const payload of payloads) this.send(payload);
    this.connection.stream.uncork();
    this.connection.sequenceId = 0;
  }

  private send(payload: Buffer): void {
    const buffer = Buffer.concat([Buffer.alloc(4), payload]);
    this.connection.writePacket({
      buffer,
      length: () => buffer.length,
      writeHeader: (sequenceId: number) => {
        buffer.writeUIntLE(payload.length, 0, 3);
        buffer[3] = sequenceId;
      },
    });
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch(() => this.destroy());
  }

  private requireSession(): StandInSession {
    if (!this.session) throw new StandInSqlError(1105, 'HY000', 'TiDB stand-in: the session is not authenticated');
    return this.session;
  }

  private requireUpstream(): Connection {
    if (!this.upstream) throw new StandInSqlError(1105, 'HY000', 'TiDB stand-in: the session is not authenticated');
    return this.upstream;
  }
}

function resultPayloads(results: StatementResult[], binary: boolean): Buffer[] {
  const payloads: Buffer[] = [];
  results.forEach((result, index) => {
    const status = ServerStatus.autocommit | (index < results.length - 1 ? ServerStatus.moreResultsExist : 0);
    if (result.kind === 'ok') {
      payloads.push(
        okPayload({
          affectedRows: result.affectedRows,
          insertId: result.insertId,
          warningCount: result.warningCount,
          info: result.info,
          serverStatus: status,
        }),
      );
      return;
    }
    payloads.push(
      columnCountPayload(result.columns.length),
      ...result.columns.map(columnDefinitionPayload),
      eofPayload(ServerStatus.autocommit),
    );
    for (const row of result.rows) payloads.push(binary ? binaryRowPayload(row, result.columns) : textRowPayload(row));
    payloads.push(eofPayload(status));
  });
  return payloads;
}

function capabilities(offerTls: boolean): number {
  const flags =
    Capability.longPassword |
    Capability.foundRows |
    Capability.longFlag |
    Capability.connectWithDb |
    Capability.protocol41 |
    Capability.interactive |
    Capability.transactions |
    Capability.secureConnection |
    Capability.multiStatements |
    Capability.multiResults |
    Capability.psMultiResults |
    Capability.pluginAuth |
    Capability.connectAttributes |
    Capability.pluginAuthLengthEncodedData |
    Capability.sessionTrack;
  return offerTls ? flags | Capability.ssl : flags;
}

const SSL_REQUEST_LENGTH = 32;

/** An SSLRequest is a 32-byte handshake reply (sequence id 1) with the SSL flag, sent before the TLS handshake. */
function isSslRequest(frame: Buffer): boolean {
  return frame.readUIntLE(0, 3) === SSL_REQUEST_LENGTH && frame[3] === 1 && (frame.readUInt32LE(4) & Capability.ssl) !== 0;
}

/** mysql_native_password: token = SHA1(password) XOR SHA1(scramble + SHA1(SHA1(password))). */
function nativePasswordMatches(password: string, scramble: Buffer, token: Buffer): boolean {
  if (password === '') return token.length === 0;
  if (token.length !== 20) return false;
  const sha1 = (...parts: Buffer[]) => createHash('sha1').update(Buffer.concat(parts)).digest();
  const stage1 = sha1(Buffer.from(password, 'utf8'));
  const mask = sha1(scramble, sha1(stage1));
  const expected = Buffer.from(stage1.map((byte, index) => byte ^ mask[index]));
  return timingSafeEqual(expected, token);
}
