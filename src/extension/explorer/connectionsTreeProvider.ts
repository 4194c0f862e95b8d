// The Connections view's data: connection nodes (kept while the store is unchanged, so single
// items can be refreshed) and everything below them, fetched lazily as the user expands.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../connections/connectionManager';
import type { ConnectionStore } from '../connections/connectionStore';
import type { ExtensionLog } from '../log/extensionLog';
import { ConnectionNode } from './connectionNode';
import type { ExplorerNode, ExplorerServices } from './explorerNode';
import { InvalidConnectionNode } from './invalidConnectionNode';

export const SHOW_SYSTEM_SCHEMAS_SETTING = 'tidbLab.explorer.showSystemSchemas';

export class ConnectionsTreeProvider implements vscode.TreeDataProvider<ExplorerNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ExplorerNode | ExplorerNode[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly services: ExplorerServices;
  private connectionNodes: Map<string, ConnectionNode> | undefined;
  private shownActiveId: string | undefined;
  private readonly subscriptions: vscode.Disposable[] = [this.changed];

  constructor(private readonly store: ConnectionStore, manager: ConnectionManager, log: ExtensionLog) {
    this.services = {
      manager,
      log,
      showSystemSchemas: () => vscode.workspace.getConfiguration().get<boolean>(SHOW_SYSTEM_SCHEMAS_SETTING, false),
      locale: vscode.env.language,
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
    if (node) return node.children ? node.children() : [];
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

  /** Refreshes one node (and re-reads its children), or the whole tree. */
  refresh(node?: ExplorerNode): void {
    if (!node) this.connectionNodes = undefined;
    this.changed.fire(node);
  }

  dispose(): void {
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
  }

  /** Only the items that gain or lose the "active" mark change. */
  private activeChanged(activeId: string | undefined): void {
    const affected = [this.shownActiveId, activeId].filter((id): id is string => id !== undefined).map((id) => this.connectionNodes?.get(id));
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

  private rootNodes(): Map<string, ConnectionNode> {
    this.connectionNodes ??= new Map(this.store.all().map((connection) => [connection.profile.id, new ConnectionNode(connection, this.services)]));
    return this.connectionNodes;
  }
}
