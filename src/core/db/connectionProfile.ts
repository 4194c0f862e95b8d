// A saved connection, as the user sees it. It never holds a password: that lives in SecretStorage
// (or is asked for, or is empty), keyed by the profile id.

export type TlsMode = 'off' | 'required' | 'verify';
export type PasswordMode = 'secretStorage' | 'ask' | 'empty';

export interface ConnectionProfile {
  id: string;
  name: string;
  host: string;
  port: number;
  user: string;
  database?: string;
  tls: TlsMode;
  /** PEM file with the CA to verify the server against (tls = 'verify'); Node's CA store when absent */
  caFile?: string;
  passwordMode: PasswordMode;
}

export const DEFAULT_TIDB_PORT = 4000;

const TIDB_CLOUD_HOST_SUFFIX = '.tidbcloud.com';

export function isTiDBCloudHost(host: string): boolean {
  return host.trim().toLowerCase().endsWith(TIDB_CLOUD_HOST_SUFFIX);
}

/** TiDB Cloud refuses plain connections and its CA (ISRG Root X1) is in Node's store. */
export function defaultTlsModeFor(host: string): TlsMode {
  return isTiDBCloudHost(host) ? 'verify' : 'off';
}

/** Problems with a profile as sentences; empty when it is usable. */
export function validateProfile(profile: Partial<ConnectionProfile>): string[] {
  const problems: string[] = [];
  if (!profile.name?.trim()) problems.push('Give the connection a name.');
  if (!profile.host?.trim()) problems.push('Enter the host name or IP address of the server.');
  else if (/\s/.test(profile.host.trim())) problems.push('The host cannot contain spaces.');
  if (profile.port === undefined || !Number.isInteger(profile.port) || profile.port < 1 || profile.port > 65535) {
    problems.push('The port must be a whole number from 1 to 65535 (TiDB listens on 4000).');
  }
  if (!profile.user?.trim()) problems.push('Enter the user name (on TiDB Cloud it looks like <prefix>.root).');
  if (profile.tls !== undefined && !['off', 'required', 'verify'].includes(profile.tls)) {
    problems.push(`Unknown TLS mode '${String(profile.tls)}': use off, required or verify.`);
  }
  if (profile.caFile !== undefined && profile.caFile.trim() !== '' && profile.tls !== 'verify') {
    problems.push('A CA file is only used when TLS mode is "verify".');
  }
  if (profile.host && isTiDBCloudHost(profile.host) && profile.tls === 'off') {
    problems.push('TiDB Cloud only accepts TLS connections: choose TLS "verify".');
  }
  return problems;
}

/** A one-line description for lists and tooltips: user@host:port/db, no secrets. */
export function describeEndpoint(profile: ConnectionProfile): string {
  const db = profile.database ? `/${profile.database}` : '';
  return `${profile.user}@${profile.host}:${profile.port}${db}`;
}
