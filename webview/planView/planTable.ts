// The plan as a tree grid that reads top-down. Only the rows in view (plus a margin) exist in the
// DOM, so a plan of thousands of operators renders as fast as a small one; rows have one fixed
// height, so a row's position is its number times that height. Keyboard: arrows move and
// collapse/expand, Home/End, PageUp/PageDown, Enter opens the details.
import { element } from '../shared/dom';
import type { PlanViewNode } from '../../src/protocol/planView';
import { fitColumns } from './columnFit';
import type { PlanSort, PlanSortKey } from './planSort';

export const ROW_HEIGHT_PX = 26;
const OVERSCAN_ROWS = 12;

export interface PlanTableColumn {
  key: string;
  header: string;
  /** a CSS grid track, e.g. `minmax(120px, 1fr)` */
  track: string;
  /** the least width of the track, for the table's minimum width */
  minPx: number;
  /** fills the cell (an empty div with role gridcell) */
  render(cell: HTMLElement, node: PlanViewNode): void;
  numeric?: boolean;
  /** 0: always shown; higher numbers give way first when the table is narrow */
  priority: number;
  /** the header sorts the operators by this measure ("top operators") */
  sortKey?: PlanSortKey;
  /** the header's tooltip */
  headerTitle?: string;
}

export interface PlanTableSorting {
  current(): PlanSort | null;
  onSort(key: PlanSortKey): void;
  /** the header's tooltip for a sortable column, e.g. "Sort by Time (largest first)" */
  title(column: PlanTableColumn): string;
}

export interface PlanTableOptions {
  /** used for element ids, so that two tables can share a page */
  idPrefix: string;
  label: string;
  nodes: readonly PlanViewNode[];
  columns: PlanTableColumn[];
  isCollapsed(index: number): boolean;
  /** extra classes for a row (search match, compare status, MPP fragment) */
  rowClasses?(node: PlanViewNode): string[];
  onSelect(index: number, how: 'click' | 'keyboard'): void;
  onToggle(index: number, expand: boolean): void;
  onActivate?(index: number): void;
  /** called once the first rows are in the DOM after setRows */
  onRendered?(rowCount: number): void;
  sorting?: PlanTableSorting;
}

export class PlanTable {
  readonly element: HTMLElement;
  private readonly viewport: HTMLElement;
  private readonly body: HTMLElement;
  private readonly window: HTMLElement;
  private rows: number[] = [];
  private positionOf = new Map<number, number>();
  private selected: number | null = null;
  private frame: number | null = null;
  private renderedRange = { first: -1, last: -1 };
  private readonly header = element('div', { className: 'plan-row plan-header', role: 'row' });
  private columns: PlanTableColumn[];

  constructor(private readonly options: PlanTableOptions) {
    this.columns = options.columns;
    const header = this.header;
    this.window = element('div', { className: 'plan-window', role: 'rowgroup' });
    this.body = element('div', { className: 'plan-body' }, this.window);
    this.viewport = element(
      'div',
      {
        id: `${options.idPrefix}-grid`,
        className: 'plan-viewport',
        role: 'treegrid',
        attributes: {
          tabindex: '0',
          'aria-label': options.label,
          'aria-colcount': String(options.columns.length),
          'aria-multiselectable': 'false',
        },
      },
      element('div', { role: 'rowgroup', className: 'plan-header-group' }, header),
      this.body,
    );
    this.element = element('div', { className: 'plan-table' }, this.viewport);
    this.applyColumns(options.columns);
    this.header.addEventListener('click', (event) => {
      const key = (event.target as Element).closest?.('[data-sort]')?.getAttribute('data-sort');
      if (key) this.options.sorting?.onSort(key as PlanSortKey);
    });
    // A cell cut off with an ellipsis tells its whole text on hover.
    this.window.addEventListener('mouseover', (event) => {
      const cell = (event.target as Element).closest?.('.plan-cell');
      if (cell instanceof HTMLElement && !cell.title && cell.scrollWidth > cell.clientWidth) cell.title = cell.textContent ?? '';
    });
    this.viewport.addEventListener('scroll', () => this.scheduleRender());
    this.viewport.addEventListener('keydown', (event) => this.onKey(event));
    this.window.addEventListener('click', (event) => this.onClick(event));
    this.window.addEventListener('dblclick', (event) => {
      const index = rowIndexOf(event.target);
      if (index !== null) this.options.onActivate?.(index);
    });
    new ResizeObserver(() => {
      this.fitToWidth();
      this.scheduleRender();
    }).observe(this.element);
  }

