// TiDB Lab's bootstrap (bootstrap.ts) activates in every window once it has started
// (onStartupFinished), so that a benchmark run a reload left behind is taken over even when the
// editor could not save the run's tab (VS Code in a browser may not finish saving on the way out)
// and no TiDB Lab view is open; taking a run over loads the whole extension. A window that
// does not use TiDB Lab should not see it: the status bar item, the active connection, connected
// again in the background, and the watch for local TiDB clusters wait until the window uses TiDB Lab.
import * as vscode from 'vscode';

export interface TidbLabPresence {
  /** TiDB Lab's tree views: the window uses TiDB Lab once one of them is shown */
  readonly views: readonly vscode.TreeView<unknown>[];
  /** fires when a connection opens or closes (a command connected, say) */
  readonly onDidChangeSessions: vscode.Event<unknown>;
}

/** Calls `onFirstUse` once: now if the window uses TiDB Lab already, else when it first does. */
export function whenTidbLabInUse(presence: TidbLabPresence, onFirstUse: () => void): vscode.Disposable {
  const subscriptions: vscode.Disposable[] = [];
  let used = false;
  const use = () => {
    if (used) return;
    used = true;
    for (const subscription of subscriptions.splice(0)) subscription.dispose();
    onFirstUse();
  };
  if (isInUse(presence)) {
    use();
    return new vscode.Disposable(() => undefined);
  }
  subscriptions.push(
    ...presence.views.map((view) => view.onDidChangeVisibility((event) => event.visible && use())),
    vscode.workspace.onDidOpenTextDocument((document) => isSql(document) && use()),
    vscode.window.tabGroups.onDidChangeTabs((event) => event.opened.some(isTidbLabTab) && use()),
    presence.onDidChangeSessions(use),
  );
  return new vscode.Disposable(() => {
    for (const subscription of subscriptions.splice(0)) subscription.dispose();
  });
}

function isInUse(presence: TidbLabPresence): boolean {
  return (
    presence.views.some((view) => view.visible) ||
    vscode.workspace.textDocuments.some(isSql) ||
    vscode.window.tabGroups.all.some((group) => group.tabs.some(isTidbLabTab))
  );
}

export function isSql(document: vscode.TextDocument): boolean {
  return document.languageId === 'sql';
}

/** A tab of one of TiDB Lab's webviews (the editor prefixes the view type it was given). */
export function isTidbLabTab(tab: vscode.Tab): boolean {
  return tab.input instanceof vscode.TabInputWebview && /(^|-)tidbLab\./.test(tab.input.viewType);
}
