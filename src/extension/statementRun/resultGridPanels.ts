// The results grid tabs: one per statement of a document (running it again refreshes its tab),
// opened beside the SQL editor. Answers the page's Copy (clipboard and a status message), Export
// CSV (a save dialog; the rows kept, in the grid's order), Show Plan and Run Again. Each tab's run
// is kept in the extension's storage (ResultGridStore), so a serializer brings the tab back with its
// rows after a window reload; a tab whose rows were not kept comes back saying so, with Run Again.
import * as vscode from 'vscode';
import { writeUriWhole } from '../state/writeUriWhole';
import { resultCsv } from '../../core/sql/resultCsv';
import { answersOf } from '../../core/sql/resultModel';
import { sortedRowOrder } from '../../core/sql/resultSort';
import {
  isResultSort,
  type ResultGridContent,
  type ResultGridProtocol,
  type ResultGridShow,
  type ResultGridTabState,
} from '../../protocol/resultGrid';
import type { ExtensionLog } from '../log/extensionLog';
import { explainTargets } from '../plans/explainStatements';
import { PLAN_COMMANDS } from '../plans/planIds';
import { TypedWebviewPanel } from '../webviews/typedWebviewPanel';
import { RESULT_GRID_VIEW_TYPE, RUN_COMMANDS } from './runIds';
import { KEPT_GRIDS, MAX_KEPT_BYTES, ResultGridStore } from './resultGridStore';
import { resultGridStrings } from './resultGridStrings';

const STATUS_MESSAGE_MS = 4_000;
/** a longer statement is not kept in the page's state (VS Code writes it on every change): a tab that lost its rows then cannot run it again */
const MAX_STATE_STATEMENT = 20_000;

interface GridRecord {
  readonly panel: TypedWebviewPanel<ResultGridProtocol>;
  readonly tabId: string;
  key: string;
  /** the SQL document the statement came from */
  documentUri: string | undefined;
  page: ResultGridShow;
  /** Show Plan: EXPLAIN of the statement in the plan view */
  showPlan: () => void;
}

export interface GridShowOptions {
  /** the same key (document and statement) reuses its tab */
  key: string;
  title: string;
  /** the SQL document the statement is in (Run Again and Show Plan after a reload find it there) */
  documentUri: string;
  /** on TiDB: opens EXPLAIN of the statement in the plan view */
  showPlan: () => void;
}

export class ResultGridPanels implements vscode.Disposable {
  private readonly records = new Map<string, GridRecord>();
  private readonly store: ResultGridStore;

  constructor(
    private readonly extensionUri: vscode.Uri,
    storage: vscode.Uri,
    private readonly log: ExtensionLog,
  ) {
    this.store = new ResultGridStore(storage);
  }

