// One plan: header, findings, toolbar (search, expand/collapse, export, compare), the plan table
// or the raw text, and the details of the selected operator. Its UI state (collapsed rows,
// selection, search, tab) is reported on every change so the page can be restored after a reload.
import type { PlanFinding } from '../../src/core/plan/planFindings';
import type { PlanOrigin, PlanViewNode, PlanViewPlan, PlanViewStrings } from '../../src/protocol/planView';
import { button, textField, type FieldControl } from '../shared/components';
import { element, replaceChildren } from '../shared/dom';
import { renderDetails, type NodeDetails } from './detailsPane';
import { rowsShown } from './planCells';
import { findMppFragments, type MppFragments } from './mppFragments';
import { planColumns } from './planColumns';
import { findingsSection, gistLine, originHeader, planNotes, searchMatchesText } from './planHeader';
import { collapseAll, expandTo, operatorColumnWidth, visibleRows } from './planRows';
import { searchPlan, type PlanSearchResult } from './planSearch';
import { nextSort, sortedRows, type PlanSort, type PlanSortKey } from './planSort';
import { PlanTable } from './planTable';
import { fill } from '../shared/template';

export interface PlanUiState {
  collapsed: number[];
  selected: number | null;
  query: string;
  tab: 'plan' | 'raw';
  detailsOpen: boolean;
  /** "top operators": the rows ordered by a measure instead of the tree (absent in states saved before sorting existed) */
  sort?: PlanSort | null;
}

export interface PlanPageCallbacks {
  onUiChange(state: PlanUiState): void;
  onExport(): void;
  onCompare(): void;
  onRendered(rows: number): void;
  /** asks the host for an operator's execution info (answered through showNodeDetails) */
  requestDetails(index: number): void;
  /** asks the host for the raw text (answered through showRawText) */
  requestRawText(): void;
}

export const OPERATOR_COLUMN_METRICS = { levelPx: 16, characterPx: 7.6, paddingPx: 72, maxPx: 900 };
const SEARCH_DELAY_MS = 120;

export function initialPlanUiState(): PlanUiState {
  return { collapsed: [], selected: null, query: '', tab: 'plan', detailsOpen: false, sort: null };
}

export class PlanPage {
  readonly element: HTMLElement;
  private readonly strings: PlanViewStrings;
  private readonly fragments: MppFragments;
  private readonly findingsByNode = new Map<number, PlanFinding[]>();
  private readonly table: PlanTable;
  private readonly details = element('aside', { className: 'details-pane', attributes: { 'aria-labelledby': 'details-heading' } });
  private readonly searchStatus = element('span', { className: 'search-status muted', attributes: { 'aria-live': 'polite' } });
  private readonly planTab: HTMLElement;
  private readonly rawTab: HTMLElement;
  private readonly planPanel: HTMLElement;
  private readonly rawPanel = element('div', {
    id: 'raw-panel',
    className: 'raw-panel',
    role: 'tabpanel',
    attributes: { 'aria-labelledby': 'tab-raw' },
  });
  private collapsed: Set<number>;
  private search: PlanSearchResult | null = null;
  private matchSet = new Set<number>();
  private state: PlanUiState;
  private searchTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly nodeDetails = new Map<number, NodeDetails>();
  private readonly detailsRequested = new Set<number>();
  private detailsShown: number | null = null;
  private rawRequested = false;
  private sort: PlanSort | null;
  private readonly searchField: FieldControl;
  private readonly sortNote = element('div', { className: 'sort-note', role: 'status', hidden: true });

