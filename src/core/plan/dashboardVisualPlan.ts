// TiDB Dashboard's visual plan: the binary plan (tipb.ExplainData, pingcap/tipb proto/explain.proto)
// as Dashboard's API serves it in `binary_plan_json` (tidb-dashboard util/utils/binary_plan.go:
// GenerateBinaryPlanJSON). protojson names (`main`, `ctes`, `withRuntimeStats`, per operator
// `name, children, labels, cost, estRows, actRows, taskType, storeType, accessObjects, operatorInfo,
// rootBasicExecInfo, rootGroupExecInfo, copExecInfo, memoryBytes, diskBytes`), then Dashboard's
// rewrite: execution info as objects of strings (`{"time": "1ms", "loops": "2"}`), `N/A` memory and
// disk, and its own `duration` and `diagnosis` labels per operator. The same data as TiDB's Go
// json.Marshal of the struct (snake_case names, enums as numbers) is read too.
import { cellText } from './cellText';
import type { PlanNode } from './planModel';
import { buildPlanNode } from './planNodeBuilder';

/** The outcome of reading a visual plan: its roots and whether it carries runtime stats, or why it has none. */
export interface DashboardPlan {
  roots: PlanNode[];
  discarded: boolean;
}

const COLUMNS = [
  'estRows',
  'actRows',
  'task',
  'access object',
  'execution info',
  'operator info',
  'memory',
  'disk',
  'estCost',
  'diagnosis',
];

const TASK_TYPES = ['unknown', 'root', 'cop', 'batchCop', 'mpp'];
const STORE_TYPES = ['unspecified', 'tidb', 'tikv', 'tiflash'];
const LABELS: Record<string, string> = { buildSide: 'Build', probeSide: 'Probe', seedPart: 'Seed Part', recursivePart: 'Recursive Part' };
const LABEL_NUMBERS = ['', 'buildSide', 'probeSide', 'seedPart', 'recursivePart'];

/** A quick look before parsing: the text holds a visual plan (`main` operator) or a Dashboard response carrying one. */
export function looksLikeDashboardPlan(text: string): boolean {
  return text.includes('"binary_plan_json"') || (/"main"\s*:\s*\{/.test(text) && /"name"\s*:/.test(text));
}

/** The visual plan in the text, or null when the text holds none. */
export function readDashboardPlan(text: string, warnings: string[]): DashboardPlan | null {
  const data = explainData(parseObject(text));
  if (data === null) return null;
  if (data.discardedDueToTooLong === true || data.discarded_due_to_too_long === true) {
    warnings.push(
      'No plan to show: TiDB did not keep this binary plan because it was too long (discardedDueToTooLong). ' +
        'Decode the text plan with tidb_decode_plan() instead.',
    );
    return { roots: [], discarded: true };
  }
  const runtime = data.withRuntimeStats === true || data.with_runtime_stats === true;
  const trees = [data.main, ...listOf(data.ctes), ...listOf(data.subqueries)];
  const roots: PlanNode[] = [];
  const stack: { item: unknown; siblings: PlanNode[] }[] = [];
  for (let i = trees.length - 1; i >= 0; i--) stack.push({ item: trees[i], siblings: roots });
  while (stack.length > 0) {
    const { item, siblings } = stack.pop() as { item: unknown; siblings: PlanNode[] };
    if (!isRecord(item)) {
      if (item !== undefined && item !== null) warnings.push('Skipped an entry of the visual plan that is not an operator object.');
      continue;
    }
    const name = cellText(item.name);
    if (name === '') {
      warnings.push('Skipped an operator of the visual plan without a name.');
      continue;
    }
    const row = operatorRow(item, name, runtime);
    // Without runtime stats the runtime cells stay empty (actRows is 0 there, not a count).
    const values = COLUMNS.map((column) => row.cells[column] ?? '');
    const node = buildPlanNode({ idCell: row.idCell, columns: COLUMNS, values, raw: JSON.stringify(ownFields(item)) }, warnings);
    siblings.push(node);
    const children = listOf(item.children);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ item: children[i], siblings: node.children });
  }
  return { roots, discarded: false };
}

type JsonRecord = Record<string, unknown>;

function isRecord(value: unknown): value is JsonRecord {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function parseObject(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  for (const candidate of [text.trim(), start !== -1 && end > start ? text.slice(start, end + 1) : '']) {
    if (candidate === '') continue;
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // try the next way of finding the JSON
    }
  }
  return undefined;
}

/** The ExplainData object: the value itself, or the `binary_plan_json` string of a Dashboard response. */
function explainData(value: unknown): JsonRecord | null {
  if (!isRecord(value)) return null;
  if (isRecord(value.main)) return value;
  const inner = value.binary_plan_json ?? (isRecord(value.data) ? value.data.binary_plan_json : undefined);
  if (typeof inner === 'string' && inner.trim() !== '') return explainData(parseObject(inner));
  if (isRecord(inner)) return explainData(inner);
  return null;
}

function field(item: JsonRecord, camel: string, snake: string): unknown {
  return item[camel] ?? item[snake];
}

