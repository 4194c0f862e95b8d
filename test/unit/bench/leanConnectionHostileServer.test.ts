// The benchmark client against servers that break the protocol on purpose (test/support/hostileServers.ts):
// a packet announced larger than the limit (64 KiB during the handshake, max_allowed_packet after it)
// ends the connection from its header with a clear error, before any of it is buffered; the client's
// peak memory is measured in a child process (VmHWM) so the test runner's own does not count.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { LeanMysqlConnection } from '../../../src/core/bench/mysqlWire/leanMysqlConnection';
import { PacketFraming } from '../../../src/core/bench/mysqlWire/packetFraming';
import { PacketSizeWatcher } from '../../../src/core/bench/mysqlWire/packetSizeWatcher';
import { errGreetingServer, floodingAnswerServer, floodingGreetingServer, type HostileServer } from '../../support/hostileServers';

const MIB = 1024 * 1024;
const LEAN_MODULE = join(__dirname, '../../../src/core/bench/mysqlWire/leanMysqlConnection.js');

/** Runs `body` (an async function of `LeanMysqlConnection`) in a child node; returns what it printed and its peak RSS. */
function inChild(body: string): Promise<{ printed: string; peakMb: number; ms: number }> {
  const script = `
    const { LeanMysqlConnection } = require(${JSON.stringify(LEAN_MODULE)});
    (${body})(LeanMysqlConnection).then(
      (text) => finish(String(text)),
      (error) => finish('error ' + (error && error.errno) + ': ' + (error && error.message)),
    );
    function finish(text) {
      const peak = /VmHWM:\\s+(\\d+) kB/.exec(require('node:fs').readFileSync('/proc/self/status', 'utf8'))[1];
      process.stdout.write(JSON.stringify({ printed: text, peakKb: Number(peak) }));
      process.exit(0);
    }`;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script], { timeout: 60_000, maxBuffer: MIB }, (error, stdout) => {
      if (error) return reject(error);
      const parsed = JSON.parse(stdout) as { printed: string; peakKb: number };
      resolve({ printed: parsed.printed, peakMb: parsed.peakKb / 1024, ms: Date.now() - started });
    });
  });
}

describe('hostile servers (lean connection)', () => {
  const servers: HostileServer[] = [];
  after(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  test('an ERR packet as the greeting fails connect() with its words and closes the socket the server keeps open', async () => {
    const server = await errGreetingServer();
    servers.push(server);
    await assert.rejects(
      LeanMysqlConnection.connect({ host: '127.0.0.1', port: server.port, user: 'u', password: '' }),
      (error: Error & { errno?: number }) => error.errno === 1040 && /Too many connections/.test(error.message),
    );
    await server.allClosed();
    assert.equal(server.open(), 0);
  });

  test('a greeting announcing 16 MiB, then a flood: a clear protocol error at once, peak memory well under 150 MB', async () => {
    const server = await floodingGreetingServer();
    servers.push(server);
    const { printed, peakMb, ms } = await inChild(
      `(Lean) => Lean.connect({ host: '127.0.0.1', port: ${server.port}, user: 'u', password: '', connectTimeoutMs: 20000 })`,
    );
    assert.match(
      printed,
      /^error 2027: Malformed packet .*announced a packet of 16777215 bytes during the handshake, more than the 65536 bytes/,
    );
    assert.ok(peakMb < 150, `peak RSS ${peakMb.toFixed(0)} MB`);
    assert.ok(ms < 10_000, `took ${ms} ms`);
  });

  test('an answer announcing more than max_allowed_packet, then a flood: the query fails with the limit in words', async () => {
    const server = await floodingAnswerServer();
    servers.push(server);
    const { printed, peakMb } = await inChild(`async (Lean) => {
      const connection = await Lean.connect({ host: '127.0.0.1', port: ${server.port}, user: 'u', password: '', maxAllowedPacket: ${4 * MIB} });
      return await connection.query('SELECT 1');
    }`);
    assert.match(
      printed,
      /^error 2027: Malformed packet .*announced a packet of 16777215 bytes, more than the 4194304 bytes allowed \(max_allowed_packet\)/,
    );
    assert.ok(peakMb < 150, `peak RSS ${peakMb.toFixed(0)} MB`);
  });

  test('the default max_allowed_packet after the handshake is 64 MiB: a fifth continued 16 MiB packet is over it', () => {
    const refused: Array<[number, number]> = [];
    const framing = new PacketFraming(
      () => assert.fail('no packet is complete'),
      () => undefined,
      (size, limit) => refused.push([size, limit]),
    );
    framing.maxPacket = 64 * MIB;
    const header = Buffer.from([0xff, 0xff, 0xff, 0]);
    const body = Buffer.alloc(0xffffff);
    for (let i = 0; i < 5 && refused.length === 0; i++) {
      header[3] = i;
      framing.push(header);
      framing.push(body);
    }
    assert.deepEqual(refused, [[5 * 0xffffff, 64 * MIB]]);
  });
});

describe('PacketSizeWatcher', () => {
  test('follows headers across chunk boundaries and continuations, and reports the first packet over the limit once', () => {
    const reports: number[] = [];
    const watcher = new PacketSizeWatcher(100, (_message, size) => reports.push(size));
    const stream = Buffer.concat([
      Buffer.from([3, 0, 0, 0]),
      Buffer.from('abc'),
      Buffer.from([100, 0, 0, 1]),
      Buffer.alloc(100),
      Buffer.from([101, 0, 0, 2]),
      Buffer.alloc(10),
    ]);
    for (let i = 0; i < stream.length; i += 3) watcher.push(stream.subarray(i, i + 3));
    assert.deepEqual(reports, [101]);
    watcher.push(Buffer.from([200, 0, 0, 3]));
    assert.deepEqual(reports, [101], 'stopped after the first');
  });

  test('the handshake limit, then a larger one', () => {
    const messages: string[] = [];
    const watcher = new PacketSizeWatcher(64 * 1024, (message) => messages.push(message));
    watcher.push(Buffer.from([1, 0, 1, 0]));
    assert.match(messages[0] ?? '', /65537 bytes during the handshake, more than the 65536 bytes/);
    const after = new PacketSizeWatcher(64 * 1024, (message) => messages.push(message));
    after.handshakeDone(0xffffff + 1);
    after.push(Buffer.concat([Buffer.from([0xff, 0xff, 0xff, 0]), Buffer.alloc(0xffffff), Buffer.from([2, 0, 0, 1]), Buffer.alloc(2)]));
    assert.equal(messages.length, 2);
    assert.match(messages[1], /announced a packet of 16777217 bytes, more than the 16777216 bytes allowed/);
  });
});
