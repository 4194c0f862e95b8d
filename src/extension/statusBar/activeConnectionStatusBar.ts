// The status-bar item with the active connection and its server; a click picks another one.
import * as vscode from 'vscode';
import { describeEndpoint } from '../../core/db/connectionProfile';
import { serverDisplayName } from '../../core/db/serverFlavor';
import { COMMANDS } from '../commandIds';
import type { ConnectionManager } from '../connections/connectionManager';
import { escapeMarkdown } from '../explorer/markdownTooltip';

export class ActiveConnectionStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('tidbLab.activeConnection', vscode.StatusBarAlignment.Left, 50);
  private readonly subscriptions: vscode.Disposable[] = [this.item];

  constructor(private readonly manager: ConnectionManager) {
    this.item.name = vscode.l10n.t('TiDB Lab Active Connection');
    this.item.command = COMMANDS.selectActiveConnection;
    this.subscriptions.push(
      manager.onDidChangeActive(() => this.update()),
      manager.onDidChangeSessions(() => this.update()),
    );
    this.update();
    this.item.show();
  }

  dispose(): void {
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
  }

  private update(): void {
    const session = this.manager.activeSession();
    if (!session) {
      const connecting = this.manager.isAnyConnecting();
      this.item.text = connecting
        ? `$(loading~spin) ${vscode.l10n.t('TiDB Lab: connecting…')}`
        : `$(vm-outline) ${vscode.l10n.t('TiDB Lab: not connected')}`;
      this.item.tooltip = vscode.l10n.t('No active TiDB Lab connection. Click to choose one.');
      this.item.accessibilityInformation = { label: vscode.l10n.t('TiDB Lab: no active connection') };
      return;
    }
    const server = serverDisplayName(session.identity);
    this.item.text = `$(vm-running) ${session.profile.name} · ${server}`;
    const tooltip = new vscode.MarkdownString(`**${escapeMarkdown(session.profile.name)}** · ${escapeMarkdown(server)}\n\n`);
    tooltip.appendMarkdown(`${escapeMarkdown(describeEndpoint(session.profile))}\n\n`);
    tooltip.appendMarkdown(
      escapeMarkdown(vscode.l10n.t('Active TiDB Lab connection: benchmarks and EXPLAIN run here. Click to choose another.')),
    );
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: vscode.l10n.t('TiDB Lab active connection: {0}, {1}', session.profile.name, server) };
  }
}
