// Every option the benchmark understands, with sysbench 1.0.20's names and defaults (a few later
// sysbench options and our own extensions are marked), and their conversion into typed settings.
// Option names compare with '-' and '_' as the same character, as sysbench does.
import { isRandType, type DistributionSettings, type RandType } from './sysbench/randomDistribution';
import { isWorkloadName, workloadSpec, WORKLOAD_NAMES, type WorkloadName } from './sysbench/workloadCatalog';
import { isClientIo, type ClientIo } from './workers/clientIo';

export type OptionKind = 'int' | 'double' | 'bool' | 'string' | 'list';

export interface OptionDefinition {
  /** canonical name: dashes for sysbench's general/driver options, underscores for workload options */
  name: string;
  kind: OptionKind;
  defaultValue: string;
  help: string;
  /** workloads the option belongs to (workload options only) */
  workloads?: readonly WorkloadName[];
  /** accepted for compatibility, but only its default value is supported */
  onlyDefault?: boolean;
  /** not in sysbench 1.0.20 */
  origin?: 'sysbench-1.1' | 'tidb-lab';
  secret?: boolean;
}

/** the workloads of oltp_common.lua (every one but bulk_insert) */
const OLTP: readonly WorkloadName[] = WORKLOAD_NAMES.filter((name) => name !== 'bulk_insert');

