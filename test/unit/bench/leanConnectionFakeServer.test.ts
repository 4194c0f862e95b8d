// What the benchmark client claims about exchanges MariaDB here cannot show: a server that asks for
// caching_sha2_password's full authentication (the RSA exchange without TLS, the password in
// clear only over TLS), and an OK packet saying more results follow. A fake server plays MySQL 8
// and checks every byte the client sends.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, privateDecrypt, constants, createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Socket, createServer, type Server } from 'node:net';
import { TLSSocket } from 'node:tls';
import { LeanMysqlConnection, PreparedStatement, RESULT_SET } from '../../../src/core/bench/mysqlWire/leanMysqlConnection';
import { writePacketHeader } from '../../../src/core/bench/mysqlWire/packetFraming';

const PASSWORD = 'sécret-pw';
const SCRAMBLE = Buffer.from('0123456789abcdefghij', 'latin1');
const CLIENT_SSL = 0x800;
const SERVER_MORE_RESULTS_EXISTS = 0x0008;

function packet(sequenceId: number, payload: Buffer): Buffer {
  const out = Buffer.alloc(4 + payload.length);
  writePacketHeader(out, 0, payload.length, sequenceId);
  payload.copy(out, 4);
  return out;
}

function greeting(withTls: boolean): Buffer {
  const capabilities =
    0x1 | 0x4 | 0x8 | 0x200 | 0x2000 | 0x8000 | 0x10000 | 0x20000 | 0x40000 | 0x80000 | 0x200000 | 0x1000000 | (withTls ? CLIENT_SSL : 0);
  const head = Buffer.alloc(4 + 8 + 1 + 2 + 1 + 2 + 2 + 1 + 10);
  let pos = 0;
  head.writeUInt32LE(9, pos);
  pos += 4;
  SCRAMBLE.copy(head, pos, 0, 8);
  pos += 8;
  head[pos++] = 0;
  head.writeUInt16LE(capabilities & 0xffff, pos);
  pos += 2;
  head[pos++] = 255;
  head.writeUInt16LE(2, pos);
  pos += 2;
  head.writeUInt16LE(capabilities >>> 16, pos);
  pos += 2;
  head[pos++] = 21;
  return packet(
    0,
    Buffer.concat([
      Buffer.from([0x0a]),
      Buffer.from('8.0.36-fake\0', 'latin1'),
      head,
      SCRAMBLE.subarray(8),
      Buffer.from([0]),
      Buffer.from('caching_sha2_password\0', 'latin1'),
    ]),
  );
}

function okPacket(sequenceId: number, affectedRows: number, status = 0x0002): Buffer {
  return packet(sequenceId, Buffer.from([0x00, affectedRows, 0x00, status & 0xff, status >> 8, 0x00, 0x00]));
}

/** Reads whole packets from a socket, in order. */
class PacketReader {
  private pending = Buffer.alloc(0);
  private readonly queue: Array<{ sequenceId: number; payload: Buffer }> = [];
  private waiter: (() => void) | undefined;

  private listener: ((chunk: Buffer) => void) | undefined;

  attach(socket: Socket): void {
    socket.on(
      'data',
      (this.listener = (chunk: Buffer) => {
        this.pending = Buffer.concat([this.pending, chunk]);
        while (this.pending.length >= 4) {
          const length = this.pending.readUIntLE(0, 3);
          if (this.pending.length < 4 + length) break;
          this.queue.push({ sequenceId: this.pending[3], payload: Buffer.from(this.pending.subarray(4, 4 + length)) });
          this.pending = this.pending.subarray(4 + length);
        }
        this.waiter?.();
      }),
    );
  }

  /** Stops reading; the bytes read beyond the last whole packet go back to the socket. */
  detach(socket: Socket): void {
    if (this.listener) socket.off('data', this.listener);
    socket.pause();
    if (this.pending.length > 0) socket.unshift(this.pending);
    this.pending = Buffer.alloc(0);
  }

  async next(): Promise<{ sequenceId: number; payload: Buffer }> {
    while (this.queue.length === 0) await new Promise<void>((resolve) => (this.waiter = resolve));
    return this.queue.shift()!;
  }
}

