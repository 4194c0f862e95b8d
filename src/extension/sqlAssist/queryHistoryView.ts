// The Query History view: what ran from SQL editors, newest first, with where, when, how long, how
// many rows and its error; Run Again and Open in Editor on each.
import * as vscode from 'vscode';
import { firstLine, type QueryHistoryEntry } from '../../core/sql/queryHistory';
import type { QueryHistoryStore } from './queryHistoryStore';

export class QueryHistoryTreeProvider implements vscode.TreeDataProvider<QueryHistoryEntry>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly store: QueryHistoryStore) {
    this.subscription = store.onDidChange(() => this.changed.fire(undefined));
  }

  getChildren(entry?: QueryHistoryEntry): QueryHistoryEntry[] {
    return entry ? [] : this.store.entries();
  }

  getTreeItem(entry: QueryHistoryEntry): vscode.TreeItem {
    const t = vscode.l10n.t;
    const item = new vscode.TreeItem(firstLine(entry.statement), vscode.TreeItemCollapsibleState.None);
    item.id = entry.id;
    const when = new Date(entry.ranAt);
    const time = Number.isNaN(when.getTime()) ? entry.ranAt : when.toLocaleString(vscode.env.language);
    const outcome = entry.error !== null ? t('failed') : entry.rows === null ? '' : t('{0} rows', entry.rows);
    item.description = [entry.connectionName, entry.database ?? '', outcome, entry.durationMs === null ? '' : `${entry.durationMs} ms`]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = new vscode.ThemeIcon(entry.error !== null ? 'error' : 'history');
    item.contextValue = entry.error !== null ? 'queryHistory.failed' : 'queryHistory.ok';
    const tooltip = new vscode.MarkdownString();
    tooltip.appendCodeblock(entry.statement, 'sql');
    tooltip.appendMarkdown(
      [
        `${t('Connection')}: ${escape(entry.connectionName)}`,
        `${t('Database')}: ${escape(entry.database ?? t('none'))}`,
        `${t('Ran at')}: ${escape(time)}`,
        entry.durationMs === null ? '' : `${t('Duration')}: ${entry.durationMs} ms`,
        entry.rows === null ? '' : `${t('Rows')}: ${entry.rows}`,
        entry.error === null ? '' : `${t('Error')}: ${escape(entry.error)}`,
      ]
        .filter(Boolean)
        .join('  \n'),
    );
    item.tooltip = tooltip;
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