export const OPTION_DEFINITIONS: readonly OptionDefinition[] = [
  { name: 'threads', kind: 'int', defaultValue: '1', help: 'number of threads to use' },
  { name: 'events', kind: 'int', defaultValue: '0', help: 'limit for total number of events' },
  { name: 'time', kind: 'int', defaultValue: '10', help: 'limit for total execution time in seconds' },
  {
    name: 'warmup-time',
    kind: 'int',
    defaultValue: '0',
    help: 'run this many seconds before the measured run, with statistics disabled',
    origin: 'sysbench-1.1',
  },
  {
    name: 'forced-shutdown',
    kind: 'string',
    defaultValue: 'off',
    help: "seconds to wait after the --time limit before forcing shutdown, or 'off'",
  },
  { name: 'thread-stack-size', kind: 'string', defaultValue: '64K', help: 'size of stack per thread (accepted, has no effect here)' },
  { name: 'rate', kind: 'int', defaultValue: '0', help: 'average transactions rate. 0 for unlimited rate' },
  {
    name: 'report-interval',
    kind: 'int',
    defaultValue: '0',
    help: 'report intermediate statistics every N seconds. 0 disables intermediate reports',
  },
  {
    name: 'report-checkpoints',
    kind: 'list',
    defaultValue: '',
    help: 'dump full statistics at these points in time (not supported)',
    onlyDefault: true,
  },
  { name: 'debug', kind: 'bool', defaultValue: 'off', help: 'print more debugging info' },
  {
    name: 'validate',
    kind: 'bool',
    defaultValue: 'off',
    help: 'perform validation checks where possible (not supported)',
    onlyDefault: true,
  },
  { name: 'verbosity', kind: 'int', defaultValue: '3', help: 'verbosity level {5 - debug, 0 - only critical messages}' },
  {
    name: 'percentile',
    kind: 'int',
    defaultValue: '95',
    help: 'percentile to calculate in latency statistics (1-100). 0 disables percentile calculations',
  },
  { name: 'histogram', kind: 'bool', defaultValue: 'off', help: 'print latency histogram in report' },
  { name: 'tx-rate', kind: 'int', defaultValue: '0', help: 'deprecated alias for --rate' },
  { name: 'max-requests', kind: 'int', defaultValue: '0', help: 'deprecated alias for --events' },
  { name: 'max-time', kind: 'int', defaultValue: '0', help: 'deprecated alias for --time' },
  { name: 'num-threads', kind: 'int', defaultValue: '1', help: 'deprecated alias for --threads' },

  {
    name: 'rand-type',
    kind: 'string',
    defaultValue: 'special',
    help: 'random numbers distribution {uniform,gaussian,special,pareto,zipfian}',
  },
  { name: 'rand-spec-iter', kind: 'int', defaultValue: '12', help: 'number of iterations used for numbers generation' },
  {
    name: 'rand-spec-pct',
    kind: 'int',
    defaultValue: '1',
    help: "percentage of values to be treated as 'special' (for special distribution)",
  },
  { name: 'rand-spec-res', kind: 'int', defaultValue: '75', help: "percentage of 'special' values to use (for special distribution)" },
  {
    name: 'rand-seed',
    kind: 'int',
    defaultValue: '0',
    help: 'seed for random number generator. When 0, the current time is used as a RNG seed.',
  },
  { name: 'rand-pareto-h', kind: 'double', defaultValue: '0.2', help: 'parameter h for pareto distribution' },
  {
    name: 'rand-zipfian-exp',
    kind: 'double',
    defaultValue: '0.8',
    help: 'shape parameter (exponent, theta) for the Zipfian distribution',
    origin: 'sysbench-1.1',
  },

  { name: 'db-driver', kind: 'string', defaultValue: 'mysql', help: "database driver (only 'mysql')" },
  { name: 'db-ps-mode', kind: 'string', defaultValue: 'auto', help: 'prepared statements usage mode {auto, disable}' },
  { name: 'db-debug', kind: 'bool', defaultValue: 'off', help: 'print database-specific debug information' },

  { name: 'mysql-host', kind: 'list', defaultValue: 'localhost', help: 'MySQL server host (a list is used round-robin by threads)' },
  { name: 'mysql-port', kind: 'list', defaultValue: '3306', help: 'MySQL server port (a list is used round-robin by threads)' },
  { name: 'mysql-socket', kind: 'list', defaultValue: '', help: 'MySQL socket' },
  { name: 'mysql-user', kind: 'string', defaultValue: 'sbtest', help: 'MySQL user' },
  {
    name: 'mysql-password',
    kind: 'string',
    defaultValue: '',
    help: 'MySQL password (or the MYSQL_PWD environment variable)',
    secret: true,
  },
  { name: 'mysql-db', kind: 'string', defaultValue: 'sbtest', help: 'MySQL database name' },
  {
    name: 'mysql-ssl',
    kind: 'string',
    defaultValue: 'off',
    help: 'use TLS: on/off, or DISABLED, PREFERRED, REQUIRED, VERIFY_CA, VERIFY_IDENTITY',
  },
  { name: 'mysql-ssl-ca', kind: 'string', defaultValue: '', help: 'path name of the CA file', origin: 'sysbench-1.1' },
  {
    name: 'mysql-ssl-cert',
    kind: 'string',
    defaultValue: '',
    help: 'path name of the client public key certificate file',
    origin: 'sysbench-1.1',
  },
  { name: 'mysql-ssl-key', kind: 'string', defaultValue: '', help: 'path name of the client private key file', origin: 'sysbench-1.1' },
  { name: 'mysql-ssl-cipher', kind: 'string', defaultValue: '', help: 'use specific cipher for SSL connections' },
  { name: 'mysql-compression', kind: 'bool', defaultValue: 'off', help: 'use compression (not supported)', onlyDefault: true },
  { name: 'mysql-debug', kind: 'bool', defaultValue: 'off', help: 'trace all client library calls' },
  { name: 'mysql-ignore-errors', kind: 'list', defaultValue: '1213,1020,1205', help: 'list of errors to ignore, or "all"' },
  { name: 'mysql-dry-run', kind: 'bool', defaultValue: 'off', help: 'dry run (not supported)', onlyDefault: true },

  { name: 'table_size', kind: 'int', defaultValue: '10000', help: 'Number of rows per table', workloads: OLTP },
  { name: 'range_size', kind: 'int', defaultValue: '100', help: 'Range size for range SELECT queries', workloads: OLTP },
  { name: 'tables', kind: 'int', defaultValue: '1', help: 'Number of tables', workloads: OLTP },
  { name: 'point_selects', kind: 'int', defaultValue: '10', help: 'Number of point SELECT queries per transaction', workloads: OLTP },
  { name: 'simple_ranges', kind: 'int', defaultValue: '1', help: 'Number of simple range SELECT queries per transaction', workloads: OLTP },
  { name: 'sum_ranges', kind: 'int', defaultValue: '1', help: 'Number of SELECT SUM() queries per transaction', workloads: OLTP },
  { name: 'order_ranges', kind: 'int', defaultValue: '1', help: 'Number of SELECT ORDER BY queries per transaction', workloads: OLTP },
  { name: 'distinct_ranges', kind: 'int', defaultValue: '1', help: 'Number of SELECT DISTINCT queries per transaction', workloads: OLTP },
  { name: 'index_updates', kind: 'int', defaultValue: '1', help: 'Number of UPDATE index queries per transaction', workloads: OLTP },
  {
    name: 'non_index_updates',
    kind: 'int',
    defaultValue: '1',
    help: 'Number of UPDATE non-index queries per transaction',
    workloads: OLTP,
  },
  { name: 'delete_inserts', kind: 'int', defaultValue: '1', help: 'Number of DELETE/INSERT combinations per transaction', workloads: OLTP },
  { name: 'range_selects', kind: 'bool', defaultValue: 'on', help: 'Enable/disable all range SELECT queries', workloads: OLTP },
  {
    name: 'auto_inc',
    kind: 'bool',
    defaultValue: 'on',
    help: 'Use AUTO_INCREMENT column as Primary Key; when disabled, use client-generated IDs',
    workloads: OLTP,
  },
  {
    name: 'skip_trx',
    kind: 'bool',
    defaultValue: 'off',
    help: "Don't start explicit transactions and execute all queries in the AUTOCOMMIT mode",
    workloads: OLTP,
  },
  { name: 'secondary', kind: 'bool', defaultValue: 'off', help: 'Use a secondary index in place of the PRIMARY KEY', workloads: OLTP },
  {
    name: 'create_secondary',
    kind: 'bool',
    defaultValue: 'on',
    help: 'Create a secondary index in addition to the PRIMARY KEY',
    workloads: OLTP,
  },
  { name: 'mysql_storage_engine', kind: 'string', defaultValue: 'innodb', help: 'Storage engine, if MySQL is used', workloads: OLTP },
  {
    name: 'pgsql_variant',
    kind: 'string',
    defaultValue: '',
    help: 'PostgreSQL variant (PostgreSQL only; not supported)',
    workloads: OLTP,
    onlyDefault: true,
  },
  {
    name: 'random_points',
    kind: 'int',
    defaultValue: '10',
    help: 'Number of random points in the IN() clause in generated SELECTs',
    workloads: ['select_random_points'],
  },
  {
    name: 'number_of_ranges',
    kind: 'int',
    defaultValue: '10',
    help: 'Number of random BETWEEN ranges per SELECT',
    workloads: ['select_random_ranges'],
  },
  { name: 'delta', kind: 'int', defaultValue: '5', help: 'Size of BETWEEN ranges', workloads: ['select_random_ranges'] },
  {
    name: 'create_table_options',
    kind: 'string',
    defaultValue: '',
    help: 'text appended to CREATE TABLE (e.g. SHARD_ROW_ID_BITS=4)',
    workloads: OLTP,
    origin: 'tidb-lab',
  },

  {
    name: 'tidb-retryable-errors',
    kind: 'bool',
    defaultValue: 'on',
    help: "on TiDB, also restart events on TiDB's retryable errors (8002,8005,8022,8028,9007) unless --mysql-ignore-errors is given",
    origin: 'tidb-lab',
  },
  {
    name: 'tidb-prepare-warmup',
    kind: 'bool',
    defaultValue: 'on',
    help: 'on TiDB, after prepare run SELECT COUNT(pad) ... USE INDEX (k_N) and ANALYZE TABLE per table',
    origin: 'tidb-lab',
  },
  {
    name: 'client-workers',
    kind: 'int',
    defaultValue: '0',
    help: 'worker_threads that carry the client threads (0: one per CPU; for a server on this machine, half of them but at least two)',
    origin: 'tidb-lab',
  },
  {
    name: 'client-io',
    kind: 'string',
    defaultValue: 'auto',
    help: "how a client thread waits for the server's answer: blocking (a worker_thread per thread, blocked in read() as sysbench's threads are), evented (the workers' event loops carry many connections each) or auto (blocking at 1 to 8 threads, evented above and with TLS, --rate or --client-workers)",
    origin: 'tidb-lab',
  },
  {
    name: 'reconnect-timeout',
    kind: 'int',
    defaultValue: '30',
    help: 'seconds a thread keeps trying to reconnect after a lost connection before the run fails',
    origin: 'tidb-lab',
  },
];

