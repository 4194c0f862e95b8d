// Fake servers on 127.0.0.1 that break the MySQL protocol the way a broken server or a proxy can:
// an ERR packet as the greeting with the socket kept open (a real server closes after 1040/1130,
// a proxy may not), and a packet header announcing 16 MiB followed by an endless flood.
import { createServer, type Server, type Socket } from 'node:net';

export interface HostileServer {
  port: number;
  /** sockets accepted so far */
  accepted: number;
  /** resolves when as many sockets as accepted so far are closed (by the client: the server never closes one) */
  allClosed(): Promise<void>;
  /** sockets still open */
  open(): number;
  close(): Promise<void>;
}

function packet(sequenceId: number, payload: Buffer): Buffer {
  const header = Buffer.from([payload.length & 0xff, (payload.length >> 8) & 0xff, (payload.length >> 16) & 0xff, sequenceId]);
  return Buffer.concat([header, payload]);
}

/** MySQL's ERR packet for 1040 Too many connections, as a server sends it instead of a greeting. */
export function tooManyConnectionsPacket(): Buffer {
  return packet(0, Buffer.concat([Buffer.from([0xff, 0x10, 0x04]), Buffer.from('#08004Too many connections', 'latin1')]));
}

/** A protocol-10 greeting offering mysql_native_password (an empty password answers it with nothing). */
export function nativePasswordGreeting(): Buffer {
  const capabilities = 0x1 | 0x4 | 0x8 | 0x200 | 0x2000 | 0x8000 | 0x80000;
  const scramble = Buffer.from('0123456789abcdefghij', 'latin1');
  const head = Buffer.alloc(4 + 8 + 1 + 2 + 1 + 2 + 2 + 1 + 10);
  head.writeUInt32LE(7, 0);
  scramble.copy(head, 4, 0, 8);
  head.writeUInt16LE(capabilities & 0xffff, 13);
  head[15] = 45;
  head.writeUInt16LE(2, 16);
  head.writeUInt16LE(capabilities >>> 16, 18);
  head[20] = 21;
  return packet(
    0,
    Buffer.concat([
      Buffer.from([0x0a]),
      Buffer.from('8.0.36-hostile\0', 'latin1'),
      head,
      scramble.subarray(8),
      Buffer.from([0]),
      Buffer.from('mysql_native_password\0', 'latin1'),
    ]),
  );
}

export function okPacket(sequenceId: number): Buffer {
  return packet(sequenceId, Buffer.from([0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00]));
}

/**
 * Writes packets of 0xffffff bytes (each continued by the next) with consecutive sequence ids from
 * `sequenceId`, as fast as the socket takes them, until it closes: a payload without end.
 */
export function flood(socket: Socket, sequenceId: number): void {
  const block = Buffer.alloc(256 * 1024, 0x20);
  const MAX_PAYLOAD = 0xffffff;
  let sequence = sequenceId;
  let left = 0;
  const more = () => {
    for (;;) {
      if (socket.destroyed) return;
      let written: boolean;
      if (left === 0) {
        written = socket.write(Buffer.from([0xff, 0xff, 0xff, sequence]));
        sequence = (sequence + 1) & 0xff;
        left = MAX_PAYLOAD;
      } else {
        const size = Math.min(left, block.length);
        written = socket.write(block.subarray(0, size));
        left -= size;
      }
      if (!written) return;
    }
  };
  socket.on('drain', more);
  more();
}

/** A server that does `onSocket` with each connection and never closes one itself. */
export async function hostileServer(onSocket: (socket: Socket) => void): Promise<HostileServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const waiters: Array<() => void> = [];
  const settle = () => {
    if (sockets.size === 0) for (const waiter of waiters.splice(0)) waiter();
  };
  const server: Server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      settle();
    });
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    get accepted() {
      return accepted;
    },
    allClosed: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        settle();
      }),
    open: () => sockets.size,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** ERR 1040 as the greeting; the socket stays open. */
export function errGreetingServer(): Promise<HostileServer> {
  return hostileServer((socket) => socket.write(tooManyConnectionsPacket()));
}

/** A greeting that announces 16 MiB and floods. */
export function floodingGreetingServer(): Promise<HostileServer> {
  return hostileServer((socket) => flood(socket, 0));
}

/** A proper greeting, any login accepted, then the answer to the first command announces 16 MiB and floods. */
export function floodingAnswerServer(): Promise<HostileServer> {
  return hostileServer((socket) => {
    socket.write(nativePasswordGreeting());
    let stage = 0;
    socket.on('data', () => {
      // one read per client packet is enough here: the login response, then the first command
      if (stage === 0) socket.write(okPacket(2));
      else if (stage === 1) flood(socket, 1);
      stage++;
    });
  });
}
