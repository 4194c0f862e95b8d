// The Statements view: the active connection's top statements (each with the plan digests it ran
// with), on TiDB its slow queries and global plan bindings. It reads when it is shown, when the
// active connection changes and on Refresh; the order, window and database are the view's own.
// A refresh keeps the rows shown (and clickable) until the new read is in, then changes the tree
// once (newestRead.ts says why); only rows of another connection go at once.
import * as vscode from 'vscode';
import type { DatabaseSession } from '../../core/db/databaseSession';
import { readSlowQueries, type SlowQueries, type SlowQuery } from '../../core/server/slowQueries';
import { readStatementStatistics } from '../../core/server/statementStatistics';
import {
  readTopStatements,
  topStatements,
  type StatementOrder,
  type StatementPlanDigest,
  type TopStatement,
  type TopStatements,
} from '../../core/server/topStatements';
import { bindFromHistoryUnavailable, readGlobalBindings, type PlanBinding } from '../../core/tidb/planBindings';
import type { ConnectionManager } from '../connections/connectionManager';
import {
  bindingDescription,
  oneLine,
  planDescription,
  planLabel,
  slowQueryDescription,
  pinnedStatementDescription,
  statementDescription,
  viewDescription,
} from './statementLabels';
import { NewestRead } from './newestRead';

export type StatementsNode =
  | { kind: 'group'; group: 'statements' | 'slow' | 'bindings'; label: string; description?: string }
  | { kind: 'statement'; statement: TopStatement }
  | { kind: 'plan'; statement: TopStatement; plan: StatementPlanDigest }
  | { kind: 'slow'; slow: SlowQuery }
  | { kind: 'binding'; binding: PlanBinding }
  | { kind: 'message'; text: string; tooltip?: string; parent?: StatementsNode };

export interface StatementsData {
  connectionId: string;
  session: DatabaseSession;
  top: TopStatements;
  slow: SlowQueries | null;
  bindings: PlanBinding[] | null;
  bindingsError: string | null;
}

interface StatementsRead {
  data: StatementsData | null;
  error: string | null;
}