/** What the fake server saw of the client's authentication. */
interface AuthTranscript {
  scrambleAnswer: Buffer;
  requestedPublicKey: boolean;
  /** the password as the server recovered it (decrypted, or read in clear over TLS) */
  recoveredPassword: string;
  overTls: boolean;
  /** every payload the client sent outside TLS */
  plainPayloads: Buffer[];
}

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

const certDir = mkdtempSync(join(tmpdir(), 'tidb-lab-fake-tls-'));
let tlsKey = '';
let tlsCert = '';

function serveFullAuthentication(socket: Socket, withTls: boolean, done: (transcript: AuthTranscript) => void): void {
  socket.on('error', () => undefined);
  const transcript: AuthTranscript = {
    scrambleAnswer: Buffer.alloc(0),
    requestedPublicKey: false,
    recoveredPassword: '',
    overTls: false,
    plainPayloads: [],
  };
  void (async () => {
    let reader = new PacketReader();
    reader.attach(socket);
    let out: Socket = socket;
    socket.write(greeting(withTls));
    let first = await reader.next();
    transcript.plainPayloads.push(first.payload);
    if (withTls) {
      assert.equal(first.payload.length, 32, 'an SSL request first');
      assert.ok(first.payload.readUInt32LE(0) & CLIENT_SSL);
      // the client's TLS hello may have come in the same read as its SSL request
      reader.detach(socket);
      const secured = new TLSSocket(socket, { isServer: true, key: tlsKey, cert: tlsCert });
      secured.on('error', () => undefined);
      reader = new PacketReader();
      reader.attach(secured);
      out = secured;
      transcript.overTls = true;
      first = await reader.next();
    }
    let sequence = first.sequenceId + 1;
    // the handshake response: capabilities(4) max(4) charset(1) filler(23) user\0 lenenc(auth) ...
    const response = first.payload;
    let pos = 32;
    pos = response.indexOf(0, pos) + 1;
    const answerLength = response[pos];
    transcript.scrambleAnswer = response.subarray(pos + 1, pos + 1 + answerLength);
    out.write(packet(sequence++, Buffer.from([0x01, 0x04]))); // perform_full_authentication
    let next = await reader.next();
    sequence = next.sequenceId + 1;
    if (!withTls) {
      transcript.plainPayloads.push(next.payload);
      transcript.requestedPublicKey = next.payload.length === 1 && next.payload[0] === 0x02;
      out.write(packet(sequence++, Buffer.concat([Buffer.from([0x01]), Buffer.from(publicPem, 'latin1')])));
      next = await reader.next();
      sequence = next.sequenceId + 1;
      transcript.plainPayloads.push(next.payload);
      const plain = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING }, next.payload);
      const unmasked = Buffer.from(plain.map((byte, i) => byte ^ SCRAMBLE[i % SCRAMBLE.length]));
      transcript.recoveredPassword = unmasked.toString('utf8', 0, unmasked.indexOf(0));
    } else {
      const zero = next.payload.indexOf(0);
      transcript.recoveredPassword = next.payload.toString('utf8', 0, zero < 0 ? next.payload.length : zero);
    }
    out.write(okPacket(sequence, 0));
    done(transcript);
    // statements after the login: one answer per COM_QUERY, COM_QUIT closes
    for (;;) {
      const command = await reader.next();
      if (command.payload[0] === 0x01) {
        out.end();
        return;
      }
      out.write(okPacket(1, 0));
    }
  })().catch(() => socket.destroy());
}

async function listen(handler: (socket: Socket) => void): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

/**
 * A fake MySQL 8 server that greets, lets the login in (the tests connect with an empty password,
 * which caching_sha2 answers with nothing) and hands every command but COM_QUIT to `answer`.
 */
function commandServer(
  answer: (command: { sequenceId: number; payload: Buffer }, socket: Socket) => Promise<void> | void,
): Promise<{ server: Server; port: number }> {
  return listen((socket) => {
    socket.on('error', () => undefined);
    const reader = new PacketReader();
    reader.attach(socket);
    void (async () => {
      socket.write(greeting(false));
      const login = await reader.next();
      socket.write(okPacket(login.sequenceId + 1, 0));
      for (;;) {
        const command = await reader.next();
        if (command.payload[0] === 0x01) {
          socket.end();
          return;
        }
        await answer(command, socket);
      }
    })().catch(() => socket.destroy());
  });
}

