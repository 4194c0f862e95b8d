// Two plans side by side (before and after a change: a cached table, a TiFlash replica, an
// index, a hint). Matched operators are selected together; changed, added and removed ones are
// marked in both tables and listed above them.
import type { PlanFinding } from '../../src/core/plan/planFindings';
import { formatDurationMs } from '../../src/core/plan/planUnits';
import type { PlanComparison } from '../../src/core/plan/planComparison';
import type { PlanOrigin, PlanViewPlan, PlanViewStrings } from '../../src/protocol/planView';
import { button } from '../shared/components';
import { element } from '../shared/dom';
import { buildCompareModel, speedChange, type ChangeLine, type CompareModel, type CompareStatus } from './compareModel';
import { findMppFragments } from './mppFragments';
import { planColumns } from './planColumns';
import { gistLine, originHeader } from './planHeader';
import { chipWidthPx, OPERATOR_COLUMN_METRICS } from './planPage';
import { operatorColumnWidth, visibleRows } from './planRows';
import { PlanTable } from './planTable';
import { fill } from '../shared/template';

export interface ComparedPlan {
  origin: PlanOrigin;
  plan: PlanViewPlan;
}

export interface ComparePageCallbacks {
  onExport(): void;
  onRendered(rows: number): void;
}

export class ComparePage {
  readonly element: HTMLElement;
  private readonly model: CompareModel;
  private readonly before: PlanTable;
  private readonly after: PlanTable;

  constructor(
    private readonly beforePlan: ComparedPlan,
    private readonly afterPlan: ComparedPlan,
    comparison: PlanComparison,
    private readonly strings: PlanViewStrings,
    private readonly callbacks: ComparePageCallbacks,
  ) {
    const s = strings;
    this.model = buildCompareModel(comparison, beforePlan.plan.nodes.length, afterPlan.plan.nodes.length, s);
    this.before = this.sideTable('before', beforePlan.plan, this.model.beforeStatus, (index) => this.selectPair(index, null));
    this.after = this.sideTable('after', afterPlan.plan, this.model.afterStatus, (index) => this.selectPair(null, index));
    const time = comparison.timeMs;
    const timeLine =
      time.before !== null || time.after !== null
        ? element(
            'p',
            { className: 'compare-time' },
            fill(
              s.compareStatementTime,
              time.before === null ? '–' : formatDurationMs(time.before),
              time.after === null ? '–' : formatDurationMs(time.after),
            ),
            ...withSpeed(speedChange(time.before, time.after, s)),
          )
        : null;
    const exportButton = button({ id: 'export-plan', label: s.exportPlan, appearance: 'secondary', onClick: () => callbacks.onExport() });
    this.element = element(
      'div',
      { className: 'plan-page compare-page' },
      element(
        'header',
        { className: 'page-header' },
        element('h1', { className: 'plan-title' }, s.compareHeading),
        timeLine,
        this.changesSection(),
        element('div', { className: 'toolbar', role: 'toolbar' }, exportButton.element),
      ),
      element(
        'div',
        { className: 'compare-sides' },
        side(s.compareBefore, beforePlan.origin, beforePlan.plan, this.before, strings),
        side(s.compareAfter, afterPlan.origin, afterPlan.plan, this.after, strings),
      ),
    );
  }

  /** Draws the rows; call once the page is in the document. */
  start(): void {
    this.before.setRows(visibleRows(this.beforePlan.plan.nodes, new Set()));
    this.after.setRows(visibleRows(this.afterPlan.plan.nodes, new Set()));
    this.callbacks.onRendered(this.beforePlan.plan.nodes.length + this.afterPlan.plan.nodes.length);
  }

  private sideTable(name: 'before' | 'after', plan: PlanViewPlan, status: CompareStatus[], onSelect: (index: number) => void): PlanTable {
    const findingsByNode = new Map<number, PlanFinding[]>();
    for (const finding of plan.findings) findingsByNode.set(finding.nodeIndex, [...(findingsByNode.get(finding.nodeIndex) ?? []), finding]);
    const columns = planColumns(
      {
        plan,
        strings: this.strings,
        fragments: findMppFragments(plan.nodes),
        findingsByNode,
        isCollapsed: () => false,
        query: () => '',
      },
      'compact',
      operatorColumnWidth(plan.nodes, { ...OPERATOR_COLUMN_METRICS, maxPx: 520 }, (node) =>
        chipWidthPx(node, findingsByNode.has(node.index)),
      ),
    );
    return new PlanTable({
      idPrefix: name,
      label: name === 'before' ? this.strings.compareBefore : this.strings.compareAfter,
      nodes: plan.nodes,
      columns,
      isCollapsed: () => false,
      rowClasses: (node) => [`status-${status[node.index]}`],
      onSelect: (index) => onSelect(index),
      onToggle: () => undefined,
    });
  }

  private selectPair(beforeIndex: number | null, afterIndex: number | null): void {
    const before = beforeIndex ?? (afterIndex === null ? undefined : this.model.afterToBefore.get(afterIndex));
    const after = afterIndex ?? (beforeIndex === null ? undefined : this.model.beforeToAfter.get(beforeIndex));
    this.before.select(before ?? null, 'center');
    this.after.select(after ?? null, 'center');
    if (before !== undefined) this.before.flash(before);
    if (after !== undefined) this.after.flash(after);
  }

  private changesSection(): HTMLElement {
    const s = this.strings;
    const heading = element('h2', { id: 'changes-heading' }, `${s.compareChangesHeading} (${this.model.changes.length})`);
    if (this.model.changes.length === 0) {
      return element(
        'section',
        { className: 'changes', attributes: { 'aria-labelledby': 'changes-heading' } },
        heading,
        element('p', { className: 'muted' }, s.compareNoChanges),
      );
    }
    return element(
      'section',
      { className: 'changes', attributes: { 'aria-labelledby': 'changes-heading' } },
      heading,
      element('ul', { className: 'changes-list' }, ...this.model.changes.map((change) => this.changeItem(change))),
    );
  }

  private changeItem(change: ChangeLine): HTMLElement {
    const s = this.strings;
    const label = { changed: s.compareChanged, added: s.compareAdded, removed: s.compareRemoved }[change.status];
    const link = element('button', { className: 'link-button', attributes: { type: 'button' } }, change.id);
    link.addEventListener('click', () => this.selectPair(change.before, change.after));
    return element(
      'li',
      { className: `change status-${change.status}` },
      element('span', { className: `status-pill status-${change.status}` }, label),
      link,
      change.details.length > 0 ? element('span', { className: 'change-details' }, change.details.join(' · ')) : null,
    );
  }
}

function side(label: string, origin: PlanOrigin, plan: PlanViewPlan, table: PlanTable, strings: PlanViewStrings): HTMLElement {
  return element(
    'section',
    { className: 'compare-side' },
    element('p', { className: 'side-label' }, label),
    originHeader(origin, 'h2', false),
    gistLine(plan, findMppFragments(plan.nodes), strings),
    table.element,
  );
}

function withSpeed(speed: string | null): (HTMLElement | string)[] {
  return speed === null ? [] : [' · ', element('strong', {}, speed)];
}
