// Command lines of the Go benchmark tools (cobra flags): "go-tpc tpcc --warehouses 4 -T 8 run",
// "tiup bench tpcc ... run", "go-ycsb run mysql -P workloads/workloada -p operationcount=1000".
// Both "--flag value" and "--flag=value" are accepted; options take '_' for '-', never a password.

import { isSecretKey } from '../redactSecrets';
import type { RunOptions } from './importedRun';
import { optionValue } from './sysbenchCommandLine';

export interface GoToolCommand {
  positional: string[];
  options: RunOptions;
  /** go-ycsb -p name=value properties, as given */
  properties: RunOptions;
  /** go-ycsb -P property files */
  propertyFiles: string[];
}

export interface GoFlagSpec {
  /** short flag letter -> option name */
  shortFlags: Record<string, string>;
  /** flags that take no value */
  booleanFlags: ReadonlySet<string>;
}

export const GO_TPC_FLAGS: GoFlagSpec = {
  shortFlags: { H: 'host', P: 'port', U: 'user', p: 'password', D: 'db', T: 'threads', t: 'acThreads', d: 'driver' },
  booleanFlags: new Set([
    'ignore_error',
    'silence',
    'wait',
    'check_all',
    'no_check',
    'use_fk',
    'dropdata',
    'analyze',
    'use_clustered_index',
    'enable_plan_replayer',
    'help',
  ]),
};

export const GO_YCSB_FLAGS: GoFlagSpec = {
  shortFlags: { P: 'property_file', p: 'prop' },
  booleanFlags: new Set(['help']),
};

export function parseGoToolCommand(args: readonly string[], spec: GoFlagSpec): GoToolCommand {
  const command: GoToolCommand = { positional: [], options: {}, properties: {}, propertyFiles: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const flag = /^(--?)([^=]+)(?:=(.*))?$/.exec(arg);
    if (!flag || arg === '-' || arg === '--') {
      command.positional.push(arg);
      continue;
    }
    const long = flag[1] === '--';
    let name = long ? flag[2].replace(/-/g, '_') : (spec.shortFlags[flag[2]] ?? flag[2]);
    let value: string | undefined = flag[3];
    // pflag: a short flag's value may follow it directly ("-psecret", "-T8", "-p=x")
    const attached = long ? undefined : attachedShortValue(arg, spec);
    if (attached !== undefined) [name, value] = attached;
    if (value === undefined && !spec.booleanFlags.has(name) && i + 1 < args.length && !args[i + 1].startsWith('-')) value = args[++i];
    if (name === 'prop' && value !== undefined) {
      const equals = value.indexOf('=');
      if (equals > 0 && !isSecretKey(value.slice(0, equals)))
        command.properties[value.slice(0, equals)] = optionValue(value.slice(equals + 1));
    } else if (name === 'property_file' && value !== undefined) {
      command.propertyFiles.push(value);
    } else if (!isSecretKey(name)) {
      command.options[name] = value === undefined ? true : optionValue(value);
    }
  }
  return command;
}

function attachedShortValue(arg: string, spec: GoFlagSpec): [string, string] | undefined {
  if (arg.length <= 2 || !Object.hasOwn(spec.shortFlags, arg[1])) return undefined;
  const name = spec.shortFlags[arg[1]];
  if (spec.booleanFlags.has(name)) return undefined;
  return [name, arg[2] === '=' ? arg.slice(3) : arg.slice(2)];
}
