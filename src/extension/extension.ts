// Entry point: the log, then each feature (connections first: the others use its store and manager).
// Nothing heavy is loaded here: webview libraries live in their bundles.
import * as vscode from 'vscode';
import type { TidbLabApi } from './api';
import { registerBenchmarkFeature } from './benchmarks/registerBenchmarkFeature';
import { registerConnectionFeature } from './registerConnectionFeature';
import { createExtensionLog } from './log/extensionLog';
import { registerPlaygroundFeature } from './playground/registerPlaygroundFeature';
import { registerPlanFeature } from './plans/registerPlanFeature';
import { QueryHistoryStore } from './sqlAssist/queryHistoryStore';
import { registerSqlAssistFeature } from './sqlAssist/registerSqlAssistFeature';
import { EchoSafeMemento } from './state/echoSafeMemento';
import { registerStatementsFeature } from './statements/registerStatementsFeature';
import { ActiveConnectionStatusBar } from './statusBar/activeConnectionStatusBar';
import { whenTidbLabInUse } from './tidbLabInUse';
import { registerTableControls } from './tableControls/registerTableControls';

export function activate(context: vscode.ExtensionContext): TidbLabApi {
  const log = createExtensionLog();
  context.subscriptions.push(log);
  // One for the whole extension: an instance knows only its own writes, so a second one over the
  // same globalState could read back the late echo of a write the first made.
  const globalState = new EchoSafeMemento(context.globalState);
  const { store, manager, explorer, view: connectionsView } = registerConnectionFeature(context, log, globalState);
  log.info(`TiDB Lab ${String(context.extension.packageJSON.version)} activated in VS Code ${vscode.version}.`);
  const queryHistory = new QueryHistoryStore(context.workspaceState);
  context.subscriptions.push(queryHistory);
  const api: TidbLabApi = { connections: manager, store, explorer, log, queryHistory };
  const panels = registerPlanFeature(context, api);
  const historyView = registerSqlAssistFeature(context, api, queryHistory);
  const statementsView = registerStatementsFeature(context, api, panels);
  registerTableControls(context, api);
  const benchmarksView = registerBenchmarkFeature(context, api, panels, globalState);
  const playground = registerPlaygroundFeature(context, api);
  context.subscriptions.push(
    whenTidbLabInUse(
      { views: [connectionsView, benchmarksView, statementsView, historyView], onDidChangeSessions: manager.onDidChangeSessions },
      () => {
        context.subscriptions.push(new ActiveConnectionStatusBar(manager));
        void manager.restoreActive();
        playground.watchPlaygrounds();
      },
    ),
  );
  return api;
}

export function deactivate(): void {
  // Sessions are closed by the ConnectionManager, and a local TiDB cluster this window started is
  // stopped (unless the user chose to keep it) by the PlaygroundService: both are in context.subscriptions.
}
