// `tidb-lab bench tpcc [options] prepare|run|check|cleanup`, with go-tpc's option names:
// --warehouses, --threads (-T), --time and --interval as Go durations, --count, --ignore-error,
// --isolation, --weight, --parts, --partition-type, --use-fk, --use-clustered-index, --no-check,
// --dropdata, --retry-count, --retry-interval, --check-all; the connection as the other workloads
// take it (--mysql-host=... ; MYSQL_PWD), the database `tpcc` unless --mysql-db says otherwise.
import { OptionError } from '../benchOptions';
import { durationSeconds } from '../rawsql/rawsqlArguments';
import { DEFAULT_WEIGHTS } from './tpccMix';
import { ISOLATION_LEVELS } from './tpccConnection';
import type { PartitionType } from './tpccSchema';

export const TPCC_ACTIONS = ['prepare', 'run', 'check', 'cleanup'] as const;
export type TpccAction = (typeof TPCC_ACTIONS)[number];

export const DEFAULT_TPCC_DATABASE = 'tpcc';

export interface TpccArguments {
  action: TpccAction;
  warehouses: number;
  threads: number;
  timeSec: number;
  count: number;
  intervalSec: number;
  ignoreError: boolean;
  isolation: number;
  weights: number[];
  parts: number;
  partitionType: PartitionType;
  useFk: boolean;
  useClusteredIndex: boolean;
  noCheck: boolean;
  dropData: boolean;
  retryCount: number;
  retryIntervalSec: number;
  checkAll: boolean;
  /** --mysql-* options, as given */
  connection: Map<string, string>;
  json: boolean;
  out?: string;
  startAt?: string;
  /** the arguments as given, for the command comment (the password is left out when printed) */
  argv: string[];
}

function wholeNumber(name: string, value: string, min: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min)
    throw new OptionError(`Invalid value for --${name}: '${value}' (a whole number of ${min} or more)`);
  return Number(value);
}

export function parseTpccArguments(argv: readonly string[]): TpccArguments {
  const parsed: TpccArguments = {
    action: 'run',
    warehouses: 10,
    threads: 1,
    timeSec: 0,
    count: 0,
    intervalSec: 10,
    ignoreError: false,
    isolation: 0,
    weights: [...DEFAULT_WEIGHTS],
    parts: 1,
    partitionType: 1,
    useFk: false,
    useClusteredIndex: true,
    noCheck: false,
    dropData: false,
    retryCount: 50,
    retryIntervalSec: 10,
    checkAll: false,
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
    const name = (match?.[1] ?? arg).replace(/_/g, '-');
    let value = match?.[2];
    const takeValue = (): string => {
      if (value !== undefined) return value;
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new OptionError(`--${name} needs a value`);
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
      case 'time':
        parsed.timeSec = durationSeconds('time', takeValue());
        break;
      case 'count':
        parsed.count = wholeNumber('count', takeValue(), 0);
        break;
      case 'interval':
        parsed.intervalSec = durationSeconds('interval', takeValue());
        if (parsed.intervalSec <= 0) throw new OptionError('--interval must be longer than 0');
        break;
      case 'ignore-error':
        parsed.ignoreError = flag();
        break;
      case 'isolation': {
        const level = wholeNumber('isolation', takeValue(), 0);
        if (level !== 0 && ISOLATION_LEVELS[level] === undefined)
          throw new OptionError(
            `Invalid value for --isolation: ${level} (0 the server's default, 1 READ UNCOMMITTED, 2 READ COMMITTED, 4 REPEATABLE READ, 6 SERIALIZABLE: the levels go-tpc's MySQL driver can set)`,
          );
        parsed.isolation = level;
        break;
      }
      case 'weight':
        parsed.weights = takeValue()
          .split(',')
          .map((part) => wholeNumber('weight', part.trim(), 0));
        break;
      case 'parts':
        parsed.parts = wholeNumber('parts', takeValue(), 1);
        break;
      case 'partition-type': {
        const type = wholeNumber('partition-type', takeValue(), 1);
        if (type > 4) throw new OptionError(`Unknown partition type ${type} (1 HASH, 2 RANGE, 3 LIST like HASH, 4 LIST like RANGE)`);
        parsed.partitionType = type as PartitionType;
        break;
      }
      case 'use-fk':
        parsed.useFk = flag();
        break;
      case 'use-clustered-index':
        parsed.useClusteredIndex = flag();
        break;
      case 'no-check':
        parsed.noCheck = flag();
        break;
      case 'dropdata':
        parsed.dropData = flag();
        break;
      case 'retry-count':
        parsed.retryCount = wholeNumber('retry-count', takeValue(), 0);
        break;
      case 'retry-interval':
        parsed.retryIntervalSec = durationSeconds('retry-interval', takeValue());
        break;
      case 'check-all':
        parsed.checkAll = flag();
        break;
      case 'wait':
        if (flag())
          throw new OptionError(
            "--wait (the spec's keying and think times) is not supported: TiDB Lab runs TPC-C as go-tpc does by default, without them",
          );
        break;
      case 'json':
        parsed.json = flag();
        break;
      case 'out':
        parsed.out = takeValue();
        break;
      case 'start-at':
        parsed.startAt = takeValue();
        break;
      default:
        if (!name.startsWith('mysql-')) throw new OptionError(`invalid option for tpcc: ${arg.split('=')[0]}`);
        parsed.connection.set(name, takeValue());
    }
  }
  if (positionals[0] !== 'tpcc') throw new OptionError('expected: tidb-lab bench tpcc --warehouses=N [options] prepare|run|check|cleanup');
  const action = positionals[1];
  if (action === undefined) throw new OptionError('tpcc needs a command: prepare, run, check or cleanup');
  if (!(TPCC_ACTIONS as readonly string[]).includes(action))
    throw new OptionError(`Unknown command for tpcc: ${action} (prepare, run, check, cleanup)`);
  if (positionals.length > 2) throw new OptionError(`Unrecognized command line argument: ${positionals[2]}`);
  parsed.action = action as TpccAction;
  if (parsed.weights.length !== 5) throw new OptionError(`Should specify exact 5 weights: ${parsed.weights.join(',')}`);
  if (parsed.weights.reduce((sum, weight) => sum + weight, 0) !== 100)
    throw new OptionError(`The sum of weight should be 100: ${parsed.weights.join(',')}`);
  if (!parsed.connection.has('mysql-db')) parsed.connection.set('mysql-db', DEFAULT_TPCC_DATABASE);
  return parsed;
}