const DEFINITIONS_BY_KEY = new Map(OPTION_DEFINITIONS.map((definition) => [optionKey(definition.name), definition]));

/** '-' and '_' are the same character in option names. */
export function optionKey(name: string): string {
  return name.trim().toLowerCase().replace(/_/g, '-');
}

export function findOption(name: string): OptionDefinition | undefined {
  return DEFINITIONS_BY_KEY.get(optionKey(name));
}

export type TlsSetting = 'disabled' | 'preferred' | 'required' | 'verify_ca' | 'verify_identity';

export interface WorkloadOptions {
  tableSize: number;
  tables: number;
  rangeSize: number;
  pointSelects: number;
  simpleRanges: number;
  sumRanges: number;
  orderRanges: number;
  distinctRanges: number;
  indexUpdates: number;
  nonIndexUpdates: number;
  deleteInserts: number;
  rangeSelects: boolean;
  autoInc: boolean;
  skipTrx: boolean;
  secondary: boolean;
  createSecondary: boolean;
  storageEngine: string;
  createTableOptions: string;
  randomPoints: number;
  numberOfRanges: number;
  delta: number;
}

export interface RunLimits {
  threads: number;
  /** 0: no limit */
  events: number;
  /** seconds; 0: no limit */
  time: number;
  warmupTime: number;
  /** seconds after --time before the run is cut short; undefined: off */
  forcedShutdown?: number;
  /** events per second; 0: closed loop */
  rate: number;
  reportInterval: number;
  percentile: number;
  histogram: boolean;
}

