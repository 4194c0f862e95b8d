// The columns of the plan table and how each cell is drawn. Every plan value goes in through
// textContent (via dom.element), never as markup: operator info holds user text.
import type { PlanFinding } from '../../src/core/plan/planFindings';
import type { PlanViewNode, PlanViewPlan, PlanViewStrings } from '../../src/protocol/planView';
import { element } from '../shared/dom';
import { isExchangeReceiver, type MppFragments } from './mppFragments';
import { formatRequestUnits, hasOperatorRequestUnits, operatorRequestUnits } from '../../src/core/plan/planRequestUnits';
import { bytesText, engineBadge, estimateCell, percent, rowsShown, rowsText, timeCell, type BarCell } from './planCells';
import { treeGuides } from './planRows';
import { highlightSegments } from './planSearch';
import type { PlanTableColumn } from './planTable';
import { fill } from '../shared/template';

export interface ColumnContext {
  plan: PlanViewPlan;
  strings: PlanViewStrings;
  fragments: MppFragments;
  findingsByNode: ReadonlyMap<number, PlanFinding[]>;
  isCollapsed(index: number): boolean;
  query(): string;
  /** rows are ordered by a measure, not as a tree: no tree lines, no twisties */
  flat?(): boolean;
}

export type ColumnSet = 'full' | 'compact';

export function planColumns(context: ColumnContext, set: ColumnSet, operatorWidthPx: number): PlanTableColumn[] {
  const s = context.strings;
  const nodes = context.plan.nodes;
  const runtime = context.plan.hasRuntimeStats;
  // The operator column takes what its longest row needs when there is room, and gives way down to
  // OPERATOR_MIN_PX (ids are cut off with an ellipsis and told whole on hover) when there is not.
  const operatorMin = Math.min(operatorWidthPx, OPERATOR_MIN_PX);
  const operator: PlanTableColumn = {
    key: 'operator',
    header: s.columnOperator,
    track: `minmax(${operatorMin}px, ${operatorWidthPx}px)`,
    minPx: operatorMin,
    priority: 0,
    render: (cell, node) => operatorCell(cell, node, context),
  };
  const engine: PlanTableColumn = {
    key: 'engine',
    header: s.columnEngine,
    // the widest badge, "TiFlash batchCop", whole and clear of the column's edge (at 124 px it touched it)
    track: '140px',
    minPx: 140,
    priority: runtime ? 3 : 2,
    render: (cell, node) => engineCell(cell, node),
  };
  const time: PlanTableColumn = {
    key: 'time',
    header: s.columnTime,
    track: '100px',
    minPx: 100,
    numeric: true,
    priority: 1,
    sortKey: 'time',
    render: (cell, node) => barCell(cell, timeCell(node, s), node.timeKind === 'task-time'),
  };
  const shownRows = rowsShown(runtime, nodes);
  const rows: PlanTableColumn = {
    key: 'rows',
    header: { both: s.columnRows, estimated: s.columnEstRows, actual: s.columnActRows }[shownRows],
    track: shownRows === 'both' ? '150px' : '96px',
    minPx: shownRows === 'both' ? 150 : 96,
    numeric: true,
    priority: runtime ? 4 : 1,
    sortKey: 'rows',
    render: (cell, node) => {
      cell.textContent = rowsText(node, shownRows);
      if (node.runtimeStatsMissing) cell.title = s.didNotRunTitle;
    },
  };
  const estimate: PlanTableColumn = {
    key: 'estimate',
    header: s.columnEstimate,
    track: '112px',
    minPx: 112,
    priority: 2,
    sortKey: 'estimate',
    render: (cell, node) => {
      if (node.runtimeStatsMissing) {
        cell.append(element('span', { className: 'not-run' }, s.didNotRun));
        cell.title = s.didNotRunTitle;
      } else {
        const critical =
          context.findingsByNode.get(node.index)?.some((finding) => finding.code === 'misestimate' && finding.severity === 'critical') ??
          false;
        barCell(cell, estimateCell(node, s, critical), false);
      }
    },
  };
  const memory: PlanTableColumn = {
    key: 'memory',
    header: s.columnMemory,
    track: '84px',
    minPx: 84,
    numeric: true,
    priority: 6,
    sortKey: 'memory',
    render: (cell, node) => {
      cell.textContent = bytesText(node.memoryBytes);
    },
  };
  const disk: PlanTableColumn = {
    key: 'disk',
    header: s.columnDisk,
    track: '76px',
    minPx: 76,
    numeric: true,
    priority: 7,
    sortKey: 'disk',
    render: (cell, node) => {
      cell.textContent = bytesText(node.diskBytes);
      if ((node.diskBytes ?? 0) > 0) cell.classList.add('spilled');
    },
  };
  const ruOwn: PlanTableColumn = {
    key: 'ru',
    header: s.columnRuOwn,
    headerTitle: s.columnRuOwnTitle,
    track: '84px',
    minPx: 84,
    numeric: true,
    priority: 2,
    sortKey: 'ru',
    render: (cell, node) => {
      cell.textContent = ruText(operatorRequestUnits(node.extra)?.self ?? null);
    },
  };
  const ruTotal: PlanTableColumn = {
    key: 'ruTotal',
    header: s.columnRuTotal,
    headerTitle: s.columnRuTotalTitle,
    track: '112px',
    minPx: 112,
    numeric: true,
    priority: 2,
    sortKey: 'ruTotal',
    render: (cell, node) => {
      const ru = operatorRequestUnits(node.extra);
      if (ru?.cumulative == null) return;
      barCell(
        cell,
        {
          text: ruText(ru.cumulative),
          fraction: ru.share ?? 0,
          tone: 'neutral',
          title: ru.share === null ? '' : fill(s.ruShareTitle, percent(ru.share)),
        },
        false,
      );
    },
  };
  const access: PlanTableColumn = {
    key: 'access',
    header: s.columnAccessObject,
    track: 'minmax(110px, 0.6fr)',
    minPx: 110,
    priority: runtime ? 5 : 3,
    render: (cell, node) => textCell(cell, node.accessObject, context.query()),
  };
  const info: PlanTableColumn = {
    key: 'info',
    header: s.columnOperatorInfo,
    track: 'minmax(160px, 1fr)',
    minPx: 160,
    priority: runtime ? 8 : 4,
    render: (cell, node) => textCell(cell, node.operatorInfo, context.query()),
  };
  const withRu = hasOperatorRequestUnits(nodes);
  const candidates =
    set === 'compact'
      ? runtime
        ? [operator, engine, time, rows, estimate]
        : [operator, engine, rows, access]
      : runtime
        ? [operator, engine, time, rows, estimate, ...(withRu ? [ruOwn, ruTotal] : []), memory, disk, access, info]
        : [operator, engine, rows, access, info];
  // A column no operator has a value for (no time in FORMAT='ru', no disk without a spill) is left out.
  const has: Record<string, (node: PlanViewNode) => boolean> = {
    engine: (node) => node.engine !== null || (node.task ?? '') !== '',
    time: (node) => node.timeMs !== null,
    rows: (node) => node.estRows !== null || node.actRows !== null,
    estimate: (node) => node.estimateError !== null || node.runtimeStatsMissing,
    memory: (node) => node.memoryBytes !== null,
    disk: (node) => node.diskBytes !== null,
    access: (node) => (node.accessObject ?? '') !== '',
    info: (node) => (node.operatorInfo ?? '') !== '',
  };
  return candidates.filter((column) => column.priority === 0 || has[column.key] === undefined || nodes.some(has[column.key]));
}

