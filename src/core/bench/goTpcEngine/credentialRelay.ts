// go-tpc takes the password only on its command line (-p), where every process of the machine can
// read it. So go-tpc gets a one-time password instead and connects to this relay on
// 127.0.0.1:<ephemeral port>, which lives as long as the run: for each connection (loopback only)
// the relay connects to the server, greets go-tpc with the server's greeting (its version,
// connection id and capabilities, minus TLS and compression: go-tpc talks plain over loopback) and
// a nonce of its own, checks go-tpc's mysql_native_password scramble against the one-time password,
// then logs in upstream with the real credentials (TLS where the connection uses it;
// mysql_native_password, caching_sha2_password fast and full, sha256_password, auth switch) with
// go-tpc's capabilities and database, hands go-tpc the server's OK and pipes the bytes both ways.
// A server's refusal reaches go-tpc as the server's ERR packet (and the relay's upstreamErrors).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, connect, isIP, type Server, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import type { TlsMaterial } from '../../db/connectionTls';
import {
  clearPasswordResponse,
  initialAuthResponse,
  nativePasswordResponse,
  rsaPasswordResponse,
  NATIVE_PASSWORD,
  SHA256_PASSWORD,
} from '../mysqlWire/mysqlAuthentication';
import {
  authSwitchPayload,
  capabilityPrefix,
  errorPayload,
  errorText,
  greetingPayload,
  handshakeResponsePayload,
  HandshakeReader,
  packet,
  parseGreeting,
  parseHandshakeResponse,
  CLIENT_COMPRESS,
  CLIENT_CONNECT_ATTRS,
  CLIENT_SSL,
  type HandshakeResponse,
} from './handshakePackets';

export interface RelayUpstream {
  host: string;
  port: number;
  user: string;
  password: string;
  /** TLS to the server; undefined: plain */
  tls?: TlsMaterial;
}

export interface CredentialRelayHooks {
  /** the server refused a login or could not be reached: its words, once per connection */
  onUpstreamError?: (message: string) => void;
  /** a client the relay turned away (wrong one-time password, not loopback) */
  onRefused?: (message: string) => void;
}

export interface CredentialRelay {
  host: '127.0.0.1';
  port: number;
  user: string;
  /** what the client must log in with; worthless once the relay is closed */
  oneTimePassword: string;
  /** what the server answered to the logins it refused, in order */
  readonly upstreamErrors: readonly string[];
  /** the server's connection ids of the connections still open through the relay */
  openConnectionIds(): number[];
  /** stops accepting and closes every connection, both sides */
  close(): Promise<void>;
}

const HANDSHAKE_TIMEOUT_MS = 30_000;
const ER_ACCESS_DENIED = 1045;
const CR_CONN_HOST_ERROR = 2003;
const LOOPBACK = new Set(['127.0.0.1', '::ffff:127.0.0.1', '::1']);

class RelayRefusal extends Error {}

/** A nonce of printable bytes, as servers send them (no NUL: the greeting NUL-terminates its second part). */
function nonce(): Buffer {
  const bytes = randomBytes(20);
  for (let i = 0; i < bytes.length; i++) bytes[i] = 0x21 + (bytes[i] % 0x5e);
  return bytes;
}