export interface DriverOptions {
  psMode: 'auto' | 'disable';
  /** error numbers restarted as "ignored errors"; 'all' for every error */
  ignoreErrors: number[] | 'all';
  /** whether ignoreErrors was given explicitly */
  ignoreErrorsExplicit: boolean;
  tidbRetryableErrors: boolean;
  tidbPrepareWarmup: boolean;
  clientWorkers: number;
  clientIo: ClientIo;
  reconnectTimeoutSec: number;
  debug: boolean;
}

export interface ConnectionOptionValues {
  hosts: string[];
  ports: number[];
  socket?: string;
  user: string;
  password: string;
  database: string;
  tls: TlsSetting;
  caFile?: string;
  certFile?: string;
  keyFile?: string;
  cipher?: string;
}

export interface BenchOptions {
  workload: WorkloadName;
  limits: RunLimits;
  random: DistributionSettings & { seed: number };
  driver: DriverOptions;
  connection: ConnectionOptionValues;
  workloadOptions: WorkloadOptions;
  /** the values given (name as given -> value), for the result record */
  given: Record<string, string>;
}

export class OptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OptionError';
  }
}

/**
 * Turns raw name=value pairs into typed options. Unknown options, options of another workload,
 * malformed values and unsupported settings are errors with a sentence that says which.
 */