async function closeServer(server: Server): Promise<void> {
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

describe('caching_sha2_password full authentication (fake MySQL 8 server)', () => {
  before(() => {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(certDir, 'key.pem'),
        '-out',
        join(certDir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
      ],
      { stdio: 'ignore' },
    );
    tlsKey = readFileSync(join(certDir, 'key.pem'), 'utf8');
    tlsCert = readFileSync(join(certDir, 'cert.pem'), 'utf8');
  });

  after(() => rmSync(certDir, { recursive: true, force: true }));

  test('without TLS: the scramble answer, then the public key asked for and the password sent RSA-encrypted, never in clear', async () => {
    let transcript: AuthTranscript | undefined;
    const { server, port } = await listen((socket) => serveFullAuthentication(socket, false, (seen) => (transcript = seen)));
    try {
      const connection = await LeanMysqlConnection.connect({ host: '127.0.0.1', port, user: 'bench', password: PASSWORD });
      assert.equal(await connection.query('DO 1'), 0, 'the connection works after the full authentication');
      await connection.close();
      assert.ok(transcript);
      const stage1 = createHash('sha256').update(PASSWORD, 'utf8').digest();
      const stage2 = createHash('sha256').update(stage1).digest();
      const mask = createHash('sha256').update(stage2).update(SCRAMBLE).digest();
      assert.deepEqual(transcript.scrambleAnswer, Buffer.from(stage1.map((byte, i) => byte ^ mask[i])), 'the fast-path answer first');
      assert.equal(transcript.requestedPublicKey, true, 'asks for the public key (0x02)');
      assert.equal(transcript.recoveredPassword, PASSWORD, 'the password decrypts with the private key');
      for (const payload of transcript.plainPayloads)
        assert.equal(payload.includes(Buffer.from(PASSWORD, 'utf8')), false, 'the password never crosses in clear');
    } finally {
      await closeServer(server);
    }
  });

  test('over TLS: the password goes in clear inside TLS, with no public key asked for', async () => {
    let transcript: AuthTranscript | undefined;
    const { server, port } = await listen((socket) => serveFullAuthentication(socket, true, (seen) => (transcript = seen)));
    try {
      const connection = await LeanMysqlConnection.connect({
        host: '127.0.0.1',
        port,
        user: 'bench',
        password: PASSWORD,
        tls: { mode: 'required' },
      });
      assert.equal(connection.isSecure, true);
      assert.equal(await connection.query('DO 1'), 0);
      await connection.close();
      assert.ok(transcript);
      assert.equal(transcript.overTls, true);
      assert.equal(transcript.requestedPublicKey, false);
      assert.equal(transcript.recoveredPassword, PASSWORD);
      assert.equal(transcript.plainPayloads.length, 1, 'only the SSL request went out unencrypted');
    } finally {
      await closeServer(server);
    }
  });
});

