// The sysbench options that say where and how to connect. They come from the connection (or the
// command line), never from a benchmark's options or an experiment file. The other mysql-* options
// (--mysql-ignore-errors, --mysql-storage-engine) describe the load, not the connection.
import { findOption } from '../benchOptions';

const CONNECTION_OPTION_NAMES = new Set([
  'mysql-host',
  'mysql-port',
  'mysql-socket',
  'mysql-user',
  'mysql-password',
  'mysql-db',
  'mysql-ssl',
  'mysql-ssl-ca',
  'mysql-ssl-cert',
  'mysql-ssl-key',
  'mysql-ssl-cipher',
]);

/** Whether `name` (any spelling: --mysql-db, mysql_db) is a connection option. */
export function isConnectionOption(name: string): boolean {
  const definition = findOption(name);
  return definition !== undefined && CONNECTION_OPTION_NAMES.has(definition.name);
}