  /** The columns drawn now (the others give way in a narrow table). */
  get shownColumns(): readonly string[] {
    return this.columns.map((column) => column.key);
  }

  /** Draws the header again (after a change of sort order). */
  refreshHeader(): void {
    this.renderHeader();
  }

  private fitToWidth(): void {
    const width = this.element.clientWidth;
    if (width === 0) return;
    const fitting = fitColumns(this.options.columns, width);
    const columns = this.options.columns.filter((column) => fitting.has(column.key));
    if (columns.length === this.columns.length && columns.every((column, i) => column === this.columns[i])) return;
    this.applyColumns(columns);
    this.renderWindow(true);
  }

  private applyColumns(columns: PlanTableColumn[]): void {
    this.columns = columns;
    this.element.style.setProperty('--plan-columns', columns.map((column) => column.track).join(' '));
    this.element.style.setProperty('--plan-min-width', `${columns.reduce((sum, column) => sum + column.minPx, 0)}px`);
    this.viewport.setAttribute('aria-colcount', String(columns.length));
    this.renderHeader();
  }

  private renderHeader(): void {
    const sort = this.options.sorting?.current() ?? null;
    this.header.replaceChildren(
      ...this.columns.map((column) => {
        const cell = element('div', {
          className: `plan-cell col-${column.key}${column.numeric ? ' numeric' : ''}`,
          role: 'columnheader',
          // The whole header on hover: a narrow column cuts it off ("Access obj…").
          attributes: { title: column.headerTitle ?? column.header },
        });
        if (column.sortKey === undefined || this.options.sorting === undefined) {
          cell.textContent = column.header;
          return cell;
        }
        const sorted = sort !== null && sort.key === column.sortKey;
        cell.setAttribute('aria-sort', sorted ? (sort.descending ? 'descending' : 'ascending') : 'none');
        const label = element(
          'button',
          {
            className: `sort-button${sorted ? ' sorted' : ''}`,
            attributes: { type: 'button', 'data-sort': column.sortKey, title: this.options.sorting.title(column) },
          },
          column.header,
          element('span', { className: 'sort-mark', attributes: { 'aria-hidden': 'true' } }, sorted ? (sort.descending ? '▼' : '▲') : ''),
        );
        cell.append(label);
        return cell;
      }),
    );
  }

  /** The operators to show, in order (after collapse and search). */
  setRows(rows: number[]): void {
    this.rows = rows;
    this.positionOf = new Map(rows.map((index, position) => [index, position]));
    this.viewport.setAttribute('aria-rowcount', String(rows.length + 1));
    this.body.style.height = `${rows.length * ROW_HEIGHT_PX}px`;
    this.renderWindow(true);
    this.options.onRendered?.(rows.length);
  }

  /** Draws the rows in view again (after a change in collapse state or search highlighting). */
  refresh(): void {
    this.renderWindow(true);
  }

  get selectedIndex(): number | null {
    return this.selected;
  }

  select(index: number | null, scroll: 'none' | 'nearest' | 'center' = 'nearest'): void {
    this.selected = index;
    if (index !== null && scroll !== 'none') this.scrollToRow(index, scroll);
    this.renderWindow(true);
    if (index === null) this.viewport.removeAttribute('aria-activedescendant');
    else this.viewport.setAttribute('aria-activedescendant', this.rowId(index));
  }

  /** Briefly marks a row, so the eye finds it after a jump. */
  flash(index: number): void {
    const row = this.window.querySelector(`#${CSS.escape(this.rowId(index))}`);
    row?.classList.remove('flash');
    void (row as HTMLElement | null)?.offsetWidth;
    row?.classList.add('flash');
  }

  focus(): void {
    this.viewport.focus({ preventScroll: true });
  }

  get scrollTop(): number {
    return this.viewport.scrollTop;
  }

  set scrollTop(value: number) {
    this.viewport.scrollTop = value;
    this.renderWindow(true);
  }

  private rowId(index: number): string {
    return `${this.options.idPrefix}-row-${index}`;
  }

