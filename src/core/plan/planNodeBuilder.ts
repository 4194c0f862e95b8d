// Turns one row of EXPLAIN output (its cells by column name) into a PlanNode without children.
import { executionGroup, executionNumber, parseExecutionInfo, splitTopLevel } from './executionInfo';
import { fieldForColumn, type PlanField } from './planColumns';
import type { ExecutionInfo, PlanNode, PlanRole, PlanTaskKind } from './planModel';
import { placeTask } from './planTask';
import { parseByteSize, parsePlainNumber } from './planUnits';

export interface PlanRowText {
  /** The id cell with its tree prefix (indentation and glyphs) still in place. */
  idCell: string;
  /** Column names and the row's cells, in the same order (the id column is skipped). */
  columns: readonly string[];
  values: readonly string[];
  raw: string;
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

const TREE_PREFIX = /^[\s\u00a0│├└─]*/;
const ROLE_SUFFIX = /\s*\((Build|Probe|Seed Part|Recursive Part)\)\s*$/;

export function parseIdCell(cell: string): ParsedIdCell {
  const prefix = TREE_PREFIX.exec(cell)?.[0] ?? '';
  const glyphColumn = Math.max(prefix.lastIndexOf('├'), prefix.lastIndexOf('└'));
  const indent = /^[\s\u00a0]*/.exec(cell)?.[0].length ?? 0;
  let id = cell.slice(prefix.length).trim();
  let role: PlanRole | null = null;
  const roleMatch = ROLE_SUFFIX.exec(id);
  if (roleMatch !== null) {
    role = roleMatch[1] as PlanRole;
    id = id.slice(0, roleMatch.index);
  }
  return {
    id,
    role,
    glyphColumn: glyphColumn === -1 ? null : glyphColumn,
    lastChild: glyphColumn !== -1 && prefix[glyphColumn] === '└',
    indent,
  };
}

export function operatorOf(id: string): string {
  return id.replace(/_\d+$/, '');
}

const CUT_OFF = /(?:\.\.\.|…)$/;

export function buildPlanNode(row: PlanRowText, warnings: string[]): PlanNode {
  const idCell = parseIdCell(row.idCell);
  const values: Partial<Record<PlanField, string>> = {};
  const extra: Record<string, string> = {};
  let truncated = CUT_OFF.test(idCell.id);
  for (let i = 0; i < row.columns.length; i++) {
    const column = row.columns[i];
    const text = (row.values[i] ?? '').trim();
    if (CUT_OFF.test(text)) truncated = true;
    const field = fieldForColumn(column);
    if (field === null) {
      if (text !== '') extra[column.trim()] = text;
    } else if (field !== 'id' && values[field] === undefined) {
      values[field] = text;
    }
  }

  const placement = values.task ? placeTask(values.task) : null;
  if (values.task && placement === null) {
    warnings.push(`Operator ${idCell.id || '(no id)'} has an unknown task '${values.task}'; its engine is left unknown.`);
  }
  let executionInfo: ExecutionInfo | null = null;
  if (values.executionInfo) {
    const parsed = parseExecutionInfo(values.executionInfo);
    executionInfo = parsed.info;
    truncated ||= parsed.truncated;
  }
  const taskKind = placement?.taskKind ?? null;
  return {
    index: -1,
    id: idCell.id,
    operator: operatorOf(idCell.id),
    role: idCell.role,
    depth: 0,
    estRows: numberOrNull(values.estRows),
    actRows: numberOrNull(values.actRows),
    task: nonEmpty(values.task),
    engine: placement?.engine ?? null,
    taskKind,
    accessObject: values.accessObject === undefined ? accessObjectInOperatorInfo(values.operatorInfo) : nonEmpty(values.accessObject),
    operatorInfo: nonEmpty(values.operatorInfo),
    executionInfo,
    executionInfoText: nonEmpty(values.executionInfo),
    timeMs: operatorTimeMs(taskKind, executionInfo),
    memoryBytes: values.memory === undefined ? null : parseByteSize(values.memory),
    diskBytes: values.disk === undefined ? null : parseByteSize(values.disk),
    estCost: numberOrNull(values.estCost),
    costFormula: nonEmpty(values.costFormula),
    extra,
    truncated,
    raw: row.raw,
    uses: [],
    usedBy: [],
    children: [],
  };
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
