// The results grid tabs: one per statement of a document (running it again refreshes its tab),
// opened beside the SQL editor. Answers the page's Copy (clipboard and a status message), Export
// CSV (a save dialog; the rows kept, in the grid's order) and Show Plan.
import * as vscode from 'vscode';
import { resultCsv } from '../../core/sql/resultCsv';
import { sortedRowOrder } from '../../core/sql/resultSort';
import { isResultSort, type ResultGridContent, type ResultGridProtocol } from '../../protocol/resultGrid';
import type { ExtensionLog } from '../log/extensionLog';
import { TypedWebviewPanel } from '../webviews/typedWebviewPanel';
import { RESULT_GRID_VIEW_TYPE } from './runIds';

const STATUS_MESSAGE_MS = 4_000;

interface GridRecord {
  readonly panel: TypedWebviewPanel<ResultGridProtocol>;
  key: string;
  content: ResultGridContent;
  showPlan: () => void;
}

export interface GridShowOptions {
  /** the same key (document and statement) reuses its tab */
  key: string;
  title: string;
  /** on TiDB: opens EXPLAIN of the statement in the plan view */
  showPlan: () => void;
}

export class ResultGridPanels implements vscode.Disposable {
  private readonly records = new Map<string, GridRecord>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly log: ExtensionLog,
  ) {}

  show(content: ResultGridContent, options: GridShowOptions): { title: string } {
    const existing = this.records.get(options.key);
    if (existing) {
      existing.content = content;
      existing.showPlan = options.showPlan;
      existing.panel.panel.title = options.title;
      existing.panel.panel.reveal(undefined, true);
      existing.panel.post('show', content);
      return { title: options.title };
    }
    const panel = TypedWebviewPanel.create<ResultGridProtocol>(
      this.extensionUri,
      {
        viewType: RESULT_GRID_VIEW_TYPE,
        title: options.title,
        bundle: 'resultGrid',
        contentMessage: 'show',
        column: vscode.ViewColumn.Beside,
        // the rows live only in the page: rebuilding them would mean running the statement again
        retainContextWhenHidden: true,
      },
      this.log,
    );
    const record: GridRecord = { panel, key: options.key, content, showPlan: options.showPlan };
    this.records.set(options.key, record);
    panel.onDidDispose(() => {
      if (this.records.get(record.key) === record) this.records.delete(record.key);
    });
    panel.on('ready', () => panel.post('show', record.content));
    panel.on('copy', (payload) => copy(payload));
    panel.on('exportCsv', (payload) => this.exportCsv(record, payload?.sort));
    panel.on('showPlan', () => record.showPlan());
    return { title: options.title };
  }

  private async exportCsv(record: GridRecord, sort: unknown): Promise<void> {
    const t = vscode.l10n.t;
    const run = record.content.run;
    if (!run.ok || run.result.answer.kind !== 'rows') return;
    const answer = run.result.answer;
    const validSort = isResultSort(sort) && sort.column < answer.columns.length ? sort : undefined;
    const order = sortedRowOrder(answer.rows, validSort, validSort ? answer.columns[validSort.column].numeric : false);
    const text = resultCsv(
      answer.columns,
      order.map((index) => answer.rows[index]),
    );
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target = await vscode.window.showSaveDialog({
      title: t('Export Rows as CSV'),
      defaultUri: folder ? vscode.Uri.joinPath(folder, `${fileNameOf(record.content.statement)}.csv`) : undefined,
      filters: { CSV: ['csv'] },
    });
    if (!target) return;
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
    const shown = answer.rows.length;
    const message =
      shown < answer.totalRows || !answer.totalKnown
        ? t(
            'Saved the first {0} rows (of {1}{2}) to {3}.',
            shown,
            answer.totalKnown ? '' : t('more than '),
            answer.totalRows,
            vscode.workspace.asRelativePath(target),
          )
        : t('Saved {0} rows to {1}.', shown, vscode.workspace.asRelativePath(target));
    vscode.window.setStatusBarMessage(message, STATUS_MESSAGE_MS * 2);
    this.log.info(message);
  }

  dispose(): void {
    for (const record of this.records.values()) record.panel.dispose();
    this.records.clear();
  }
}

async function copy(payload: unknown): Promise<void> {
  const { text, scope, cells } = (payload ?? {}) as { text?: unknown; scope?: unknown; cells?: unknown };
  if (typeof text !== 'string') return;
  await vscode.env.clipboard.writeText(text);
  const count = typeof cells === 'number' && Number.isInteger(cells) ? cells : 0;
  const t = vscode.l10n.t;
  const message =
    scope === 'cell' ? t('Copied the cell.') : scope === 'row' ? t('Copied the row ({0} cells).', count) : t('Copied {0} cells.', count);
  vscode.window.setStatusBarMessage(`$(check) ${message}`, STATUS_MESSAGE_MS);
}

function fileNameOf(statement: string): string {
  return (
    statement
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'results'
  );
}
