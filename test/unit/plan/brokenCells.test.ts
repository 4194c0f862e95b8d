// A plan copied from a tool that wrapped one cell with a raw line break (the access object
// `table:t2` and the cop_task of TableReader_25's execution info here) reads as the same tree:
// the broken cell is joined back, never read as rows of its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePlanText, planNodes, type ParsedPlan } from '../../../src/core/plan';
import { readRealPlan } from './planFixtures';

const BASE = 'hash-join-tikv-spill-disk-column.txt';

function baseTable(): { names: string[]; rows: string[][] } {
  const lines = readRealPlan(BASE)
    .split('\n')
    .filter((line) => line.startsWith('| '));
  const split = (line: string) =>
    line
      .slice(2, -2)
      .split(' | ')
      .map((cell, i) => (i === 0 ? cell.trimEnd() : cell.trim()));
  const [header, ...rows] = lines.map(split);
  return { names: header, rows };
}

function shape(plan: ParsedPlan): string[] {
  return planNodes(plan.roots).map(
    (node) =>
      `${node.depth} ${node.id} ${node.role ?? '-'} ${node.task} ${node.accessObject ?? '-'} ${node.actRows} ${node.timeMs} ${node.memoryBytes}`,
  );
}

const expected = shape(parsePlanText(readRealPlan(BASE)));

/** The probe side's reader and scan, each with one cell broken by a raw line break. */
function breakCells(cell: string, column: string, id: string): string {
  if (column === 'access object' && id.includes('TableFullScan_24')) return cell.replace('table:t2', 'table:\nt2');
  if (column === 'execution info' && id.includes('TableReader_25')) return cell.replace('cop_task: {num: 24,', 'cop_task: {num:\n24,');
  return cell;
}

function assertJoined(plan: ParsedPlan): void {
  assert.deepEqual(shape(plan), expected);
  const reader = planNodes(plan.roots).find((node) => node.id === 'TableReader_25');
  assert.equal((reader?.executionInfo?.cop_task as Record<string, unknown>).num, 24);
  assert.equal((reader?.executionInfo?.cop_task as Record<string, unknown>).max_proc_keys, 10687);
}

function brokenRows(): string[][] {
  const { names, rows } = baseTable();
  return rows.map((row) => row.map((cell, i) => breakCells(cell, names[i], row[0])));
}

test('the base plan has the access object and cop_task the broken cells hold', () => {
  assert.ok(expected.includes('2 TableFullScan_24 - cop[tikv] table:t2 90000 31 null'));
});

test('pipe table without outer borders: the rest of the row after the break is joined back', () => {
  const { names } = baseTable();
  const plan = parsePlanText([names.join(' | '), ...brokenRows().map((row) => row.join(' | '))].join('\n'));
  assert.equal(plan.format, 'pipe-table');
  assertJoined(plan);
  assert.deepEqual(plan.warnings, []);
});

test('mysql client table: a break after `table:` joins without a space', () => {
  const text = readRealPlan(BASE).replace('table:t2      |', 'table:\nt2      |').replace('cop_task: {num: 24,', 'cop_task: {num:\n24,');
  const plan = parsePlanText(text);
  assert.equal(plan.format, 'mysql-table');
  assertJoined(plan);
});

test('markdown table', () => {
  const { names } = baseTable();
  const text = [
    `| ${names.join(' | ')} |`,
    `|${names.map(() => '---').join('|')}|`,
    ...brokenRows().map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
  assertJoined(parsePlanText(text));
});

test('tab-separated, the break left as it was', () => {
  const { names } = baseTable();
  const plan = parsePlanText([names.join('\t'), ...brokenRows().map((row) => row.join('\t'))].join('\n'));
  assert.equal(plan.format, 'tab-separated');
  assertJoined(plan);
  assert.deepEqual(plan.warnings, []);
});

test('tab-separated from a spreadsheet or GUI client: the broken cell in double quotes, quotes doubled', () => {
  const { names } = baseTable();
  const rows = brokenRows().map((row) => row.map((cell) => (cell.includes('\n') ? `"${cell.replace(/"/g, '""')}"` : cell)));
  const plan = parsePlanText([names.join('\t'), ...rows.map((row) => row.join('\t'))].join('\n'));
  assertJoined(plan);
  assert.deepEqual(plan.warnings, []);
});

test('\\G vertical output: the value continued on the next line', () => {
  const { names } = baseTable();
  const width = Math.max(...names.map((name) => name.length));
  const text = brokenRows()
    .map((row, r) =>
      [
        `*************************** ${r + 1}. row ***************************`,
        ...names.map((name, i) => `${name.padStart(width)}: ${row[i]}`),
      ].join('\n'),
    )
    .join('\n');
  assertJoined(parsePlanText(text));
});

test('a short row followed by a row of its own is not joined to it', () => {
  const { names, rows } = baseTable();
  // Only the id of the scan row is left: the next line, a whole row, would fill it up to its width.
  const cut = rows.map((row) => (row[0].includes('TableFullScan_21') ? row.slice(0, 1) : row));
  const plan = parsePlanText([names.join('\t'), ...cut.map((row) => row.join('\t'))].join('\n'));
  assert.deepEqual(
    planNodes(plan.roots).map((node) => node.id),
    expected.map((line) => line.split(' ')[1]),
  );
});
