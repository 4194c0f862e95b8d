// The connection commands: add, edit, duplicate, remove, connect, disconnect, refresh (the view or one item), choose the
// active connection. Item commands take the tree node VS Code passes, a profile id (automation),
// or nothing (then they ask which connection).
import * as vscode from 'vscode';
import {
  DEFAULT_TIDB_PORT,
  defaultTlsModeFor,
  describeEndpoint,
  validateProfile,
  type ConnectionProfile,
} from '../../core/db/connectionProfile';
import type { ConnectionFormMode } from '../../protocol/connectionForm';
import { COMMANDS } from '../commandIds';
import type { ExtensionLog } from '../log/extensionLog';
import type { ConnectionManager } from './connectionManager';
import { isAddConnectionRequest } from './connectionRequests';
import { CONNECTIONS_SETTING, newProfileId, type ConnectionStore, type StoredConnection } from './connectionStore';

/** What the commands need from the views around them (the form, the Connections tree), given by the feature's registration. */
export interface ConnectionCommandViews {
  openForm(mode: ConnectionFormMode, source?: ConnectionProfile): Promise<void>;
  /** the profile id of a Connections-tree node a command was run on; undefined for anything else */
  profileIdOfNode(arg: unknown): string | undefined;
  /** re-reads everything the Connections view shows */
  refreshAll(): void;
  /** re-reads one node of the Connections view; false when `arg` is not one */
  refreshNode(arg: unknown): Promise<boolean>;
}

export interface ConnectionCommandDependencies {
  store: ConnectionStore;
  manager: ConnectionManager;
  log: ExtensionLog;
  views: ConnectionCommandViews;
}

export function registerConnectionCommands({ store, manager, log, views }: ConnectionCommandDependencies): vscode.Disposable[] {
  /** The connection a command is about: from a tree node, an id, or a quick pick. */
  async function target(arg: unknown, placeHolder: string): Promise<StoredConnection | undefined> {
    const nodeProfileId = views.profileIdOfNode(arg);
    if (nodeProfileId !== undefined) return store.get(nodeProfileId);
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
    void vscode.window
      .showInformationMessage(
        vscode.l10n.t(
          '{0} is defined in the setting tidbLab.connections (shared with your team): {1} it there.',
          connection.profile.name,
          action,
        ),
        open,
      )
      .then((choice) => (choice === open ? vscode.commands.executeCommand(COMMANDS.openConnectionSettings) : undefined));
  }

  return [
    vscode.commands.registerCommand(COMMANDS.addConnection, async (arg?: unknown) => {
      if (!isAddConnectionRequest(arg)) {
        await views.openForm('add');
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
      else await views.openForm('edit', connection.profile);
    }),

    vscode.commands.registerCommand(COMMANDS.duplicateConnection, async (arg?: unknown) => {
      const connection = await target(arg, vscode.l10n.t('Connection to duplicate'));
      if (connection) await views.openForm('duplicate', connection.profile);
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
          {
            modal: true,
            detail: vscode.l10n.t('{0}. Its saved password is deleted too. The database itself is not touched.', describeEndpoint(profile)),
          },
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
    vscode.commands.registerCommand(COMMANDS.refreshConnections, () => views.refreshAll()),

    vscode.commands.registerCommand(COMMANDS.refresh, async (node?: unknown) => {
      if (!(await views.refreshNode(node))) views.refreshAll();
    }),

    vscode.commands.registerCommand(COMMANDS.selectActiveConnection, async () => (await manager.pickActive()) !== undefined),

    vscode.commands.registerCommand(COMMANDS.showLog, () => log.show(true)),

    vscode.commands.registerCommand(COMMANDS.openConnectionSettings, () =>
      vscode.commands.executeCommand('workbench.action.openSettings', CONNECTIONS_SETTING),
    ),
  ];
}
