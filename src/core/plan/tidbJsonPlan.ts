// EXPLAIN FORMAT='tidb_json' (TiDB >= 6.5): one cell holding a JSON array of operators with
// `id, estRows, actRows?, taskType, accessObject?, executeInfo?, operatorInfo?, estCost?,
// memoryInfo?, diskInfo?, subOperators[]` (empty fields omitted).
import { cellText } from './cellText';
import type { PlanNode } from './planModel';
import { buildPlanNode } from './planNodeBuilder';

const JSON_FIELDS: readonly [string, string][] = [
  ['estRows', 'estRows'],
  ['actRows', 'actRows'],
  ['taskType', 'task'],
  ['accessObject', 'access object'],
  ['executeInfo', 'execution info'],
  ['operatorInfo', 'operator info'],
  ['estCost', 'estCost'],
  ['memoryInfo', 'memory'],
  ['diskInfo', 'disk'],
];

export function looksLikeTidbJson(text: string): boolean {
  if (!text.includes('"')) return false;
  return (
    ((text.includes('"subOperators"') || text.includes('"taskType"')) && /"(?:subOperators|taskType)"\s*:/.test(text)) ||
    /^\s*\[\s*\{\s*"id"\s*:/.test(text)
  );
}

/** The operators of a tidb_json plan, or null when no JSON plan can be found in the text. */
export function readTidbJsonPlan(text: string, warnings: string[]): PlanNode[] | null {
  const value = findJson(text);
  if (value === undefined) return null;
  const items = Array.isArray(value) ? value : [value];
  const roots: PlanNode[] = [];
  const stack: { item: unknown; siblings: PlanNode[] }[] = [];
  for (let i = items.length - 1; i >= 0; i--) stack.push({ item: items[i], siblings: roots });
  while (stack.length > 0) {
    const { item, siblings } = stack.pop() as { item: unknown; siblings: PlanNode[] };
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      warnings.push('Skipped an entry of the JSON plan that is not an operator object.');
      continue;
    }
    const record = item as Record<string, unknown>;
    const id = cellText(record.id);
    if (id === '') {
      warnings.push('Skipped an operator of the JSON plan without an id.');
      continue;
    }
    const present = JSON_FIELDS.filter(([key]) => record[key] !== undefined);
    const { subOperators: _children, ...own } = record;
    const node = buildPlanNode(
      {
        idCell: id,
        columns: present.map(([, column]) => column),
        values: present.map(([key]) => cellText(record[key])),
        raw: JSON.stringify(own),
      },
      warnings,
    );
    siblings.push(node);
    const children = Array.isArray(record.subOperators) ? record.subOperators : [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ item: children[i], siblings: node.children });
  }
  return roots;
}

function findJson(text: string): unknown {
  const candidates = [text.trim()];
  const start = text.search(/[[{]/);
  const end = Math.max(text.lastIndexOf(']'), text.lastIndexOf('}'));
  if (start !== -1 && end > start) candidates.push(text.slice(start, end + 1));
  // Printed inside a mysql client table: drop the borders around the cell.
  const unframed = text
    .split('\n')
    .filter((line) => !/^\s*\+[-+]+\+\s*$/.test(line) && !/^\s*\|\s*TiDB_JSON\s*\|\s*$/i.test(line))
    .map((line) => line.replace(/^\s*\|\s?/, '').replace(/\s?\|\s*$/, ''))
    .join('\n');
  const unframedStart = unframed.search(/[[{]/);
  const unframedEnd = Math.max(unframed.lastIndexOf(']'), unframed.lastIndexOf('}'));
  if (unframedStart !== -1 && unframedEnd > unframedStart) candidates.push(unframed.slice(unframedStart, unframedEnd + 1));
  for (const candidate of candidates) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (value !== null && typeof value === 'object') return value;
    } catch {
      // try the next way of finding the JSON
    }
  }
  return undefined;
}
