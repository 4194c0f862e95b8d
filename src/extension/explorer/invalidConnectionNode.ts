// A broken entry of the tidbLab.connections setting: shown with what is wrong, never dropped silently.
import * as vscode from 'vscode';
import { COMMANDS } from '../commandIds';
import type { InvalidSettingsConnection } from '../connections/settingsConnections';
import { contextValues } from './contextValues';
import { treeItemId, type ExplorerNode } from './explorerNode';
import { escapeMarkdown } from './markdownTooltip';

export class InvalidConnectionNode implements ExplorerNode {
  constructor(private readonly entry: InvalidSettingsConnection) {}

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.entry.label, vscode.TreeItemCollapsibleState.None);
    item.id = treeItemId('(invalid setting)', String(this.entry.index));
    item.description = vscode.l10n.t('invalid in settings');
    item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
    item.contextValue = contextValues.invalidConnection;
    item.tooltip = new vscode.MarkdownString(
      `**${escapeMarkdown(vscode.l10n.t('tidbLab.connections, entry {0}', this.entry.index + 1))}**\n\n` +
        this.entry.problems.map((problem) => `- ${escapeMarkdown(problem)}`).join('\n'),
    );
    item.command = { command: COMMANDS.openConnectionSettings, title: vscode.l10n.t('Open Settings') };
    return item;
  }
}
