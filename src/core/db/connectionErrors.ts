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
  | 'other';

export interface ConnectionProblem {
  kind: ConnectionProblemKind;
  title: string;
  nextStep: string;
  /** the driver's own text, kept so nothing is lost */
  serverMessage: string;
}

interface DriverError {
  code?: string;
  errno?: number;
  message?: string;
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

export function describeConnectionError(error: unknown, profile: Pick<ConnectionProfile, 'host' | 'port' | 'user' | 'tls' | 'database'>): ConnectionProblem {
  const driver = asDriverError(error);
  const message = driver.message ?? String(error);
  const where = `${profile.host}:${profile.port}`;
  const problem = (kind: ConnectionProblemKind, title: string, nextStep: string): ConnectionProblem => ({ kind, title, nextStep, serverMessage: message });

  if (message.includes(INSECURE_TRANSPORT_TEXT)) {
    return problem('tlsRequiredByServer', `${where} only accepts encrypted connections.`, 'Edit the connection and set TLS to "verify" (TiDB Cloud) or "required".');
  }
  if (message.startsWith('Cannot read the CA file')) {
    return problem('caFileUnreadable', message, 'Pick an existing PEM file, or leave the CA empty to use the system certificate store.');
  }
  if (driver.code === 'ER_ACCESS_DENIED_ERROR' || driver.errno === 1045) {
    const tlsHint = profile.tls === 'off'
      ? ' If the server requires TLS (some servers answer a plain connection this way), turn TLS on.'
      : '';
    return problem('wrongPassword', `The server refused user '${profile.user}': wrong user name or password.`, `Check the password (Edit Connection) and the user name; on TiDB Cloud the user carries a prefix such as '<prefix>.root'.${tlsHint}`);
  }
  if (driver.code === 'ER_BAD_DB_ERROR' || driver.errno === 1049) {
    return problem('unknownDatabase', `The database '${profile.database ?? ''}' does not exist on ${where}.`, 'Edit the connection and clear or correct the default database.');
  }
  if (driver.code === 'ENOTFOUND' || driver.code === 'EAI_AGAIN') {
    return problem('unknownHost', `The host '${profile.host}' cannot be found.`, 'Check the host name for typos, and that this machine can resolve it (VPN, DNS).');
  }
  if (driver.code === 'ECONNREFUSED') {
    return problem('refused', `Nothing accepts connections on ${where}.`, `Check that the server is running and the port is right (TiDB listens on 4000, MySQL and MariaDB on 3306).`);
  }
  if (driver.code === 'HANDSHAKE_NO_SSL_SUPPORT' || /does not support secure connection/i.test(message)) {
    return problem('tlsNotSupportedByServer', `${where} does not offer TLS.`, 'Set TLS to "off" for this server, or enable TLS on the server.');
  }
  if ((driver.code && CERTIFICATE_CODES.has(driver.code)) || (driver.code === 'HANDSHAKE_SSL_ERROR' && CERTIFICATE_TEXT.test(message)) || (driver.code?.startsWith('ERR_TLS') ?? false)) {
    return problem('certificateRejected', `The certificate of ${where} was rejected: ${message}.`, 'Choose the CA file that signed the server certificate (TLS "verify"), or use TLS "required" to encrypt without verifying.');
  }
  if (driver.code === 'PROTOCOL_CONNECTION_LOST' || driver.code === 'PROTOCOL_PACKETS_OUT_OF_ORDER' || driver.code === 'NOT_MYSQL_COMPATIBLE' || driver.code === 'ECONNRESET') {
    return problem('notMySqlCompatible', `${where} closed the connection during the MySQL handshake: it does not look like a MySQL-compatible server.`, 'Check the port: TiDB listens on 4000 (the status port 10080 and PD on 2379 are not SQL ports).');
  }
  if (driver.code === 'ETIMEDOUT' || driver.code === 'ESOCKETTIMEDOUT') {
    return problem('timeout', `No answer from ${where} in time.`, 'Check the host and port, firewalls and IP allow-lists (TiDB Cloud needs your IP allowed or a private endpoint).');
  }
  return problem('other', `Could not connect to ${where}: ${message}`, 'Check the connection settings.');
}
