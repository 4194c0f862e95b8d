// The public way to describe a benchmark: a workload, where to connect, and sysbench options by
// name ({ threads: 8, time: 60, table_size: 10000, rand_type: 'uniform' }).
import { connectionOptionValues, type BenchConnectionSettings } from './benchConnectionSettings';
import { OptionError, resolveBenchOptions, type BenchOptions } from './benchOptions';
import { isConnectionOption } from './connection/connectionOptionNames';

export interface BenchmarkConfig {
  workload: string;
  connection: BenchConnectionSettings;
  /** sysbench options by name ('-' and '_' alike); connection options belong in `connection` */
  options?: Record<string, string | number | boolean>;
}

export function resolveBenchmarkConfig(config: BenchmarkConfig): BenchOptions {
  const raw = new Map<string, string>();
  for (const [name, value] of Object.entries(config.options ?? {})) {
    if (isConnectionOption(name)) {
      throw new OptionError(`'${name}' belongs in the connection settings, not in the benchmark options`);
    }
    raw.set(name, typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value));
  }
  const connection = config.connection;
  if (!connection || typeof connection.host !== 'string' || connection.host.trim() === '')
    throw new OptionError('The connection needs a host.');
  if (!Number.isInteger(connection.port) || connection.port < 1 || connection.port > 65535) {
    throw new OptionError(`The connection port must be a whole number from 1 to 65535, not '${String(connection.port)}'.`);
  }
  if (typeof connection.user !== 'string' || connection.user === '') throw new OptionError('The connection needs a user.');
  if (typeof connection.database !== 'string' || connection.database === '')
    throw new OptionError('The connection needs a database (sysbench puts its tables there).');
  const options = resolveBenchOptions(config.workload, raw);
  return { ...options, connection: connectionOptionValues({ ...connection, password: connection.password ?? '' }) };
}
