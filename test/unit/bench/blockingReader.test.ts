// The blocking transport's read loop over a real loopback TCP connection: the peer is an echo
// server in a worker_thread, so that it answers while this thread is blocked in read(2).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { writeSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import {
  BlockingReader,
  SLICE_MS,
  takeBlockingDescriptor,
  type BlockingReaderTarget,
} from '../../../src/core/bench/mysqlWire/blockingReader';

// Echoes what it gets; a line "close" makes it end the connection after echoing what came before.
const ECHO_SERVER = `
const { createServer } = require('node:net');
const { parentPort } = require('node:worker_threads');
const server = createServer((socket) => {
  socket.on('data', (chunk) => {
    const text = chunk.toString('latin1');
    const at = text.indexOf('close');
    if (at < 0) socket.write(chunk);
    else socket.end(chunk.subarray(0, at));
  });
  socket.on('error', () => undefined);
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
parentPort.on('message', () => server.close(() => process.exit(0)));
`;

let peer: Worker;
let port: number;

before(async () => {
  peer = new Worker(ECHO_SERVER, { eval: true });
  port = await new Promise<number>((resolve) => peer.once('message', resolve));
});

after(async () => {
  peer.postMessage('stop');
  await new Promise((resolve) => peer.once('exit', resolve));
});

async function blockingSocket(): Promise<{ socket: Socket; fd: number }> {
  const socket = connect({ host: '127.0.0.1', port, noDelay: true });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const fd = takeBlockingDescriptor(socket);
  assert.ok(fd >= 0, 'a connected TCP socket on Linux can be made blocking');
  return { socket, fd };
}

/** Waits for `expected` bytes per command, as a connection waits for the answer to its command. */
class Collector implements BlockingReaderTarget {
  received = '';
  waitingFor = 0;
  ended: { error: NodeJS.ErrnoException | undefined } | undefined;
  onAnswer: () => void = () => undefined;

  onBytes(buffer: Buffer, length: number): void {
    this.received += buffer.toString('latin1', 0, length);
    if (this.received.length >= this.waitingFor) this.onAnswer();
  }

  awaitingAnswer(): boolean {
    return this.ended === undefined && this.received.length < this.waitingFor;
  }

  onReadEnd(error: NodeJS.ErrnoException | undefined): void {
    this.ended = { error };
  }
}

describe('blocking reads', () => {
  test('the answer is read after the sending call returns, and commands sent from an answer are read in the same loop', async () => {
    const { socket, fd } = await blockingSocket();
    try {
      const target = new Collector();
      const reader = new BlockingReader(fd, target);
      let sent = 0;
      const send = () => {
        sent++;
        target.waitingFor += 6;
        writeSync(fd, `cmd${String(sent).padStart(2, '0')};`);
        reader.commandSent();
      };
      const done = new Promise<void>((resolve) => {
        target.onAnswer = () => {
          if (sent < 50) send();
          else resolve();
        };
      });
      send();
      assert.equal(target.received, '', 'nothing is read inside the call that sent the command');
      await done;
      assert.equal(target.received.length, 300);
      assert.equal(target.received.slice(0, 12), 'cmd01;cmd02;');
      assert.equal(target.received.slice(-6), 'cmd50;');
      assert.equal(target.ended, undefined);
    } finally {
      socket.destroy();
    }
  });

  test('the event loop gets a turn every SLICE_MS while answers keep coming', async () => {
    const { socket, fd } = await blockingSocket();
    try {
      const target = new Collector();
      // a clock that moves on by a third of a slice per reading: a yield every few reads
      let clock = 0;
      const reader = new BlockingReader(fd, target, () => (clock += SLICE_MS / 3));
      let turns = 0;
      let sent = 0;
      const done = new Promise<void>((resolve) => {
        target.onAnswer = () => {
          if (sent === 30) return resolve();
          sent++;
          target.waitingFor += 2;
          writeSync(fd, 'x;');
          reader.commandSent();
        };
      });
      let ticking = true;
      const tick = () => {
        turns++;
        if (ticking) setImmediate(tick);
      };
      setImmediate(tick);
      sent = 1;
      target.waitingFor = 2;
      writeSync(fd, 'x;');
      reader.commandSent();
      await done;
      ticking = false;
      assert.ok(turns >= 3, `the event loop had ${turns} turns during 30 answers`);
    } finally {
      socket.destroy();
    }
  });

  test('a peer that closes the connection ends the reads, with no error', async () => {
    const { socket, fd } = await blockingSocket();
    try {
      const target = new Collector();
      const reader = new BlockingReader(fd, target);
      const ended = new Promise<void>((resolve) => {
        const poll = setInterval(() => {
          if (target.ended !== undefined) {
            clearInterval(poll);
            resolve();
          }
        }, 1);
      });
      target.waitingFor = 100;
      writeSync(fd, 'partial;close');
      reader.commandSent();
      await ended;
      assert.equal(target.received, 'partial;');
      assert.deepEqual(target.ended, { error: undefined });
    } finally {
      socket.destroy();
    }
  });

  test('after end() nothing more is read', async () => {
    const { socket, fd } = await blockingSocket();
    try {
      const target = new Collector();
      const reader = new BlockingReader(fd, target);
      target.waitingFor = 3;
      writeSync(fd, 'abc');
      reader.commandSent();
      reader.end();
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(target.received, '');
    } finally {
      socket.destroy();
    }
  });
});
