// Column names of every EXPLAIN output shape in tidb-facts.md, mapped to plan fields.
import type { PlanColumnLayout } from './planModel';
import { isTaskValue } from './planTask';

export type PlanField =
  'id' | 'estRows' | 'actRows' | 'task' | 'accessObject' | 'executionInfo' | 'operatorInfo' | 'memory' | 'disk' | 'estCost' | 'costFormula';

// A Map, not an object literal: a column named `constructor` must not find Object.prototype's members.
const FIELD_BY_COLUMN = new Map<string, PlanField>([
  ['id', 'id'],
  ['estrows', 'estRows'],
  ['count', 'estRows'],
  ['actrows', 'actRows'],
  ['task', 'task'],
  ['tasktype', 'task'],
  ['accessobject', 'accessObject'],
  ['executioninfo', 'executionInfo'],
  ['executeinfo', 'executionInfo'],
  ['operatorinfo', 'operatorInfo'],
  ['memory', 'memory'],
  ['memoryinfo', 'memory'],
  ['disk', 'disk'],
  ['diskinfo', 'disk'],
  ['estcost', 'estCost'],
  ['costformula', 'costFormula'],
]);

/** Columns that are not plan fields but do belong to plan output (kept in `extra`). */
const EXTRA_COLUMNS = new Set(['selfru', 'cumru', 'cumru%', 'detail']);

function columnKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '');
}

const fieldCache = new Map<string, PlanField | null>();

export function fieldForColumn(name: string): PlanField | null {
  let field = fieldCache.get(name);
  if (field === undefined) {
    field = FIELD_BY_COLUMN.get(columnKey(name)) ?? null;
    if (fieldCache.size < 1000) fieldCache.set(name, field);
  }
  return field;
}

/** True when `names` reads as the header of a plan: an `id` column and at least two other known columns. */
export function looksLikePlanHeader(names: readonly string[]): boolean {
  if (names.length < 3 || columnKey(names[0]) !== 'id') return false;
  let known = 0;
  for (const name of names) {
    if (fieldForColumn(name) !== null || EXTRA_COLUMNS.has(columnKey(name))) known++;
  }
  return known >= 3;
}

const MULTI_WORD_COLUMNS = new Set(['access object', 'execution info', 'operator info']);

/** `estRows operator info` -> [`estRows`, `operator info`]; null unless every word belongs to a column name. */
export function splitColumnNames(text: string): string[] | null {
  const words = text.split(' ');
  if (words.length < 2) return null;
  const names: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const pair = `${words[i]} ${words[i + 1] ?? ''}`;
    if (i + 1 < words.length && MULTI_WORD_COLUMNS.has(pair.toLowerCase())) {
      names.push(pair);
      i++;
    } else if (fieldForColumn(words[i]) !== null || EXTRA_COLUMNS.has(columnKey(words[i]))) {
      names.push(words[i]);
    } else {
      return null;
    }
  }
  return names;
}

export function layoutOfColumns(names: readonly string[]): PlanColumnLayout {
  const keys = names.map(columnKey);
  if (keys.includes('selfru') || keys.includes('cumru')) return 'ru';
  if (keys.includes('count') && !keys.includes('estrows')) return 'legacy';
  const task = keys.indexOf('task');
  const est = keys.indexOf('estrows');
  if (task !== -1 && est !== -1 && task < est) return 'slow-log';
  if (keys.includes('actrows') || keys.includes('executioninfo')) return 'explain-analyze';
  if (keys.includes('id')) return 'explain';
  return 'unknown';
}

const EXPLAIN = ['id', 'estRows', 'task', 'access object', 'operator info'];
const EXPLAIN_ANALYZE = ['id', 'estRows', 'actRows', 'task', 'access object', 'execution info', 'operator info', 'memory', 'disk'];
const LEGACY = ['id', 'count', 'task', 'operator info'];
const SLOW_LOG = ['id', 'task', 'estRows', 'operator info', 'actRows', 'execution info', 'memory', 'disk'];
const RU = ['id', 'task', 'actRows', 'selfRU', 'cumRU', 'cumRU%', 'detail'];
const VERBOSE = ['id', 'estRows', 'estCost', 'task', 'access object', 'operator info'];
const VERBOSE_ANALYZE = [
  'id',
  'estRows',
  'estCost',
  'actRows',
  'task',
  'access object',
  'execution info',
  'operator info',
  'memory',
  'disk',
];
const COST_TRACE = ['id', 'estRows', 'estCost', 'costFormula', 'task', 'access object', 'operator info'];

const KNOWN_LAYOUTS: readonly (readonly string[])[] = [
  EXPLAIN,
  EXPLAIN_ANALYZE,
  LEGACY,
  SLOW_LOG,
  RU,
  VERBOSE,
  VERBOSE_ANALYZE,
  COST_TRACE,
];

/**
 * Column names for rows pasted without their header: the known layout with as many
 * columns as the row whose `task` column holds a task value.
 */
export function guessColumns(sampleRows: readonly (readonly string[])[]): string[] | null {
  const width = mostCommonWidth(sampleRows);
  for (const layout of KNOWN_LAYOUTS) {
    if (layout.length !== width) continue;
    const taskColumn = layout.indexOf('task');
    const fits = sampleRows.filter((row) => row.length === width && isTaskValue(row[taskColumn] ?? ''));
    if (fits.length > 0 && fits.length * 2 >= sampleRows.filter((row) => row.length === width).length) {
      return [...layout];
    }
  }
  return null;
}

function mostCommonWidth(rows: readonly (readonly string[])[]): number {
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
  let best = 0;
  let bestCount = 0;
  for (const [width, count] of counts) {
    if (count > bestCount) {
      best = width;
      bestCount = count;
    }
  }
  return best;
}
