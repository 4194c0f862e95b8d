// `tidb-lab bench ch [options] prepare|run|check|cleanup` with go-tpc's names: the TPC-C options
// (--warehouses, --threads/-T: TPC-C threads and prepare's load threads, --count, --isolation,
// --weight, --parts, --dropdata, --no-check, --check-all, --ignore-error), the AP ones
// (--acThreads/-t, --queries=q1,q2,..), --time and --interval as Go durations, prepare's
// --tiflash-replica=N and --analyze (on by default on MariaDB and MySQL) and TiDB Lab's --wait-tiflash, run's --ap-conn-params (session
// variables of the AP connections, go-tpc's way to read through TiFlash:
// --ap-conn-params="tidb_isolation_read_engines='tiflash'"), and the connection as the other
// workloads take it (--mysql-host=... ; MYSQL_PWD).
import { OptionError } from '../benchOptions';
import { durationSeconds } from '../rawsql/rawsqlArguments';
import { CH_QUERY_NAMES, parseChQueryList, type ChQueryName } from './chQueries';

export const CH_COMMANDS = ['prepare', 'run', 'check', 'cleanup'] as const;
export type ChCommandName = (typeof CH_COMMANDS)[number];

export interface ChArguments {
  command: ChCommandName;
  warehouses: number;
  threads: number;
  acThreads: number;
  count: number;
  isolation: number;
  weights: number[];
  parts: number;
  dropData: boolean;
  noCheck: boolean;
  checkAll: boolean;
  queries: ChQueryName[];
  /** SET statements for each AP connection, from --ap-conn-params */
  apSessionStatements: string[];
  /** as given, for the result's options */
  apConnParams: string;
  tiflashReplica: number;
  waitForTiflash: boolean;
  /** --analyze; undefined: ANALYZE TABLE on MariaDB and MySQL (their statistics right after the load make q5 run for hours), not on TiDB (go-tpc's default) */
  analyze?: boolean;
  ignoreError: boolean;
  timeSec: number;
  intervalSec: number;
  /** --mysql-* options, as given */
  connection: Map<string, string>;
  json: boolean;
  out?: string;
  /** as given, for the command comment (the password left out when printed) */
  argv: string[];
}

function wholeNumber(name: string, value: string, min: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min)
    throw new OptionError(`Invalid value for --${name}: '${value}' (a whole number of ${min} or more)`);
  return Number(value);
}

/**
 * go-sql-driver's DSN parameters as go-tpc passes --conn-params / --ap-conn-params: name=value
 * pairs joined by '&', each sent as "SET name=value" when a connection opens.
 */
export function sessionStatementsOf(params: string): string[] {
  if (params.trim() === '') return [];
  return params.split('&').map((pair) => {
    const equals = pair.indexOf('=');
    const name = equals > 0 ? pair.slice(0, equals).trim() : '';
    const value = equals > 0 ? pair.slice(equals + 1).trim() : '';
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || !/^('[^'\\]*'|"[^"\\]*"|[\w.+-]+)$/.test(value))
      throw new OptionError(`Invalid --ap-conn-params pair: '${pair}' (name=value, e.g. tidb_isolation_read_engines='tiflash')`);
    return `SET SESSION ${name} = ${value}`;
  });
}

