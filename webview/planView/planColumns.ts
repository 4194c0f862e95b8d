// The columns of the plan table and how each cell is drawn. Every plan value goes in through
// textContent (via dom.element), never as markup: operator info holds user text.
import type { PlanFinding } from '../../src/core/plan/planFindings';
import type { PlanViewNode, PlanViewPlan, PlanViewStrings } from '../../src/protocol/planView';
import { element } from '../shared/dom';
import { isExchangeReceiver, type MppFragments } from './mppFragments';
import { bytesText, engineBadge, estimateCell, rowsText, timeCell, type BarCell } from './planCells';
import { treeGuides } from './planRows';
import { highlightSegments } from './planSearch';
import type { PlanTableColumn } from './planTable';
import { fill } from './template';

export interface ColumnContext {
  plan: PlanViewPlan;
  strings: PlanViewStrings;
  fragments: MppFragments;
  findingsByNode: ReadonlyMap<number, PlanFinding[]>;
  isCollapsed(index: number): boolean;
  query(): string;
}

export type ColumnSet = 'full' | 'compact';

export function planColumns(context: ColumnContext, set: ColumnSet, operatorWidthPx: number): PlanTableColumn[] {
  const s = context.strings;
  const runtime = context.plan.hasRuntimeStats;
  const operator: PlanTableColumn = { key: 'operator', header: s.columnOperator, track: `${operatorWidthPx}px`, minPx: operatorWidthPx, render: (cell, node) => operatorCell(cell, node, context) };
  const engine: PlanTableColumn = { key: 'engine', header: s.columnEngine, track: '112px', minPx: 112, render: (cell, node) => engineCell(cell, node) };
  const time: PlanTableColumn = { key: 'time', header: s.columnTime, track: '118px', minPx: 118, numeric: true, render: (cell, node) => barCell(cell, timeCell(node, s), node.timeKind === 'task-time') };
  const rows: PlanTableColumn = {
    key: 'rows',
    header: runtime ? s.columnRows : s.columnEstRows,
    track: runtime ? '150px' : '96px',
    minPx: runtime ? 150 : 96,
    numeric: true,
    render: (cell, node) => { cell.textContent = rowsText(node, runtime); },
  };
  const estimate: PlanTableColumn = { key: 'estimate', header: s.columnEstimate, track: '150px', minPx: 150, render: (cell, node) => barCell(cell, estimateCell(node, s), false) };
  const memory: PlanTableColumn = { key: 'memory', header: s.columnMemory, track: '84px', minPx: 84, numeric: true, render: (cell, node) => { cell.textContent = bytesText(node.memoryBytes); } };
  const disk: PlanTableColumn = {
    key: 'disk',
    header: s.columnDisk,
    track: '76px',
    minPx: 76,
    numeric: true,
    render: (cell, node) => {
      cell.textContent = bytesText(node.diskBytes);
      if ((node.diskBytes ?? 0) > 0) cell.classList.add('spilled');
    },
  };
  const access: PlanTableColumn = { key: 'access', header: s.columnAccessObject, track: 'minmax(110px, 0.6fr)', minPx: 110, render: (cell, node) => textCell(cell, node.accessObject, context.query()) };
  const info: PlanTableColumn = { key: 'info', header: s.columnOperatorInfo, track: 'minmax(160px, 1fr)', minPx: 160, render: (cell, node) => textCell(cell, node.operatorInfo, context.query()) };
  if (set === 'compact') return runtime ? [operator, engine, time, rows] : [operator, engine, rows, access];
  return runtime ? [operator, engine, time, rows, estimate, memory, disk, access, info] : [operator, engine, rows, access, info];
}