function operatorRow(item: JsonRecord, name: string, runtime: boolean): { idCell: string; cells: Record<string, string> } {
  const role = listOf(item.labels)
    .map((label) => LABELS[typeof label === 'number' ? (LABEL_NUMBERS[label] ?? '') : String(label)])
    .find(Boolean);
  const cells: Record<string, string> = {
    estRows: numberText(field(item, 'estRows', 'est_rows')) ?? '0',
    task: taskText(field(item, 'taskType', 'task_type'), field(item, 'storeType', 'store_type')),
    'access object': accessObjectsText(field(item, 'accessObjects', 'access_objects')),
    'operator info': cellText(field(item, 'operatorInfo', 'operator_info')),
    estCost: numberText(item.cost) ?? '',
    diagnosis: listOf(item.diagnosis)
      .map(cellText)
      .filter((label) => label !== '')
      .join(', '),
  };
  if (runtime) {
    cells.actRows = numberText(field(item, 'actRows', 'act_rows')) ?? '0';
    cells['execution info'] = [
      executionInfoText(field(item, 'rootBasicExecInfo', 'root_basic_exec_info')),
      ...listOf(field(item, 'rootGroupExecInfo', 'root_group_exec_info')).map(executionInfoText),
      executionInfoText(field(item, 'copExecInfo', 'cop_exec_info')),
    ]
      .filter((text) => text !== '')
      .join(', ');
    cells.memory = bytesText(field(item, 'memoryBytes', 'memory_bytes'));
    cells.disk = bytesText(field(item, 'diskBytes', 'disk_bytes'));
  }
  return { idCell: role === undefined ? name : `${name}(${role})`, cells };
}

function numberText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(value.trim())) return value.trim();
  return null;
}

/** `root`, `cop[tikv]`, `batchCop[tiflash]`, `mpp[tiflash]`: the task column of EXPLAIN. */
function taskText(taskType: unknown, storeType: unknown): string {
  const task = typeof taskType === 'number' ? (TASK_TYPES[taskType] ?? '') : cellText(taskType);
  const store = typeof storeType === 'number' ? (STORE_TYPES[storeType] ?? '') : cellText(storeType);
  if (task === '' || task === 'unknown') return '';
  if (task === 'root' || store === '' || store === 'unspecified' || store === 'tidb') return task;
  return `${task}[${store}]`;
}

/** memoryBytes / diskBytes: a byte count (a string in protojson), or N/A (-1, or left out when 0 by protojson). */
function bytesText(value: unknown): string {
  const text = numberText(value);
  if (text === null || Number(text) < 0) return 'N/A';
  return `${text} Bytes`;
}

/** The access object as EXPLAIN prints it: `table:t, partition:p0,p1, index:k(a, b)`. */
function accessObjectsText(value: unknown): string {
  const parts: string[] = [];
  for (const object of listOf(value)) {
    if (!isRecord(object)) continue;
    const scan = field(object, 'scanObject', 'scan_object');
    const dynamic = field(object, 'dynamicPartitionObjects', 'dynamic_partition_objects');
    const other = field(object, 'otherObject', 'other_object');
    if (isRecord(scan)) parts.push(scanObjectText(scan));
    else if (isRecord(dynamic)) parts.push(dynamicPartitionsText(dynamic));
    else if (typeof other === 'string' && other !== '') parts.push(other);
  }
  return parts.filter((part) => part !== '').join(', ');
}

function scanObjectText(scan: JsonRecord): string {
  const items: string[] = [];
  const table = cellText(scan.table);
  if (table !== '') items.push(`table:${table}`);
  const partitions = listOf(scan.partitions).map(cellText);
  if (partitions.length > 0) items.push(`partition:${partitions.join(',')}`);
  for (const index of listOf(scan.indexes)) {
    if (!isRecord(index)) continue;
    const clustered = field(index, 'isClusteredIndex', 'is_clustered_index') === true;
    items.push(`${clustered ? 'clustered index' : 'index'}:${cellText(index.name)}(${listOf(index.cols).map(cellText).join(', ')})`);
  }
  return items.join(', ');
}

function dynamicPartitionsText(dynamic: JsonRecord): string {
  const objects = listOf(dynamic.objects).filter(isRecord);
  return objects
    .map((object) => {
      const partitions =
        field(object, 'allPartitions', 'all_partitions') === true ? 'all' : listOf(object.partitions).map(cellText).join(',');
      return objects.length > 1 ? `partition table ${cellText(object.table)}:${partitions}` : `partition:${partitions}`;
    })
    .join(', ');
}

/** Root times and loops first, as EXPLAIN ANALYZE prints them; Dashboard's objects come with their keys sorted. */
const LEADING_KEYS = ['time', 'total_time', 'loops', 'open', 'close'];

/**
 * Execution info as EXPLAIN ANALYZE prints it (`time:1ms, loops:2, cop_task: {num: 1, ...}`): a
 * string as TiDB wrote it, or Dashboard's object of strings and nested objects written back.
 */
function executionInfoText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (!isRecord(value)) return '';
  const keys = Object.keys(value);
  const ordered = [...LEADING_KEYS.filter((key) => keys.includes(key)), ...keys.filter((key) => !LEADING_KEYS.includes(key))];
  return ordered
    .map((key) => {
      const item = value[key];
      return isRecord(item) ? `${key}:{${executionInfoText(item)}}` : `${key}:${cellText(item)}`;
    })
    .join(', ');
}

function ownFields(item: JsonRecord): JsonRecord {
  const { children: _children, ...own } = item;
  return own;
}
