// Tells "nothing answers" apart from "something answers, but not the MySQL protocol" by reading the
// first bytes a server sends: a MySQL-compatible server greets with a handshake packet
// (protocol version 10) or an error packet (0xff), before the client says anything.
import { connect } from 'node:net';

export type GreetingVerdict =
  { kind: 'mysql' } | { kind: 'notMySql'; firstBytes: string } | { kind: 'silent' } | { kind: 'unreachable'; code: string };

const PROTOCOL_VERSION_10 = 0x0a;
const ERROR_PACKET = 0xff;

export function probeServerGreeting(host: string, port: number, timeoutMs = 3000): Promise<GreetingVerdict> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let settled = false;
    const finish = (verdict: GreetingVerdict) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(verdict);
    };
    const timer = setTimeout(() => finish(socket.connecting ? { kind: 'unreachable', code: 'ETIMEDOUT' } : { kind: 'silent' }), timeoutMs);
    socket.once('data', (data: Buffer) => {
      const marker = data.length > 4 ? data[4] : undefined;
      if (marker === PROTOCOL_VERSION_10 || marker === ERROR_PACKET) finish({ kind: 'mysql' });
      else finish({ kind: 'notMySql', firstBytes: printable(data.subarray(0, 40)) });
    });
    socket.once('error', (error: NodeJS.ErrnoException) => finish({ kind: 'unreachable', code: error.code ?? 'ERROR' }));
    socket.once('end', () => finish({ kind: 'notMySql', firstBytes: '' }));
  });
}

function printable(bytes: Buffer): string {
  return bytes
    .toString('latin1')
    .replace(/[^\x20-\x7e]/g, '.')
    .trim();
}
