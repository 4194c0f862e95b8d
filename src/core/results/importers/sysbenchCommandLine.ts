// A sysbench command line ("sysbench [--opt=value ...] <testname> <command>") as the options of a
// result: sysbench's own names with '_' for '-', deprecated aliases mapped to today's names,
// on/off as booleans, numbers as numbers, and no password.

import { isSecretKey, redactSecretText } from '../redactSecrets';
import type { RunOptions } from './importedRun';

export interface SysbenchCommand {
  workload?: string;
  /** prepare, run, cleanup, help, ... */
  verb?: string;
  options: RunOptions;
}

const ALIASES: Record<string, string> = {
  num_threads: 'threads',
  max_time: 'time',
  max_requests: 'events',
  tx_rate: 'rate',
  oltp_table_size: 'table_size',
  oltp_tables_count: 'tables',
};

export function parseSysbenchCommand(args: readonly string[]): SysbenchCommand {
  const command: SysbenchCommand = { options: {} };
  const positional: string[] = [];
  for (const arg of args) {
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const rawName = equals < 0 ? arg.slice(2) : arg.slice(2, equals);
    const name = optionName(rawName);
    if (name === '' || isSecretKey(name)) continue;
    const value = equals < 0 ? true : optionValue(arg.slice(equals + 1));
    if (name === 'test' && typeof value === 'string') command.workload = testName(value);
    else command.options[name] = value;
  }
  if (command.workload === undefined && positional.length > 0) command.workload = testName(positional.shift() as string);
  if (positional.length > 0) command.verb = positional[0];
  return command;
}

function optionName(raw: string): string {
  const name = raw.replace(/-/g, '_');
  return Object.hasOwn(ALIASES, name) ? ALIASES[name] : name;
}

/**
 * An option's value as a number, a boolean or text; text through the one redaction for text (a
 * DSN "root:pw@tcp(...)/test", a URL or a command line given as a value keeps no password).
 * Every importer reads option values here.
 */
export function optionValue(raw: string): string | number | boolean {
  if (/^-?\d+(\.\d+)?$/.test(raw) && raw.length < 16) return Number(raw);
  if (/^(on|true)$/i.test(raw)) return true;
  if (/^(off|false)$/i.test(raw)) return false;
  return redactSecretText(raw);
}

/** "oltp_read_write", "/usr/share/sysbench/oltp_read_write.lua" and "./oltp_read_write.lua" all name oltp_read_write. */
function testName(value: string): string {
  const base = value.slice(value.lastIndexOf('/') + 1);
  return base.endsWith('.lua') ? base.slice(0, -4) : base;
}
