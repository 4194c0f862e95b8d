// Reads a `tidb-lab bench ...` command line the way sysbench reads its own: `--name=value`
// options (also `--name value` for options that take a value, and a bare `--flag` for on/off
// options), a workload and a command, and `--config-file` with one option per line.
import { ENGINE_SETTINGS, isEngineSetting, type EngineConfig } from '../benchEngine';
import { OptionError, findOption } from '../benchOptions';

export type BenchVerb = 'prepare' | 'run' | 'cleanup' | 'help';

export type ParsedBenchArguments =
  | { kind: 'usage' }
  | { kind: 'version' }
  | {
      kind: 'workload';
      workload: string;
      verb: BenchVerb;
      options: Map<string, string>;
      json: boolean;
      out?: string;
      engine: EngineConfig;
      /** --start-at: when the run starts (several load machines at once) */
      startAt?: string;
    }
  | {
      kind: 'experiment';
      file: string;
      options: Map<string, string>;
      json: boolean;
      out?: string;
      /** --yes: start even when the estimate is long */ yes: boolean;
      engine: EngineConfig;
    }
  | { kind: 'import'; file: string; json: boolean; out?: string }
  | { kind: 'presets' }
  | { kind: 'preset'; name: string; out?: string };

const VERBS: readonly string[] = ['prepare', 'run', 'cleanup', 'help'];

export function parseBenchArguments(argv: readonly string[], readConfigFile: (path: string) => string): ParsedBenchArguments {
  const options = new Map<string, string>();
  const fromConfig = new Map<string, string>();
  const positionals: string[] = [];
  let json = false;
  let yes = false;
  let out: string | undefined;
  let startAt: string | undefined;
  const engine: EngineConfig = { engine: 'auto' };

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-h' || arg === '--help') return { kind: 'usage' };
    if (arg === '--version') return { kind: 'version' };
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const body = arg.slice(2);
    const equals = body.indexOf('=');
    const name = equals >= 0 ? body.slice(0, equals) : body;
    let value = equals >= 0 ? body.slice(equals + 1) : undefined;
    const takeValue = (what: string): string => {
      if (value !== undefined) return value;
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new OptionError(`--${name} needs a value (${what})`);
      i++;
      return next;
    };
    if (name === 'json') {
      json = value === undefined || !['off', 'false', '0', 'no'].includes(value.toLowerCase());
      continue;
    }
    if (name === 'yes') {
      yes = value === undefined || !['off', 'false', '0', 'no'].includes(value.toLowerCase());
      continue;
    }
    if (name === 'out') {
      out = takeValue('a file name');
      continue;
    }
    if (name === 'start-at' || name === 'start_at') {
      startAt = takeValue('an ISO 8601 time or Unix seconds');
      continue;
    }
    if (name === 'engine') {
      const setting = takeValue(ENGINE_SETTINGS.join(', ')).toLowerCase();
      if (!isEngineSetting(setting)) throw new OptionError(`Invalid value for --engine: '${setting}' (${ENGINE_SETTINGS.join(', ')})`);
      engine.engine = setting;
      continue;
    }
    if (name === 'sysbench-path' || name === 'sysbench_path') {
      engine.sysbenchPath = takeValue('the sysbench program');
      continue;
    }
    if (name === 'config-file' || name === 'config_file') {
      const path = takeValue('a file name');
      let text: string;
      try {
        text = readConfigFile(path);
      } catch (error) {
        throw new OptionError(`Cannot read --config-file '${path}': ${error instanceof Error ? error.message : String(error)}`);
      }
      for (const [key, configValue] of parseConfigFile(text, path)) fromConfig.set(key, configValue);
      continue;
    }
    const definition = findOption(name);
    if (!definition) throw new OptionError(`invalid option: --${name}`);
    if (definition.kind === 'bool') value ??= 'on';
    else value = takeValue(definition.kind === 'int' ? 'a whole number' : 'a value');
    options.set(name, value);
  }

  // options on the command line win over the config file
  const merged = new Map<string, string>(fromConfig);
  for (const [key, value] of options) merged.set(key, value);

  const [first, second, ...rest] = positionals;
  if (first === undefined) return { kind: 'usage' };
  if (yes && first !== 'experiment')
    throw new OptionError('--yes is for tidb-lab bench experiment (to start one estimated to run longer than 2 hours)');
  if (first === 'presets' || first === 'preset') {
    if (merged.size > 0) throw new OptionError(`tidb-lab bench ${first} takes no options (got --${[...merged.keys()][0]})`);
    if (first === 'presets') {
      if (second !== undefined)
        throw new OptionError(`Unrecognized command line argument: ${second} (to print one preset: tidb-lab bench preset ${second})`);
      return { kind: 'presets' };
    }
    if (second === undefined)
      throw new OptionError('tidb-lab bench preset needs a name: tidb-lab bench preset NAME (tidb-lab bench presets lists them)');
    if (rest.length > 0) throw new OptionError(`Unrecognized command line argument: ${rest[0]}`);
    return { kind: 'preset', name: second, out };
  }
  if (first === 'experiment' || first === 'import') {
    if (second === undefined) throw new OptionError(`tidb-lab bench ${first} needs a file: tidb-lab bench ${first} FILE`);
    if (rest.length > 0) throw new OptionError(`Unrecognized command line argument: ${rest[0]}`);
    if (first === 'import') {
      if (merged.size > 0) throw new OptionError(`tidb-lab bench import takes no benchmark options (got --${[...merged.keys()][0]})`);
      return { kind: 'import', file: second, json, out };
    }
    return { kind: 'experiment', file: second, options: merged, json, out, yes, engine };
  }
  if (second === undefined) {
    throw new OptionError(`The '${first}' workload requires a command argument: prepare, run, cleanup or help`);
  }
  if (!VERBS.includes(second)) throw new OptionError(`Unknown command: ${second} (prepare, run, cleanup or help)`);
  if (rest.length > 0) throw new OptionError(`Unrecognized command line argument: ${rest[0]}`);
  if (startAt !== undefined && second !== 'run')
    throw new OptionError('--start-at is for run (the same run started at once on several load machines)');
  return { kind: 'workload', workload: first, verb: second as BenchVerb, options: merged, json, out, engine, startAt };
}

/** One option per line, `name=value` or `--name=value`; blank lines and lines starting with # are skipped. */
export function parseConfigFile(text: string, path = 'config file'): Map<string, string> {
  const options = new Map<string, string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const body = line.startsWith('--') ? line.slice(2) : line;
    const equals = body.indexOf('=');
    const name = (equals >= 0 ? body.slice(0, equals) : body).trim();
    const value = equals >= 0 ? body.slice(equals + 1).trim() : 'on';
    const definition = findOption(name);
    if (!definition) throw new OptionError(`${path}, line ${index + 1}: invalid option '${name}'`);
    options.set(name, value);
  });
  return options;
}
