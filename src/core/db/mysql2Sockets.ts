// The sockets under mysql2's connections, made here (mysql2's `stream` option) so that TiDB Lab
// can end them and bound what a server may send:
// - mysql2 never destroys a socket itself: after an ERR packet as the greeting (Too many
//   connections, host not allowed) it leaves it open, and after COM_QUIT or a fatal error it at most
//   half-closes it, waiting for the server to close. A server (or proxy) that keeps it open keeps the
//   process alive after its work is done. destroyAll() ends every socket of a pool.
// - mysql2 buffers a packet of any announced length (continuations included) until it is complete.
//   A watcher reads the packet headers beside it and destroys the socket, with an error mysql2
//   passes to the pending command, as soon as one announces more than the limit: 64 KiB until the
//   handshake is done, 64 MiB (MySQL 8's default max_allowed_packet) after it.
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { CR_MALFORMED_PACKET } from '../bench/mysqlWire/mysqlClientError';
import { DEFAULT_MAX_ALLOWED_PACKET, HANDSHAKE_MAX_PACKET, PacketSizeWatcher } from '../bench/mysqlWire/packetSizeWatcher';
import { HANDSHAKE_PACKET_TOO_LARGE, PACKET_TOO_LARGE } from './connectionErrors';

/** What mysql2 passes to a `stream` factory (its connection config, in part). */
interface StreamFactoryArguments {
  config: { host?: string; port?: number; socketPath?: string; enableKeepAlive?: boolean; keepAliveInitialDelay?: number };
}

export interface Mysql2Sockets {
  /** mysql2's `stream` option */
  readonly stream: (options: StreamFactoryArguments) => Socket;
  /** The handshake of this mysql2 connection is done (a pool's 'connection' event): its packets may be larger. */
  handshakeDone(connection: { stream?: Duplex }): void;
  /** Ends every socket made (a goodbye already written is flushed first). */
  destroyAll(): void;
}

function oversizePacketError(message: string, handshake: boolean): Error {
  return Object.assign(new Error(`Malformed packet: ${message}`), {
    code: handshake ? HANDSHAKE_PACKET_TOO_LARGE : PACKET_TOO_LARGE,
    errno: CR_MALFORMED_PACKET,
  });
}

/** A socket's end at the latest this long after destroyAll() asked it to flush and close. */
const FLUSH_MS = 500;

export function mysql2Sockets(afterHandshakeLimit = DEFAULT_MAX_ALLOWED_PACKET): Mysql2Sockets {
  const streams = new Set<Duplex>();
  const watchers = new WeakMap<Duplex, PacketSizeWatcher>();

  const watch = (stream: Duplex): PacketSizeWatcher => {
    const watcher = new PacketSizeWatcher(HANDSHAKE_MAX_PACKET, (message) =>
      stream.destroy(oversizePacketError(message, watcher.inHandshake)),
    );
    watchers.set(stream, watcher);
    streams.add(stream);
    stream.on('data', (chunk: Buffer) => watcher.push(chunk));
    // mysql2 has said all it will say (COM_QUIT, or end() after a fatal error): nothing it reads
    // later is used, so the socket goes instead of waiting for the server to close it.
    stream.once('finish', () => stream.destroy());
    stream.once('close', () => streams.delete(stream));
    return watcher;
  };

  return {
    stream: ({ config }) => {
      const socket = config.socketPath ? connect(config.socketPath) : connect(config.port ?? 3306, config.host ?? 'localhost');
      if (!config.socketPath) {
        socket.setNoDelay(true);
        if (config.enableKeepAlive) socket.once('connect', () => socket.setKeepAlive(true, config.keepAliveInitialDelay));
      }
      watch(socket);
      return socket;
    },
    handshakeDone: (connection) => {
      const stream = connection.stream;
      if (stream === undefined) return;
      // a TLS connection reads from the TLS socket made over ours: watched from here on
      (watchers.get(stream) ?? watch(stream)).handshakeDone(afterHandshakeLimit);
    },
    destroyAll: () => {
      for (const stream of streams) {
        if (stream.destroyed) continue;
        stream.end();
        setTimeout(() => stream.destroy(), FLUSH_MS).unref();
      }
    },
  };
}