export function resolveBenchOptions(workload: string, raw: ReadonlyMap<string, string> | Record<string, string>): BenchOptions {
  if (!isWorkloadName(workload)) {
    throw new OptionError(`Unknown workload '${workload}'. Known workloads: ${knownWorkloadList()}.`);
  }
  const entries = raw instanceof Map ? [...raw.entries()] : Object.entries(raw);
  const values = new Map<string, string>();
  const given: Record<string, string> = {};
  for (const [name, value] of entries) {
    const definition = findOption(name);
    if (!definition)
      throw new OptionError(`invalid option: --${name} (see 'tidb-lab bench ${workload} help' for the options of this workload)`);
    if (definition.workloads && !definition.workloads.includes(workload)) {
      throw new OptionError(`invalid option: --${name} is not an option of ${workload}`);
    }
    values.set(optionKey(definition.name), value);
    if (!definition.secret) given[definition.name] = value;
  }

  const get = (name: string): string => values.get(optionKey(name)) ?? findOption(name)!.defaultValue;
  const isGiven = (name: string): boolean => values.has(optionKey(name));
  const int = (name: string, min = 0, max = 2147483647): number => parseInteger(name, get(name), min, max);
  const double = (name: string): number => {
    const text = get(name);
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value))
      throw new OptionError(`Invalid value for --${name}: '${text}' (a number is expected)`);
    return value;
  };
  const bool = (name: string): boolean => parseBoolean(name, get(name));

  for (const definition of OPTION_DEFINITIONS) {
    if (definition.onlyDefault && isGiven(definition.name)) {
      const value = get(definition.name);
      const isDefault =
        definition.kind === 'bool'
          ? parseBoolean(definition.name, value) === parseBoolean(definition.name, definition.defaultValue)
          : value === definition.defaultValue;
      if (!isDefault)
        throw new OptionError(
          `--${definition.name}=${value} is not supported by tidb-lab bench (only its default, '${definition.defaultValue}')`,
        );
    }
  }

  const driverName = get('db-driver');
  if (driverName !== 'mysql')
    throw new OptionError(`invalid database driver name: '${driverName}' (tidb-lab bench only speaks the MySQL protocol)`);

  const threads = isGiven('num-threads') && !isGiven('threads') ? int('num-threads', 1) : int('threads', 1);
  const events = isGiven('max-requests') && !isGiven('events') ? int('max-requests') : int('events');
  const time = isGiven('max-time') && !isGiven('time') ? int('max-time') : int('time');
  const rate = isGiven('tx-rate') && !isGiven('rate') ? int('tx-rate') : int('rate');
  const percentile = int('percentile', 0, 100);
  if (percentile === 0 && bool('histogram')) throw new OptionError('--histogram cannot be used with --percentile=0');
  const forcedShutdownText = get('forced-shutdown').trim().toLowerCase();
  let forcedShutdown: number | undefined;
  if (forcedShutdownText !== 'off') {
    const match = /^(\d+)(%?)$/.exec(forcedShutdownText);
    if (!match)
      throw new OptionError(
        `Invalid value for --forced-shutdown: '${forcedShutdownText}' (seconds, a percentage of --time such as 5%, or off)`,
      );
    forcedShutdown = match[2] === '%' ? Math.floor((Number(match[1]) * time) / 100) : Number(match[1]);
  }

  const randType = get('rand-type').trim().toLowerCase();
  if (!isRandType(randType))
    throw new OptionError(`Invalid random numbers distribution: ${randType} (use uniform, gaussian, special, pareto or zipfian)`);
  const specRes = int('rand-spec-res', 0, 99);
  const specIter = int('rand-spec-iter', 1);
  const paretoH = double('rand-pareto-h');
  if (!(paretoH > 0 && paretoH < 1)) throw new OptionError(`Invalid value for --rand-pareto-h: ${paretoH} (between 0 and 1, exclusive)`);
  const zipfianExp = double('rand-zipfian-exp');
  if (zipfianExp < 0) throw new OptionError('--rand-zipfian-exp must be >= 0');
  const seed = parseInteger('rand-seed', get('rand-seed'), -2147483648, 2147483647);

  const clientIoText = get('client-io').trim().toLowerCase();
  if (!isClientIo(clientIoText)) throw new OptionError(`Invalid value for client-io: ${clientIoText} (auto, blocking or evented)`);
  const psModeText = get('db-ps-mode').trim().toLowerCase();
  if (psModeText !== 'auto' && psModeText !== 'disable')
    throw new OptionError(`Invalid value for db-ps-mode: ${psModeText} (auto or disable)`);

  const ignoreText = get('mysql-ignore-errors').trim();
  let ignoreErrors: number[] | 'all';
  if (ignoreText.split(',').some((part) => part.trim().toLowerCase() === 'all')) ignoreErrors = 'all';
  else {
    ignoreErrors =
      ignoreText === ''
        ? []
        : ignoreText.split(',').map((part) => {
            const code = Number(part.trim());
            if (!Number.isInteger(code) || code < 0)
              throw new OptionError(`Invalid error number in --mysql-ignore-errors: '${part.trim()}'`);
            return code;
          });
  }

  const hosts = splitList(get('mysql-host')).map((host) => (host === 'localhost' ? '127.0.0.1' : host));
  if (hosts.length === 0) throw new OptionError('No MySQL hosts specified, aborting');
  const ports = splitList(get('mysql-port')).map((port) => parseInteger('mysql-port', port, 1, 65535));
  if (ports.length === 0) throw new OptionError('No MySQL ports specified, aborting');
  const sockets = splitList(get('mysql-socket'));
  if (sockets.length > 1) throw new OptionError('--mysql-socket: only one socket is supported');

  const tls = parseTlsSetting(get('mysql-ssl'));
  const optional = (name: string) => {
    const value = get(name).trim();
    return value === '' ? undefined : value;
  };
  const caFile = optional('mysql-ssl-ca');
  if (caFile && tls === 'disabled')
    throw new OptionError('--mysql-ssl-ca is given but --mysql-ssl is off: add --mysql-ssl=on (or VERIFY_CA / VERIFY_IDENTITY)');

  const spec = workloadSpec(workload);
  const workloadOptions: WorkloadOptions = {
    tableSize: spec.usesOltpOptions ? int('table_size') : 0,
    tables: spec.usesOltpOptions ? int('tables', 1) : 1,
    rangeSize: int('range_size'),
    pointSelects: int('point_selects'),
    simpleRanges: int('simple_ranges'),
    sumRanges: int('sum_ranges'),
    orderRanges: int('order_ranges'),
    distinctRanges: int('distinct_ranges'),
    indexUpdates: int('index_updates'),
    nonIndexUpdates: int('non_index_updates'),
    deleteInserts: int('delete_inserts'),
    rangeSelects: bool('range_selects'),
    autoInc: bool('auto_inc'),
    skipTrx: bool('skip_trx'),
    secondary: bool('secondary'),
    createSecondary: bool('create_secondary'),
    storageEngine: get('mysql_storage_engine'),
    createTableOptions: get('create_table_options'),
    randomPoints: int('random_points', 1),
    numberOfRanges: int('number_of_ranges', 1),
    delta: int('delta'),
  };
  if (spec.singleTable && workloadOptions.tables !== 1) throw new OptionError('this benchmark does not support --tables > 1');
  if (!/^[A-Za-z0-9_]+$/.test(workloadOptions.storageEngine)) {
    throw new OptionError(`Invalid value for --mysql_storage_engine: '${workloadOptions.storageEngine}' (an engine name such as innodb)`);
  }

  return {
    workload,
    limits: {
      threads,
      events,
      time,
      warmupTime: int('warmup-time'),
      forcedShutdown,
      rate,
      reportInterval: int('report-interval'),
      percentile,
      histogram: bool('histogram'),
    },
    random: { type: randType as RandType, specIter, specPct: int('rand-spec-pct', 0, 100), specRes, paretoH, zipfianExp, seed },
    driver: {
      psMode: psModeText,
      ignoreErrors,
      ignoreErrorsExplicit: isGiven('mysql-ignore-errors'),
      tidbRetryableErrors: bool('tidb-retryable-errors'),
      tidbPrepareWarmup: bool('tidb-prepare-warmup'),
      clientWorkers: int('client-workers'),
      clientIo: clientIoText,
      reconnectTimeoutSec: int('reconnect-timeout', 1),
      debug: bool('debug') || bool('db-debug') || bool('mysql-debug') || int('verbosity', 0, 5) >= 5,
    },
    connection: {
      hosts,
      ports,
      socket: sockets[0],
      user: get('mysql-user'),
      password: get('mysql-password'),
      database: get('mysql-db'),
      tls,
      caFile,
      certFile: optional('mysql-ssl-cert'),
      keyFile: optional('mysql-ssl-key'),
      cipher: optional('mysql-ssl-cipher'),
    },
    workloadOptions,
    given,
  };
}

