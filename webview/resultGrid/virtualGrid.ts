// A results grid that stays smooth with thousands of rows: only the rows in view (and a few
// around them) are in the DOM. Sortable columns (numbers by value), a cell/row/rectangle
// selection (click, shift-click, the row number, arrow keys, Ctrl+A), and the selection as text.
// NULL is drawn apart from the string 'NULL'. Every value goes in through textContent.
import type { ResultCell, ResultColumn } from '../../src/core/sql/resultModel';
import { sortedRowOrder, type ResultSort } from '../../src/core/sql/resultSort';
import { element } from '../shared/dom';
import { columnTemplate } from './columnTemplate';

const ROW_HEIGHT = 24;
const OVERSCAN = 8;
const TOOLTIP_CHARS = 2_000;

export interface GridPosition {
  row: number;
  column: number;
}

export interface GridSelection {
  anchor: GridPosition;
  focus: GridPosition;
}

export interface GridCallbacks {
  onSelectionChange(selection: GridSelection | undefined): void;
  onSortChange(sort: ResultSort | null): void;
  onCopy(): void;
  /** the grid's accessible name, localized by the host */
  label: string;
  /** a column header's tooltip, localized by the host */
  sortTitle(column: ResultColumn): string;
}

export class VirtualGrid {
  readonly element: HTMLElement;
  private readonly scroller: HTMLElement;
  private readonly header: HTMLElement;
  private readonly body: HTMLElement;
  private readonly rowsLayer: HTMLElement;
  private order: number[];
  private sort: ResultSort | null = null;
  private selection: GridSelection | undefined;
  private frame = 0;

  constructor(
    private readonly columns: readonly ResultColumn[],
    private readonly rows: readonly (readonly ResultCell[])[],
    private readonly callbacks: GridCallbacks,
  ) {
    this.order = rows.map((_row, index) => index);
    this.header = element('div', { className: 'grid-row grid-header', role: 'row', attributes: { 'aria-rowindex': '1' } });
    this.rowsLayer = element('div', { className: 'grid-rows', role: 'rowgroup' });
    this.body = element('div', { className: 'grid-body' }, this.rowsLayer);
    this.scroller = element(
      'div',
      {
        className: 'grid-scroll',
        role: 'grid',
        attributes: {
          tabindex: '0',
          'aria-label': callbacks.label,
          'aria-rowcount': String(rows.length + 1),
          'aria-colcount': String(columns.length + 1),
          'aria-multiselectable': 'true',
        },
      },
      this.header,
      this.body,
    );
    this.element = this.scroller;
    this.scroller.style.setProperty('--grid-columns', columnTemplate(columns, rows));
    this.body.style.height = `${rows.length * ROW_HEIGHT}px`;
    this.renderHeader();
    this.scroller.addEventListener('scroll', () => this.schedule());
    this.scroller.addEventListener('keydown', (event) => this.onKey(event));
    this.rowsLayer.addEventListener('mousedown', (event) => this.onMouseDown(event));
    new ResizeObserver(() => this.schedule()).observe(this.scroller);
  }

  get currentSort(): ResultSort | null {
    return this.sort;
  }

  get currentSelection(): GridSelection | undefined {
    return this.selection;
  }

  start(): void {
    this.render();
  }

