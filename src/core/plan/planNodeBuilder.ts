// Turns one row of EXPLAIN output (its cells by column name) into a PlanNode without children.
import { endsWithCutOff, isWhitespace, trimmed } from './cellText';
import { executionGroup, executionNumber, parseExecutionInfo, parseExecutionInfoIn, splitTopLevel } from './executionInfo';
import { fieldForColumn, type PlanField } from './planColumns';
import type { ExecutionInfo, PlanNode, PlanRole, PlanTaskKind } from './planModel';
import { placeTask } from './planTask';
import { parseByteSize, parsePlainNumber } from './planUnits';
import { sharedString } from './sharedStrings';

export interface PlanRowText {
  /** The id cell with its tree prefix (indentation and glyphs) still in place. */
  idCell: string;
  /** Column names and the row's cells, in the same order (the id column is skipped). */
  columns: readonly string[];
  values: readonly string[];
  raw: string;
  /** Where the execution info cell stands, trimmed, in the plan text it was cut from unchanged. */
  executionInfoSource?: CellSource | null;
}

export interface CellSource {
  text: string;
  /** Index of the cell in `values`. */
  column: number;
  start: number;
}

export interface ParsedIdCell {
  id: string;
  role: PlanRole | null;
  /** Column of the `├` / `└` glyph in the cell, or null when the row has none. */
  glyphColumn: number | null;
  /** The glyph was `└` (last child of its parent). */
  lastChild: boolean;
  /** Leading whitespace before the first visible character. */
  indent: number;
}

/** `HashJoin_5(Build)`: the role a child plays for its parent, written after its id. */
const ROLE_SUFFIXES: readonly (readonly [string, PlanRole])[] = (['Build', 'Probe', 'Seed Part', 'Recursive Part'] as const).map(
  (role) => [`(${role})`, role] as const,
);

const TREE_LINE = 0x2502; // │
const TREE_BRANCH = 0x2500; // ─
const CHILD_GLYPH = 0x251c; // ├
const LAST_CHILD_GLYPH = 0x2514; // └

export function parseIdCell(cell: string): ParsedIdCell {
  // The tree prefix: whitespace and the glyphs │ ├ └ ─ in any order.
  let prefixEnd = 0;
  let indent = -1;
  let glyphColumn = -1;
  for (; prefixEnd < cell.length; prefixEnd++) {
    const c = cell.charCodeAt(prefixEnd);
    if (isWhitespace(c)) continue;
    if (indent === -1) indent = prefixEnd;
    if (c === CHILD_GLYPH || c === LAST_CHILD_GLYPH) glyphColumn = prefixEnd;
    else if (c !== TREE_LINE && c !== TREE_BRANCH) break;
  }
  if (indent === -1) indent = prefixEnd;
  let id = cell.slice(prefixEnd).trim();
  let role: PlanRole | null = null;
  const roleSuffix = id.endsWith(')') ? ROLE_SUFFIXES.find(([suffix]) => id.endsWith(suffix)) : undefined;
  if (roleSuffix !== undefined) {
    role = roleSuffix[1];
    id = id.slice(0, id.length - roleSuffix[0].length).trimEnd();
  }
  return {
    id,
    role,
    glyphColumn: glyphColumn === -1 ? null : glyphColumn,
    lastChild: glyphColumn !== -1 && cell.charCodeAt(glyphColumn) === LAST_CHILD_GLYPH,
    indent,
  };
}

/** `TableReader_5` -> `TableReader`: the id without its `_N` suffix. */
export function operatorOf(id: string): string {
  let digits = id.length;
  while (digits > 0 && id.charCodeAt(digits - 1) >= 48 && id.charCodeAt(digits - 1) <= 57) digits--;
  return digits < id.length && id.charCodeAt(digits - 1) === UNDERSCORE ? id.slice(0, digits - 1) : id;
}

const UNDERSCORE = 0x5f;