/** The operator column never gives way below this (ids are cut off with an ellipsis instead). */
const OPERATOR_MIN_PX = 190;

function ruText(value: number | null): string {
  return value === null ? '' : formatRequestUnits(value);
}

function operatorCell(cell: HTMLElement, node: PlanViewNode, context: ColumnContext): void {
  const nodes = context.plan.nodes;
  const flat = context.flat?.() ?? false;
  if (!flat)
    for (const guide of treeGuides(nodes, node.index))
      cell.append(element('span', { className: `guide ${guide}`, attributes: { 'aria-hidden': 'true' } }));
  if (flat) {
    cell.append(element('span', { className: 'twistie leaf', attributes: { 'aria-hidden': 'true' } }));
  } else if (node.children.length > 0) {
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
    const worst = findings.some((finding) => finding.severity === 'critical')
      ? 'critical'
      : findings.some((finding) => finding.severity === 'warning')
        ? 'warning'
        : 'info';
    cell.append(
      element('span', {
        className: `finding-dot ${worst}`,
        attributes: {
          title: findings.map((finding) => finding.message).join('\n'),
          role: 'img',
          'aria-label': findings.map((finding) => finding.message).join(' '),
        },
      }),
    );
  }
  if (node.truncated)
    cell.append(element('span', { className: 'truncated-mark', attributes: { title: context.strings.truncatedRow } }, '…'));
  cell.title = node.role === null ? node.id : `${node.id} (${node.role})`;
}

function appendFragmentChip(cell: HTMLElement, node: PlanViewNode, context: ColumnContext): void {
  const s = context.strings;
  const number = context.fragments.fragmentOf[node.index];
  if (node.operator === 'ExchangeSender' && number !== null) {
    const fragment = context.fragments.fragments[number - 1];
    const target = fragment.sendsTo === null ? s.fragmentToTiDB : fill(s.fragmentLabel, String(fragment.sendsTo));
    const label = [fill(s.fragmentLabel, String(number)), fragment.exchangeType].filter(Boolean).join(' · ');
    cell.append(
      element(
        'span',
        {
          className: `fragment-chip fragment-c${number % 6}`,
          attributes: {
            title: fill(s.fragmentTitle, String(number), target, [fragment.exchangeType, fragment.hashColumns].filter(Boolean).join(', ')),
          },
        },
        label,
      ),
    );
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
  cell.append(
    element(
      'span',
      { className: `engine-badge ${badge.className}`, attributes: { title: node.task ?? '' } },
      element('span', { className: 'engine-name' }, badge.engine),
      badge.taskKind === '' ? null : element('span', { className: 'engine-task' }, badge.taskKind),
    ),
  );
}

function barCell(cell: HTMLElement, value: BarCell | null, taskTime: boolean): void {
  if (value === null) return;
  const bar = element('span', {
    className: `bar tone-${value.tone}${taskTime ? ' task-time' : ''}`,
    attributes: { 'aria-hidden': 'true' },
  });
  bar.style.width = `${Math.round(value.fraction * 1000) / 10}%`;
  cell.append(
    bar,
    element(
      'span',
      { className: 'bar-text' },
      value.shortText ?? value.text,
      taskTime ? element('span', { className: 'task-time-mark' }, '*') : null,
    ),
  );
  cell.classList.add('bar-cell');
  const title = value.shortText === undefined ? value.title : [value.text, value.title].filter(Boolean).join(': ');
  if (title) cell.title = title;
}

function textCell(cell: HTMLElement, text: string | null, query: string): void {
  if (text === null || text === '') return;
  appendHighlighted(cell, text, query);
}

/** Appends text with the query's occurrences wrapped in <mark>, all as text nodes. */
export function appendHighlighted(parent: HTMLElement, text: string, query: string): void {
  for (const segment of highlightSegments(text, query)) {
    parent.append(segment.match ? element('mark', {}, segment.text) : segment.text);
  }
}
