// The open plan view tabs: creates them (a new run of the same statement reuses its tab, and the
// run before it stays available to compare with), rebuilds them after a window reload from the
// source the webview kept, and answers their Export and Compare buttons.
import * as vscode from 'vscode';
import type { PlanSource, PlanViewProtocol, PlanViewSource, PlanViewState } from '../../protocol/planView';
import type { PlanNode } from '../../core/plan';
import type { ExtensionLog } from '../log/extensionLog';
import { TypedWebviewPanel } from '../webviews/typedWebviewPanel';
import { buildDocument, type BuiltDocument } from './planDocument';
import { exportPlan } from './planExportCommand';
import { PLAN_VIEW_TYPE } from './planIds';
import { PlanSourceStore } from './planSourceStore';
import { planViewStrings } from './planViewStrings';

export interface PlanViewRecord {
  readonly panel: TypedWebviewPanel<PlanViewProtocol>;
  /** the id the source is stored under (changes with each new plan in the tab) */
  viewId: string;
  /** set for plans of an editor statement: the same statement run again reuses the tab */
  key: string | undefined;
  source: PlanViewSource;
  document: BuiltDocument;
  /** the run this one replaced in the same tab */
  previous: PlanSource | undefined;
  /** what the webview reported after its first rows were drawn */
  lastRendered: { rows: number; ms: number } | undefined;
  /** a new plan was sent: the webview starts with a fresh view until it has drawn it */
  resetPending: boolean;
}

export interface ShowOptions {
  key?: string;
  /** a new tab opens beside the active editor (a run from the SQL editor) */
  beside?: boolean;
}

export class PlanViewPanels implements vscode.Disposable {
  private readonly records = new Set<PlanViewRecord>();
  private readonly renderedEmitter = new vscode.EventEmitter<PlanViewRecord>();
  /** fires when a plan view has drawn its first rows */
  readonly onDidRender = this.renderedEmitter.event;

  private readonly store: PlanSourceStore;

  constructor(
    private readonly extensionUri: vscode.Uri,
    storage: vscode.Uri,
    private readonly log: ExtensionLog,
  ) {
    this.store = new PlanSourceStore(storage);
  }

  /** The text shown above MySQL / MariaDB plans. */
  static foreignReason(serverName: string): string {
    return vscode.l10n.t(
      '{0} is not TiDB: this is its own EXPLAIN output as the server returned it. Engines, time shares and findings are TiDB analyses, so there are none here.',
      serverName,
    );
  }

  build(source: PlanViewSource): BuiltDocument {
    return buildDocument(source, PlanViewPanels.foreignReason);
  }

  /** Shows a built plan: in the tab of the same statement when there is one, else in a new tab. */
  show(source: PlanViewSource, document: BuiltDocument, options: ShowOptions = {}): PlanViewRecord {
    const existing = options.key === undefined ? undefined : [...this.records].find((record) => record.key === options.key);
    if (existing) {
      existing.previous = existing.source.kind === 'plan' ? existing.source.plan : existing.previous;
      existing.source = source;
      existing.document = document;
      existing.viewId = this.keep(source);
      existing.panel.panel.title = titleOf(source);
      existing.resetPending = true;
      existing.panel.panel.reveal(undefined, true);
      this.post(existing);
      return existing;
    }
    const panel = TypedWebviewPanel.create<PlanViewProtocol>(
      this.extensionUri,
      {
        viewType: PLAN_VIEW_TYPE,
        title: titleOf(source),
        bundle: 'planView',
        contentMessage: 'show',
        column: options.beside ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active,
        iconPath: this.iconPath(),
      },
      this.log,
    );
    return this.attach(panel, this.keep(source), source, document, options.key, true);
  }

  /** Rebuilds a tab VS Code restored after a reload, from the source kept under the id its webview saved. */
  async restore(webviewPanel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const viewId = (state as Partial<PlanViewState> | undefined)?.viewId;
    const source = await this.store.load(viewId);
    if (source === undefined || typeof viewId !== 'string') {
      this.log.warn(`The plan view "${webviewPanel.title}" could not be restored: its plan is no longer kept.`);
      webviewPanel.dispose();
      return;
    }
    const panel = TypedWebviewPanel.adopt<PlanViewProtocol>(
      webviewPanel,
      this.extensionUri,
      { bundle: 'planView', title: webviewPanel.title, contentMessage: 'show' },
      this.log,
    );
    webviewPanel.iconPath = this.iconPath();
    this.attach(panel, viewId, source, this.build(source), undefined, false);
  }