  /** Rows (by display index) and columns of the selection, as tab-separated text; NULL as NULL. */
  selectionText(scope: 'cell' | 'row' | 'selection'): { text: string; cells: number } | undefined {
    const selection = this.selection;
    if (!selection) return undefined;
    let top = Math.min(selection.anchor.row, selection.focus.row);
    let bottom = Math.max(selection.anchor.row, selection.focus.row);
    let left = Math.min(selection.anchor.column, selection.focus.column);
    let right = Math.max(selection.anchor.column, selection.focus.column);
    if (scope === 'cell') {
      top = bottom = selection.focus.row;
      left = right = selection.focus.column;
    } else if (scope === 'row') {
      top = bottom = selection.focus.row;
      left = 0;
      right = this.columns.length - 1;
    }
    const lines: string[] = [];
    for (let row = top; row <= bottom; row++) {
      const values = this.rows[this.order[row]];
      const cells: string[] = [];
      for (let column = left; column <= right; column++) cells.push(copyText(values[column] ?? null));
      lines.push(cells.join('\t'));
    }
    return { text: lines.join('\n'), cells: (bottom - top + 1) * (right - left + 1) };
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  private renderHeader(): void {
    const cells = [element('div', { className: 'grid-cell row-number', role: 'columnheader', attributes: { 'aria-colindex': '1' } }, '#')];
    this.columns.forEach((column, index) => {
      const sorted = this.sort?.column === index ? this.sort.direction : undefined;
      const cell = element(
        'div',
        {
          className: `grid-cell head${column.numeric ? ' numeric' : ''}`,
          role: 'columnheader',
          attributes: {
            'aria-colindex': String(index + 2),
            'aria-sort': sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none',
            'data-column': String(index),
            title: this.callbacks.sortTitle(column),
            tabindex: '-1',
          },
        },
        element('span', { className: 'head-name' }, column.name),
        element(
          'span',
          { className: 'sort-mark', attributes: { 'aria-hidden': 'true' } },
          sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '',
        ),
      );
      cell.addEventListener('click', () => this.toggleSort(index));
      cells.push(cell);
    });
    this.header.replaceChildren(...cells);
  }

  private toggleSort(column: number): void {
    const current = this.sort?.column === column ? this.sort.direction : undefined;
    this.sort = current === undefined ? { column, direction: 'asc' } : current === 'asc' ? { column, direction: 'desc' } : null;
    this.order = sortedRowOrder(this.rows, this.sort ?? undefined, this.sort ? this.columns[this.sort.column].numeric : false);
    this.renderHeader();
    this.render();
    this.callbacks.onSortChange(this.sort);
  }

  private render(): void {
    const headerHeight = this.header.offsetHeight;
    const viewHeight = Math.max(this.scroller.clientHeight - headerHeight, ROW_HEIGHT);
    const scrollTop = Math.max(0, this.scroller.scrollTop);
    const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(this.rows.length, Math.ceil((scrollTop + viewHeight) / ROW_HEIGHT) + OVERSCAN);
    this.rowsLayer.style.transform = `translateY(${first * ROW_HEIGHT}px)`;
    const rows: HTMLElement[] = [];
    for (let display = first; display < last; display++) rows.push(this.renderRow(display));
    this.rowsLayer.replaceChildren(...rows);
  }

  private renderRow(display: number): HTMLElement {
    const values = this.rows[this.order[display]];
    const selected = this.selectedColumns(display);
    const cells = [
      element(
        'div',
        { className: 'grid-cell row-number', role: 'rowheader', attributes: { 'aria-colindex': '1', 'data-column': '-1' } },
        String(display + 1),
      ),
    ];
    this.columns.forEach((column, index) => {
      const value = values[index] ?? null;
      const isSelected = selected !== undefined && index >= selected[0] && index <= selected[1];
      const isFocus = this.selection?.focus.row === display && this.selection.focus.column === index;
      const cell = element('div', {
        className: `grid-cell${column.numeric ? ' numeric' : ''}${value === null ? ' null' : ''}${isSelected ? ' selected' : ''}${isFocus ? ' focus' : ''}`,
        role: 'gridcell',
        attributes: {
          'aria-colindex': String(index + 2),
          'data-column': String(index),
          'aria-selected': String(isSelected),
          ...(value !== null && value.length > 12 ? { title: value.slice(0, TOOLTIP_CHARS) } : {}),
        },
      });
      cell.textContent = value === null ? 'NULL' : value;
      cells.push(cell);
    });
    return element(
      'div',
      {
        className: `grid-row${selected ? ' has-selection' : ''}${display % 2 === 1 ? ' odd' : ''}`,
        role: 'row',
        attributes: { 'aria-rowindex': String(display + 2), 'data-row': String(display) },
      },
      ...cells,
    );
  }

  private selectedColumns(display: number): [number, number] | undefined {
    const selection = this.selection;
    if (!selection) return undefined;
    const top = Math.min(selection.anchor.row, selection.focus.row);
    const bottom = Math.max(selection.anchor.row, selection.focus.row);
    if (display < top || display > bottom) return undefined;
    return [Math.min(selection.anchor.column, selection.focus.column), Math.max(selection.anchor.column, selection.focus.column)];
  }

  private onMouseDown(event: MouseEvent): void {
    const cell = (event.target as Element | null)?.closest<HTMLElement>('.grid-cell');
    const row = cell?.closest<HTMLElement>('.grid-row');
    if (!cell || !row) return;
    const display = Number(row.dataset.row);
    const column = Number(cell.dataset.column);
    if (column < 0) {
      const anchor = event.shiftKey && this.selection ? this.selection.anchor : { row: display, column: 0 };
      this.select({ anchor: { row: anchor.row, column: 0 }, focus: { row: display, column: this.columns.length - 1 } });
    } else if (event.shiftKey && this.selection) {
      this.select({ anchor: this.selection.anchor, focus: { row: display, column } });
    } else {
      this.select({ anchor: { row: display, column }, focus: { row: display, column } });
    }
    this.scroller.focus({ preventScroll: true });
    event.preventDefault();
  }

  private select(selection: GridSelection | undefined): void {
    this.selection = selection;
    this.render();
    this.callbacks.onSelectionChange(selection);
  }

  private onKey(event: KeyboardEvent): void {
    const modifier = event.ctrlKey || event.metaKey;
    if (modifier && event.key.toLowerCase() === 'c') {
      event.preventDefault();
      this.callbacks.onCopy();
      return;
    }
    if (modifier && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      if (this.rows.length > 0)
        this.select({ anchor: { row: 0, column: 0 }, focus: { row: this.rows.length - 1, column: this.columns.length - 1 } });
      return;
    }
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[event.key];
    if (!move || this.rows.length === 0) return;
    event.preventDefault();
    const focus = this.selection?.focus ?? { row: 0, column: 0 };
    const next = {
      row: Math.min(this.rows.length - 1, Math.max(0, focus.row + move[0])),
      column: Math.min(this.columns.length - 1, Math.max(0, focus.column + move[1])),
    };
    this.select({ anchor: event.shiftKey && this.selection ? this.selection.anchor : next, focus: next });
    this.scrollIntoView(next.row);
  }

  private scrollIntoView(display: number): void {
    const headerHeight = this.header.offsetHeight;
    const top = display * ROW_HEIGHT;
    const viewHeight = this.scroller.clientHeight - headerHeight;
    if (top < this.scroller.scrollTop) this.scroller.scrollTop = top;
    else if (top + ROW_HEIGHT > this.scroller.scrollTop + viewHeight) this.scroller.scrollTop = top + ROW_HEIGHT - viewHeight;
  }
}

function copyText(value: ResultCell): string {
  return value === null ? 'NULL' : value;
}
