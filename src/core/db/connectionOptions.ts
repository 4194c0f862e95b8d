// Turns a profile (plus the password, fetched separately) into mysql2 pool options.
import { readFileSync } from 'node:fs';
import type { PoolOptions, SslOptions } from 'mysql2';
import type { ConnectionProfile } from './connectionProfile';

export interface ConnectionOptionOverrides {
  connectTimeoutMs?: number;
  connectionLimit?: number;
  readFile?: (path: string) => Buffer;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

export function tlsOptionsFor(profile: ConnectionProfile, readFile: (path: string) => Buffer = readFileSync): SslOptions | undefined {
  switch (profile.tls) {
    case 'off':
      return undefined;
    case 'required':
      // Encrypted, but the certificate is not checked (like the mysql client's --ssl-mode=REQUIRED).
      return { minVersion: 'TLSv1.2', rejectUnauthorized: false };
    case 'verify': {
      const caFile = profile.caFile?.trim();
      return caFile
        ? { minVersion: 'TLSv1.2', rejectUnauthorized: true, ca: readCaFile(caFile, readFile) }
        : { minVersion: 'TLSv1.2', rejectUnauthorized: true };
    }
  }
}

function readCaFile(path: string, readFile: (path: string) => Buffer): Buffer {
  try {
    return readFile(path);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot read the CA file '${path}': ${reason}`);
  }
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
