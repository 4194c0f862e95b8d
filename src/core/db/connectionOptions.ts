// Turns a profile (plus the password, fetched separately) into mysql2 pool options.
import { readFileSync } from 'node:fs';
import type { PoolOptions, SslOptions } from 'mysql2';
import type { ConnectionProfile } from './connectionProfile';
import { mysql2TlsOptions, readTlsMaterial, tlsOfProfile, type ReadFile } from './connectionTls';

export interface ConnectionOptionOverrides {
  connectTimeoutMs?: number;
  connectionLimit?: number;
  readFile?: ReadFile;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

export function tlsOptionsFor(profile: ConnectionProfile, readFile: ReadFile = readFileSync): SslOptions | undefined {
  const tls = tlsOfProfile(profile);
  return tls ? mysql2TlsOptions(readTlsMaterial(tls, readFile)) : undefined;
}

export function poolOptionsFor(profile: ConnectionProfile, password: string, overrides: ConnectionOptionOverrides = {}): PoolOptions {
  return {
    host: profile.host.trim(),
    port: profile.port,
    user: profile.user,
    password,
    database: profile.database || undefined,
    ssl: tlsOptionsFor(profile, overrides.readFile),
    connectTimeout: overrides.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    connectionLimit: overrides.connectionLimit ?? 4,
    maxIdle: 2,
    idleTimeout: 60_000,
    enableKeepAlive: true,
    multipleStatements: false,
    supportBigNumbers: true,
    bigNumberStrings: false,
    dateStrings: true,
    charset: 'utf8mb4',
  };
}
