// Where a benchmark connects: the connection profile's server and TLS settings, the benchmark's
// database and the password, which the engine uses to connect and keeps in memory only.
import type { BenchConnectionSettings } from '../../core/bench/benchConnectionSettings';
import type { ConnectionProfile } from '../../core/db/connectionProfile';

export function benchConnectionFor(profile: ConnectionProfile, password: string, database: string): BenchConnectionSettings {
  return {
    host: profile.host,
    port: profile.port,
    user: profile.user,
    password,
    database,
    // A profile's "verify" checks the certificate and the host name, like mysql2's rejectUnauthorized.
    ssl: profile.tls === 'off' ? undefined : { mode: profile.tls === 'verify' ? 'verify_identity' : 'required', caFile: profile.caFile },
  };
}
