// `tidb-lab bench rawsql [options] run`, with go-tpc's names: --query-files=a.sql,b.sql, --threads
// (-T), --time and --interval as Go durations (10s, 2m; a bare number is seconds), --count,
// --ignore-error; the connection as the other workloads take it (--mysql-host=... ; MYSQL_PWD).
import { parseGoDurationSeconds } from '../../results/importers/logLines';
import { OptionError } from '../benchOptions';

export interface RawsqlArguments {
  queryFiles: string[];
  threads: number;
  timeSec: number;
  count: number;
  intervalSec: number;
  ignoreError: boolean;
  /** --mysql-* options, as given */
  connection: Map<string, string>;
  json: boolean;
  out?: string;
  /** ISO 8601 or epoch seconds: wait until then before connecting the threads (runs on several machines) */
  startAt?: string;
  /** the arguments as given, for the command comment (the password is left out when printed) */
  argv: string[];
}

const DEFAULT_INTERVAL_SEC = 10;

export function durationSeconds(name: string, value: string): number {
  const seconds = /^\d+(\.\d+)?$/.test(value) ? Number(value) : parseGoDurationSeconds(value);
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0)
    throw new OptionError(`Invalid value for --${name}: '${value}' (a duration such as 30s, 5m or 1h30m, or seconds)`);
  return seconds;
}

function wholeNumber(name: string, value: string, min: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min)
    throw new OptionError(`Invalid value for --${name}: '${value}' (a whole number of ${min} or more)`);
  return Number(value);
}

export function parseRawsqlArguments(argv: readonly string[]): RawsqlArguments {
  const parsed: RawsqlArguments = {
    queryFiles: [],
    threads: 1,
    timeSec: 0,
    count: 0,
    intervalSec: DEFAULT_INTERVAL_SEC,
    ignoreError: false,
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
      case 'query-files':
        parsed.queryFiles = takeValue()
          .split(',')
          .map((file) => file.trim())
          .filter((file) => file !== '');
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
        if (!name.startsWith('mysql-')) throw new OptionError(`invalid option for rawsql: ${arg.split('=')[0]}`);
        parsed.connection.set(name, takeValue());
    }
  }
  if (positionals[0] !== 'rawsql') throw new OptionError('expected: tidb-lab bench rawsql --query-files=a.sql[,b.sql] [options] run');
  if (positionals[1] !== 'run')
    throw new OptionError(
      positionals[1] === undefined
        ? "rawsql needs the command 'run' (it has no prepare, check or cleanup: the queries run on the data that is there)"
        : `Unknown command for rawsql: ${positionals[1]} (run)`,
    );
  if (positionals.length > 2) throw new OptionError(`Unrecognized command line argument: ${positionals[2]}`);
  if (parsed.queryFiles.length === 0) throw new OptionError('empty query files: give --query-files=a.sql[,b.sql,...]');
  return parsed;
}
