// Pieces several views share: the header with status and actions, summary tiles, key/value and
// data tables, the warnings callout. Everything is built with textContent (dom.ts): nothing a
// result file holds can become markup.
import type { RunStatus, ServerInfo } from '../../src/core/results/benchmarkResult';
import type { ExportFormat } from '../../src/protocol/benchmarkResults';
import { button } from '../shared/components';
import { element } from '../shared/dom';
import type { ViewContext } from './viewContext';

export function statusBadge(context: ViewContext, status: RunStatus | 'running' | 'stopping'): HTMLElement {
  const s = context.strings;
  const text = {
    completed: s.statusCompleted,
    cancelled: s.statusCancelled,
    failed: s.statusFailed,
    running: s.statusRunning,
    stopping: s.statusStopping,
  }[status];
  return element('span', { className: `badge status-${status}`, attributes: { 'data-status': status } }, text);
}

export function exportButtons(context: ViewContext): HTMLElement {
  const s = context.strings;
  const formats: [ExportFormat, string][] = [
    ['csv', s.exportCsv],
    ['markdown', s.exportMarkdown],
    ['json', s.exportJson],
  ];
  return element(
    'div',
    { className: 'toolbar' },
    ...formats.map(
      ([format, label]) =>
        button({ id: `export-${format}`, label, appearance: 'secondary', onClick: () => context.host.post('export', { format }) }).element,
    ),
  );
}

export function pageHeader(title: string, meta: (HTMLElement | string)[], actions?: HTMLElement): HTMLElement {
  return element(
    'header',
    { className: 'page-header' },
    element('div', { className: 'title-row' }, element('h1', { id: 'result-title' }, title), actions ?? null),
    element(
      'div',
      { className: 'meta muted' },
      ...meta.flatMap((part, index) =>
        index === 0 ? [part] : [element('span', { className: 'separator', attributes: { 'aria-hidden': 'true' } }, '·'), part],
      ),
    ),
  );
}

export interface Tile {
  key: string;
  label: string;
  value: string;
  /** a short explanation under the value, in small type */
  note?: string;
}

export class Tiles {
  readonly element: HTMLElement;
  private readonly values = new Map<string, HTMLElement>();

  constructor(tiles: readonly Tile[]) {
    this.element = element(
      'section',
      { className: 'tiles', attributes: { 'aria-live': 'off' } },
      ...tiles.map((tile) => {
        const value = element('div', { className: 'tile-value', attributes: { 'data-tile': tile.key } }, tile.value);
        this.values.set(tile.key, value);
        return element(
          'div',
          { className: tile.note === undefined ? 'tile' : 'tile with-note' },
          element('div', { className: 'tile-label muted' }, tile.label),
          value,
          tile.note === undefined
            ? null
            : element('div', { className: 'tile-note muted', attributes: { 'data-tile-note': tile.key } }, tile.note),
        );
      }),
    );
  }

  set(key: string, value: string): void {
    const node = this.values.get(key);
    if (node) node.textContent = value;
  }
}

export function keyValueTable(rows: readonly [string, string][], className = 'kv'): HTMLTableElement {
  return element(
    'table',
    { className },
    element(
      'tbody',
      {},
      ...rows.map(([key, value]) => element('tr', {}, element('th', { attributes: { scope: 'row' } }, key), element('td', {}, value))),
    ),
  );
}

export function dataTable(
  headers: readonly string[],
  rows: readonly (readonly (string | HTMLElement)[])[],
  options: { className?: string; numericFrom?: number } = {},
): HTMLTableElement {
  const numericFrom = options.numericFrom ?? 1;
  return element(
    'table',
    { className: `data ${options.className ?? ''}`.trim() },
    element(
      'thead',
      {},
      element(
        'tr',
        {},
        ...headers.map((header, index) =>
          element('th', { className: index >= numericFrom ? 'num' : '', attributes: { scope: 'col' } }, header),
        ),
      ),
    ),
    element(
      'tbody',
      {},
      ...rows.map((row) =>
        element('tr', {}, ...row.map((cell, index) => element('td', { className: index >= numericFrom ? 'num' : '' }, cell))),
      ),
    ),
  );
}

export function warningsCallout(context: ViewContext, warnings: readonly string[]): HTMLElement | null {
  if (warnings.length === 0) return null;
  return element(
    'section',
    { className: 'callout warning', role: 'note' },
    element('strong', {}, context.strings.warnings),
    element('ul', {}, ...warnings.slice(0, 30).map((warning) => element('li', {}, warning))),
  );
}

export function card(title: string, ...children: (HTMLElement | null)[]): HTMLElement {
  return element('section', { className: 'card' }, element('header', { className: 'card-header' }, element('h2', {}, title)), ...children);
}

/** "TiDB v8.5.1", "MariaDB 10.11.19", as the Connections view names servers. */
export function serverText(server: ServerInfo): string {
  switch (server.flavor) {
    case 'tidb':
      return `TiDB v${server.version}`;
    case 'mariadb':
      return `MariaDB ${server.version}`;
    case 'mysql':
      return `MySQL ${server.version}`;
    default:
      return server.versionString ?? server.version;
  }
}