  private scrollToRow(index: number, how: 'nearest' | 'center'): void {
    const position = this.positionOf.get(index);
    if (position === undefined) return;
    const top = position * ROW_HEIGHT_PX;
    const headerHeight = ROW_HEIGHT_PX;
    const viewHeight = this.viewport.clientHeight - headerHeight;
    if (how === 'center') {
      this.viewport.scrollTop = Math.max(0, top - viewHeight / 2 + ROW_HEIGHT_PX / 2);
    } else if (top < this.viewport.scrollTop) {
      this.viewport.scrollTop = top;
    } else if (top + ROW_HEIGHT_PX > this.viewport.scrollTop + viewHeight) {
      this.viewport.scrollTop = top + ROW_HEIGHT_PX - viewHeight;
    }
  }

  private scheduleRender(): void {
    if (this.frame !== null) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.renderWindow(false);
    });
  }

  private renderWindow(force: boolean): void {
    const viewHeight = this.viewport.clientHeight || window.innerHeight;
    const first = Math.max(0, Math.floor(this.viewport.scrollTop / ROW_HEIGHT_PX) - OVERSCAN_ROWS);
    const last = Math.min(this.rows.length - 1, Math.ceil((this.viewport.scrollTop + viewHeight) / ROW_HEIGHT_PX) + OVERSCAN_ROWS);
    if (!force && first === this.renderedRange.first && last === this.renderedRange.last) return;
    this.renderedRange = { first, last };
    const fragment = document.createDocumentFragment();
    for (let position = first; position <= last; position++) fragment.append(this.renderRow(this.rows[position], position));
    this.window.style.transform = `translateY(${first * ROW_HEIGHT_PX}px)`;
    this.window.replaceChildren(fragment);
  }

  private renderRow(index: number, position: number): HTMLElement {
    const node = this.options.nodes[index];
    const hasChildren = node.children.length > 0;
    const classes = ['plan-row', ...(this.options.rowClasses?.(node) ?? [])];
    if (index === this.selected) classes.push('selected');
    const row = element('div', {
      id: this.rowId(index),
      className: classes.join(' '),
      role: 'row',
      attributes: {
        'data-index': String(index),
        'aria-rowindex': String(position + 2),
        'aria-level': String(node.depth + 1),
        'aria-selected': String(index === this.selected),
        ...(hasChildren ? { 'aria-expanded': String(!this.options.isCollapsed(index)) } : {}),
      },
    });
    for (const column of this.columns) {
      const cell = element('div', { className: `plan-cell col-${column.key}${column.numeric ? ' numeric' : ''}`, role: 'gridcell' });
      column.render(cell, node);
      row.append(cell);
    }
    return row;
  }

  private onClick(event: MouseEvent): void {
    const index = rowIndexOf(event.target);
    if (index === null) return;
    if ((event.target as Element).closest('.twistie')) {
      this.options.onToggle(index, this.options.isCollapsed(index));
      return;
    }
    this.options.onSelect(index, 'click');
  }

  private onKey(event: KeyboardEvent): void {
    if (this.rows.length === 0) return;
    const current = this.selected === null ? -1 : (this.positionOf.get(this.selected) ?? -1);
    const page = Math.max(1, Math.floor(this.viewport.clientHeight / ROW_HEIGHT_PX) - 1);
    const moveTo = (position: number) => {
      const clamped = Math.max(0, Math.min(this.rows.length - 1, position));
      this.options.onSelect(this.rows[clamped], 'keyboard');
    };
    const node = this.selected === null ? undefined : this.options.nodes[this.selected];
    switch (event.key) {
      case 'ArrowDown':
        moveTo(current + 1);
        break;
      case 'ArrowUp':
        moveTo(current <= 0 ? 0 : current - 1);
        break;
      case 'PageDown':
        moveTo(current + page);
        break;
      case 'PageUp':
        moveTo(current - page);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(this.rows.length - 1);
        break;
      case 'ArrowRight':
        if (node === undefined) moveTo(0);
        else if (node.children.length > 0 && this.options.isCollapsed(node.index)) this.options.onToggle(node.index, true);
        else if (node.children.length > 0) moveTo(current + 1);
        break;
      case 'ArrowLeft':
        if (node === undefined) break;
        if (node.children.length > 0 && !this.options.isCollapsed(node.index)) this.options.onToggle(node.index, false);
        else if (node.parent !== null) this.options.onSelect(node.parent, 'keyboard');
        break;
      case 'Enter':
        if (node !== undefined) this.options.onActivate?.(node.index);
        break;
      default:
        return;
    }
    event.preventDefault();
  }
}

function rowIndexOf(target: EventTarget | null): number | null {
  const row = (target as Element | null)?.closest?.('.plan-row[data-index]');
  const value = row?.getAttribute('data-index');
  return value === null || value === undefined ? null : Number(value);
}
