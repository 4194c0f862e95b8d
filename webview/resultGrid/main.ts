// The results grid tab: the statement, where and when it ran and how long it took; then its rows
// (virtualised, sortable, copy, CSV export), or its outcome (affected rows, last insert id), or the
// server's error with its code; the warnings it left; on TiDB a way to its plan; Run Again. The
// page keeps its tab's id (setState) so the tab comes back after a window reload; a tab whose rows
// were not kept comes back saying so.
import type { ResultWarning, RowsResult, StatementRunError, StatementRunResult } from '../../src/core/sql/resultModel';
import type {
  CopyScope,
  ResultGridContent,
  ResultGridProtocol,
  ResultGridShow,
  ResultGridStrings,
  ResultGridTabState,
} from '../../src/protocol/resultGrid';
import { button, type ButtonControl } from '../shared/components';
import { element, replaceChildren } from '../shared/dom';
import { connectToHost } from '../shared/hostChannel';
import { fill } from '../shared/template';
import { VirtualGrid } from './virtualGrid';

const host = connectToHost<ResultGridProtocol, ResultGridTabState>();
const app = document.getElementById('app') as HTMLElement;
document.body.classList.add('result-grid');
const numberFormat = new Intl.NumberFormat('en-US');

host.on('show', (show) => {
  host.setState(show.keep);
  const s = show.strings;
  if (show.kind === 'notKept') {
    showNotKept(show);
    return;
  }
  const content = show.content;
  replaceChildren(app, header(content));
  app.removeAttribute('aria-busy');
  if (show.restored) append(element('p', { className: 'note restored', id: 'restored' }, s.restored));
  if (!content.run.ok) {
    append(toolbar(show, undefined), errorPanel(s, content.run.error));
    return;
  }
  const result = content.run.result;
  const answer = result.answer;
  if (answer.kind === 'rows') showRows(show, s, result, answer);
  else {
    const parts = [
      answer.affectedRows === 1 ? s.rowsAffectedOne : fill(s.rowsAffected, numberFormat.format(answer.affectedRows)),
      answer.insertId !== undefined ? fill(s.lastInsertId, String(answer.insertId)) : '',
      answer.info ?? '',
    ].filter(Boolean);
    append(
      element('p', { className: 'summary', id: 'summary' }, parts.join(' · ')),
      result.rolledBack ? element('p', { className: 'note rolled-back' }, s.rolledBack) : null,
      toolbar(show, undefined),
      warningsPanel(s, result.warnings),
    );
  }
});

/** A tab restored after a reload whose rows were not kept: the statement, why, and Run Again. */
function showNotKept(show: Extract<ResultGridShow, { kind: 'notKept' }>): void {
  const statement = element(
    'code',
    { className: 'statement', attributes: { title: show.statement.slice(0, 4_000) } },
    oneLine(show.statement) || show.strings.aStatement,
  );
  replaceChildren(app, element('header', { className: 'grid-page-header' }, statement));
  app.removeAttribute('aria-busy');
  append(element('p', { className: 'summary', id: 'not-kept' }, show.message), toolbar(show, undefined));
}

function header(content: ResultGridContent): HTMLElement {
  const statement = element(
    'code',
    { className: 'statement', attributes: { title: content.statement.slice(0, 4_000) } },
    oneLine(content.statement),
  );
  const elapsed = content.run.ok ? ` · ${formatDuration(content.run.result.elapsedMs)}` : '';
  const meta = element(
    'p',
    { className: 'meta', id: 'meta' },
    `${content.connection} · ${new Date(content.ranAt).toLocaleString()}${elapsed}`,
  );
  return element('header', { className: 'grid-page-header' }, statement, meta);
}

