// Turns what mysql2 throws while connecting into a sentence a user can act on.
import type { ConnectionProfile } from './connectionProfile';

export type ConnectionProblemKind =
  | 'wrongPassword'
  | 'unknownHost'
  | 'refused'
  | 'timeout'
  | 'tlsRequiredByServer'
  | 'tlsNotSupportedByServer'
  | 'certificateRejected'
  | 'notMySqlCompatible'
  | 'unknownDatabase'
  | 'caFileUnreadable'
  | 'tooManyConnections'
  | 'other';

/**
 * Whose words the way out is told in: the extension's connection form ("Edit the connection", TLS
 * mode) or the `tidb-lab` command line's flags (--mysql-ssl=REQUIRED, --mysql-ssl-ca=FILE, ...).
 */
export type ConnectionVocabulary = 'editor' | 'cli';

/** What the next step may mention about the connection that failed. */
export type ConnectionTarget = Pick<ConnectionProfile, 'host' | 'port' | 'user' | 'tls' | 'database'>;

/**
 * Who said the detail shown under a problem: the database server (an error packet), the operating
 * system (the socket: refused, unreachable, unknown name, timed out) or the client (TLS, protocol).
 */
export type ProblemDetailSource = 'server' | 'system' | 'client';

export interface ConnectionProblem {
  kind: ConnectionProblemKind;
  title: string;
  nextStep: string;
  /** the driver's own text, kept so nothing is lost (logs) */
  serverMessage: string;
  /** what to show as the detail, in the words of whoever said it ("Nothing listens on 127.0.0.1:3999 (connection refused)") */
  detail: { source: ProblemDetailSource; text: string };
}

/**
 * The `code` of the error a mysql2 session fails with when the server announces a packet over 64 KiB
 * before the handshake is done (mysql2Sockets.ts): a greeting is a few hundred bytes, so a server
 * whose first bytes read as such a length (HTTP's "HTT", SSH's "SSH") does not speak MySQL.
 */
export const HANDSHAKE_PACKET_TOO_LARGE = 'HANDSHAKE_PACKET_TOO_LARGE';
/** ... and after the handshake, a packet over the limit. */
export const PACKET_TOO_LARGE = 'PACKET_TOO_LARGE';

interface DriverError {
  code?: string;
  errno?: number;
  message?: string;
  sqlState?: string;
  syscall?: string;
  address?: string;
  port?: number;
  hostname?: string;
}

/** Socket errors: the operating system speaking, told in its words rather than as "connect ECONNREFUSED". */
const SYSTEM_ERROR_WORDS: Record<string, (where: string, driver: DriverError) => string> = {
  ECONNREFUSED: (where) => `Nothing listens on ${where} (connection refused).`,
  ETIMEDOUT: (where) => `${where} did not answer in time (connection timed out).`,
  EHOSTUNREACH: (where) => `There is no route to ${where} (host unreachable).`,
  ENETUNREACH: (where) => `The network of ${where} cannot be reached (network unreachable).`,
  ECONNRESET: (where) => `${where} closed the connection abruptly (connection reset).`,
  EPIPE: (where) => `${where} closed the connection while TiDB Lab was still sending (broken pipe).`,
  ENOTFOUND: (_where, driver) => `No address is known for the name '${driver.hostname ?? '?'}' (DNS lookup failed).`,
  EAI_AGAIN: (_where, driver) => `The name server did not answer for '${driver.hostname ?? '?'}' in time (temporary DNS failure).`,
  EADDRNOTAVAIL: (where) => `${where} is not an address this machine can connect to (address not available).`,
};

/** The detail to show under a problem, in the words of whoever reported it. */
export function problemDetail(
  error: unknown,
  profile: Pick<ConnectionTarget, 'host' | 'port'>,
): { source: ProblemDetailSource; text: string } {
  const driver = asDriverError(error);
  const message = driver.message ?? String(error);
  const system = driver.code ? SYSTEM_ERROR_WORDS[driver.code] : undefined;
  if (system) {
    // The address the socket really tried (a name can resolve to another one, e.g. localhost to ::1).
    const where = driver.address
      ? `${driver.address.includes(':') ? `[${driver.address}]` : driver.address}:${driver.port ?? profile.port}`
      : `${profile.host}:${profile.port}`;
    return { source: 'system', text: system(where, { ...driver, hostname: driver.hostname ?? profile.host }) };
  }
  const fromServer =
    driver.sqlState !== undefined || (typeof driver.errno === 'number' && driver.errno > 0 && (driver.code?.startsWith('ER_') ?? false));
  return { source: fromServer ? 'server' : 'client', text: message };
}

