import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  PacketFraming,
  MAX_PAYLOAD,
  lengthEncodedSize,
  readLengthEncodedInteger,
  splitIntoPackets,
  writeLengthEncodedInteger,
  writePacketHeader,
} from '../../../src/core/bench/mysqlWire/packetFraming';
import { cachingSha2Response, initialAuthResponse, nativePasswordResponse } from '../../../src/core/bench/mysqlWire/mysqlAuthentication';
import { parseErrorPacket } from '../../../src/core/bench/mysqlWire/leanMysqlConnection';

const requireFromHere = createRequire(__filename);
// mysql2 does not export its auth helpers, so they are loaded by path as a second opinion
const mysql2Dir = dirname(requireFromHere.resolve('mysql2'));
const load = (file: string): unknown => requireFromHere(join(mysql2Dir, file));

function packet(sequenceId: number, payload: Buffer): Buffer {
  const out = Buffer.alloc(4 + payload.length);
  writePacketHeader(out, 0, payload.length, sequenceId);
  payload.copy(out, 4);
  return out;
}

describe('packet framing', () => {
  test('finds packets however the bytes are split across reads', () => {
    const stream = Buffer.concat([packet(1, Buffer.from('hello')), packet(2, Buffer.alloc(0)), packet(3, Buffer.from('world!'))]);
    for (let step = 1; step <= stream.length; step++) {
      const seen: string[] = [];
      const framing = new PacketFraming((data, start, length, seq) =>
        seen.push(`${seq}:${data.toString('latin1', start, start + length)}`),
      );
      // a reused read buffer, as with the socket's onread option
      const scratch = Buffer.alloc(step);
      for (let pos = 0; pos < stream.length; pos += step) {
        const bytes = stream.copy(scratch, 0, pos, Math.min(stream.length, pos + step));
        framing.push(scratch, bytes);
        scratch.fill(0xaa);
      }
      assert.deepEqual(seen, ['1:hello', '2:', '3:world!'], `read size ${step}`);
    }
  });

  test('joins a payload of 16 MiB - 1 with the packet that continues it', () => {
    const big = Buffer.alloc(0xffffff, 0x41);
    const seen: number[] = [];
    const framing = new PacketFraming((_data, _start, length) => seen.push(length));
    framing.push(Buffer.concat([packet(0, big), packet(1, Buffer.from('tail')), packet(2, Buffer.from('x'))]));
    assert.deepEqual(seen, [0xffffff + 4, 1]);
  });

  test('a packet out of sequence stops the framing and is reported, a row included', () => {
    const seen: number[] = [];
    const mismatches: string[] = [];
    const framing = new PacketFraming(
      (_data, _start, _length, seq) => seen.push(seq),
      (got, expected) => mismatches.push(`${got}/${expected}`),
    );
    framing.nextSequence = 1;
    framing.countRows = true;
    framing.push(
      Buffer.concat([packet(1, Buffer.from('a')), packet(2, Buffer.from('b')), packet(4, Buffer.from('c')), packet(5, Buffer.from('d'))]),
    );
    assert.deepEqual(mismatches, ['4/3']);
    assert.equal(framing.rows, 2, 'the rows before the gap are counted, none after it');
    framing.nextSequence = -1;
    framing.countRows = false;
    framing.push(packet(9, Buffer.from('e')));
    assert.deepEqual(seen, [9], 'between commands any sequence id is accepted');
  });

  test('a payload of 16 MiB or more goes out in chunks of 0xffffff bytes with consecutive sequence ids', () => {
    for (const size of [MAX_PAYLOAD - 1, MAX_PAYLOAD, MAX_PAYLOAD + 5, 2 * MAX_PAYLOAD]) {
      const payload = Buffer.alloc(size);
      for (let i = 0; i < size; i += 4096) payload[i] = (i >> 12) & 0xff;
      const { bytes, count } = splitIntoPackets(payload, 0);
      const headers: Array<[number, number]> = [];
      for (let pos = 0; pos < bytes.length;) {
        const length = bytes.readUIntLE(pos, 3);
        headers.push([length, bytes[pos + 3]]);
        pos += 4 + length;
      }
      const expected: Array<[number, number]> = [];
      for (let left = size, seq = 0; ; seq++) {
        const chunk = Math.min(left, MAX_PAYLOAD);
        expected.push([chunk, seq]);
        left -= chunk;
        if (chunk < MAX_PAYLOAD) break;
      }
      assert.deepEqual(headers, expected, `payload of ${size} bytes`);
      assert.equal(count, expected.length);
      const joined: Buffer[] = [];
      new PacketFraming((data, start, length) => joined.push(Buffer.from(data.subarray(start, start + length)))).push(bytes);
      assert.equal(joined.length, 1);
      assert.ok(joined[0].equals(payload), 'the reader joins them back into the same payload');
    }
  });

  test('length-encoded integers round-trip at every size boundary', () => {
    for (const value of [0, 250, 251, 0xffff, 0x10000, 0xffffff, 0x1000000, 2 ** 40]) {
      const buffer = Buffer.alloc(9);
      const size = writeLengthEncodedInteger(buffer, 0, value);
      assert.equal(size, lengthEncodedSize(value));
      assert.deepEqual(readLengthEncodedInteger(buffer, 0), { value, size });
    }
  });

  test('error packets give the error number, SQL state and message', () => {
    const payload = Buffer.concat([Buffer.from([0xff, 0x7a, 0x04]), Buffer.from('#42S02'), Buffer.from("Table 'x.t' doesn't exist")]);
    const error = parseErrorPacket(payload, 0, payload.length);
    assert.equal(error.errno, 1146);
    assert.equal(error.sqlState, '42S02');
    assert.equal(error.message, "Table 'x.t' doesn't exist");
  });
});

describe('authentication answers', () => {
  test('mysql_native_password and caching_sha2_password agree with mysql2', () => {
    const auth41 = load('lib/auth_41.js') as { calculateToken: (password: string, s1: Buffer, s2: Buffer) => Buffer };
    const sha2 = load('lib/auth_plugins/caching_sha2_password.js') as { calculateToken: (password: string, scramble: Buffer) => Buffer };
    for (const password of ['tidblab-pw', 'pässwörd', 'x']) {
      const scramble = randomBytes(20);
      assert.deepEqual(
        nativePasswordResponse(password, scramble),
        auth41.calculateToken(password, scramble.subarray(0, 8), scramble.subarray(8)),
      );
      assert.deepEqual(cachingSha2Response(password, scramble), sha2.calculateToken(password, scramble));
    }
  });

  test('an empty password sends an empty answer; unknown plugins are refused', () => {
    assert.equal(nativePasswordResponse('', randomBytes(20)).length, 0);
    assert.equal(initialAuthResponse('client_ed25519', 'pw', randomBytes(20), false), undefined);
    assert.equal(initialAuthResponse('mysql_clear_password', 'pw', randomBytes(20), false), undefined, 'never in clear over plain TCP');
    assert.deepEqual(initialAuthResponse('mysql_clear_password', 'pw', randomBytes(20), true), Buffer.from('pw\0'));
  });
});
