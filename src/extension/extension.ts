// Entry point: builds the services (log, connection store and manager, explorer, status bar) and
// registers the commands. Nothing heavy is loaded here: webview libraries live in their bundles.
import * as vscode from 'vscode';
import { DatabaseSession } from '../core/db/databaseSession';
import type { TidbLabApi } from './api';
import { registerBenchmarkFeature } from './benchmarks/registerBenchmarkFeature';
import { VIEWS } from './commandIds';
import { registerConnectionCommands } from './connections/connectionCommands';
import { ConnectionManager, type SessionOpener } from './connections/connectionManager';
import { ConnectionStore } from './connections/connectionStore';
import { ConnectionsTreeProvider } from './explorer/connectionsTreeProvider';
import { createExtensionLog, sqlLoggerFor } from './log/extensionLog';
import { registerPlaygroundFeature } from './playground/registerPlaygroundFeature';
import { registerPlanFeature } from './plans/registerPlanFeature';
import { ActiveConnectionStatusBar } from './statusBar/activeConnectionStatusBar';
import { registerTableControls } from './tableControls/registerTableControls';

export const CONNECT_TIMEOUT_SETTING = 'tidbLab.connectTimeoutSeconds';

export function activate(context: vscode.ExtensionContext): TidbLabApi {
  const log = createExtensionLog();
  const openSession: SessionOpener = (profile, password) =>
    DatabaseSession.open(profile, password, {
      logger: sqlLoggerFor(log, profile.name),
      connectTimeoutMs: 1000 * vscode.workspace.getConfiguration().get<number>(CONNECT_TIMEOUT_SETTING, 10),
    });
  const store = new ConnectionStore(context.globalState, context.secrets);
  const manager = new ConnectionManager(store, context.globalState, openSession, log);
  const explorer = new ConnectionsTreeProvider(store, manager, log);
  const treeView = vscode.window.createTreeView(VIEWS.connections, { treeDataProvider: explorer, showCollapseAll: true, canSelectMany: true });

  context.subscriptions.push(
    log,
    store,
    manager,
    explorer,
    treeView,
    new ActiveConnectionStatusBar(manager),
    ...registerConnectionCommands({ extensionUri: context.extensionUri, store, manager, openSession, log, tree: explorer, treeView }),
  );
  log.info(`TiDB Lab ${String(context.extension.packageJSON.version)} activated in VS Code ${vscode.version}.`);
  const api: TidbLabApi = { connections: manager, store, explorer, log };
  registerPlanFeature(context, api);
  registerTableControls(context, api);
  registerBenchmarkFeature(context, api);
  registerPlaygroundFeature(context, api);
  void manager.restoreActive();
  return api;
}

export function deactivate(): void {
  // Sessions are closed by the ConnectionManager, and a local TiDB cluster this window started is
  // stopped (unless the user chose to keep it) by the PlaygroundService: both are in context.subscriptions.
}