  constructor(
    origin: PlanOrigin,
    private readonly plan: PlanViewPlan,
    strings: PlanViewStrings,
    state: PlanUiState,
    private readonly callbacks: PlanPageCallbacks,
  ) {
    this.strings = strings;
    this.state = { ...state };
    this.collapsed = new Set(state.collapsed.filter((index) => index >= 0 && index < plan.nodes.length));
    this.sort = state.sort ?? null;
    this.fragments = findMppFragments(plan.nodes);
    for (const finding of plan.findings) {
      const list = this.findingsByNode.get(finding.nodeIndex) ?? [];
      list.push(finding);
      this.findingsByNode.set(finding.nodeIndex, list);
    }
    const columns = planColumns(
      {
        plan,
        strings,
        fragments: this.fragments,
        findingsByNode: this.findingsByNode,
        isCollapsed: (index) => this.collapsed.has(index),
        query: () => this.search?.query ?? '',
        flat: () => this.sort !== null,
      },
      'full',
      operatorColumnWidth(plan.nodes, OPERATOR_COLUMN_METRICS, (node) => chipWidthPx(node, this.findingsByNode.has(node.index))),
    );
    this.table = new PlanTable({
      idPrefix: 'plan',
      label: strings.planTableLabel,
      nodes: plan.nodes,
      columns,
      isCollapsed: (index) => this.collapsed.has(index),
      rowClasses: (node) => {
        const classes: string[] = [];
        const fragment = this.fragments.fragmentOf[node.index];
        if (fragment !== null) classes.push('in-fragment', `fragment-c${fragment % 6}`);
        if (this.search !== null && this.search.query.trim() !== '') classes.push(this.matchSet.has(node.index) ? 'match' : 'context');
        return classes;
      },
      onSelect: (index) => this.select(index),
      onToggle: (index, expand) => this.toggle(index, expand),
      onActivate: (index) => this.select(index),
      onRendered: (rows) => this.callbacks.onRendered(rows),
      sorting: {
        current: () => this.sort,
        onSort: (key) => this.setSort(nextSort(this.sort, key)),
        title: (column) => fill(strings.sortTitle, column.header),
      },
    });

    const searchField = textField({
      id: 'plan-search',
      label: '',
      ariaLabel: strings.searchLabel,
      placeholder: strings.searchPlaceholder,
      value: state.query,
    });
    this.searchField = searchField;
    searchField.onChange((value) => {
      clearTimeout(this.searchTimer);
      this.searchTimer = setTimeout(() => this.applySearch(value), SEARCH_DELAY_MS);
    });
    const expandAll = button({
      id: 'expand-all',
      label: strings.expandAll,
      appearance: 'secondary',
      onClick: () => this.setCollapsed(new Set()),
    });
    const collapse = button({
      id: 'collapse-all',
      label: strings.collapseAll,
      appearance: 'secondary',
      onClick: () => this.setCollapsed(collapseAll(plan.nodes)),
    });
    const exportButton = button({
      id: 'export-plan',
      label: strings.exportPlan,
      appearance: 'secondary',
      onClick: () => callbacks.onExport(),
    });
    const compareButton = button({
      id: 'compare-plan',
      label: strings.compare,
      appearance: 'secondary',
      onClick: () => callbacks.onCompare(),
    });

    this.planTab = tabButton('tab-plan', 'plan-panel', strings.tabPlan, () => this.showTab('plan'));
    this.rawTab = tabButton('tab-raw', 'raw-panel', strings.tabRaw, () => this.showTab('raw'));
    this.planPanel = element(
      'div',
      { id: 'plan-panel', className: 'plan-panel', role: 'tabpanel', attributes: { 'aria-labelledby': 'tab-plan' } },
      element('div', { className: 'plan-main' }, this.sortNote, this.table.element),
      this.details,
    );

    this.element = element(
      'div',
      { className: 'plan-page' },
      element(
        'header',
        { className: 'page-header' },
        originHeader(origin),
        gistLine(plan, this.fragments, strings),
        ...planNotes(plan, origin, strings),
        findingsSection(plan.findings, strings, (index) => this.reveal(index)),
      ),
      element(
        'div',
        { className: 'toolbar', role: 'toolbar', attributes: { 'aria-label': strings.tabPlan } },
        element('div', { className: 'tabs', role: 'tablist' }, this.planTab, this.rawTab),
        element('div', { className: 'search' }, searchField.element, this.searchStatus),
        expandAll.element,
        collapse.element,
        exportButton.element,
        compareButton.element,
      ),
      this.planPanel,
      this.rawPanel,
    );

    if (state.query.trim() !== '') {
      this.search = searchPlan(plan.nodes, state.query);
      this.matchSet = new Set(this.search.matches);
    }
    this.updateSearchStatus();
    this.updateSortNote();
    this.showTab(state.tab, false);
  }

  /** Orders the rows by a measure ("top operators"), or back as the tree with null. */
  setSort(sort: PlanSort | null): void {
    this.sort = sort;
    this.updateSortNote();
    this.table.refreshHeader();
    this.table.setRows(this.currentRows());
    if (this.table.selectedIndex !== null) this.table.select(this.table.selectedIndex, 'nearest');
    this.saveState({ sort });
  }

  private updateSortNote(): void {
    const sort = this.sort;
    this.sortNote.hidden = sort === null;
    if (sort === null) {
      this.sortNote.replaceChildren();
      return;
    }
    const header = this.sortHeader(sort.key);
    const back = element('button', { className: 'link-button back-to-tree', attributes: { type: 'button' } }, this.strings.backToTree);
    back.addEventListener('click', () => this.setSort(null));
    this.sortNote.replaceChildren(element('span', {}, fill(this.strings.sortedBy, header)), back);
  }

  private sortHeader(key: PlanSortKey): string {
    const s = this.strings;
    return {
      time: s.columnTime,
      rows: { both: s.columnRows, estimated: s.columnEstRows, actual: s.columnActRows }[
        rowsShown(this.plan.hasRuntimeStats, this.plan.nodes)
      ],
      estimate: s.columnEstimate,
      memory: s.columnMemory,
      disk: s.columnDisk,
      ru: s.columnRuOwn,
      ruTotal: s.columnRuTotal,
    }[key];
  }

  /** Draws the rows; call once the page is in the document, so the table knows its height. */
  start(): void {
    const { selected, detailsOpen } = this.state;
    this.table.setRows(this.currentRows());
    if (selected !== null && selected < this.plan.nodes.length) {
      this.table.select(selected, 'center');
      this.showDetails(detailsOpen ? selected : null);
    } else {
      this.showDetails(null);
    }
  }

