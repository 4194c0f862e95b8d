// The options go-tpc's workloads share (cmd/go-tpc/main.go's persistent flags), parsed once for
// `tidb-lab bench tpcc`, `ch` and `rawsql`: --threads (-T), --time and --interval as Go durations
// (10s, 2m; a bare number is seconds), --count, --ignore-error, TiDB Lab's --json, --out and
// --start-at (where the workload takes it), and the connection as the other workloads take it
// (--mysql-host=... ; MYSQL_PWD). Each workload reads its own options through `own`.
import { parseGoDurationSeconds } from '../../results/importers/logLines';
import { OptionError } from '../benchOptions';

export interface GoTpcArguments {
  threads: number;
  /** seconds, 0: no time limit */
  timeSec: number;
  /** 0: no limit */
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

/** One option on the command line, for a workload's own options. */
export interface GoTpcOption {
  /** without dashes, '_' read as '-' (go-tpc's names) */
  name: string;
  /** the value after '=' or the next argument; an error when there is none */
  value(): string;
  /** a boolean flag: on unless its value is off, false, 0 or no */
  flag(): boolean;
}

export interface GoTpcParse {
  options: GoTpcArguments;
  positionals: string[];
}

export function wholeNumber(name: string, value: string, min: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min)
    throw new OptionError(`Invalid value for --${name}: '${value}' (a whole number of ${min} or more)`);
  return Number(value);
}

export function durationSeconds(name: string, value: string): number {
  const seconds = /^\d+(\.\d+)?$/.test(value) ? Number(value) : parseGoDurationSeconds(value);
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0)
    throw new OptionError(`Invalid value for --${name}: '${value}' (a duration such as 30s, 5m or 1h30m, or seconds)`);
  return seconds;
}

/**
 * Parses argv: the shared options into `options`, the words into `positionals`, and every other
 * option through `own`, which returns false for a name the workload does not know (then it is an
 * error, unless it is a --mysql-* connection option).
 */
export function parseGoTpcArguments(
  argv: readonly string[],
  workload: string,
  own: (option: GoTpcOption) => boolean,
  settings: { startAt: boolean } = { startAt: true },
): GoTpcParse {
  const options: GoTpcArguments = {
    threads: 1,
    timeSec: 0,
    count: 0,
    intervalSec: 10,
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
    let given = match?.[2];
    const value = (): string => {
      if (given !== undefined) return given;
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new OptionError(`--${name} needs a value`);
      i++;
      given = next;
      return next;
    };
    const flag = () => given === undefined || !['off', 'false', '0', 'no'].includes(given.toLowerCase());
    switch (name) {
      case 'threads':
      case 'T':
        options.threads = wholeNumber('threads', value(), 1);
        break;
      case 'time':
        options.timeSec = durationSeconds('time', value());
        break;
      case 'count':
        options.count = wholeNumber('count', value(), 0);
        break;
      case 'interval':
        options.intervalSec = durationSeconds('interval', value());
        if (options.intervalSec <= 0) throw new OptionError('--interval must be longer than 0');
        break;
      case 'ignore-error':
        options.ignoreError = flag();
        break;
      case 'json':
        options.json = flag();
        break;
      case 'out':
        options.out = value();
        break;
      default:
        if (name === 'start-at' && settings.startAt) options.startAt = value();
        else if (own({ name, value, flag })) break;
        else if (name.startsWith('mysql-')) options.connection.set(name, value());
        else throw new OptionError(`invalid option for ${workload}: ${arg.split('=')[0]}`);
    }
  }
  return { options, positionals };
}