function operatorCell(cell: HTMLElement, node: PlanViewNode, context: ColumnContext): void {
  const nodes = context.plan.nodes;
  for (const guide of treeGuides(nodes, node.index)) cell.append(element('span', { className: `guide ${guide}`, attributes: { 'aria-hidden': 'true' } }));
  if (node.children.length > 0) {
    const collapsed = context.isCollapsed(node.index);
    cell.append(element('span', { className: `twistie ${collapsed ? 'collapsed' : 'expanded'}`, attributes: { 'aria-hidden': 'true' } }));
  } else {
    cell.append(element('span', { className: 'twistie leaf', attributes: { 'aria-hidden': 'true' } }));
  }
  const name = element('span', { className: 'operator-id' });
  appendHighlighted(name, node.id, context.query());
  cell.append(name);
  if (node.role !== null) cell.append(element('span', { className: 'operator-role' }, node.role));
  appendFragmentChip(cell, node, context);
  const findings = context.findingsByNode.get(node.index);
  if (findings !== undefined && findings.length > 0) {
    const worst = findings.some((finding) => finding.severity === 'critical') ? 'critical' : findings.some((finding) => finding.severity === 'warning') ? 'warning' : 'info';
    cell.append(element('span', { className: `finding-dot ${worst}`, attributes: { title: findings.map((finding) => finding.message).join('\n'), role: 'img', 'aria-label': findings.map((finding) => finding.message).join(' ') } }));
  }
  if (node.truncated) cell.append(element('span', { className: 'truncated-mark', attributes: { title: context.strings.truncatedRow } }, '…'));
  cell.title = node.role === null ? node.id : `${node.id} (${node.role})`;
}

function appendFragmentChip(cell: HTMLElement, node: PlanViewNode, context: ColumnContext): void {
  const s = context.strings;
  const number = context.fragments.fragmentOf[node.index];
  if (node.operator === 'ExchangeSender' && number !== null) {
    const fragment = context.fragments.fragments[number - 1];
    const target = fragment.sendsTo === null ? s.fragmentToTiDB : fill(s.fragmentLabel, String(fragment.sendsTo));
    const label = [fill(s.fragmentLabel, String(number)), fragment.exchangeType].filter(Boolean).join(' · ');
    cell.append(element('span', {
      className: `fragment-chip fragment-c${number % 6}`,
      attributes: { title: fill(s.fragmentTitle, String(number), target, [fragment.exchangeType, fragment.hashColumns].filter(Boolean).join(', ')) },
    }, label));
  } else if (isExchangeReceiver(node)) {
    const sources = context.fragments.receivesFrom.get(node.index) ?? [];
    if (sources.length > 0) {
      const label = fill(s.receivesFrom, sources.map((source) => fill(s.fragmentLabel, String(source))).join(', '));
      cell.append(element('span', { className: `fragment-chip receiver fragment-c${sources[0] % 6}` }, label));
    }
  }
}

function engineCell(cell: HTMLElement, node: PlanViewNode): void {
  const badge = engineBadge(node);
  if (badge === null) return;
  cell.append(element('span', { className: `engine-badge ${badge.className}`, attributes: { title: node.task ?? '' } },
    element('span', { className: 'engine-name' }, badge.engine),
    badge.taskKind === '' ? null : element('span', { className: 'engine-task' }, badge.taskKind)));
}

function barCell(cell: HTMLElement, value: BarCell | null, taskTime: boolean): void {
  if (value === null) return;
  const bar = element('span', { className: `bar tone-${value.tone}${taskTime ? ' task-time' : ''}`, attributes: { 'aria-hidden': 'true' } });
  bar.style.width = `${Math.round(value.fraction * 1000) / 10}%`;
  cell.append(bar, element('span', { className: 'bar-text' }, value.text, taskTime ? element('span', { className: 'task-time-mark' }, '*') : null));
  cell.classList.add('bar-cell');
  if (value.title) cell.title = value.title;
}

function textCell(cell: HTMLElement, text: string | null, query: string): void {
  if (text === null || text === '') return;
  appendHighlighted(cell, text, query);
  cell.title = text.length > 60 ? text : '';
}

/** Appends text with the query's occurrences wrapped in <mark>, all as text nodes. */
export function appendHighlighted(parent: HTMLElement, text: string, query: string): void {
  for (const segment of highlightSegments(text, query)) {
    parent.append(segment.match ? element('mark', {}, segment.text) : segment.text);
  }
}