  show(content: ResultGridContent, options: GridShowOptions): { title: string } {
    const existing = this.records.get(options.key);
    if (existing) {
      existing.documentUri = options.documentUri;
      existing.page = runPage(existing.tabId, options.documentUri, content);
      existing.showPlan = options.showPlan;
      existing.panel.panel.title = options.title;
      existing.panel.panel.reveal(undefined, true);
      this.keep(existing, content);
      existing.panel.post('show', existing.page);
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
        // the rows live in the page: rebuilding them on every show would mean sending them again
        retainContextWhenHidden: true,
      },
      this.log,
    );
    const tabId = ResultGridStore.newId();
    const record = this.attach(panel, {
      tabId,
      key: options.key,
      documentUri: options.documentUri,
      page: runPage(tabId, options.documentUri, content),
      showPlan: options.showPlan,
    });
    this.keep(record, content);
    return { title: options.title };
  }

  serializer(): vscode.WebviewPanelSerializer {
    return { deserializeWebviewPanel: (webviewPanel, state) => this.restore(webviewPanel, state) };
  }

  /** The tabs stay open (and come back after a reload); only the listeners go. */
  dispose(): void {
    this.records.clear();
  }

  private attach(panel: TypedWebviewPanel<ResultGridProtocol>, fields: Omit<GridRecord, 'panel'>): GridRecord {
    const record: GridRecord = { panel, ...fields };
    this.records.set(record.key, record);
    panel.onDidDispose(() => {
      if (this.records.get(record.key) === record) this.records.delete(record.key);
    });
    panel.on('ready', () => panel.post('show', record.page));
    panel.on('copy', (payload) => copy(payload));
    panel.on('exportCsv', (payload) => this.exportCsv(record, payload));
    panel.on('showPlan', () => record.showPlan());
    panel.on('runAgain', () => this.runAgain(record));
    return record;
  }

  /** A tab from before a window reload: its kept run, or a note that its rows were not kept, with Run Again. */
  private async restore(webviewPanel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const saved = tabStateOf(state);
    // read before the page is loaded: the answer to its `ready` needs the record
    const kept = saved ? await this.store.load(saved.tabId) : undefined;
    const panel = TypedWebviewPanel.adopt<ResultGridProtocol>(
      webviewPanel,
      this.extensionUri,
      { bundle: 'resultGrid', title: webviewPanel.title, contentMessage: 'show' },
      this.log,
    );
    const tabId = saved?.tabId ?? ResultGridStore.newId();
    if (kept) {
      const record = this.attach(panel, {
        tabId,
        key: kept.key,
        documentUri: kept.documentUri,
        page: { ...runPage(tabId, kept.documentUri, kept.content), restored: true },
        showPlan: () => void this.onStatement(record, PLAN_COMMANDS.explainStatement),
      });
      return;
    }
    const statement = saved?.statement ?? '';
    const documentUri = saved?.documentUri;
    this.attach(panel, {
      tabId,
      key: `${documentUri ?? ''}#${statement}`,
      documentUri,
      page: {
        kind: 'notKept',
        keep: { tabId, documentUri, statement: saved?.statement },
        canRunAgain: documentUri !== undefined && statement !== '',
        statement,
        message: vscode.l10n.t(
          'Its rows were not kept after the window reload: TiDB Lab keeps the last {0} results grids, up to {1} MB each.',
          KEPT_GRIDS,
          MAX_KEPT_BYTES / (1024 * 1024),
        ),
        strings: resultGridStrings(vscode.l10n.t),
      },
      showPlan: () => undefined,
    });
  }

  /** Stores the run for reloads, in the background: a failure costs only the rows after a reload. */
  private keep(record: GridRecord, content: ResultGridContent): void {
    this.store
      .save(record.tabId, { key: record.key, documentUri: record.documentUri, content })
      .then((kept) => {
        if (!kept) this.log.info(`The rows of "${record.panel.panel.title}" are too large to keep for a window reload.`);
      })
      .catch((error: unknown) => this.log.warn(`Keeping a results grid for reloads failed: ${String(error)}`));
  }

  private async runAgain(record: GridRecord): Promise<void> {
    if (record.page.kind === 'run' && record.page.content.batch === 'file' && record.documentUri !== undefined) {
      await vscode.commands.executeCommand(RUN_COMMANDS.runFile, vscode.Uri.parse(record.documentUri));
      return;
    }
    return this.onStatement(record, RUN_COMMANDS.runStatement);
  }

  /** Runs a statement command (Run, Explain) on the tab's statement where it is now in its SQL document. */
  private async onStatement(record: GridRecord, command: string): Promise<void> {
    const statement = record.page.kind === 'run' ? record.page.content.statement : record.page.statement;
    if (record.documentUri === undefined || statement === '') return;
    const uri = vscode.Uri.parse(record.documentUri);
    let document: vscode.TextDocument;
    try {
      document = await vscode.workspace.openTextDocument(uri);
    } catch {
      void vscode.window.showWarningMessage(vscode.l10n.t('{0} cannot be opened any more.', vscode.workspace.asRelativePath(uri)));
      return;
    }
    const target = explainTargets(document.getText()).find((candidate) => candidate.text === statement);
    if (!target) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('The statement is no longer in {0} as it was: run it from its editor.', vscode.workspace.asRelativePath(uri)),
      );
      return;
    }
    await vscode.commands.executeCommand(command, uri, target.start);
  }

  private async exportCsv(
    record: GridRecord,
    payload: { sort?: unknown; statement?: unknown; answer?: unknown } | undefined,
  ): Promise<void> {
    const t = vscode.l10n.t;
    if (record.page.kind !== 'run') return;
    const content = record.page.content;
    // which statement and which of its result sets: the page is not trusted, an index out of range exports nothing
    const entry = [content, ...(content.more ?? [])][indexOf(payload?.statement)];
    const run = entry?.run;
    if (!run?.ok) return;
    const answer = answersOf(run.result)[indexOf(payload?.answer)];
    if (answer?.kind !== 'rows') return;
    const sort = payload?.sort;
    const validSort = isResultSort(sort) && sort.column < answer.columns.length ? sort : undefined;
    const order = sortedRowOrder(answer.rows, validSort, validSort ? answer.columns[validSort.column].numeric : false);
    const text = resultCsv(
      answer.columns,
      order.map((index) => answer.rows[index]),
    );
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target = await vscode.window.showSaveDialog({
      title: t('Export Rows as CSV'),
      defaultUri: folder ? vscode.Uri.joinPath(folder, `${fileNameOf(entry.statement)}.csv`) : undefined,
      filters: { CSV: ['csv'] },
    });
    if (!target) return;
    await writeUriWhole(target, new TextEncoder().encode(text));
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
}

function runPage(tabId: string, documentUri: string | undefined, content: ResultGridContent): Extract<ResultGridShow, { kind: 'run' }> {
  return {
    kind: 'run',
    keep: {
      tabId,
      documentUri,
      statement: content.statement.length <= MAX_STATE_STATEMENT ? content.statement : undefined,
    },
    // a selection's statements are not kept: Run Again would run only the first
    canRunAgain: documentUri !== undefined && content.batch !== 'selection',
    content,
    strings: resultGridStrings(vscode.l10n.t),
  };
}

function tabStateOf(state: unknown): ResultGridTabState | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { tabId, documentUri, statement } = state as Record<string, unknown>;
  if (typeof tabId !== 'string') return undefined;
  return {
    tabId,
    documentUri: typeof documentUri === 'string' ? documentUri : undefined,
    statement: typeof statement === 'string' ? statement : undefined,
  };
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

function indexOf(value: unknown): number {
  return value === undefined ? 0 : Number.isInteger(value) && (value as number) >= 0 ? (value as number) : -1;
}

function fileNameOf(statement: string): string {
  return (
    statement
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'results'
  );
}