  /** Selects an operator wherever it is: expands its ancestors, leaves a search that hides it. */
  reveal(index: number): void {
    if (index < 0 || index >= this.plan.nodes.length) return;
    this.showTab('plan');
    if (this.search !== null && !this.search.rows.includes(index)) this.applySearch('');
    this.collapsed = expandTo(this.plan.nodes, this.collapsed, index);
    this.table.setRows(this.currentRows());
    this.table.select(index, 'center');
    this.table.flash(index);
    this.showDetails(index);
    this.table.focus();
    this.saveState({ selected: index, detailsOpen: true });
  }

  private select(index: number): void {
    this.table.select(index, 'nearest');
    this.showDetails(index);
    this.saveState({ selected: index, detailsOpen: true });
  }

  private toggle(index: number, expand: boolean): void {
    if (this.sort !== null) return;
    const next = new Set(this.collapsed);
    if (expand) next.delete(index);
    else next.add(index);
    this.setCollapsed(next);
  }

  private setCollapsed(collapsed: Set<number>): void {
    this.collapsed = collapsed;
    this.table.setRows(this.currentRows());
    this.saveState({ collapsed: [...collapsed] });
  }

  private currentRows(): number[] {
    if (this.sort !== null) {
      const sorted = sortedRows(this.plan.nodes, this.sort);
      if (this.search === null || this.search.query.trim() === '') return sorted;
      const shown = new Set(this.search.rows);
      return sorted.filter((index) => shown.has(index));
    }
    if (this.search !== null && this.search.query.trim() !== '') return this.search.rows;
    return visibleRows(this.plan.nodes, this.collapsed);
  }

  private applySearch(query: string): void {
    this.search = query.trim() === '' ? null : searchPlan(this.plan.nodes, query);
    this.matchSet = new Set(this.search?.matches ?? []);
    if (this.searchField.value !== query) this.searchField.value = query;
    this.updateSearchStatus();
    this.table.setRows(this.currentRows());
    const first = this.search?.matches[0];
    if (first !== undefined) this.table.select(first, 'center');
    this.saveState({ query });
  }

  private updateSearchStatus(): void {
    const search = this.search;
    if (search === null) this.searchStatus.textContent = '';
    else if (search.matches.length === 0) this.searchStatus.textContent = fill(this.strings.searchNoMatch, search.query.trim());
    else this.searchStatus.textContent = searchMatchesText(search.matches.length, this.plan.nodes.length, this.strings);
  }

  /** The host's answer to requestDetails. */
  showNodeDetails(index: number, details: NodeDetails): void {
    this.nodeDetails.set(index, details);
    if (this.detailsShown === index) this.showDetails(index);
  }

  /** The host's answer to requestRawText. */
  showRawText(text: string): void {
    replaceChildren(
      this.rawPanel,
      element('pre', { className: 'raw-text', attributes: { tabindex: '0', 'aria-label': this.strings.rawPlanLabel } }, text),
    );
  }

  private showDetails(index: number | null): void {
    this.detailsShown = index;
    this.planPanel.classList.toggle('with-details', index !== null);
    const node = index === null ? undefined : this.plan.nodes[index];
    if (index !== null && node !== undefined && !this.nodeDetails.has(index) && !this.detailsRequested.has(index)) {
      this.detailsRequested.add(index);
      this.callbacks.requestDetails(index);
    }
    renderDetails(
      this.details,
      index,
      {
        plan: this.plan,
        strings: this.strings,
        fragments: this.fragments,
        findingsByNode: this.findingsByNode,
        onSelect: (target) => this.reveal(target),
        onClose: () => {
          this.showDetails(null);
          this.saveState({ detailsOpen: false });
          this.table.focus();
        },
      },
      index === null ? undefined : this.nodeDetails.get(index),
    );
  }

  private showTab(tab: 'plan' | 'raw', save = true): void {
    const raw = tab === 'raw';
    this.planTab.setAttribute('aria-selected', String(!raw));
    this.rawTab.setAttribute('aria-selected', String(raw));
    this.planPanel.hidden = raw;
    this.rawPanel.hidden = !raw;
    // The raw text of a big plan is megabytes: the host sends it only when it is asked for.
    if (raw && !this.rawRequested) {
      this.rawRequested = true;
      replaceChildren(this.rawPanel, element('p', { className: 'muted loading' }, '…'));
      this.callbacks.requestRawText();
    }
    if (save) this.saveState({ tab });
  }

  private saveState(change: Partial<PlanUiState>): void {
    this.state = { ...this.state, ...change };
    this.callbacks.onUiChange(this.state);
  }
}

/** Room for what follows an operator's id: an MPP fragment chip, a finding dot. */
export function chipWidthPx(node: PlanViewNode, hasFinding: boolean): number {
  const chip = node.operator === 'ExchangeSender' ? 130 : node.operator === 'ExchangeReceiver' ? 70 : 0;
  return chip + (hasFinding ? 14 : 0);
}

function tabButton(id: string, controls: string, label: string, onClick: () => void): HTMLElement {
  const tab = element('button', { id, className: 'tab', role: 'tab', attributes: { type: 'button', 'aria-controls': controls } }, label);
  tab.addEventListener('click', onClick);
  return tab;
}
