// A fake server answers the benchmark client's greeting, authentication and statement phases with
// seeded corruptions of valid packets. Every case must end in success or a MysqlError (never an
// uncaught exception, an unhandled rejection or a hang); a failing case replays from its seed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createServer, type Server, type Socket } from 'node:net';
import { LeanMysqlConnection } from '../../../src/core/bench/mysqlWire/leanMysqlConnection';
import { CR_MALFORMED_PACKET, MysqlError } from '../../../src/core/bench/mysqlWire/mysqlClientError';
import { writePacketHeader } from '../../../src/core/bench/mysqlWire/packetFraming';
import { seededRandom } from '../../support/seededRandom';

const CASES = 400;
const HANG_MS = 5000;

function packet(sequenceId: number, payload: Buffer): Buffer {
  const out = Buffer.alloc(4 + payload.length);
  writePacketHeader(out, 0, payload.length, sequenceId);
  payload.copy(out, 4);
  return out;
}

function greeting(): Buffer {
  const capabilities = 0x1 | 0x4 | 0x8 | 0x200 | 0x2000 | 0x8000 | 0x10000 | 0x20000 | 0x40000 | 0x80000 | 0x200000 | 0x1000000;
  const head = Buffer.alloc(4 + 8 + 1 + 2 + 1 + 2 + 2 + 1 + 10);
  let pos = 0;
  head.writeUInt32LE(7, pos);
  pos += 4;
  head.fill(0x41, pos, pos + 8);
  pos += 8;
  head[pos++] = 0;
  head.writeUInt16LE(capabilities & 0xffff, pos);
  pos += 2;
  head[pos++] = 45;
  head.writeUInt16LE(2, pos);
  pos += 2;
  head.writeUInt16LE(capabilities >>> 16, pos);
  pos += 2;
  head[pos++] = 21;
  return packet(
    0,
    Buffer.concat([
      Buffer.from([0x0a]),
      Buffer.from('5.5.5-10.11.6-fake\0', 'latin1'),
      head,
      Buffer.alloc(12, 0x42),
      Buffer.from([0]),
      Buffer.from('mysql_native_password\0', 'latin1'),
    ]),
  );
}

const ok = (sequenceId: number) => packet(sequenceId, Buffer.from([0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00]));

function lengthEncodedString(text: string): Buffer {
  return Buffer.concat([Buffer.from([text.length]), Buffer.from(text, 'latin1')]);
}

/** A one-column, two-row result set ending with an OK packet (CLIENT_DEPRECATE_EOF). */
function resultSet(): Buffer[] {
  const column = Buffer.concat([
    ...['def', '', '', '', 'x', ''].map(lengthEncodedString),
    Buffer.from([0x0c, 45, 0, 20, 0, 0, 0, 0xfd, 0, 0, 0, 0, 0]),
  ]);
  return [
    packet(1, Buffer.from([0x01])),
    packet(2, column),
    packet(3, lengthEncodedString('1')),
    packet(4, lengthEncodedString('hello')),
    packet(5, Buffer.from([0xfe, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00])),
  ];
}

type Phase = 'greeting' | 'auth' | 'statement';

/** Corrupts one of `packets` in a way chosen by `random`; returns the bytes to send and the kind. */
function corrupt(packets: Buffer[], random: () => number): { bytes: Buffer; kind: string } {
  const pick = (n: number) => Math.floor(random() * n);
  const list: Buffer[] = packets.map((p) => Buffer.from(p));
  const index = pick(list.length);
  const target = list[index];
  const payloadLength = target.length - 4;
  const kinds = [
    'flip',
    'truncate stream',
    'bad length',
    'wrong sequence',
    'bad length-encoded integer',
    'empty packet',
    'garbage packet',
    'short payload',
  ];
  const kind = kinds[pick(kinds.length)];
  switch (kind) {
    case 'flip':
      for (let n = 1 + pick(3); n > 0; n--) target[pick(target.length)] = pick(256);
      break;
    case 'truncate stream': {
      const whole = Buffer.concat(list);
      return { bytes: whole.subarray(0, pick(whole.length)), kind };
    }
    case 'bad length':
      writePacketHeader(target, 0, random() < 0.5 ? pick(payloadLength) : payloadLength + 1 + pick(0xffffff - payloadLength), target[3]);
      break;
    case 'wrong sequence':
      target[3] = (target[3] + 1 + pick(255)) & 0xff;
      break;
    case 'bad length-encoded integer':
      if (payloadLength > 0) target[4 + (payloadLength > 1 && random() < 0.5 ? 1 : 0)] = [0xfb, 0xfc, 0xfd, 0xfe, 0xff][pick(5)];
      break;
    case 'empty packet':
      list.splice(index, 0, packet(target[3], Buffer.alloc(0)));
      break;
    case 'garbage packet': {
      const garbage = Buffer.alloc(1 + pick(40));
      for (let i = 0; i < garbage.length; i++) garbage[i] = pick(256);
      list.splice(index + (random() < 0.5 ? 1 : 0), 0, random() < 0.5 ? packet(target[3], garbage) : garbage);
      break;
    }
    case 'short payload': {
      const cut = pick(payloadLength);
      list[index] = packet(target[3], target.subarray(4, 4 + cut));
      break;
    }
  }
  return { bytes: Buffer.concat(list), kind };
}