export class StatementsTreeProvider implements vscode.TreeDataProvider<StatementsNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<StatementsNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  order: StatementOrder = 'total';
  windowMinutes: number | undefined = undefined;
  database: string | undefined = undefined;
  private data: StatementsData | null = null;
  private error: string | null = null;
  private readonly reads = new NewestRead<StatementsRead>(
    () => this.read(),
    (read, refreshed) => this.show(read, refreshed),
  );
  private groups: StatementsNode[] = [];
  private children = new Map<StatementsNode, StatementsNode[]>();
  private parents = new Map<StatementsNode, StatementsNode>();
  /** a statement looked up by digest that is not in the top list (revealStatement) */
  private pinned: TopStatement | null = null;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly connections: ConnectionManager,
    /** where a refresh shows its progress */
    private readonly viewId: string,
  ) {
    this.subscriptions = [connections.onDidChangeActive(() => void this.refresh())];
  }

  get description(): string {
    return viewDescription(this.order, this.windowMinutes, this.database);
  }

  current(): StatementsData | null {
    return this.data;
  }

  /** Reads again; the rows shown stay until the new ones are in (those of another connection go at once). */
  async refresh(): Promise<void> {
    if (this.data !== null && this.data.connectionId !== this.connections.activeProfileId()) {
      this.data = null;
      this.error = null;
      this.pinned = null;
      this.build();
      this.changed.fire(undefined);
    }
    const reading = this.reads.refresh();
    void vscode.window.withProgress({ location: { viewId: this.viewId } }, () => reading);
    await reading;
  }

  /** Waits until the newest read is in (the first call reads). */
  load(): Promise<void> {
    return this.reads.load();
  }

  private show(read: StatementsRead, refreshed: boolean): void {
    this.data = read.data;
    this.error = read.error;
    this.pinned = null;
    this.build();
    if (refreshed) this.changed.fire(undefined);
  }

  /** Everything for the active connection, with the order, window and database as they are now. */
  private async read(): Promise<StatementsRead> {
    const session = this.connections.activeSession();
    const connectionId = this.connections.activeProfileId();
    if (session === undefined || connectionId === undefined) return { data: null, error: null };
    const { order, windowMinutes, database } = this;
    try {
      const flavor = session.identity.flavor;
      const top = await readTopStatements(session, flavor, { order, windowMinutes, database });
      let slow: SlowQueries | null = null;
      let bindings: PlanBinding[] | null = null;
      let bindingsError: string | null = null;
      if (flavor === 'tidb') {
        slow = await readSlowQueries(session, { windowMinutes: windowMinutes ?? 30, database });
        try {
          bindings = await readGlobalBindings(session);
        } catch (error) {
          bindingsError = error instanceof Error ? error.message : String(error);
        }
      }
      return { data: { connectionId, session, top, slow, bindings, bindingsError }, error: null };
    } catch (error) {
      return { data: null, error: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * The statement with this digest: from the list, or read on its own and pinned above it. On TiDB
   * the closed windows count too: a run that ended just before a window closed is only in the history.
   */
  async findStatement(digest: string): Promise<StatementsNode | undefined> {
    await this.load();
    const listed = this.nodeOfDigest(digest);
    if (listed !== undefined || this.data === null) return listed;
    const statistics = await readStatementStatistics(this.data.session, this.data.session.identity.flavor, {
      digests: [digest],
      withPlans: false,
      allHistory: true,
    });
    const [statement] = topStatements(statistics.rows, this.order, 1);
    if (statement === undefined) return undefined;
    this.pinned = statement;
    this.build();
    this.changed.fire(undefined);
    return this.nodeOfDigest(digest);
  }

  private nodeOfDigest(digest: string): StatementsNode | undefined {
    const statements = this.children.get(this.groups[0]) ?? [];
    return statements.find((node) => node.kind === 'statement' && node.statement.digest === digest);
  }

  getTreeItem(node: StatementsNode): vscode.TreeItem {
    const t = vscode.l10n.t;
    switch (node.kind) {
      case 'group': {
        const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Expanded);
        item.description = node.description;
        item.contextValue = `statementsGroup.${node.group}`;
        return item;
      }
      case 'statement': {
        const { statement } = node;
        const item = new vscode.TreeItem(
          oneLine(statement.digestText),
          statement.plans.length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
        );
        item.id = `statement:${statement.schemaName ?? ''}:${statement.digest}`;
        const pinned = statement === this.pinned;
        const allKeptWindows = pinned && this.data?.session.identity.flavor === 'tidb';
        item.description = pinned
          ? pinnedStatementDescription(statement, this.order, allKeptWindows)
          : statementDescription(statement, this.order);
        item.tooltip = statementTooltip(statement);
        if (allKeptWindows)
          item.tooltip.appendMarkdown(
            `\n\n${t("Not among the statements listed: found in every statement-summary window TiDB keeps (statements_summary_history), so its numbers add up all those windows, not only the list's.")}`,
          );
        item.iconPath = new vscode.ThemeIcon(pinned ? 'pin' : 'symbol-event');
        item.contextValue = statement.plans.length > 1 ? 'statement.plans' : 'statement';
        return item;
      }
      case 'plan': {
        const item = new vscode.TreeItem(planLabel(node.plan), vscode.TreeItemCollapsibleState.None);
        item.id = `plan:${node.statement.schemaName ?? ''}:${node.statement.digest}:${node.plan.planDigest}`;
        item.description = planDescription(node.plan);
        item.tooltip = t('Plan digest {0}. Click to open the plan.', node.plan.planDigest);
        item.iconPath = new vscode.ThemeIcon('type-hierarchy-sub');
        item.contextValue = this.bindable() ? 'statementPlan.bindable' : 'statementPlan';
        item.command = { command: 'tidbLab.openStatementPlan', title: t('Open Plan'), arguments: [node] };
        return item;
      }
      case 'slow': {
        const item = new vscode.TreeItem(oneLine(node.slow.query), vscode.TreeItemCollapsibleState.None);
        item.id = `slow:${node.slow.instance ?? ''}:${node.slow.time}:${node.slow.digest}`;
        item.description = slowQueryDescription(node.slow);
        item.tooltip = new vscode.MarkdownString()
          .appendCodeblock(node.slow.query, 'sql')
          .appendMarkdown(t('Digest `{0}`, plan digest `{1}`. Click to open its plan.', node.slow.digest, node.slow.planDigest ?? '-'));
        item.iconPath = new vscode.ThemeIcon('watch');
        item.contextValue = this.bindable() && node.slow.planDigest !== null ? 'slowQuery.bindable' : 'slowQuery';
        item.command = { command: 'tidbLab.openStatementPlan', title: t('Open Plan'), arguments: [node] };
        return item;
      }
      case 'binding': {
        const item = new vscode.TreeItem(oneLine(node.binding.originalSql), vscode.TreeItemCollapsibleState.None);
        item.id = `binding:${node.binding.sqlDigest ?? node.binding.originalSql}`;
        item.description = bindingDescription(node.binding);
        item.tooltip = new vscode.MarkdownString().appendCodeblock(node.binding.bindSql, 'sql');
        item.iconPath = new vscode.ThemeIcon('pinned');
        item.contextValue = 'planBinding';
        return item;
      }
      case 'message': {
        const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
        item.tooltip = node.tooltip ?? node.text;
        item.iconPath = new vscode.ThemeIcon('info');
        item.contextValue = 'statementsMessage';
        return item;
      }
    }
  }

  async getChildren(node?: StatementsNode): Promise<StatementsNode[]> {
    if (node === undefined) {
      await this.load();
      return this.groups;
    }
    return this.children.get(node) ?? [];
  }

  getParent(node: StatementsNode): StatementsNode | undefined {
    return this.parents.get(node);
  }

  bindUnavailable(): string | null {
    return this.data === null ? vscode.l10n.t('No active connection.') : bindFromHistoryUnavailable(this.data.session.identity);
  }

  private bindable(): boolean {
    return this.bindUnavailable() === null;
  }

  /** The nodes for the data read, kept so getParent and reveal find the same objects. */
  private build(): void {
    const t = vscode.l10n.t;
    this.children = new Map();
    this.parents = new Map();
    const add = (parent: StatementsNode, nodes: StatementsNode[]) => {
      this.children.set(parent, nodes);
      for (const child of nodes) this.parents.set(child, parent);
    };
    const data = this.data;
    if (data === null) {
      this.groups = this.error !== null ? [{ kind: 'message', text: t('The statements could not be read: {0}', this.error) }] : [];
      return;
    }
    const statements: StatementsNode = {
      kind: 'group',
      group: 'statements',
      label: t('Top statements'),
      description: `${this.description} · ${data.top.source}`,
    };
    const list =
      this.pinned !== null && !data.top.statements.some((statement) => statement.digest === this.pinned?.digest)
        ? [this.pinned, ...data.top.statements]
        : data.top.statements;
    const statementNodes: StatementsNode[] = list.map((statement) => ({ kind: 'statement', statement }));
    for (const warning of data.top.warnings) statementNodes.push({ kind: 'message', text: oneLine(warning, 120), tooltip: warning });
    if (list.length === 0 && data.top.warnings.length === 0)
      statementNodes.push({ kind: 'message', text: t('No statements in this window.') });
    add(statements, statementNodes);
    for (const node of statementNodes) {
      if (node.kind === 'statement')
        add(
          node,
          node.statement.plans.map((plan) => ({ kind: 'plan', statement: node.statement, plan })),
        );
    }
    const tidb = data.session.identity.flavor === 'tidb';
    const slow: StatementsNode = {
      kind: 'group',
      group: 'slow',
      label: t('Slow queries'),
      description: data.slow ? t('≥ {0} ms · {1}', data.slow.thresholdMs, data.slow.source) : t('TiDB only'),
    };
    const slowNodes: StatementsNode[] = !tidb
      ? [{ kind: 'message', text: t("Slow queries are read from TiDB's information_schema.cluster_slow_query; this server is not TiDB.") }]
      : [
          ...(data.slow?.queries ?? []).map((query): StatementsNode => ({ kind: 'slow', slow: query })),
          ...(data.slow?.warnings ?? []).map((warning): StatementsNode => ({
            kind: 'message',
            text: oneLine(warning, 120),
            tooltip: warning,
          })),
        ];
    if (tidb && slowNodes.length === 0)
      slowNodes.push({ kind: 'message', text: t('No statement slower than {0} ms in this window.', data.slow?.thresholdMs ?? 300) });
    add(slow, slowNodes);
    const bindings: StatementsNode = {
      kind: 'group',
      group: 'bindings',
      label: t('Plan bindings'),
      description: tidb ? t('SHOW GLOBAL BINDINGS') : t('TiDB only'),
    };
    const bindingNodes: StatementsNode[] = !tidb
      ? [{ kind: 'message', text: t('Plan bindings are a TiDB feature; this server is not TiDB.') }]
      : data.bindingsError !== null
        ? [{ kind: 'message', text: t('SHOW GLOBAL BINDINGS failed: {0}', data.bindingsError) }]
        : (data.bindings ?? []).map((binding): StatementsNode => ({ kind: 'binding', binding }));
    if (tidb && bindingNodes.length === 0) bindingNodes.push({ kind: 'message', text: t('No global bindings.') });
    add(bindings, bindingNodes);
    this.groups = [statements, slow, bindings];
  }

  dispose(): void {
    this.changed.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

function statementTooltip(statement: TopStatement): vscode.MarkdownString {
  const t = vscode.l10n.t;
  const tooltip = new vscode.MarkdownString().appendCodeblock(statement.digestText, 'sql');
  tooltip.appendMarkdown(
    t(
      'Database `{0}` · digest `{1}` · {2} plan(s) · last seen {3}',
      statement.schemaName ?? '-',
      statement.digest,
      statement.plans.length,
      statement.lastSeen ?? '-',
    ),
  );
  return tooltip;
}