/** `idCell` is the row's id cell parsed already, when the caller has it. */
export function buildPlanNode(row: PlanRowText, warnings: string[], idCell = parseIdCell(row.idCell)): PlanNode {
  // The first cell of each field, in locals: a record keyed by field name made every row pay
  // for keyed stores and loads the engine could not specialise.
  let estRows: string | undefined;
  let actRows: string | undefined;
  let task: string | undefined;
  let accessObject: string | undefined;
  let executionInfoText: string | undefined;
  let executionInfoColumn = -1;
  let operatorInfo: string | undefined;
  let memory: string | undefined;
  let disk: string | undefined;
  let estCost: string | undefined;
  let costFormula: string | undefined;
  const extra: Record<string, string> = {};
  let truncated = endsWithCutOff(idCell.id);
  const fields = fieldsOfColumns(row.columns);
  for (let i = 0; i < row.columns.length; i++) {
    const text = trimmed(row.values[i] ?? '');
    if (endsWithCutOff(text)) truncated = true;
    switch (fields[i]) {
      case null:
        if (text !== '') extra[row.columns[i].trim()] = text;
        break;
      case 'estRows':
        estRows ??= text;
        break;
      case 'actRows':
        actRows ??= text;
        break;
      case 'task':
        task ??= text;
        break;
      case 'accessObject':
        accessObject ??= text;
        break;
      case 'executionInfo':
        if (executionInfoText === undefined) {
          executionInfoText = text;
          executionInfoColumn = i;
        }
        break;
      case 'operatorInfo':
        operatorInfo ??= text;
        break;
      case 'memory':
        memory ??= text;
        break;
      case 'disk':
        disk ??= text;
        break;
      case 'estCost':
        estCost ??= text;
        break;
      case 'costFormula':
        costFormula ??= text;
        break;
      default: // the id, read from idCell
    }
  }

  const placement = task ? placeTask(task) : null;
  if (task && placement === null) {
    warnings.push(`Operator ${idCell.id || '(no id)'} has an unknown task '${task}'; its engine is left unknown.`);
  }
  let executionInfo: ExecutionInfo | null = null;
  if (executionInfoText) {
    const source = row.executionInfoSource;
    const parsed =
      source !== undefined && source !== null && source.column === executionInfoColumn
        ? parseExecutionInfoIn(executionInfoText, source.text, source.start)
        : parseExecutionInfo(executionInfoText);
    executionInfo = parsed.info;
    truncated ||= parsed.truncated;
  }
  const taskKind = placement?.taskKind ?? null;
  return {
    index: -1,
    id: idCell.id,
    operator: sharedString(operatorOf(idCell.id)),
    role: idCell.role,
    depth: 0,
    estRows: numberOrNull(estRows),
    actRows: numberOrNull(actRows),
    task: task === undefined || task === '' ? null : sharedString(task),
    engine: placement?.engine ?? null,
    taskKind,
    accessObject: accessObject === undefined ? accessObjectInOperatorInfo(operatorInfo) : nonEmpty(accessObject),
    operatorInfo: nonEmpty(operatorInfo),
    executionInfo,
    executionInfoText: nonEmpty(executionInfoText),
    timeMs: operatorTimeMs(taskKind, executionInfo),
    memoryBytes: memory === undefined ? null : parseByteSize(memory),
    diskBytes: disk === undefined ? null : parseByteSize(disk),
    estCost: numberOrNull(estCost),
    costFormula: nonEmpty(costFormula),
    extra,
    truncated,
    raw: row.raw,
    uses: [],
    usedBy: [],
    children: [],
  };
}

/** The rows of a plan share one column list: its fields are looked up once. */
const fieldsByColumns = new WeakMap<readonly string[], readonly (PlanField | null)[]>();

function fieldsOfColumns(columns: readonly string[]): readonly (PlanField | null)[] {
  let fields = fieldsByColumns.get(columns);
  if (fields === undefined) {
    fields = columns.map(fieldForColumn);
    fieldsByColumns.set(columns, fields);
  }
  return fields;
}

/**
 * Root operators: `time` (or `total_time` for concurrent executors), wall-clock including children.
 * Cop operators: the time TiKV / TiFlash reported for the task (`tikv_task.time` or `proc max`);
 * v5 prints a meaningless `time:0ns` beside `tikv_task`, so the task group wins.
 */
export function operatorTimeMs(taskKind: PlanTaskKind | null, info: ExecutionInfo | null): number | null {
  if (info === null) return null;
  if (taskKind !== null && taskKind !== 'root') {
    for (const group of ['tikv_task', 'tiflash_task']) {
      const task = executionGroup(info, group);
      const time = executionNumber(task, 'time') ?? executionNumber(task, 'proc max');
      if (time !== null) return time;
    }
    const legacy = executionNumber(info, 'proc max');
    if (legacy !== null) return legacy;
  }
  return executionNumber(info, 'time') ?? executionNumber(info, 'total_time');
}

const ACCESS_ITEM = /^(?:table|partition|index|CTE):/;

/** Layouts without an access object column (pre-4.0, slow log) lead the operator info with it. */
function accessObjectInOperatorInfo(operatorInfo: string | undefined): string | null {
  if (operatorInfo === undefined) return null;
  const items: string[] = [];
  for (const item of splitTopLevel(operatorInfo)) {
    if (!ACCESS_ITEM.test(item)) break;
    items.push(item);
  }
  return items.length === 0 ? null : items.join(', ');
}

function numberOrNull(text: string | undefined): number | null {
  if (text === undefined) return null;
  return parsePlainNumber(text) ?? (text.includes(',') ? parsePlainNumber(text.replace(/,/g, '')) : null);
}

function nonEmpty(text: string | undefined): string | null {
  return text === undefined || text === '' ? null : text;
}
