// A TCP proxy between a MySQL client and server that decodes what the client sends (text queries,
// prepares, executes with their bound values) so tests can compare the statement stream of two
// clients, and that can cut every connection at once to play a server that died.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { PacketFraming, readLengthEncodedInteger } from '../../../../src/core/bench/mysqlWire/packetFraming';

export type CapturedKind = 'query' | 'prepare' | 'execute' | 'close' | 'quit' | 'other';

export interface CapturedCommand {
  connection: number;
  kind: CapturedKind;
  /** the SQL text (for execute: the prepared statement's text) */
  sql?: string;
  params?: Array<number | string | null>;
}

interface StatementInfo {
  sql: string;
  paramCount: number;
  types?: number[];
}

interface ConnectionState {
  id: number;
  statements: Map<number, StatementInfo>;
  pendingPrepare?: string;
  /** set when this connection is to be cut instead of forwarding what the client just sent */
  cutNow?: boolean;
}

export class MysqlSniffingProxy {
  readonly commands: CapturedCommand[] = [];
  private readonly sockets = new Set<Socket>();
  private nextConnectionId = 1;
  private refusing = false;
  private preparesToCut = 0;
  /** how many connections were cut at a COM_STMT_PREPARE by cutAtNextPrepares() */
  preparesCut = 0;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(targetHost: string, targetPort: number): Promise<MysqlSniffingProxy> {
    const holder: { proxy?: MysqlSniffingProxy } = {};
    const server = createServer((client) => holder.proxy?.accept(client, targetHost, targetPort));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('proxy has no port');
    const proxy = new MysqlSniffingProxy(server, address.port);
    holder.proxy = proxy;
    return proxy;
  }

  get connectionsOpened(): number {
    return this.nextConnectionId - 1;
  }

  /** Destroys every open connection; with refuseNew, later connections are closed at once too. */
  cutAll(refuseNew = false): void {
    this.refusing = refuseNew;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /** The next `count` COM_STMT_PREPAREs (on any connection) cut their connection instead of reaching the server. */
  cutAtNextPrepares(count: number): void {
    this.preparesToCut = count;
  }

  acceptAgain(): void {
    this.refusing = false;
  }

  clear(): void {
    this.commands.length = 0;
  }

  /** Resolves once no connection is open any more (or after timeoutMs), so late goodbyes are captured. */
  async whenIdle(timeoutMs = 2000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.sockets.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  async close(): Promise<void> {
    this.cutAll(true);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket, host: string, port: number): void {
    if (this.refusing) {
      client.destroy();
      return;
    }
    const state: ConnectionState = { id: this.nextConnectionId++, statements: new Map() };
    const upstream = connect({ host, port });
    this.sockets.add(client);
    this.sockets.add(upstream);
    const clientPackets = new PacketFraming((data, start, length, seq) =>
      this.onClientPacket(state, seq, Buffer.from(data.subarray(start, start + length))),
    );
    const serverPackets = new PacketFraming((data, start, length, seq) =>
      this.onServerPacket(state, seq, data.subarray(start, start + length)),
    );
    client.on('data', (chunk: Buffer) => {
      clientPackets.push(chunk);
      if (state.cutNow) finish();
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      serverPackets.push(chunk);
      client.write(chunk);
    });
    const finish = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('close', finish);
    upstream.on('close', finish);
    client.on('error', finish);
    upstream.on('error', finish);
  }

  private onClientPacket(state: ConnectionState, seq: number, payload: Buffer): void {
    if (seq !== 0 || payload.length === 0) return;
    const command = payload[0];
    const record = (entry: Omit<CapturedCommand, 'connection'>) => this.commands.push({ connection: state.id, ...entry });
    switch (command) {
      case 0x03:
        record({ kind: 'query', sql: payload.toString('utf8', 1) });
        break;
      case 0x16: {
        const sql = payload.toString('utf8', 1);
        if (this.preparesToCut > 0) {
          this.preparesToCut--;
          this.preparesCut++;
          state.cutNow = true;
          return;
        }
        state.pendingPrepare = sql;
        record({ kind: 'prepare', sql });
        break;
      }
      case 0x17: {
        const id = payload.readUInt32LE(1);
        const statement = state.statements.get(id);
        if (!statement) {
          record({ kind: 'execute', sql: `<unknown statement ${id}>` });
          break;
        }
        record({ kind: 'execute', sql: statement.sql, params: decodeExecuteParams(payload, statement) });
        break;
      }
      case 0x19: {
        const id = payload.readUInt32LE(1);
        record({ kind: 'close', sql: state.statements.get(id)?.sql });
        state.statements.delete(id);
        break;
      }
      case 0x01:
        record({ kind: 'quit' });
        break;
      default:
        record({ kind: 'other', sql: `command 0x${command.toString(16)}` });
    }
  }

  private onServerPacket(state: ConnectionState, seq: number, payload: Buffer): void {
    if (state.pendingPrepare === undefined || seq !== 1) return;
    const sql = state.pendingPrepare;
    state.pendingPrepare = undefined;
    if (payload[0] !== 0x00) return;
    const id = payload.readUInt32LE(1);
    const paramCount = payload.readUInt16LE(7);
    state.statements.set(id, { sql, paramCount });
  }
}

function decodeExecuteParams(payload: Buffer, statement: StatementInfo): Array<number | string | null> {
  const n = statement.paramCount;
  if (n === 0) return [];
  let pos = 10;
  const nullBitmap = payload.subarray(pos, pos + ((n + 7) >> 3));
  pos += (n + 7) >> 3;
  const newParamsBound = payload[pos++];
  if (newParamsBound === 1) {
    const types: number[] = [];
    for (let i = 0; i < n; i++) {
      types.push(payload.readUInt16LE(pos));
      pos += 2;
    }
    statement.types = types;
  }
  const types = statement.types ?? [];
  const values: Array<number | string | null> = [];
  for (let i = 0; i < n; i++) {
    if (nullBitmap[i >> 3] & (1 << (i & 7))) {
      values.push(null);
      continue;
    }
    const type = types[i] & 0xff;
    const unsigned = (types[i] & 0x8000) !== 0;
    switch (type) {
      case 0x01:
        values.push(unsigned ? payload.readUInt8(pos) : payload.readInt8(pos));
        pos += 1;
        break;
      case 0x02:
        values.push(unsigned ? payload.readUInt16LE(pos) : payload.readInt16LE(pos));
        pos += 2;
        break;
      case 0x03:
        values.push(unsigned ? payload.readUInt32LE(pos) : payload.readInt32LE(pos));
        pos += 4;
        break;
      case 0x08:
        values.push(Number(unsigned ? payload.readBigUInt64LE(pos) : payload.readBigInt64LE(pos)));
        pos += 8;
        break;
      case 0x05:
        values.push(payload.readDoubleLE(pos));
        pos += 8;
        break;
      default: {
        const { value: length, size } = readLengthEncodedInteger(payload, pos);
        pos += size;
        values.push(payload.toString('utf8', pos, pos + length));
        pos += length;
      }
    }
  }
  return values;
}