const INSECURE_TRANSPORT_TEXT = 'Connections using insecure transport are prohibited';
const CERTIFICATE_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_NOT_YET_VALID',
]);
const CERTIFICATE_TEXT = /certificate|self[- ]signed|altnames|unable to verify/i;

function asDriverError(error: unknown): DriverError {
  if (error && typeof error === 'object') return error as DriverError;
  return { message: String(error) };
}

/**
 * The problem of a plain connection refused as "Access denied" by a server that then accepted the
 * same user and password over TLS: MariaDB with require_secure_transport=ON answers so.
 */
export function tlsRequiredProblem(
  accessDenied: ConnectionProblem,
  profile: ConnectionTarget,
  vocabulary: ConnectionVocabulary = 'editor',
): ConnectionProblem {
  return {
    ...accessDenied,
    kind: 'tlsRequiredByServer',
    title: `${profile.host}:${profile.port} requires encrypted connections: it refused user '${profile.user}' without TLS and accepted the same user and password with TLS.`,
    nextStep: connectionNextStep('tlsRequiredByServer', profile, vocabulary),
  };
}

export function describeConnectionError(
  error: unknown,
  profile: ConnectionTarget,
  vocabulary: ConnectionVocabulary = 'editor',
): ConnectionProblem {
  const driver = asDriverError(error);
  const message = driver.message ?? String(error);
  const where = `${profile.host}:${profile.port}`;
  const detail = problemDetail(error, profile);
  const problem = (kind: ConnectionProblemKind, title: string): ConnectionProblem => ({
    kind,
    title,
    nextStep: connectionNextStep(kind, profile, vocabulary),
    serverMessage: message,
    detail,
  });

  if (message.includes(INSECURE_TRANSPORT_TEXT)) return problem('tlsRequiredByServer', `${where} only accepts encrypted connections.`);
  if (message.startsWith('Cannot read the CA file')) return problem('caFileUnreadable', message);
  if (driver.code === 'ER_ACCESS_DENIED_ERROR' || driver.errno === 1045)
    return problem('wrongPassword', `The server refused user '${profile.user}': wrong user name or password.`);
  if (driver.code === 'ER_BAD_DB_ERROR' || driver.errno === 1049)
    return problem('unknownDatabase', `The database '${profile.database ?? ''}' does not exist on ${where}.`);
  if (driver.code === 'ER_CON_COUNT_ERROR' || driver.errno === 1040)
    return problem('tooManyConnections', `${where} accepts no more connections: ${message} (its max_connections is reached).`);
  if (driver.code === 'ENOTFOUND' || driver.code === 'EAI_AGAIN')
    return problem('unknownHost', `The host '${profile.host}' cannot be found.`);
  if (driver.code === 'ECONNREFUSED') return problem('refused', `Nothing accepts connections on ${where}.`);
  if (driver.code === 'HANDSHAKE_NO_SSL_SUPPORT' || /does not support secure connection/i.test(message))
    return problem('tlsNotSupportedByServer', `${where} does not offer TLS.`);
  if (
    (driver.code && CERTIFICATE_CODES.has(driver.code)) ||
    (driver.code === 'HANDSHAKE_SSL_ERROR' && CERTIFICATE_TEXT.test(message)) ||
    (driver.code?.startsWith('ERR_TLS') ?? false)
  ) {
    return problem('certificateRejected', `The certificate of ${where} was rejected: ${message}.`);
  }
  if (driver.code === HANDSHAKE_PACKET_TOO_LARGE)
    return problem(
      'notMySqlCompatible',
      `${where} sent a handshake packet larger than any MySQL server sends: it does not look like a MySQL-compatible server.`,
    );
  if (
    driver.code === 'PROTOCOL_CONNECTION_LOST' ||
    driver.code === 'PROTOCOL_PACKETS_OUT_OF_ORDER' ||
    driver.code === 'NOT_MYSQL_COMPATIBLE' ||
    driver.code === 'ECONNRESET'
  ) {
    return problem(
      'notMySqlCompatible',
      `${where} closed the connection during the MySQL handshake: it does not look like a MySQL-compatible server.`,
    );
  }
  if (driver.code === 'ETIMEDOUT' || driver.code === 'ESOCKETTIMEDOUT') return problem('timeout', `No answer from ${where} in time.`);
  return problem('other', `Could not connect to ${where}: ${message}`);
}

