// What "Run Benchmark..." asks for, with sysbench's names and defaults: the workload, threads
// (one value, or a list that makes a thread sweep), time, tables, table size, rand type, the
// report interval, the database and the workload's own options. Pure: no vscode, so the defaults,
// the parsing and the validation are unit-tested; validation is the engine's own option parser.
import { findOption, OPTION_DEFINITIONS, OptionError, resolveBenchOptions, type OptionDefinition } from '../../core/bench/benchOptions';
import { isRandType, RAND_TYPES, type RandType } from '../../core/bench/sysbench/randomDistribution';
import { isWorkloadName, workloadSpec, WORKLOAD_NAMES, type WorkloadName } from '../../core/bench/sysbench/workloadCatalog';

export const DEFAULT_BENCHMARK_DATABASE = 'sbtest';
/** sysbench's default is 0 (no reports); the live chart needs one point per second. */
export const DEFAULT_REPORT_INTERVAL = 1;
export const MAX_THREADS = 4096;

export interface LaunchSettings {
  workload: WorkloadName;
  /** one value: one run; several: a thread sweep, one run per value in this order */
  threads: number[];
  time: number;
  /** sysbench's --rate: average transactions per second over all threads; 0 runs as fast as the server answers */
  rate: number;
  tables: number;
  tableSize: number;
  randType: RandType;
  reportInterval: number;
  database: string;
  /** the workload's own options by sysbench name, only those that differ from sysbench's defaults */
  workloadOptions: Record<string, string>;
}

/** Options that have their own step in the launch flow, so they are not listed with the workload's options. */
const OWN_STEP_OPTIONS = new Set(['table_size', 'tables']);

function defaultOf(name: string): string {
  const definition = findOption(name);
  if (!definition) throw new Error(`the engine has no option ${name}`);
  return definition.defaultValue;
}

export function defaultLaunchSettings(workload: WorkloadName): LaunchSettings {
  const randType = defaultOf('rand-type');
  return {
    workload,
    threads: [Number(defaultOf('threads'))],
    time: Number(defaultOf('time')),
    rate: Number(defaultOf('rate')),
    tables: Number(defaultOf('tables')),
    tableSize: Number(defaultOf('table_size')),
    randType: isRandType(randType) ? randType : 'special',
    reportInterval: DEFAULT_REPORT_INTERVAL,
    database: DEFAULT_BENCHMARK_DATABASE,
    workloadOptions: {},
  };
}

/** The options of this workload the user can set beside threads/time/tables/size (point_selects, range_size, ...). */
export function workloadOptionDefinitions(workload: WorkloadName): OptionDefinition[] {
  return OPTION_DEFINITIONS.filter(
    (definition) => definition.workloads?.includes(workload) && !definition.onlyDefault && !OWN_STEP_OPTIONS.has(definition.name),
  );
}

export function usesTables(workload: WorkloadName): boolean {
  return workloadSpec(workload).usesOltpOptions;
}

export function allowsSeveralTables(workload: WorkloadName): boolean {
  const spec = workloadSpec(workload);
  return spec.usesOltpOptions && !spec.singleTable;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** "8", "8,16,32" or "8 16 32": thread counts in the order given, duplicates dropped. */
export function parseThreadList(text: string): Parsed<number[]> {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== '');
  if (parts.length === 0) return { ok: false, message: 'Enter a number of threads, or a list such as 8,16,32,64,128 for a thread sweep.' };
  const values: number[] = [];
  for (const part of parts) {
    if (!/^\d+$/.test(part)) return { ok: false, message: `'${part}' is not a whole number of threads.` };
    const value = Number(part);
    if (value < 1 || value > MAX_THREADS) return { ok: false, message: `Threads must be from 1 to ${MAX_THREADS}, not ${value}.` };
    if (!values.includes(value)) values.push(value);
  }
  return { ok: true, value: values };
}

export function parseWholeNumber(text: string, what: string, min: number, max = 2_147_483_647): Parsed<number> {
  const trimmed = text.trim().replace(/[_,](?=\d{3}(?!\d))/g, '');
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: `${what} must be a whole number.` };
  const value = Number(trimmed);
  if (value < min || value > max) return { ok: false, message: `${what} must be from ${min} to ${max}.` };
  return { ok: true, value };
}

/** The engine's options for one run of these settings (connection options excluded). */
export function engineOptions(settings: LaunchSettings, threads: number): Record<string, string | number | boolean> {
  const options: Record<string, string | number | boolean> = {
    threads,
    time: settings.time,
    'report-interval': settings.reportInterval,
    'rand-type': settings.randType,
  };
  if (settings.rate > 0) options.rate = settings.rate;
  if (usesTables(settings.workload)) {
    options.tables = allowsSeveralTables(settings.workload) ? settings.tables : 1;
    options.table_size = settings.tableSize;
  }
  for (const [name, value] of Object.entries(settings.workloadOptions)) options[name] = value;
  return options;
}

/** Problems with the settings, in the engine's own words (its option parser decides). */
export function validateLaunchSettings(settings: LaunchSettings): string[] {
  const problems: string[] = [];
  if (settings.database.trim() === '') problems.push('Enter the database the sbtest tables live in (sysbench uses sbtest).');
  for (const threads of settings.threads) {
    const raw: Record<string, string> = {};
    for (const [name, value] of Object.entries(engineOptions(settings, threads)))
      raw[name] = typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value);
    try {
      resolveBenchOptions(settings.workload, raw);
    } catch (error) {
      const message = error instanceof OptionError ? error.message : String(error);
      if (!problems.includes(message)) problems.push(message);
    }
  }
  return problems;
}

