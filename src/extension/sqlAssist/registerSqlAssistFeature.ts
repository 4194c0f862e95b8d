// SQL editors' helpers: completion of names, hints, variables and keywords; the Query History view
// of what Run Statement ran; "Select Top 1000 Rows" and "New Query" in the Connections view.
import * as vscode from 'vscode';
import type { TidbLabApi } from '../api';
import { SQL_DOCUMENTS } from '../plans/planIds';
import { CompletionSchemaCache } from './completionSchemaCache';
import { QueryEditors } from './queryEditors';
import type { QueryHistoryStore } from './queryHistoryStore';
import { QueryHistoryTreeProvider } from './queryHistoryView';
import { QUERY_HISTORY_VIEW, SQL_ASSIST_COMMANDS } from './sqlAssistIds';
import { SqlCompletionProvider } from './sqlCompletionProvider';

export function registerSqlAssistFeature(
  context: vscode.ExtensionContext,
  api: TidbLabApi,
  history: QueryHistoryStore,
): vscode.TreeView<unknown> {
  const cache = new CompletionSchemaCache(api.explorer, api.log);
  const sessions = () => api.editorSessions;
  const editors = new QueryEditors(api.connections, sessions, (id) => api.store.get(id) !== undefined);
  const tree = new QueryHistoryTreeProvider(history);
  const view = vscode.window.createTreeView(QUERY_HISTORY_VIEW, { treeDataProvider: tree }) as vscode.TreeView<unknown>;
  context.subscriptions.push(
    cache,
    tree,
    view,
    vscode.languages.registerCompletionItemProvider(
      SQL_DOCUMENTS,
      new SqlCompletionProvider(api.connections, cache, sessions),
      // words open completion as they are typed; `t.` and `@@` open it at once (not every space: it would pop keywords)
      '.',
      '@',
    ),
    vscode.commands.registerCommand(SQL_ASSIST_COMMANDS.selectTop1000, (node?: unknown) => editors.selectTopRows(node)),
    vscode.commands.registerCommand(SQL_ASSIST_COMMANDS.newQuery, (node?: unknown) => editors.newQuery(node)),
    vscode.commands.registerCommand(SQL_ASSIST_COMMANDS.historyOpenInEditor, (entry?: unknown) => editors.openHistoryEntry(entry)),
    vscode.commands.registerCommand(SQL_ASSIST_COMMANDS.historyRunAgain, (entry?: unknown) => editors.runHistoryEntry(entry)),
    vscode.commands.registerCommand(SQL_ASSIST_COMMANDS.historyRemove, (entry?: { id?: unknown }) =>
      typeof entry?.id === 'string' ? history.remove(entry.id) : undefined,
    ),
    vscode.commands.registerCommand(SQL_ASSIST_COMMANDS.historyClear, async () => {
      const clear = vscode.l10n.t('Clear Query History');
      const picked = await vscode.window.showWarningMessage(
        vscode.l10n.t("Forget every statement in this workspace's Query History? This cannot be undone."),
        { modal: true },
        clear,
      );
      if (picked === clear) await history.clear();
    }),
  );
  return view;
}
