// Where a saved connection reaches its server, read in one place for every client TiDB Lab opens
// (mysql2 sessions, the benchmark client, sysbench): the host trimmed, the port, the user, and the
// TLS mode and files of connectionTls.ts. The password and the database are each caller's.
import type { ConnectionProfile } from './connectionProfile';
import { tlsOfProfile, type TlsFiles } from './connectionTls';

export interface ProfileEndpoint {
  host: string;
  port: number;
  user: string;
  tls?: TlsFiles;
}

export function profileEndpoint(profile: Pick<ConnectionProfile, 'host' | 'port' | 'user' | 'tls' | 'caFile'>): ProfileEndpoint {
  const tls = tlsOfProfile(profile);
  return { host: profile.host.trim(), port: profile.port, user: profile.user, ...(tls ? { tls } : {}) };
}