export function parseChArguments(argv: readonly string[]): ChArguments {
  const parsed: ChArguments = {
    command: 'run',
    warehouses: 10,
    threads: 1,
    acThreads: 1,
    count: 0,
    isolation: 0,
    weights: [45, 43, 4, 4, 4],
    parts: 1,
    dropData: false,
    noCheck: false,
    checkAll: false,
    queries: [...CH_QUERY_NAMES],
    apSessionStatements: [],
    apConnParams: '',
    tiflashReplica: 0,
    waitForTiflash: false,
    ignoreError: false,
    timeSec: 0,
    intervalSec: 10,
    connection: new Map(),
    json: false,
    argv: [...argv],
  };
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('-')) {
      positionals.push(arg);
      continue;
    }
    const match = /^--?([^=]+)(?:=(.*))?$/.exec(arg);
    const rawName = match?.[1] ?? arg;
    const name = rawName.length === 1 ? rawName : rawName.replace(/_/g, '-');
    let value = match?.[2];
    const takeValue = (): string => {
      if (value !== undefined) return value;
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new OptionError(`--${rawName} needs a value`);
      i++;
      value = next;
      return next;
    };
    const flag = () => value === undefined || !['off', 'false', '0', 'no'].includes(value.toLowerCase());
    switch (name) {
      case 'warehouses':
        parsed.warehouses = wholeNumber('warehouses', takeValue(), 1);
        break;
      case 'threads':
      case 'T':
        parsed.threads = wholeNumber('threads', takeValue(), 1);
        break;
      case 'acThreads':
      case 'ac-threads':
      case 't':
        parsed.acThreads = wholeNumber('acThreads', takeValue(), 0);
        break;
      case 'count':
        parsed.count = wholeNumber('count', takeValue(), 0);
        break;
      case 'isolation':
        parsed.isolation = wholeNumber('isolation', takeValue(), 0);
        if (![0, 1, 2, 4, 6].includes(parsed.isolation))
          throw new OptionError(`Invalid value for --isolation: ${parsed.isolation} (0, 1, 2, 4 or 6, as go-tpc)`);
        break;
      case 'weight': {
        const weights = takeValue()
          .split(',')
          .map((part) => wholeNumber('weight', part.trim(), 0));
        if (weights.length !== 5 || weights.reduce((a, b) => a + b, 0) !== 100)
          throw new OptionError('--weight needs 5 numbers that add up to 100 (NewOrder, Payment, OrderStatus, Delivery, StockLevel)');
        parsed.weights = weights;
        break;
      }
      case 'parts':
        parsed.parts = wholeNumber('parts', takeValue(), 1);
        break;
      case 'dropdata':
        parsed.dropData = flag();
        break;
      case 'no-check':
        parsed.noCheck = flag();
        break;
      case 'check-all':
        parsed.checkAll = flag();
        break;
      case 'queries':
        try {
          parsed.queries = parseChQueryList(takeValue());
        } catch (error) {
          throw new OptionError(error instanceof Error ? error.message : String(error));
        }
        break;
      case 'ap-conn-params':
        parsed.apConnParams = takeValue();
        parsed.apSessionStatements = sessionStatementsOf(parsed.apConnParams);
        break;
      case 'tiflash-replica':
        parsed.tiflashReplica = wholeNumber('tiflash-replica', takeValue(), 0);
        break;
      case 'wait-tiflash':
        parsed.waitForTiflash = flag();
        break;
      case 'analyze':
        parsed.analyze = flag();
        break;
      case 'ignore-error':
        parsed.ignoreError = flag();
        break;
      case 'time':
        parsed.timeSec = durationSeconds('time', takeValue());
        break;
      case 'interval':
        parsed.intervalSec = durationSeconds('interval', takeValue());
        if (parsed.intervalSec <= 0) throw new OptionError('--interval must be longer than 0');
        break;
      case 'json':
        parsed.json = flag();
        break;
      case 'out':
        parsed.out = takeValue();
        break;
      default:
        if (!name.startsWith('mysql-')) throw new OptionError(`invalid option for ch: ${arg.split('=')[0]}`);
        parsed.connection.set(name, takeValue());
    }
  }
  if (positionals[0] !== 'ch') throw new OptionError('expected: tidb-lab bench ch [options] prepare|run|check|cleanup');
  const command = positionals[1];
  if (command === undefined) throw new OptionError('ch needs a command: prepare, run, check or cleanup');
  if (!(CH_COMMANDS as readonly string[]).includes(command))
    throw new OptionError(`Unknown command for ch: ${command} (prepare, run, check or cleanup)`);
  if (positionals.length > 2) throw new OptionError(`Unrecognized command line argument: ${positionals[2]}`);
  parsed.command = command as ChCommandName;
  if (parsed.waitForTiflash && parsed.tiflashReplica === 0) throw new OptionError('--wait-tiflash needs --tiflash-replica=N (1 or more)');
  if (parsed.parts > parsed.warehouses) throw new OptionError(`number warehouses ${parsed.warehouses} must >= partition ${parsed.parts}`);
  return parsed;
}
