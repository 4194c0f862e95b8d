// The results grid tab: the statement, where and when it ran and how long it took; then its rows
// (virtualised, sortable, copy, CSV export), or its outcome (affected rows, last insert id), or the
// server's error with its code; the warnings it left; on TiDB a way to its plan; Run Again. Every
// result set of a statement (a CALL's) and every statement of a Run Selection or Run File come one
// after another, each with its statement, time, rows and warnings. The
// page keeps its tab's id (setState) so the tab comes back after a window reload; a tab whose rows
// were not kept comes back saying so.
import { answersOf, type ResultWarning, type RowsResult, type StatementRunError } from '../../src/core/sql/resultModel';
import type {
  CopyScope,
  ResultGridStatementRun,
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
  const statements: ResultGridStatementRun[] = [content, ...(content.more ?? [])];
  const sections = statements.reduce((count, entry) => count + (entry.run.ok ? answersOf(entry.run.result).length : 1), 0);
  // one result fills the tab; several are one after another, the page scrolls
  document.body.classList.toggle('many-results', sections > 1);
  // the statements of the selection or file: those that ran and those left after a failure
  const total = String(statements.length + (content.notRun?.count ?? 0));
  replaceChildren(app, header(content, content.batch !== undefined ? fill(s.statementNumber, '1', total) : undefined));
  app.removeAttribute('aria-busy');
  if (show.restored) append(element('p', { className: 'note restored', id: 'restored' }, s.restored));
  statements.forEach((entry, index) => {
    if (index > 0) append(header(entry, fill(s.statementNumber, String(index + 1), total), index));
    showStatement(show, s, entry, index);
  });
  if (content.notRun) append(element('p', { className: 'note not-run', id: 'not-run' }, content.notRun.note));
});

/** One statement's answers (each result set) or its error; ids of the first statement's first answer are plain, the others' end in -<statement>-<answer>. */
function showStatement(
  show: Extract<ResultGridShow, { kind: 'run' }>,
  s: ResultGridStrings,
  entry: ResultGridStatementRun,
  index: number,
): void {
  const first = index === 0;
  if (!entry.run.ok) {
    append(first ? toolbar(show, undefined) : null, errorPanel(s, entry.run.error, idSuffix(index, 0)));
    return;
  }
  const result = entry.run.result;
  const answers = answersOf(result);
  answers.forEach((answer, position) => {
    const suffix = idSuffix(index, position);
    const warnings = position === 0 ? warningsPanel(s, result.warnings, suffix) : null;
    if (answers.length > 1)
      append(
        element(
          'h3',
          { className: 'result-set', id: `result-set${suffix}` },
          fill(s.resultSet, String(position + 1), String(answers.length)),
        ),
      );
    if (answer.kind === 'rows') {
      showRows(show, s, answer, {
        statement: index,
        answer: position,
        suffix,
        warnings,
        own: first && position === 0,
        fitRows: answers.length > 1 || !!show.content.more,
      });
      return;
    }
    const parts = [
      answer.affectedRows === 1 ? s.rowsAffectedOne : fill(s.rowsAffected, numberFormat.format(answer.affectedRows)),
      answer.insertId !== undefined ? fill(s.lastInsertId, String(answer.insertId)) : '',
      answer.info ?? '',
    ].filter(Boolean);
    append(
      element('p', { className: 'summary', id: `summary${suffix}` }, parts.join(' · ')),
      position === 0 && result.rolledBack ? element('p', { className: 'note rolled-back' }, s.rolledBack) : null,
      first && position === 0 ? toolbar(show, undefined) : null,
      warnings,
    );
  });
}

function idSuffix(statement: number, answer: number): string {
  return statement === 0 && answer === 0 ? '' : `-${statement + 1}-${answer + 1}`;
}

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

