// The pieces of the experiment file format every kind shares: the checks of single fields (each
// error names the field), and the variants (set-up, tear-down, session variables, readiness).
import { OptionError } from '../benchOptions';
import type { ReadinessCheck, VariantDefinition } from './experimentModel';

export class ExperimentDefinitionError extends OptionError {}

export type Json = Record<string, unknown>;

/** The "variants" list (one "default" variant when left out), every name once. */
export function parseVariants(value: unknown): VariantDefinition[] {
  const variants =
    value === undefined ? [{ name: 'default' }] : array(value, 'variants').map((entry, index) => parseVariant(entry, `variants[${index}]`));
  if (variants.length === 0) throw new ExperimentDefinitionError('"variants" needs at least one variant (or leave it out).');
  const names = new Set<string>();
  for (const variant of variants) {
    if (names.has(variant.name)) throw new ExperimentDefinitionError(`Two variants are called '${variant.name}'.`);
    names.add(variant.name);
  }
  return variants;
}

export function parseVariant(entry: unknown, where: string): VariantDefinition {
  if (!isObject(entry)) throw new ExperimentDefinitionError(`"${where}" must be an object with a "name".`);
  allowKeys(entry, ['name', 'setup', 'teardown', 'sessionVariables', 'ready'], where);
  const variant: VariantDefinition = { name: nonEmptyString(entry.name, `${where}.name`) };
  if (entry.setup !== undefined)
    variant.setup = array(entry.setup, `${where}.setup`).map((sql, index) => nonEmptyString(sql, `${where}.setup[${index}]`));
  if (entry.teardown !== undefined)
    variant.teardown = array(entry.teardown, `${where}.teardown`).map((sql, index) => nonEmptyString(sql, `${where}.teardown[${index}]`));
  if (entry.sessionVariables !== undefined) variant.sessionVariables = variableRecord(entry.sessionVariables, `${where}.sessionVariables`);
  if (entry.ready !== undefined) variant.ready = parseReadiness(entry.ready, `${where}.ready`);
  return variant;
}

function parseReadiness(entry: unknown, where: string): ReadinessCheck {
  return withoutUndefined(readinessOf(entry, where));
}

function readinessOf(entry: unknown, where: string): ReadinessCheck {
  if (!isObject(entry)) throw new ExperimentDefinitionError(`"${where}" must be an object with a "kind".`);
  switch (entry.kind) {
    case 'cache-hit':
      allowKeys(entry, ['kind', 'attempts', 'intervalMs'], where);
      return {
        kind: 'cache-hit',
        attempts: entry.attempts === undefined ? undefined : positiveInteger(entry.attempts, `${where}.attempts`),
        intervalMs: entry.intervalMs === undefined ? undefined : positiveInteger(entry.intervalMs, `${where}.intervalMs`),
      };
    case 'tiflash-replica':
      allowKeys(entry, ['kind', 'timeoutSec'], where);
      return {
        kind: 'tiflash-replica',
        timeoutSec: entry.timeoutSec === undefined ? undefined : positiveInteger(entry.timeoutSec, `${where}.timeoutSec`),
      };
    case 'sql':
      allowKeys(entry, ['kind', 'query', 'timeoutSec', 'intervalMs'], where);
      return {
        kind: 'sql',
        query: nonEmptyString(entry.query, `${where}.query`),
        timeoutSec: entry.timeoutSec === undefined ? undefined : positiveInteger(entry.timeoutSec, `${where}.timeoutSec`),
        intervalMs: entry.intervalMs === undefined ? undefined : positiveInteger(entry.intervalMs, `${where}.intervalMs`),
      };
    case 'sleep':
      allowKeys(entry, ['kind', 'seconds'], where);
      return { kind: 'sleep', seconds: positiveInteger(entry.seconds, `${where}.seconds`) };
    default:
      throw new ExperimentDefinitionError(`"${where}.kind" must be cache-hit, tiflash-replica, sql or sleep.`);
  }
}

/** Leaves optional fields out instead of setting them to undefined, so a parsed definition re-parses to itself. */
export function withoutUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as Array<keyof T>) if (value[key] === undefined) delete value[key];
  return value;
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function allowKeys(value: Json, keys: string[], where: string): void {
  for (const key of Object.keys(value)) {
    if (!keys.includes(key)) throw new ExperimentDefinitionError(`"${where}" has an unknown field "${key}" (known: ${keys.join(', ')}).`);
  }
}

export function array(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new ExperimentDefinitionError(`"${where}" must be a list.`);
  return value;
}

export function nonEmptyString(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new ExperimentDefinitionError(`"${where}" must be a non-empty text.`);
  return value;
}

export function boolean(value: unknown, where: string): boolean {
  if (typeof value !== 'boolean') throw new ExperimentDefinitionError(`"${where}" must be true or false.`);
  return value;
}

export function integer(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new ExperimentDefinitionError(`"${where}" must be a whole number.`);
  return value;
}

export function positiveInteger(value: unknown, where: string): number {
  const number = integer(value, where);
  if (number < 1) throw new ExperimentDefinitionError(`"${where}" must be at least 1.`);
  return number;
}

export function positiveIntegers(value: unknown, where: string): number[] {
  const list = array(value, where).map((entry, index) => positiveInteger(entry, `${where}[${index}]`));
  if (list.length === 0) throw new ExperimentDefinitionError(`"${where}" needs at least one value.`);
  return list;
}

export function variableRecord(value: unknown, where: string): Record<string, string | number> {
  if (!isObject(value)) throw new ExperimentDefinitionError(`"${where}" must be an object of name: value.`);
  const variables: Record<string, string | number> = {};
  for (const [name, entry] of Object.entries(value)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new ExperimentDefinitionError(`"${where}": '${name}' is not a variable name.`);
    if (typeof entry !== 'string' && typeof entry !== 'number')
      throw new ExperimentDefinitionError(`"${where}.${name}" must be a string or a number.`);
    variables[name] = entry;
  }
  return variables;
}