export function parseBoolean(name: string, text: string): boolean {
  const value = text.trim().toLowerCase();
  if (['on', 'true', 'yes', '1', ''].includes(value)) return true;
  if (['off', 'false', 'no', '0'].includes(value)) return false;
  throw new OptionError(`Invalid value for --${name}: '${text}' (on or off)`);
}

function parseInteger(name: string, text: string, min: number, max: number): number {
  const trimmed = text.trim();
  if (!/^[-+]?\d+$/.test(trimmed)) throw new OptionError(`Invalid value for --${name}: '${text}' (a whole number is expected)`);
  const value = Number(trimmed);
  if (value < min || value > max) throw new OptionError(`Invalid value for --${name}: ${value} (from ${min} to ${max})`);
  return value;
}

function parseTlsSetting(text: string): TlsSetting {
  const value = text.trim().toLowerCase();
  if (['off', 'false', '0', 'no', 'disabled', 'disable'].includes(value)) return 'disabled';
  // sysbench 1.0.20's --mysql-ssl=on encrypts without checking the certificate (libmariadb's default)
  if (['on', 'true', '1', 'yes', '', 'required'].includes(value)) return 'required';
  if (value === 'preferred') return 'preferred';
  if (value === 'verify_ca') return 'verify_ca';
  if (value === 'verify_identity') return 'verify_identity';
  throw new OptionError(`Invalid value for --mysql-ssl: '${text}' (on, off, DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY)`);
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function knownWorkloadList(): string {
  return WORKLOAD_NAMES.join(', ');
}

/** Every option with its effective value under sysbench's names (underscores), no password. */
export function optionsRecord(options: BenchOptions): Record<string, string | number | boolean> {
  const w = options.workloadOptions;
  const l = options.limits;
  const r = options.random;
  const d = options.driver;
  const c = options.connection;
  const record: Record<string, string | number | boolean> = {
    threads: l.threads,
    events: l.events,
    time: l.time,
    warmup_time: l.warmupTime,
    rate: l.rate,
    report_interval: l.reportInterval,
    percentile: l.percentile,
    rand_type: r.type,
    rand_seed: r.seed,
    rand_spec_iter: r.specIter,
    rand_spec_pct: r.specPct,
    rand_spec_res: r.specRes,
    rand_pareto_h: r.paretoH,
    db_ps_mode: d.psMode,
    mysql_host: c.hosts.join(','),
    mysql_port: c.ports.join(','),
    mysql_user: c.user,
    mysql_db: c.database,
    mysql_ssl: c.tls,
    mysql_ignore_errors: d.ignoreErrors === 'all' ? 'all' : d.ignoreErrors.join(','),
    tidb_retryable_errors: d.tidbRetryableErrors,
  };
  if (d.clientWorkers > 0) record.client_workers = d.clientWorkers;
  if (d.clientIo !== 'auto') record.client_io = d.clientIo;
  if (r.type === 'zipfian') record.rand_zipfian_exp = r.zipfianExp;
  const spec = workloadSpec(options.workload);
  if (spec.usesOltpOptions) {
    Object.assign(record, {
      table_size: w.tableSize,
      tables: w.tables,
      range_size: w.rangeSize,
      point_selects: w.pointSelects,
      simple_ranges: w.simpleRanges,
      sum_ranges: w.sumRanges,
      order_ranges: w.orderRanges,
      distinct_ranges: w.distinctRanges,
      index_updates: w.indexUpdates,
      non_index_updates: w.nonIndexUpdates,
      delete_inserts: w.deleteInserts,
      range_selects: w.rangeSelects,
      auto_inc: w.autoInc,
      skip_trx: w.skipTrx,
      secondary: w.secondary,
      create_secondary: w.createSecondary,
      mysql_storage_engine: w.storageEngine,
    });
    if (w.createTableOptions) record.create_table_options = w.createTableOptions;
  }
  if (options.workload === 'select_random_points') record.random_points = w.randomPoints;
  if (options.workload === 'select_random_ranges') {
    record.number_of_ranges = w.numberOfRanges;
    record.delta = w.delta;
  }
  return record;
}
