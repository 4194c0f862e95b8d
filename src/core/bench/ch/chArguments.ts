// `tidb-lab bench ch [options] prepare|run|check|cleanup` with go-tpc's names: the TPC-C options
// (--warehouses, --threads/-T: TPC-C threads and prepare's load threads, --count, --isolation,
// --weight, --parts, --dropdata, --no-check, --check-all, --ignore-error), the AP ones
// (--acThreads/-t, --queries=q1,q2,..), --time and --interval as Go durations, prepare's
// --tiflash-replica=N and --analyze (on by default on MariaDB and MySQL) and TiDB Lab's --wait-tiflash, run's --ap-conn-params (session
// variables of the AP connections, go-tpc's way to read through TiFlash:
// --ap-conn-params="tidb_isolation_read_engines='tiflash'"), run's --ap-host=h1,h2 and
// --ap-port=p1,p2 (where the AP threads connect, e.g. a TiDB server of their own; default the
// --mysql-host and --mysql-port) and --use-explain (each query as EXPLAIN ANALYZE, its plan printed),
// run's --engine=auto|builtin|go-tpc and --go-tpc=PATH as tpcc's (goTpcEngine/goTpcEngineChoice.ts),
// and the connection as the other workloads take it (--mysql-host=... ; MYSQL_PWD). go-tpc's ch has
// no --start-at, so neither has this one.
import { OptionError } from '../benchOptions';
import type { GoTpcEngineSetting } from '../goTpcEngine/goTpcEngineChoice';
import { engineSetting } from '../tpcc/tpccArguments';
import { parseGoTpcArguments, wholeNumber, type GoTpcArguments, type GoTpcOption } from '../gotpc/goTpcArguments';
import { CH_QUERY_NAMES, parseChQueryList, type ChQueryName } from './chQueries';

export const CH_COMMANDS = ['prepare', 'run', 'check', 'cleanup'] as const;
export type ChCommandName = (typeof CH_COMMANDS)[number];

export interface ChArguments extends GoTpcArguments {
  command: ChCommandName;
  warehouses: number;
  /** go-tpc's --acThreads (-t) */
  acThreads: number;
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
  /** --ap-host, --ap-port: empty, the TPC-C connection's */
  apHosts: string[];
  apPorts: number[];
  /** --use-explain */
  useExplain: boolean;
  /** run's engine: TiDB Lab's own or the installed go-tpc */
  engine: GoTpcEngineSetting;
  /** --go-tpc: the go-tpc program; undefined: go-tpc on PATH */
  goTpcPath?: string;
  /** --analyze; undefined: ANALYZE TABLE on MariaDB and MySQL (their statistics right after the load make q5 run for hours), not on TiDB (go-tpc's default) */
  analyze?: boolean;
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

/** go-tpc's string and int slices: comma-separated values. */
function listOf(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function parseChArguments(argv: readonly string[]): ChArguments {
  const own: Omit<ChArguments, keyof GoTpcArguments | 'command'> = {
    warehouses: 10,
    acThreads: 1,
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
    apHosts: [],
    apPorts: [],
    useExplain: false,
    engine: 'auto',
  };
  const ownOption = ({ name, value, flag }: GoTpcOption): boolean => {
    switch (name) {
      case 'warehouses':
        own.warehouses = wholeNumber('warehouses', value(), 1);
        return true;
      case 'acThreads':
      case 'ac-threads':
      case 't':
        own.acThreads = wholeNumber('acThreads', value(), 0);
        return true;
      case 'isolation':
        own.isolation = wholeNumber('isolation', value(), 0);
        if (![0, 1, 2, 4, 6].includes(own.isolation))
          throw new OptionError(`Invalid value for --isolation: ${own.isolation} (0, 1, 2, 4 or 6, as go-tpc)`);
        return true;
      case 'weight': {
        const weights = value()
          .split(',')
          .map((part) => wholeNumber('weight', part.trim(), 0));
        if (weights.length !== 5 || weights.reduce((a, b) => a + b, 0) !== 100)
          throw new OptionError('--weight needs 5 numbers that add up to 100 (NewOrder, Payment, OrderStatus, Delivery, StockLevel)');
        own.weights = weights;
        return true;
      }
      case 'parts':
        own.parts = wholeNumber('parts', value(), 1);
        return true;
      case 'dropdata':
        own.dropData = flag();
        return true;
      case 'no-check':
        own.noCheck = flag();
        return true;
      case 'check-all':
        own.checkAll = flag();
        return true;
      case 'queries':
        try {
          own.queries = parseChQueryList(value());
        } catch (error) {
          throw new OptionError(error instanceof Error ? error.message : String(error));
        }
        return true;
      case 'engine':
        own.engine = engineSetting(value());
        return true;
      case 'go-tpc':
        own.goTpcPath = value();
        return true;
      case 'ap-conn-params':
        own.apConnParams = value();
        own.apSessionStatements = sessionStatementsOf(own.apConnParams);
        return true;
      case 'ap-host':
        own.apHosts = listOf(value()).map((host) => (host === 'localhost' ? '127.0.0.1' : host));
        return true;
      case 'ap-port':
        own.apPorts = listOf(value()).map((port) => {
          const number = wholeNumber('ap-port', port, 1);
          if (number > 65535) throw new OptionError(`Invalid value for --ap-port: '${port}' (a port from 1 to 65535)`);
          return number;
        });
        return true;
      case 'use-explain':
        own.useExplain = flag();
        return true;
      case 'tiflash-replica':
        own.tiflashReplica = wholeNumber('tiflash-replica', value(), 0);
        return true;
      case 'wait-tiflash':
        own.waitForTiflash = flag();
        return true;
      case 'analyze':
        own.analyze = flag();
        return true;
      default:
        return false;
    }
  };
  const { options, positionals } = parseGoTpcArguments(argv, 'ch', ownOption, { startAt: false });
  const parsed: ChArguments = { ...options, ...own, command: 'run' };
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
