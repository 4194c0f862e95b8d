// The server part of a result: flavor and version from the admin session, where we connected.
import type { ServerIdentity } from '../db/serverFlavor';
import type { ServerInfo } from '../results/benchmarkResult';
import type { BenchOptions } from './benchOptions';

export function serverInfoOf(identity: ServerIdentity, options: Pick<BenchOptions, 'connection'>): ServerInfo {
  return {
    flavor: identity.flavor,
    version: identity.version,
    versionString: identity.versionString,
    host: options.connection.hosts[0],
    port: options.connection.ports[0],
  };
}