/** The page's header (the first statement, where and when it ran) or, `index` > 0, a later statement's. */
function header(entry: ResultGridStatementRun & { connection?: string }, number?: string, index = 0): HTMLElement {
  const statement = element(
    'code',
    { className: 'statement', attributes: { title: entry.statement.slice(0, 4_000) } },
    oneLine(entry.statement),
  );
  const elapsed = entry.run.ok ? ` · ${formatDuration(entry.run.result.elapsedMs)}` : '';
  const where = entry.connection !== undefined ? `${entry.connection} · ` : '';
  const meta = element(
    'p',
    { className: 'meta', id: index === 0 ? 'meta' : `meta-${index + 1}` },
    `${where}${new Date(entry.ranAt).toLocaleString()}${elapsed}`,
  );
  const numbered = number === undefined ? null : element('span', { className: 'statement-number' }, number);
  return element(
    'header',
    {
      className: index === 0 ? 'grid-page-header' : 'grid-page-header later-statement',
      id: index === 0 ? undefined : `statement-${index + 1}`,
    },
    ...(numbered ? [numbered] : []),
    statement,
    meta,
  );
}

interface RowsPlace {
  statement: number;
  answer: number;
  /** '' for the first statement's first answer, else -<statement>-<answer> */
  suffix: string;
  warnings: HTMLElement | null;
  /** the page's own toolbar (Show Plan, Run Again) goes with these rows */
  own: boolean;
  /** several results on the page: the grid is as tall as its rows (up to half the view) */
  fitRows: boolean;
}

function showRows(show: Extract<ResultGridShow, { kind: 'run' }>, s: ResultGridStrings, answer: RowsResult, place: RowsPlace): void {
  const content = show.content;
  const suffix = place.suffix;
  const status = element('span', { className: 'status', id: `copy-status${suffix}`, role: 'status' });
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
    cell: button({ id: `copy-cell${suffix}`, label: s.copyCell, appearance: 'secondary', onClick: () => copy('cell') }),
    row: button({ id: `copy-row${suffix}`, label: s.copyRow, appearance: 'secondary', onClick: () => copy('row') }),
    selection: button({ id: `copy-selection${suffix}`, label: s.copySelection, appearance: 'secondary', onClick: () => copy('selection') }),
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
  if (place.fitRows) grid.element.style.height = `min(50vh, ${(answer.rows.length + 1) * 24 + 18}px)`;
  append(
    element('p', { className: 'summary', id: `summary${suffix}` }, rowSummary(s, answer, content.rowLimitSetting)),
    toolbar(show, grid, [copyButtons.cell, copyButtons.row, copyButtons.selection], status, place),
    place.warnings,
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
  place?: RowsPlace,
): HTMLElement {
  const controls: (HTMLElement | null | undefined)[] = copyButtons.map((control) => control.element);
  if (grid)
    controls.push(
      button({
        id: `export-csv${place?.suffix ?? ''}`,
        label: show.strings.exportCsv,
        appearance: 'secondary',
        onClick: () => host.post('exportCsv', { sort: grid.currentSort, statement: place?.statement ?? 0, answer: place?.answer ?? 0 }),
      }).element,
    );
  if (place && !place.own) {
    controls.push(status);
    return element('div', { className: 'toolbar', role: 'toolbar' }, ...controls);
  }
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

function warningsPanel(s: ResultGridStrings, warnings: readonly ResultWarning[], suffix: string): HTMLElement | null {
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
    { className: 'warnings', id: `warnings${suffix}`, attributes: { 'aria-label': s.warningsLabel } },
    element('h2', {}, warnings.length === 1 ? s.warningsOne : fill(s.warnings, String(warnings.length))),
    element('ul', {}, ...items),
  );
}

function errorPanel(s: ResultGridStrings, error: StatementRunError, suffix: string): HTMLElement {
  const code = [
    error.errno !== undefined ? fill(s.errorNumber, String(error.errno)) : s.error,
    error.sqlState ? `(${error.sqlState})` : '',
    error.code ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return element(
    'section',
    { className: 'error', id: `error${suffix}`, role: 'alert' },
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
