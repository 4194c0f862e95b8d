// The Connections view's data: connection nodes (kept while the store is unchanged, so single
// items can be refreshed) and everything below them, fetched lazily as the user expands.
import * as vscode from 'vscode';
import type { TiFlashReplicaState } from '../../core/tidb/tiflashReplicaState';
import type { ConnectionManager } from '../connections/connectionManager';
import type { ConnectionStore } from '../connections/connectionStore';
import type { ExtensionLog } from '../log/extensionLog';
import { ConnectionNode } from './connectionNode';
import { treeItemId, type ExplorerNode, type ExplorerServices } from './explorerNode';
import { InvalidConnectionNode } from './invalidConnectionNode';
import { SchemaNode } from './schemaNode';
import { TableNode } from './tableNode';
import type { TableRef } from './tablePartNodes';

export const SHOW_SYSTEM_SCHEMAS_SETTING = 'tidbLab.explorer.showSystemSchemas';

export class ConnectionsTreeProvider implements vscode.TreeDataProvider<ExplorerNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ExplorerNode | ExplorerNode[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly services: ExplorerServices;
  private connectionNodes: Map<string, ConnectionNode> | undefined;
  private shownActiveId: string | undefined;
  /** The database and table items last handed to the view, by item id, so that one of them can be refreshed. */
  private readonly shownNodes = new Map<string, SchemaNode | TableNode>();
  /**
   * The TiFlash replicas a watch follows, by table item id: their items show the watch's last read
   * (the number its notification shows), not a read of their own when the database is listed again.
   */
  private readonly watchedReplicas = new Map<string, TiFlashReplicaState | undefined>();
  private readonly expandedClusters = new Set<string>();
  private readonly subscriptions: vscode.Disposable[] = [this.changed];

  constructor(
    private readonly store: ConnectionStore,
    manager: ConnectionManager,
    log: ExtensionLog,
  ) {
    this.services = {
      manager,
      log,
      showSystemSchemas: () => vscode.workspace.getConfiguration().get<boolean>(SHOW_SYSTEM_SCHEMAS_SETTING, false),
      locale: vscode.env.language,
      clusterExpanded: (profileId) => this.expandedClusters.has(profileId),
    };
    this.subscriptions.push(
      store.onDidChange(() => this.refresh()),
      manager.onDidChangeSessions((profileId) => this.refreshConnection(profileId)),
      manager.onDidChangeActive(() => this.activeChanged(manager.activeProfileId())),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(SHOW_SYSTEM_SCHEMAS_SETTING)) this.refresh();
      }),
    );
  }

  getTreeItem(node: ExplorerNode): vscode.TreeItem {
    return node.treeItem();
  }

  async getChildren(node?: ExplorerNode): Promise<ExplorerNode[]> {
    if (node) {
      const children = node.children ? await node.children() : [];
      this.remember(children);
      return children;
    }
    return [...this.rootNodes().values(), ...this.store.invalidSettingsEntries().map((entry) => new InvalidConnectionNode(entry))];
  }

  /** Only connection items are revealed (after saving one); they are the roots. */
  getParent(): undefined {
    return undefined;
  }

  /** The node of a connection, for reveal and for tests reading the tree. */
  connectionNode(profileId: string): ConnectionNode | undefined {
    return this.rootNodes().get(profileId);
  }

  /** Shows the connection's Cluster item expanded, with its components (after a local cluster started). */
  expandCluster(profileId: string): void {
    this.expandedClusters.add(profileId);
    this.refreshConnection(profileId);
  }

  /**
   * Re-reads what the view shows: new connection items, whose children VS Code asks for again, and
   * so on down every expanded item (new tables, replicas and cache state made outside TiDB Lab).
   */
  refresh(): void {
    this.connectionNodes = undefined;
    this.shownNodes.clear();
    this.changed.fire(undefined);
  }

  /**
   * Re-reads one item from the server and what is expanded below it. A table item reads its own
   * row again (size, options, cache state, TiFlash replica); a table that is gone re-lists its database.
   */
  async refreshItem(node: ExplorerNode): Promise<void> {
    if (node instanceof ConnectionNode && node.isStale()) {
      this.refresh();
      return;
    }
    if (node instanceof TableNode) {
      const { profileId, schema, table } = node.ref;
      let exists: boolean;
      try {
        exists = await node.reload();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.services.log.warn(`Could not read ${schema}.${table} again: ${message}`);
        void vscode.window.showErrorMessage(vscode.l10n.t('Could not read {0} again: {1}', `${schema}.${table}`, message));
        return;
      }
      if (!exists) {
        this.shownNodes.delete(treeItemId(profileId, schema, table));
        this.refreshSchema(profileId, schema);
        return;
      }
      this.showWatchedReplica(node);
    }
    this.changed.fire(node);
  }

  /** Re-lists the tables of a database item when it is shown (after a table control changed them). */
  refreshSchema(profileId: string, schema: string): void {
    const node = this.shownNodes.get(treeItemId(profileId, schema));
    if (node) this.changed.fire(node);
  }

  /**
   * A watch read a TiFlash replica's state: its table item shows it (without re-listing the
   * database), and keeps showing the watch's reads until `stopShowingWatchedReplica`.
   */
  showTiFlashReplica(ref: TableRef, replica: TiFlashReplicaState | undefined): void {
    const id = treeItemId(ref.profileId, ref.schema, ref.table);
    this.watchedReplicas.set(id, replica);
    const node = this.shownNodes.get(id);
    if (!(node instanceof TableNode)) return;
    node.showTiFlashReplica(replica);
    this.changed.fire(node);
  }

  /** The watch of a table's replica ended: its item shows what its own reads find again. */
  stopShowingWatchedReplica(ref: TableRef): void {
    this.watchedReplicas.delete(treeItemId(ref.profileId, ref.schema, ref.table));
  }

  dispose(): void {
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
  }

  /** Only the items that gain or lose the "active" mark change. */
  private activeChanged(activeId: string | undefined): void {
    const affected = [this.shownActiveId, activeId]
      .filter((id): id is string => id !== undefined)
      .map((id) => this.connectionNodes?.get(id));
    this.shownActiveId = activeId;
    const nodes = affected.filter((node): node is ConnectionNode => node !== undefined);
    if (nodes.some((node) => node.isStale())) this.refresh();
    else if (nodes.length > 0) this.changed.fire(nodes);
  }

  private refreshConnection(profileId: string): void {
    const node = this.connectionNodes?.get(profileId);
    if (node?.isStale()) this.refresh();
    else if (node) this.changed.fire(node);
  }

  private remember(children: ExplorerNode[]): void {
    for (const child of children) {
      if (child instanceof SchemaNode) this.shownNodes.set(treeItemId(child.profileId, child.schema.name), child);
      else if (child instanceof TableNode) {
        this.shownNodes.set(treeItemId(child.ref.profileId, child.ref.schema, child.ref.table), child);
        this.showWatchedReplica(child);
      }
    }
  }

  private showWatchedReplica(node: TableNode): void {
    const id = treeItemId(node.ref.profileId, node.ref.schema, node.ref.table);
    if (this.watchedReplicas.has(id)) node.showTiFlashReplica(this.watchedReplicas.get(id));
  }

  private rootNodes(): Map<string, ConnectionNode> {
    this.connectionNodes ??= new Map(
      this.store.all().map((connection) => [connection.profile.id, new ConnectionNode(connection, this.services)]),
    );
    return this.connectionNodes;
  }
}
