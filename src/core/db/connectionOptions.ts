// Turns a profile (plus the password, fetched separately) into mysql2 pool options, reaching the
// server where profileEndpoint says, as the benchmark client does.
import { readFileSync } from 'node:fs';
import type { ConnectionOptions, PoolOptions, SslOptions } from 'mysql2';
import type { ConnectionProfile } from './connectionProfile';
import { mysql2TlsOptions, readTlsMaterial, type ReadFile } from './connectionTls';
import { profileEndpoint } from './profileEndpoint';

export interface ConnectionOptionOverrides {
  connectTimeoutMs?: number;
  connectionLimit?: number;
  readFile?: ReadFile;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

export function tlsOptionsFor(profile: ConnectionProfile, readFile: ReadFile = readFileSync): SslOptions | undefined {
  const { tls } = profileEndpoint(profile);
  return tls ? mysql2TlsOptions(readTlsMaterial(tls, readFile)) : undefined;
}

export function poolOptionsFor(profile: ConnectionProfile, password: string, overrides: ConnectionOptionOverrides = {}): PoolOptions {
  return {
    ...connectionOptionsFor(profile, password, overrides),
    connectionLimit: overrides.connectionLimit ?? 4,
    maxIdle: 2,
    idleTimeout: 60_000,
  };
}

/** One connection of its own (an editor's SQL session): the pool's settings without the pool's. */
export function connectionOptionsFor(
  profile: ConnectionProfile,
  password: string,
  overrides: ConnectionOptionOverrides = {},
): ConnectionOptions {
  const endpoint = profileEndpoint(profile);
  return {
    host: endpoint.host,
    port: endpoint.port,
    user: endpoint.user,
    password,
    database: profile.database || undefined,
    ssl: tlsOptionsFor(profile, overrides.readFile),
    connectTimeout: overrides.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    enableKeepAlive: true,
    // statements run one at a time (the splitter finds them); a CALL's several result sets still come
    multipleStatements: false,
    supportBigNumbers: true,
    bigNumberStrings: false,
    dateStrings: true,
    charset: 'utf8mb4',
  };
}