function showRows(
  show: Extract<ResultGridShow, { kind: 'run' }>,
  s: ResultGridStrings,
  result: StatementRunResult,
  answer: RowsResult,
): void {
  const content = show.content;
  const status = element('span', { className: 'status', id: 'copy-status', role: 'status' });
  const gridRef: { grid?: VirtualGrid } = {};
  const copy = (scope: CopyScope) => {
    const copied = gridRef.grid?.selectionText(scope);
    if (!copied) {
      status.textContent = s.selectCellFirst;
      return;
    }
    host.post('copy', { text: copied.text, scope, cells: copied.cells });
    status.textContent =
      scope === 'cell' ? s.copiedCell : scope === 'row' ? s.copiedRow : fill(s.copiedCells, numberFormat.format(copied.cells));
  };
  const copyButtons = {
    cell: button({ id: 'copy-cell', label: s.copyCell, appearance: 'secondary', onClick: () => copy('cell') }),
    row: button({ id: 'copy-row', label: s.copyRow, appearance: 'secondary', onClick: () => copy('row') }),
    selection: button({ id: 'copy-selection', label: s.copySelection, appearance: 'secondary', onClick: () => copy('selection') }),
  };
  for (const control of Object.values(copyButtons)) control.disabled = true;
  const grid = new VirtualGrid(answer.columns, answer.rows, {
    onSelectionChange: (selection) => {
      for (const control of Object.values(copyButtons)) control.disabled = selection === undefined;
      status.textContent = '';
    },
    onSortChange: () => undefined,
    onCopy: () => copy('selection'),
    label: s.gridLabel,
    sortTitle: (column) => fill(s.sortTitle, column.name, column.type),
  });
  append(
    element('p', { className: 'summary', id: 'summary' }, rowSummary(s, answer, content.rowLimitSetting)),
    toolbar(show, grid, [copyButtons.cell, copyButtons.row, copyButtons.selection], status),
    warningsPanel(s, result.warnings),
    answer.columns.length === 0 ? null : grid.element,
  );
  gridRef.grid = grid;
  grid.start();
}

function rowSummary(s: ResultGridStrings, answer: RowsResult, setting: string): string {
  const shown = answer.rows.length;
  const rows = (count: number) => (count === 1 ? s.rowsOne : fill(s.rows, numberFormat.format(count)));
  if (answer.totalKnown && shown === answer.totalRows) return rows(shown);
  const total = answer.totalKnown ? rows(answer.totalRows) : fill(s.moreThan, rows(answer.totalRows));
  return fill(s.showingFirst, numberFormat.format(shown), total, setting, numberFormat.format(answer.rowLimit));
}

function toolbar(
  show: ResultGridShow,
  grid: VirtualGrid | undefined,
  copyButtons: ButtonControl[] = [],
  status?: HTMLElement,
): HTMLElement {
  const controls: (HTMLElement | null | undefined)[] = copyButtons.map((control) => control.element);
  if (grid)
    controls.push(
      button({
        id: 'export-csv',
        label: show.strings.exportCsv,
        appearance: 'secondary',
        onClick: () => host.post('exportCsv', { sort: grid.currentSort }),
      }).element,
    );
  if (show.kind === 'run' && show.content.planLink)
    controls.push(
      button({ id: 'show-plan', label: show.strings.showPlan, appearance: 'secondary', onClick: () => host.post('showPlan', null) })
        .element,
    );
  if (show.canRunAgain)
    controls.push(
      button({
        id: 'run-again',
        label: show.strings.runAgain,
        appearance: show.kind === 'notKept' ? 'primary' : 'secondary',
        onClick: () => host.post('runAgain', null),
      }).element,
    );
  controls.push(status);
  return element('div', { className: 'toolbar', role: 'toolbar' }, ...controls);
}

function warningsPanel(s: ResultGridStrings, warnings: readonly ResultWarning[]): HTMLElement | null {
  if (warnings.length === 0) return null;
  const items = warnings.map((warning) =>
    element(
      'li',
      { className: `warning level-${warning.level.toLowerCase().replace(/[^a-z]/g, '')}` },
      element('span', { className: 'warning-code' }, `${warning.level} ${warning.code}`),
      ' ',
      warning.message,
    ),
  );
  return element(
    'section',
    { className: 'warnings', id: 'warnings', attributes: { 'aria-label': s.warningsLabel } },
    element('h2', {}, warnings.length === 1 ? s.warningsOne : fill(s.warnings, String(warnings.length))),
    element('ul', {}, ...items),
  );
}

function errorPanel(s: ResultGridStrings, error: StatementRunError): HTMLElement {
  const code = [
    error.errno !== undefined ? fill(s.errorNumber, String(error.errno)) : s.error,
    error.sqlState ? `(${error.sqlState})` : '',
    error.code ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return element(
    'section',
    { className: 'error', id: 'error', role: 'alert' },
    element('h2', {}, code),
    element('p', { className: 'error-message' }, error.message),
  );
}

function append(...nodes: (HTMLElement | null)[]): void {
  app.append(...nodes.filter((node): node is HTMLElement => node !== null));
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

function formatDuration(ms: number): string {
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 1_000) return `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
  return `${(ms / 1_000).toFixed(2)} s`;
}