export async function startCredentialRelay(upstream: RelayUpstream, hooks: CredentialRelayHooks = {}): Promise<CredentialRelay> {
  const oneTimePassword = randomBytes(24).toString('hex');
  const sockets = new Set<Socket>();
  const open = new Map<Socket, number>();
  const upstreamErrors: string[] = [];
  let closing = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server: Server = createServer((client) => {
    track(client);
    client.on('error', () => undefined);
    if (closing || !LOOPBACK.has(client.remoteAddress ?? '')) {
      hooks.onRefused?.(`a connection from ${client.remoteAddress ?? 'an unknown address'} (only loopback is relayed)`);
      client.destroy();
      return;
    }
    relayConnection(client, { upstream, oneTimePassword, track, hooks, upstreamErrors, open }).catch(() => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the credential relay did not get a port');
  return {
    host: '127.0.0.1',
    port: address.port,
    user: upstream.user,
    oneTimePassword,
    upstreamErrors,
    openConnectionIds: () => [...open.values()],
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

interface RelayContext {
  upstream: RelayUpstream;
  oneTimePassword: string;
  track: (socket: Socket) => void;
  hooks: CredentialRelayHooks;
  upstreamErrors: string[];
  open: Map<Socket, number>;
}

async function relayConnection(client: Socket, context: RelayContext): Promise<void> {
  const { upstream, hooks } = context;
  const clientReader = new HandshakeReader();
  const onClientData = (chunk: Buffer) => clientReader.push(chunk);
  client.on('data', onClientData);
  let clientSequence = 0;
  const toClient = (payload: Buffer) => {
    client.write(packet(payload, clientSequence));
    clientSequence = (clientSequence + 1) & 0xff;
  };
  const fromClient = async () => {
    const next = await clientReader.next();
    clientSequence = (next.sequenceId + 1) & 0xff;
    return next.payload;
  };

  let server: Socket = connect({ host: upstream.host, port: upstream.port });
  context.track(server);
  let serverReader = new HandshakeReader();
  const onServerData = (chunk: Buffer) => serverReader.push(chunk);
  server.on('data', onServerData);
  let serverSequence = 0;
  const toServer = (payload: Buffer) => {
    server.write(packet(payload, serverSequence));
    serverSequence = (serverSequence + 1) & 0xff;
  };
  const fromServer = async () => {
    const next = await serverReader.next();
    serverSequence = (next.sequenceId + 1) & 0xff;
    return next.payload;
  };

  let failed: (error: Error) => void = () => undefined;
  const failure = new Promise<never>((_, reject) => (failed = reject));
  failure.catch(() => undefined);
  const timer = setTimeout(() => failed(new Error(`no login within ${HANDSHAKE_TIMEOUT_MS / 1000} s`)), HANDSHAKE_TIMEOUT_MS);
  timer.unref();
  const onServerError = (error: Error) => failed(new Error(`${upstream.host}:${upstream.port}: ${error.message}`));
  const onServerClose = () => failed(new Error(`${upstream.host}:${upstream.port} closed the connection during the login`));
  const onClientClose = () => failed(new RelayRefusal('the client left during the login'));
  server.on('error', onServerError);
  server.on('close', onServerClose);
  client.on('close', onClientClose);
  const step = <T>(promise: Promise<T>) => Promise.race([promise, failure]);

  try {
    const greetingBytes = await step(fromServer());
    if (greetingBytes[0] === 0xff) throw new UpstreamRefusal(greetingBytes);
    const greeting = parseGreeting(greetingBytes);
    if (greeting === undefined) throw new Error(`${upstream.host}:${upstream.port} did not greet like a MySQL-compatible server`);

    // go-tpc's side: the server's greeting with the relay's nonce, plain, mysql_native_password
    const clientNonce = nonce();
    toClient(
      greetingPayload({
        ...greeting,
        scramble: clientNonce,
        capabilities: greeting.capabilities & ~(CLIENT_SSL | CLIENT_COMPRESS),
        plugin: NATIVE_PASSWORD,
      }),
    );
    const response = parseHandshakeResponse(await step(fromClient()));
    if (response === undefined || response.capabilities & CLIENT_SSL)
      throw new RelayRefusal('the client did not log in as MySQL clients do (or asked for TLS, which the relay does not offer)');
    let scramble = response.authResponse;
    if (response.plugin !== undefined && response.plugin !== NATIVE_PASSWORD) {
      toClient(authSwitchPayload(NATIVE_PASSWORD, clientNonce));
      scramble = await step(fromClient());
    }
    const expected = nativePasswordResponse(context.oneTimePassword, clientNonce);
    if (response.user !== upstream.user || scramble.length !== expected.length || !timingSafeEqual(scramble, expected)) {
      toClient(
        errorPayload(
          ER_ACCESS_DENIED,
          '28000',
          `Access denied for user '${response.user}' (TiDB Lab's credential relay takes only the run's one-time password)`,
        ),
      );
      throw new RelayRefusal(`a login as '${response.user}' with another password than the run's one-time password`);
    }

    // the server's side: go-tpc's capabilities (minus TLS, compression, attributes) and database, the real credentials
    const tls = upstream.tls;
    let secure = false;
    let capabilities = response.capabilities & ~(CLIENT_SSL | CLIENT_COMPRESS | CLIENT_CONNECT_ATTRS);
    if (tls !== undefined) {
      if (greeting.capabilities & CLIENT_SSL) {
        capabilities |= CLIENT_SSL;
        toServer(capabilityPrefix({ ...response, capabilities }));
        server = await step(upgradeToTls(server, onServerData, upstream, tls, context.track));
        serverReader = new HandshakeReader();
        server.on('data', (chunk: Buffer) => serverReader.push(chunk));
        server.on('error', onServerError);
        server.on('close', onServerClose);
        secure = true;
      } else if (tls.mode !== 'preferred') {
        throw new Error(`${upstream.host}:${upstream.port} does not offer TLS, but the connection requires it`);
      }
    }
    let plugin = greeting.plugin;
    let serverScramble = greeting.scramble;
    const first = initialAuthResponse(plugin, upstream.password, serverScramble, secure);
    if (first === undefined) throw new Error(`the server asks for authentication plugin '${plugin}', which the relay does not support`);
    const login: HandshakeResponse = {
      ...response,
      capabilities,
      user: upstream.user,
      authResponse: first,
      plugin,
    };
    toServer(handshakeResponsePayload(login));
    let awaitingPublicKey = plugin === SHA256_PASSWORD && !secure && upstream.password !== '';
    for (;;) {
      const answer = await step(fromServer());
      if (answer[0] === 0x00) {
        context.open.set(server, greeting.connectionId);
        server.once('close', () => context.open.delete(server));
        toClient(answer);
        pipeBoth(client, clientReader, server, serverReader);
        return;
      }
      if (answer[0] === 0xff) throw new UpstreamRefusal(answer);
      if (answer[0] === 0xfe) {
        const end = answer.indexOf(0, 1);
        plugin = answer.toString('latin1', 1, end < 0 ? answer.length : end);
        const rest = end < 0 ? Buffer.alloc(0) : answer.subarray(end + 1);
        serverScramble = Buffer.from(rest[rest.length - 1] === 0 ? rest.subarray(0, rest.length - 1) : rest);
        const switched = initialAuthResponse(plugin, upstream.password, serverScramble, secure);
        if (switched === undefined)
          throw new Error(`the server asks for authentication plugin '${plugin}', which the relay does not support`);
        awaitingPublicKey = plugin === SHA256_PASSWORD && !secure && upstream.password !== '';
        toServer(switched);
        continue;
      }
      if (answer[0] === 0x01) {
        if (awaitingPublicKey) {
          awaitingPublicKey = false;
          toServer(rsaPasswordResponse(upstream.password, serverScramble, answer.toString('latin1', 1)));
        } else if (answer[1] === 0x03) {
          // caching_sha2_password fast authentication: the OK follows
        } else if (answer[1] === 0x04) {
          if (secure) toServer(clearPasswordResponse(upstream.password));
          else {
            awaitingPublicKey = true;
            toServer(Buffer.from([0x02]));
          }
        }
        continue;
      }
      throw new Error(`${upstream.host}:${upstream.port} answered the login with an unexpected packet (0x${answer[0].toString(16)})`);
    }
  } catch (error) {
    if (error instanceof UpstreamRefusal) {
      const text = errorText(error.payload);
      context.upstreamErrors.push(text);
      hooks.onUpstreamError?.(text);
      if (!client.destroyed) toClient(error.payload);
    } else if (error instanceof RelayRefusal) {
      hooks.onRefused?.(error.message);
    } else {
      const text = error instanceof Error ? error.message : String(error);
      context.upstreamErrors.push(text);
      hooks.onUpstreamError?.(text);
      if (!client.destroyed) toClient(errorPayload(CR_CONN_HOST_ERROR, 'HY000', `TiDB Lab's credential relay: ${text}`));
    }
    client.end();
    server.destroy();
  } finally {
    clearTimeout(timer);
    server.off('error', onServerError);
    server.off('close', onServerClose);
    client.off('close', onClientClose);
  }
}

class UpstreamRefusal extends Error {
  constructor(readonly payload: Buffer) {
    super('the server refused the login');
  }
}

function upgradeToTls(
  plain: Socket,
  onData: (chunk: Buffer) => void,
  upstream: RelayUpstream,
  tls: TlsMaterial,
  track: (socket: Socket) => void,
): Promise<Socket> {
  plain.off('data', onData);
  const verify = tls.mode === 'verify_ca' || tls.mode === 'verify_identity';
  const secured = connectTls({
    socket: plain,
    servername: isIP(upstream.host) ? undefined : upstream.host,
    ca: tls.ca,
    cert: tls.cert,
    key: tls.key,
    ciphers: tls.ciphers,
    minVersion: 'TLSv1.2',
    rejectUnauthorized: verify,
    ...(tls.mode === 'verify_identity' ? {} : { checkServerIdentity: () => undefined }),
  });
  track(secured);
  return new Promise((resolve, reject) => {
    secured.once('secureConnect', () => resolve(secured));
    secured.once('error', (error) => reject(new Error(`TLS to ${upstream.host}:${upstream.port} failed: ${error.message}`)));
  });
}

/** After the login: every byte as it comes, both ways; either side closing closes the other. */
function pipeBoth(client: Socket, clientReader: HandshakeReader, server: Socket, serverReader: HandshakeReader): void {
  client.pause();
  server.pause();
  client.removeAllListeners('data');
  server.removeAllListeners('data');
  const clientRest = clientReader.rest();
  const serverRest = serverReader.rest();
  if (clientRest.length > 0) server.write(clientRest);
  if (serverRest.length > 0) client.write(serverRest);
  client.pipe(server);
  server.pipe(client);
  client.once('close', () => server.destroy());
  server.once('close', () => client.destroy());
  server.on('error', () => client.destroy());
  client.on('error', () => server.destroy());
}