interface FuzzCase {
  phase: Phase;
  random: () => number;
  kind?: string;
}

let server: Server;
let port = 0;
let current: FuzzCase | undefined;

/** Answers each client packet with the next phase; the corrupted phase is the last, then it closes. */
function serve(socket: Socket, fuzz: FuzzCase): void {
  socket.on('error', () => undefined);
  const send = (phase: Phase, packets: Buffer[]) => {
    if (phase !== fuzz.phase) {
      socket.write(Buffer.concat(packets));
      return;
    }
    const corrupted = corrupt(packets, fuzz.random);
    fuzz.kind = corrupted.kind;
    socket.end(corrupted.bytes);
  };
  send('greeting', [greeting()]);
  let pending: Buffer = Buffer.alloc(0);
  let answered = 0;
  socket.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 4) {
      const length = pending.readUIntLE(0, 3);
      if (pending.length < 4 + length) return;
      const command = pending[4];
      pending = pending.subarray(4 + length);
      if (socket.writableEnded) continue;
      answered++;
      if (answered === 1) send('auth', [ok(2)]);
      else if (command === 0x03) send('statement', resultSet());
      else if (command === 0x01) socket.end();
    }
  });
}

describe('lean MySQL client against a server sending malformed packets', () => {
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  before(async () => {
    process.on('uncaughtException', onUncaught);
    process.on('unhandledRejection', onUncaught);
    server = createServer((socket) => {
      if (current) serve(socket, current);
      else socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });

  after(async () => {
    process.off('uncaughtException', onUncaught);
    process.off('unhandledRejection', onUncaught);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('the uncorrupted exchange succeeds (the fake server speaks the protocol)', async () => {
    current = { phase: 'statement', random: () => 0 };
    // phase 'none' is not corrupted: use a phase that never comes
    current.phase = 'none' as Phase;
    const connection = await LeanMysqlConnection.connect({ host: '127.0.0.1', port, user: 'u', password: 'p' });
    assert.equal(await connection.query('SELECT x'), -1);
    assert.equal(connection.lastRowCount, 2);
    assert.equal(await connection.queryValue('SELECT x'), '1');
    await connection.close();
  });

  test(`${CASES} seeded corruptions of the greeting, authentication and statement phases end in success or a client error`, async () => {
    const outcomes = new Map<string, number>();
    const phases: Phase[] = ['greeting', 'auth', 'statement'];
    for (let seed = 1; seed <= CASES; seed++) {
      const random = seededRandom(seed);
      const fuzz: FuzzCase = { phase: phases[seed % 3], random };
      current = fuzz;
      const attempt = (async () => {
        const connection = await LeanMysqlConnection.connect({ host: '127.0.0.1', port, user: 'u', password: 'p' });
        try {
          await connection.query('SELECT x');
          await connection.queryValue('SELECT x');
        } finally {
          connection.destroy();
        }
        return 'success';
      })();
      let timer: NodeJS.Timeout | undefined;
      const hang = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve('hang'), HANG_MS);
      });
      let outcome: string;
      try {
        outcome = await Promise.race([attempt, hang]);
      } catch (error) {
        assert.ok(error instanceof MysqlError, `seed ${seed} (${fuzz.phase}, ${fuzz.kind}): ${String(error)}`);
        outcome = `error ${error.errno}`;
        if (error.errno === CR_MALFORMED_PACKET)
          assert.match(
            error.message,
            /^(Malformed packet from 127\.0\.0\.1:\d+: .+|.+did not greet like a MySQL-compatible server|Unexpected packet .+)/,
            `seed ${seed}`,
          );
      } finally {
        clearTimeout(timer);
      }
      assert.notEqual(outcome, 'hang', `seed ${seed} (${fuzz.phase}, ${fuzz.kind}) neither finished nor failed within ${HANG_MS} ms`);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    assert.deepEqual(uncaught, [], 'no uncaught exception or unhandled rejection');
    assert.ok(
      (outcomes.get(`error ${CR_MALFORMED_PACKET}`) ?? 0) > CASES / 10,
      `malformed packets are named as such: ${JSON.stringify([...outcomes])}`,
    );
    current = undefined;
  });
});