/** The way out of a connection problem, in the words of the extension's form or of the CLI's flags. */
export function connectionNextStep(kind: ConnectionProblemKind, target: ConnectionTarget, vocabulary: ConnectionVocabulary): string {
  const cli = vocabulary === 'cli';
  switch (kind) {
    case 'tlsRequiredByServer':
      return cli
        ? 'Add --mysql-ssl=REQUIRED, or --mysql-ssl=VERIFY_CA --mysql-ssl-ca=FILE to check its certificate (TiDB Cloud: --mysql-ssl=VERIFY_IDENTITY).'
        : 'Edit the connection and set its TLS mode to "verify" (checks the certificate; TiDB Cloud) or "required" (encrypts without checking).';
    case 'caFileUnreadable':
      return cli
        ? 'Give an existing PEM file to --mysql-ssl-ca=FILE, or leave --mysql-ssl-ca out to use the system certificate store.'
        : 'Pick an existing PEM file, or leave the CA empty to use the system certificate store.';
    case 'wrongPassword': {
      const prefix = "on TiDB Cloud the user carries a prefix such as '<prefix>.root'.";
      if (cli) {
        const tlsHint =
          target.tls === 'off'
            ? ' If the server requires TLS (some servers answer a plain connection this way), add --mysql-ssl=REQUIRED.'
            : '';
        return `Check --mysql-password (or MYSQL_PWD) and --mysql-user; ${prefix}${tlsHint}`;
      }
      const tlsHint =
        target.tls === 'off' ? ' If the server requires TLS (some servers answer a plain connection this way), turn TLS on.' : '';
      return `Check the password (Edit Connection) and the user name; ${prefix}${tlsHint}`;
    }
    case 'unknownDatabase':
      return cli
        ? `Create it first (CREATE DATABASE ${target.database ?? 'sbtest'}) or name another with --mysql-db.`
        : 'Edit the connection and clear or correct the default database.';
    case 'tooManyConnections':
      return cli
        ? 'Close other connections to the server, use fewer --threads, or raise max_connections on the server.'
        : 'Close other connections to the server, or raise max_connections on it.';
    case 'unknownHost':
      return `Check the host name${cli ? ' (--mysql-host)' : ''} for typos, and that this machine can resolve it (VPN, DNS).`;
    case 'refused':
      return `Check that the server is running and the port${cli ? ' (--mysql-port)' : ''} is right (TiDB listens on 4000, MySQL and MariaDB on 3306).`;
    case 'tlsNotSupportedByServer':
      return cli
        ? 'Leave out --mysql-ssl (or use --mysql-ssl=DISABLED) for this server, or enable TLS on the server.'
        : 'Set TLS to "off" for this server, or enable TLS on the server.';
    case 'certificateRejected':
      return cli
        ? 'Give the CA file that signed the server certificate with --mysql-ssl-ca=FILE (--mysql-ssl=VERIFY_CA), or use --mysql-ssl=REQUIRED to encrypt without verifying.'
        : 'Choose the CA file that signed the server certificate (TLS "verify"), or use TLS "required" to encrypt without verifying.';
    case 'notMySqlCompatible':
      return `Check the port${cli ? ' (--mysql-port)' : ''}: TiDB listens on 4000 (the status port 10080 and PD on 2379 are not SQL ports).`;
    case 'timeout':
      return `Check the host and port${cli ? ' (--mysql-host, --mysql-port)' : ''}, firewalls and IP allow-lists (TiDB Cloud needs your IP allowed or a private endpoint).`;
    case 'other':
      return cli ? 'Check --mysql-host, --mysql-port, --mysql-user, --mysql-password and --mysql-ssl.' : 'Check the connection settings.';
  }
}
