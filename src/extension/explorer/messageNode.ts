// A leaf that says something instead of listing items: "No tables", "Could not list tables: ...".
import * as vscode from 'vscode';
import { contextValues } from './contextValues';
import type { ExplorerNode } from './explorerNode';

export class MessageNode implements ExplorerNode {
  constructor(
    private readonly kind: 'error' | 'info',
    private readonly text: string,
    private readonly detail?: string,
    private readonly command?: vscode.Command,
  ) {}

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.text, vscode.TreeItemCollapsibleState.None);
    item.iconPath =
      this.kind === 'error' ? new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')) : new vscode.ThemeIcon('info');
    item.contextValue = contextValues.message(this.kind);
    if (this.detail) item.tooltip = this.detail;
    if (this.command) item.command = this.command;
    return item;
  }
}

/** Runs a listing; its failure becomes an error leaf (and a log line) rather than an empty branch. */
export async function listOrExplain(
  what: string,
  log: { warn(message: string): void },
  list: () => Promise<ExplorerNode[]>,
  empty: string,
): Promise<ExplorerNode[]> {
  try {
    const nodes = await list();
    return nodes.length > 0 ? nodes : [new MessageNode('info', empty)];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.warn(`Could not list ${what}: ${message}`);
    return [new MessageNode('error', vscode.l10n.t('Could not list {0}: {1}', what, message), message)];
  }
}
