// The connection commands: add, edit, duplicate, remove, connect, disconnect, refresh (the view or one item), choose the
// active connection. Item commands take the tree node VS Code passes, a profile id (automation),
// or nothing (then they ask which connection).
import * as vscode from 'vscode';
import { DEFAULT_TIDB_PORT, defaultTlsModeFor, describeEndpoint, validateProfile, type ConnectionProfile } from '../../core/db/connectionProfile';
import { isAddConnectionRequest } from '../api';
import { COMMANDS } from '../commandIds';
import { openConnectionForm, type ConnectionFormDependencies } from '../connectionForm/connectionFormPanel';
import { ConnectionNode } from '../explorer/connectionNode';
import type { ConnectionsTreeProvider } from '../explorer/connectionsTreeProvider';
import type { ExplorerNode } from '../explorer/explorerNode';
import { CONNECTIONS_SETTING, newProfileId, type StoredConnection } from './connectionStore';

export interface ConnectionCommandDependencies extends Omit<ConnectionFormDependencies, 'onSaved'> {
  tree: ConnectionsTreeProvider;
  treeView: vscode.TreeView<ExplorerNode>;
}

export function registerConnectionCommands(deps: ConnectionCommandDependencies): vscode.Disposable[] {
  const { store, manager, tree, treeView, log } = deps;
  const formDeps: ConnectionFormDependencies = {
    ...deps,
    onSaved: (profileId) => {
      const node = tree.connectionNode(profileId);
      if (node) void treeView.reveal(node, { select: true, focus: false });
    },
  };

  /** The connection a command is about: from a tree node, an id, or a quick pick. */
  async function target(arg: unknown, placeHolder: string): Promise<StoredConnection | undefined> {
    if (arg instanceof ConnectionNode) return store.get(arg.profileId);
    if (typeof arg === 'string') {
      const found = store.get(arg);
      if (!found) void vscode.window.showErrorMessage(vscode.l10n.t('There is no TiDB Lab connection with id {0}.', arg));
      return found;
    }
    const connections = store.all();
    if (connections.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('TiDB Lab has no connection yet: add one first.'));
      return undefined;
    }
    const picked = await vscode.window.showQuickPick(
      connections.map((connection) => ({ label: connection.profile.name, description: describeEndpoint(connection.profile), connection })),
      { placeHolder },
    );
    return picked?.connection;
  }

  /** Not awaited by the commands: a notification stays until dismissed. */
  function explainSettingsConnection(connection: StoredConnection, action: string): void {
    const open = vscode.l10n.t('Open Settings');
    void vscode.window.showInformationMessage(
      vscode.l10n.t('{0} is defined in the setting tidbLab.connections (shared with your team): {1} it there.', connection.profile.name, action),
      open,
    ).then((choice) => (choice === open ? vscode.commands.executeCommand(COMMANDS.openConnectionSettings) : undefined));
  }

  return [
    vscode.commands.registerCommand(COMMANDS.addConnection, async (arg?: unknown) => {
      if (!isAddConnectionRequest(arg)) {
        await openConnectionForm(formDeps, 'add');
        return undefined;
      }
      const host = arg.profile.host ?? '';
      const profile: ConnectionProfile = {
        port: DEFAULT_TIDB_PORT,
        tls: defaultTlsModeFor(host),
        passwordMode: 'secretStorage',
        ...arg.profile,
        id: newProfileId(),
      };
      const problems = validateProfile(profile);
      if (problems.length > 0) throw new Error(problems.join(' '));
      await store.save(profile, arg.password === undefined ? { kind: 'keep' } : { kind: 'set', password: arg.password });
      log.info(`Added connection ${profile.name} (${describeEndpoint(profile)}).`);
      return profile.id;
    }),

    vscode.commands.registerCommand(COMMANDS.editConnection, async (arg?: unknown) => {
      const connection = await target(arg, vscode.l10n.t('Connection to edit'));
      if (!connection) return;
      if (connection.source === 'settings') explainSettingsConnection(connection, vscode.l10n.t('change'));
      else await openConnectionForm(formDeps, 'edit', connection.profile);
    }),

    vscode.commands.registerCommand(COMMANDS.duplicateConnection, async (arg?: unknown) => {
      const connection = await target(arg, vscode.l10n.t('Connection to duplicate'));
      if (connection) await openConnectionForm(formDeps, 'duplicate', connection.profile);
    }),

    vscode.commands.registerCommand(COMMANDS.removeConnection, async (arg?: unknown, options?: { confirm?: boolean }) => {
      const connection = await target(arg, vscode.l10n.t('Connection to remove'));
      if (!connection) return false;
      if (connection.source === 'settings') {
        explainSettingsConnection(connection, vscode.l10n.t('remove'));
        return false;
      }
      const { profile } = connection;
      if (options?.confirm !== false) {
        const remove = vscode.l10n.t('Remove');
        const choice = await vscode.window.showWarningMessage(
          vscode.l10n.t('Remove the connection {0}?', profile.name),
          { modal: true, detail: vscode.l10n.t('{0}. Its saved password is deleted too. The database itself is not touched.', describeEndpoint(profile)) },
          remove,
        );
        if (choice !== remove) return false;
      }
      await manager.disconnect(profile.id);
      await store.remove(profile.id);
      log.info(`Removed connection ${profile.name}.`);
      return true;
    }),

    vscode.commands.registerCommand(COMMANDS.connect, async (arg?: unknown) => {
      const connection = await target(arg, vscode.l10n.t('Connection to connect'));
      if (!connection) return false;
      return (await manager.connect(connection.profile.id)) !== undefined;
    }),

    vscode.commands.registerCommand(COMMANDS.disconnect, async (arg?: unknown) => {
      const connection = await target(arg, vscode.l10n.t('Connection to disconnect'));
      if (connection) await manager.disconnect(connection.profile.id);
    }),

    // The view's title bar: VS Code passes the focused item along, which must not narrow it.
    vscode.commands.registerCommand(COMMANDS.refreshConnections, () => tree.refresh()),

    vscode.commands.registerCommand(COMMANDS.refresh, async (node?: unknown) => {
      if (isExplorerNode(node)) await tree.refreshItem(node);
      else tree.refresh();
    }),

    vscode.commands.registerCommand(COMMANDS.selectActiveConnection, async () => (await manager.pickActive()) !== undefined),

    vscode.commands.registerCommand(COMMANDS.showLog, () => log.show(true)),

    vscode.commands.registerCommand(COMMANDS.openConnectionSettings, () => vscode.commands.executeCommand('workbench.action.openSettings', CONNECTIONS_SETTING)),
  ];
}

function isExplorerNode(value: unknown): value is ExplorerNode {
  return typeof value === 'object' && value !== null && typeof (value as ExplorerNode).treeItem === 'function';
}