describe('an OK packet with SERVER_MORE_RESULTS_EXISTS', () => {
  test('the statement ends at the last result, and the next query on the connection gets its own answer', async () => {
    const received: string[] = [];
    const { server, port } = await commandServer(async (command, socket) => {
      const sql = command.payload.toString('utf8', 1);
      received.push(sql);
      if (sql.startsWith('UPDATE a')) {
        // two statements: 3 rows changed, more results follow; then 5 rows changed, the last
        // the second result comes a little later, as a slower second statement's would: a
        // client that stopped at the first OK has sent its next query by then
        socket.write(okPacket(1, 3, 0x0002 | SERVER_MORE_RESULTS_EXISTS));
        await new Promise((resolve) => setTimeout(resolve, 50));
        socket.write(okPacket(2, 5));
      } else {
        socket.write(okPacket(1, 7));
      }
    });
    try {
      // an empty password answers caching_sha2 with nothing, and the fake server says OK
      const connection = await LeanMysqlConnection.connect({ host: '127.0.0.1', port, user: 'bench', password: '' });
      assert.equal(await connection.query('UPDATE a SET x = 1; UPDATE b SET y = 2'), 3, 'the first result counts');
      assert.equal(connection.isBusy, false);
      assert.equal(await connection.query('DELETE FROM c'), 7, 'the next query reads its own OK, not the second result');
      assert.equal(await connection.query('DELETE FROM d'), 7);
      await connection.close();
      assert.deepEqual(received, ['UPDATE a SET x = 1; UPDATE b SET y = 2', 'DELETE FROM c', 'DELETE FROM d']);
    } finally {
      await closeServer(server);
    }
  });

  test('a result set followed by more results is still RESULT_SET, and the connection stays in step', async () => {
    const { server, port } = await commandServer((command, socket) => {
      if (command.payload.toString('utf8', 1).startsWith('CALL')) {
        const column = Buffer.concat([
          ...['def', '', '', '', 'x', ''].map((text) => Buffer.concat([Buffer.from([text.length]), Buffer.from(text, 'latin1')])),
          Buffer.from([0x0c, 45, 0, 20, 0, 0, 0, 0xfd, 0, 0, 0, 0, 0]),
        ]);
        socket.write(
          Buffer.concat([
            packet(1, Buffer.from([0x01])),
            packet(2, column),
            packet(3, Buffer.from([0x01, 0x31])),
            packet(4, Buffer.from([0xfe, 0x00, 0x00, 0x02 | SERVER_MORE_RESULTS_EXISTS, 0x00, 0x00, 0x00])),
            okPacket(5, 0),
          ]),
        );
      } else {
        socket.write(okPacket(1, 2));
      }
    });
    try {
      const connection = await LeanMysqlConnection.connect({ host: '127.0.0.1', port, user: 'bench', password: '' });
      assert.equal(await connection.query('CALL p()'), RESULT_SET);
      assert.equal(connection.lastRowCount, 1);
      assert.equal(await connection.query('DELETE FROM c'), 2);
      await connection.close();
    } finally {
      await closeServer(server);
    }
  });
});

describe('how a plain connection sends a command', () => {
  /** A server that answers every COM_QUERY with OK and records each command's first bytes, in order. */
  async function recordingServer(): Promise<{ server: Server; port: number; received: string[] }> {
    const received: string[] = [];
    const { server, port } = await commandServer((command, socket) => {
      if (command.payload[0] === 0x19) {
        received.push(`close ${command.payload.readUInt32LE(1)}`);
        return;
      }
      received.push(command.payload.toString('utf8', 1));
      socket.write(okPacket(1, 2));
    });
    return { server, port, received };
  }

  test('one write on the socket itself, without the stream (no socket.write per statement)', async () => {
    const { server, port, received } = await recordingServer();
    const streamWrite = Socket.prototype.write;
    let connection: LeanMysqlConnection | undefined;
    try {
      connection = await LeanMysqlConnection.connect({ host: '127.0.0.1', port, user: 'bench', password: '' });
      const clientSocket = (connection as unknown as { socket: Socket }).socket;
      let streamWrites = 0;
      Socket.prototype.write = function (this: Socket, ...args: Parameters<Socket['write']>) {
        if (this === clientSocket) streamWrites++;
        return streamWrite.apply(this, args);
      } as Socket['write'];
      try {
        for (const sql of ['DELETE FROM a', 'DELETE FROM b', 'DELETE FROM c']) assert.equal(await connection.query(sql), 2);
      } finally {
        Socket.prototype.write = streamWrite;
      }
      assert.equal(streamWrites, 0);
      await connection.close();
      assert.deepEqual(received, ['DELETE FROM a', 'DELETE FROM b', 'DELETE FROM c']);
    } finally {
      Socket.prototype.write = streamWrite;
      connection?.destroy();
      await closeServer(server);
    }
  });

  test('bytes still queued in the stream go first: the command follows them through it', async () => {
    const { server, port, received } = await recordingServer();
    let connection: LeanMysqlConnection | undefined;
    try {
      connection = await LeanMysqlConnection.connect({ host: '127.0.0.1', port, user: 'bench', password: '' });
      const socket = (connection as unknown as { socket: Socket }).socket;
      // corked, the stream keeps COM_STMT_CLOSE queued; a statement written past it would overtake it
      socket.cork();
      connection.closeStatement(new PreparedStatement(7, 'SELECT 1', 0, 0));
      const answer = connection.query('DELETE FROM a');
      process.nextTick(() => socket.uncork());
      assert.equal(await answer, 2);
      await connection.close();
      assert.deepEqual(received, ['close 7', 'DELETE FROM a']);
    } finally {
      connection?.destroy();
      await closeServer(server);
    }
  });
});
