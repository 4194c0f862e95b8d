// The connections feature: the store, the manager (sessions and the active connection), the
// Connections view, the status bar, the connection form and the commands, wired together here so
// that the commands know the views only through ConnectionCommandViews.
import * as vscode from 'vscode';
import { DatabaseSession } from '../core/db/databaseSession';
import { VIEWS } from './commandIds';
import { openConnectionForm, type ConnectionFormDependencies } from './connectionForm/connectionFormPanel';
import { ConnectionNode } from './explorer/connectionNode';
import { ConnectionsTreeProvider } from './explorer/connectionsTreeProvider';
import type { ExplorerNode } from './explorer/explorerNode';
import { sqlLoggerFor, type ExtensionLog } from './log/extensionLog';
import { registerConnectionCommands } from './connections/connectionCommands';
import { ConnectionManager, type SessionOpener } from './connections/connectionManager';
import { ConnectionStore } from './connections/connectionStore';
import type { EchoSafeMemento } from './state/echoSafeMemento';

export const CONNECT_TIMEOUT_SETTING = 'tidbLab.connectTimeoutSeconds';

export interface ConnectionFeature {
  store: ConnectionStore;
  manager: ConnectionManager;
  explorer: ConnectionsTreeProvider;
  /** the Connections view */
  view: vscode.TreeView<ExplorerNode>;
}

export function registerConnectionFeature(
  context: vscode.ExtensionContext,
  log: ExtensionLog,
  globalState: EchoSafeMemento,
): ConnectionFeature {
  const openSession: SessionOpener = (profile, password) =>
    DatabaseSession.open(profile, password, {
      logger: sqlLoggerFor(log, profile.name),
      connectTimeoutMs: 1000 * vscode.workspace.getConfiguration().get<number>(CONNECT_TIMEOUT_SETTING, 10),
    });
  const store = new ConnectionStore(globalState, context.secrets);
  const manager = new ConnectionManager(store, globalState, openSession, log);
  const explorer = new ConnectionsTreeProvider(store, manager, log);
  const treeView = vscode.window.createTreeView(VIEWS.connections, {
    treeDataProvider: explorer,
    showCollapseAll: true,
    canSelectMany: true,
  });

  const formDeps: ConnectionFormDependencies = {
    extensionUri: context.extensionUri,
    store,
    manager,
    openSession,
    log,
    onSaved: (profileId) => {
      const node = explorer.connectionNode(profileId);
      if (node) void treeView.reveal(node, { select: true, focus: false });
    },
  };

  context.subscriptions.push(
    store,
    manager,
    explorer,
    treeView,
    ...registerConnectionCommands({
      store,
      manager,
      log,
      views: {
        openForm: (mode, source) => openConnectionForm(formDeps, mode, source),
        profileIdOfNode: (arg) => (arg instanceof ConnectionNode ? arg.profileId : undefined),
        refreshAll: () => explorer.refresh(),
        refreshNode: async (arg) => {
          if (!isExplorerNode(arg)) return false;
          await explorer.refreshItem(arg);
          return true;
        },
      },
    }),
  );
  return { store, manager, explorer, view: treeView };
}

function isExplorerNode(value: unknown): value is ExplorerNode {
  return typeof value === 'object' && value !== null && typeof (value as ExplorerNode).treeItem === 'function';
}