  serializer(): vscode.WebviewPanelSerializer {
    return { deserializeWebviewPanel: (webviewPanel, state) => this.restore(webviewPanel, state) };
  }

  /** Open plan views, the active one first. */
  all(): PlanViewRecord[] {
    return [...this.records].sort((a, b) => Number(b.panel.panel.active) - Number(a.panel.panel.active));
  }

  find(key: string): PlanViewRecord | undefined {
    return [...this.records].find((record) => record.key === key);
  }

  reveal(record: PlanViewRecord, operatorIndex?: number): void {
    record.panel.reveal();
    if (operatorIndex !== undefined) record.panel.post('reveal', { index: operatorIndex });
  }

  /** The tabs stay open (and come back after a reload); only the listeners go. */
  dispose(): void {
    this.records.clear();
    this.renderedEmitter.dispose();
  }

  /** Stores the source under a new id, in the background: a failure costs only the reload. */
  private keep(source: PlanViewSource): string {
    const viewId = PlanSourceStore.newId();
    this.store.save(viewId, source).catch((error: unknown) => this.log.warn(`Keeping a plan for reloads failed: ${String(error)}`));
    return viewId;
  }

  private attach(
    panel: TypedWebviewPanel<PlanViewProtocol>,
    viewId: string,
    source: PlanViewSource,
    document: BuiltDocument,
    key: string | undefined,
    resetView: boolean,
  ): PlanViewRecord {
    const record: PlanViewRecord = {
      panel,
      viewId,
      key,
      source,
      document,
      previous: undefined,
      lastRendered: undefined,
      resetPending: resetView,
    };
    this.records.add(record);
    panel.onDidDispose(() => this.records.delete(record));
    // Also after the tab was hidden and shown again: the webview then restores its view state.
    panel.on('ready', () => this.post(record));
    panel.on('export', async () => exportPlan(record.document, record.panel.panel.title));
    panel.on('compare', async () => vscode.commands.executeCommand('tidbLab.comparePlans', { after: record }));
    panel.on('details', (payload) => {
      const index = payload?.index;
      if (record.document.kind !== 'plan' || typeof index !== 'number') return;
      const node = planNodeAt(record.document, index);
      if (node) record.panel.post('nodeDetails', { index, executionInfoText: node.executionInfoText, raw: node.raw });
    });
    panel.on('rawText', () => {
      if (record.document.kind === 'plan') record.panel.post('rawText', { text: record.document.plan.rawText() });
    });
    panel.on('rendered', (payload) => {
      if (typeof payload?.rows !== 'number' || typeof payload.ms !== 'number') return;
      record.lastRendered = { rows: payload.rows, ms: payload.ms };
      record.resetPending = false;
      this.log.debug(`Plan view "${record.panel.panel.title}": first ${payload.rows} rows drawn in ${payload.ms} ms.`);
      this.renderedEmitter.fire(record);
    });
    return record;
  }

  private post(record: PlanViewRecord): void {
    record.lastRendered = undefined;
    record.panel.post('show', {
      viewId: record.viewId,
      content: record.document.content,
      strings: planViewStrings(vscode.l10n.t),
      resetView: record.resetPending,
    });
  }

  private iconPath(): { light: vscode.Uri; dark: vscode.Uri } {
    return {
      light: vscode.Uri.joinPath(this.extensionUri, 'media', 'tidb-lab-light.svg'),
      dark: vscode.Uri.joinPath(this.extensionUri, 'media', 'tidb-lab-dark.svg'),
    };
  }
}

function planNodeAt(document: BuiltDocument & { kind: 'plan' }, index: number): PlanNode | undefined {
  return document.plan.nodesByIndex()[index];
}

export function titleOf(source: PlanViewSource): string {
  switch (source.kind) {
    case 'plan':
      return source.plan.origin.title;
    case 'compare':
      return vscode.l10n.t('Compare: {0} ↔ {1}', source.before.origin.title, source.after.origin.title);
    case 'foreign':
      return source.origin.title;
  }
}
