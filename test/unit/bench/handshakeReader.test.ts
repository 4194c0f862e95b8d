// The go-tpc relay reads the login exchange packet by packet: whole packets across chunks, and a
// peer that announces more than a handshake packet (a hostile or confused server, a client that is
// not MySQL) is refused at once, its bytes not buffered, instead of waiting for up to 16 MiB.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { HandshakeReader, MAX_HANDSHAKE_PACKET_BYTES } from '../../../src/core/bench/goTpcEngine/handshakePackets';

function header(length: number, sequenceId: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUIntLE(length, 0, 3);
  bytes[3] = sequenceId;
  return bytes;
}

/** The promise's outcome, or 'pending' when it has none within 200 ms. */
async function settled<T>(promise: Promise<T>): Promise<{ value: T } | { error: Error } | 'pending'> {
  return Promise.race([
    promise.then(
      (value) => ({ value }),
      (error: Error) => ({ error }),
    ),
    new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), 200)),
  ]);
}

test('packets split over chunks and packets sharing a chunk come out whole, in order', async () => {
  const reader = new HandshakeReader();
  const first = reader.next();
  reader.push(Buffer.concat([header(5, 0), Buffer.from('he')]));
  assert.equal(await settled(first), 'pending');
  reader.push(Buffer.concat([Buffer.from('llo'), header(2, 1), Buffer.from('ok')]));
  assert.deepEqual(await first, { payload: Buffer.from('hello'), sequenceId: 0 });
  assert.deepEqual(await reader.next(), { payload: Buffer.from('ok'), sequenceId: 1 });
});

test('a packet announced larger than a handshake packet is refused at once and not buffered', async () => {
  const reader = new HandshakeReader();
  const next = reader.next();
  reader.push(Buffer.concat([header(0xffffff, 0), Buffer.alloc(1024 * 1024)]));
  const outcome = await settled(next);
  if (outcome === 'pending') assert.fail('a 16 MiB announcement is refused, not waited for');
  assert.ok('error' in outcome, 'refused with an error');
  assert.match(outcome.error.message, /handshake packet of 16777215 bytes \(at most 65536 expected\)/);
  reader.push(Buffer.alloc(1024 * 1024));
  assert.equal(reader.rest().length, 0, 'nothing of it is kept');
  await assert.rejects(reader.next(), /not a MySQL handshake/);
});

test('a packet of exactly the limit is read', async () => {
  const reader = new HandshakeReader();
  reader.push(Buffer.concat([header(MAX_HANDSHAKE_PACKET_BYTES, 3), Buffer.alloc(MAX_HANDSHAKE_PACKET_BYTES, 7)]));
  const packet = await reader.next();
  assert.equal(packet.payload.length, MAX_HANDSHAKE_PACKET_BYTES);
  assert.equal(packet.sequenceId, 3);
});
