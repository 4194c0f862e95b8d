// The sysbench 1.0.20 command for a benchmark, from the same option model the built-in engine runs
// (benchOptions.ts). The general and MySQL options, the password among them, go into a
// --config-file, so that no secret is on the command line; the workload's own options stay on the
// command line, because sysbench resets the Lua script's options to their defaults when the script
// registers them, after reading the config file.
import { parseBoolean, type BenchOptions } from '../benchOptions';
import { ErrorPolicy } from '../workers/errorPolicy';
import { workloadSpec } from '../sysbench/workloadCatalog';

export type SysbenchVerb = 'prepare' | 'run' | 'cleanup';

export interface SysbenchInvocation {
  /** the config file's text: one `name=value` line per option */
  configText: string;
  /** the arguments after `--config-file=FILE` */
  args: string[];
}

/** sysbench reads config lines with fgets into 256 bytes: a longer line would be cut into two options. */
export const CONFIG_LINE_MAX_BYTES = 254;

export class SysbenchInvocationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SysbenchInvocationError';
  }
}

/** Options given on the command line that sysbench takes as they are (they change what it prints, not what it runs). */
const PASSED_AS_GIVEN = ['verbosity', 'thread-stack-size'];
/** On/off options: sysbench's config file turns a flag on by any value, even "off", so only "on" is written. */
const FLAGS_AS_GIVEN = ['debug', 'db-debug', 'mysql-debug'];

export function sysbenchInvocation(options: BenchOptions, verb: SysbenchVerb, serverIsTiDB: boolean): SysbenchInvocation {
  const l = options.limits;
  const r = options.random;
  const d = options.driver;
  const c = options.connection;
  const config: Array<[string, string]> = [
    ['db-driver', 'mysql'],
    ['threads', String(l.threads)],
    ['events', String(l.events)],
    ['time', String(l.time)],
    ['rate', String(l.rate)],
    ['report-interval', String(l.reportInterval)],
    ['percentile', String(l.percentile)],
    ['rand-type', r.type],
    ['rand-spec-iter', String(r.specIter)],
    ['rand-spec-pct', String(r.specPct)],
    ['rand-spec-res', String(r.specRes)],
    ['rand-seed', String(r.seed)],
    ['rand-pareto-h', String(r.paretoH)],
    ['db-ps-mode', d.psMode],
    ['mysql-host', c.hosts.join(',')],
    ['mysql-port', c.ports.join(',')],
    ['mysql-user', c.user],
    ['mysql-password', c.password],
    ['mysql-db', c.database],
    ['mysql-ignore-errors', ignoredErrors(options, serverIsTiDB)],
  ];
  // sysbench prints only the --percentile of the whole run; a run asks for its histogram too, which
  // gives the others (sysbenchHistogram.ts). sysbench refuses --histogram with --percentile=0 (it
  // counts no latencies then), so that run has it only when asked for.
  if (l.histogram || (verb === 'run' && l.percentile > 0)) config.push(['histogram', 'on']);
  if (c.tls !== 'disabled') config.push(['mysql-ssl', 'on']);
  if (l.forcedShutdown !== undefined) config.push(['forced-shutdown', String(l.forcedShutdown)]);
  if (c.socket !== undefined) config.push(['mysql-socket', c.socket]);
  if (c.cipher !== undefined) config.push(['mysql-ssl-cipher', c.cipher]);
  for (const [name, value] of Object.entries(options.given)) {
    const canonical = name.replace(/_/g, '-');
    if (PASSED_AS_GIVEN.includes(canonical)) config.push([canonical, value]);
    if (FLAGS_AS_GIVEN.includes(canonical) && parseBoolean(canonical, value)) config.push([canonical, 'on']);
  }
  const lines = config.filter(([, value]) => value !== '').map(([name, value]) => configLine(name, value));
  return { configText: `${lines.join('\n')}\n`, args: [...workloadArguments(options), options.workload, verb] };
}

/** What sysbench's MySQL driver restarts: the same list the built-in engine's ErrorPolicy uses (with TiDB's retryable errors on TiDB). */
function ignoredErrors(options: BenchOptions, serverIsTiDB: boolean): string {
  const d = options.driver;
  const codes = ErrorPolicy.fromOptions(d.ignoreErrors, d.ignoreErrorsExplicit, serverIsTiDB, d.tidbRetryableErrors).ignoredCodes;
  // sysbench reads an empty value as "keep the default"; 0 is no MySQL error number and ignores nothing
  return codes === 'all' ? 'all' : codes.length > 0 ? codes.join(',') : '0';
}

/** The Lua script's options, as `--name=value` words. */
function workloadArguments(options: BenchOptions): string[] {
  if (!workloadSpec(options.workload).usesOltpOptions) return [];
  const w = options.workloadOptions;
  const onOff = (value: boolean) => (value ? 'on' : 'off');
  const values: Array<[string, string | number]> = [
    ['tables', w.tables],
    ['table_size', w.tableSize],
    ['range_size', w.rangeSize],
    ['point_selects', w.pointSelects],
    ['simple_ranges', w.simpleRanges],
    ['sum_ranges', w.sumRanges],
    ['order_ranges', w.orderRanges],
    ['distinct_ranges', w.distinctRanges],
    ['index_updates', w.indexUpdates],
    ['non_index_updates', w.nonIndexUpdates],
    ['delete_inserts', w.deleteInserts],
    ['range_selects', onOff(w.rangeSelects)],
    ['auto_inc', onOff(w.autoInc)],
    ['skip_trx', onOff(w.skipTrx)],
    ['secondary', onOff(w.secondary)],
    ['create_secondary', onOff(w.createSecondary)],
    ['mysql_storage_engine', w.storageEngine],
  ];
  if (options.workload === 'select_random_points') values.push(['random_points', w.randomPoints]);
  if (options.workload === 'select_random_ranges') values.push(['number_of_ranges', w.numberOfRanges], ['delta', w.delta]);
  return values.map(([name, value]) => `--${name}=${String(value)}`);
}

/**
 * `name=value` as sysbench's read_config reads it: a bare word when it has no blank, comma, '#' or
 * quote; otherwise quoted with a quote character it does not contain (there is no escape).
 */
export function configLine(name: string, value: string): string {
  const list = name === 'mysql-host' || name === 'mysql-port' || name === 'mysql-ignore-errors';
  let written: string;
  if (/[\r\n\0]/.test(value)) throw new SysbenchInvocationError(`--${name} has a line break, which sysbench's --config-file cannot hold`);
  if (list ? /^[^\s#'"]+$/.test(value) : /^[^\s,#'"]+$/.test(value)) written = value;
  else if (!value.includes('"')) written = `"${value}"`;
  else if (!value.includes("'")) written = `'${value}'`;
  else throw new SysbenchInvocationError(`--${name} has both kinds of quotes, which sysbench's --config-file cannot hold`);
  const line = `${name}=${written}`;
  if (Buffer.byteLength(line, 'utf8') > CONFIG_LINE_MAX_BYTES) {
    throw new SysbenchInvocationError(`--${name} is too long for sysbench's --config-file (its lines hold ${CONFIG_LINE_MAX_BYTES} bytes)`);
  }
  return line;
}