/** Checks one workload option value as the engine would; undefined when it is fine. */
export function workloadOptionProblem(workload: WorkloadName, name: string, value: string): string | undefined {
  try {
    resolveBenchOptions(workload, { [name]: value });
    return undefined;
  } catch (error) {
    return error instanceof OptionError ? error.message : String(error);
  }
}

/** Sets a workload option; a value equal to sysbench's default is dropped, so only changes are kept. */
export function withWorkloadOption(settings: LaunchSettings, name: string, value: string): LaunchSettings {
  const options = { ...settings.workloadOptions };
  const definition = findOption(name);
  if (definition && sameValue(definition, value, definition.defaultValue)) delete options[definition.name];
  else options[definition?.name ?? name] = value.trim();
  return { ...settings, workloadOptions: options };
}

function sameValue(definition: OptionDefinition, a: string, b: string): boolean {
  if (definition.kind === 'bool') {
    const on = (text: string) => ['on', 'true', 'yes', '1', ''].includes(text.trim().toLowerCase());
    return on(a) === on(b);
  }
  return a.trim() === b.trim();
}

/** The settings as a sysbench command line, for the launch flow and logs (never a password). */
export function describeLaunch(settings: LaunchSettings): string {
  const options = engineOptions(settings, settings.threads[0] ?? 1);
  const parts = [settings.workload, `--mysql-db=${settings.database}`];
  for (const [name, value] of Object.entries(options)) {
    if (name === 'threads') parts.push(`--threads=${settings.threads.join(',')}`);
    else parts.push(`--${name}=${String(value)}`);
  }
  return `${parts.join(' ')} run`;
}

/** What launches remember in globalState: the last workload, the shared settings and each workload's own options. */
export interface RememberedLaunches {
  workload?: string;
  common?: Partial<Omit<LaunchSettings, 'workload' | 'workloadOptions'>>;
  workloadOptions?: Record<string, Record<string, string>>;
  /** the experiments' database ("Choose Database..."): their own, never Run Benchmark's default */
  experimentDatabase?: string;
}

export function remember(previous: RememberedLaunches | undefined, settings: LaunchSettings): RememberedLaunches {
  const { workload, workloadOptions, ...common } = settings;
  return {
    ...(previous?.experimentDatabase !== undefined ? { experimentDatabase: previous.experimentDatabase } : {}),
    workload,
    common,
    workloadOptions: { ...(previous?.workloadOptions ?? {}), [workload]: workloadOptions },
  };
}

/** The settings to start from: the remembered ones where they are still valid, else sysbench's defaults. */
export function recalledSettings(stored: unknown, workload: WorkloadName): LaunchSettings {
  const defaults = defaultLaunchSettings(workload);
  if (typeof stored !== 'object' || stored === null) return defaults;
  const remembered = stored as RememberedLaunches;
  const common = (typeof remembered.common === 'object' && remembered.common !== null ? remembered.common : {}) as Record<string, unknown>;
  const whole = (value: unknown, min: number): number | undefined =>
    typeof value === 'number' && Number.isInteger(value) && value >= min ? value : undefined;
  const threads =
    Array.isArray(common.threads) &&
    common.threads.length > 0 &&
    common.threads.every((value) => whole(value, 1) !== undefined && (value as number) <= MAX_THREADS)
      ? (common.threads as number[])
      : defaults.threads;
  const savedOptions = remembered.workloadOptions?.[workload];
  const workloadOptions: Record<string, string> = {};
  if (typeof savedOptions === 'object' && savedOptions !== null) {
    const known = new Set(workloadOptionDefinitions(workload).map((definition) => definition.name));
    for (const [name, value] of Object.entries(savedOptions)) {
      if (known.has(name) && typeof value === 'string' && workloadOptionProblem(workload, name, value) === undefined)
        workloadOptions[name] = value;
    }
  }
  return {
    workload,
    threads,
    time: whole(common.time, 1) ?? defaults.time,
    rate: whole(common.rate, 0) ?? defaults.rate,
    tables: whole(common.tables, 1) ?? defaults.tables,
    tableSize: whole(common.tableSize, 0) ?? defaults.tableSize,
    randType: typeof common.randType === 'string' && isRandType(common.randType) ? common.randType : defaults.randType,
    reportInterval: whole(common.reportInterval, 1) ?? defaults.reportInterval,
    database: typeof common.database === 'string' && common.database.trim() !== '' ? common.database : defaults.database,
    workloadOptions,
  };
}

/** Remembers the experiments' database, leaving Run Benchmark's settings as they are. */
export function rememberExperimentDatabase(previous: RememberedLaunches | undefined, database: string): RememberedLaunches {
  return { ...(previous ?? {}), experimentDatabase: database };
}

/** The database an experiment runs in: the one chosen for experiments, else sysbench's default (never Run Benchmark's). */
export function recalledExperimentDatabase(stored: unknown): string {
  const database = (stored as RememberedLaunches | undefined)?.experimentDatabase;
  return typeof database === 'string' && database.trim() !== '' ? database : DEFAULT_BENCHMARK_DATABASE;
}

export function rememberedWorkload(stored: unknown): WorkloadName | undefined {
  const workload = (stored as RememberedLaunches | undefined)?.workload;
  return typeof workload === 'string' && isWorkloadName(workload) ? workload : undefined;
}

export { RAND_TYPES, WORKLOAD_NAMES };
