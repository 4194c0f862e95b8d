// The first item under a connected connection: which server it is ("TiDB v8.5.1", "MariaDB 10.11.19").
import * as vscode from 'vscode';
import type { ConnectionProfile } from '../../core/db/connectionProfile';
import type { DatabaseSession } from '../../core/db/databaseSession';
import { serverDisplayName } from '../../core/db/serverFlavor';
import { contextValues } from './contextValues';
import { treeItemId, type ExplorerNode } from './explorerNode';
import { markdownTooltip } from './markdownTooltip';

export function tlsDescription(profile: Pick<ConnectionProfile, 'tls'>): string {
  switch (profile.tls) {
    case 'verify':
      return vscode.l10n.t('TLS, certificate verified');
    case 'required':
      return vscode.l10n.t('TLS, certificate not verified');
    default:
      return vscode.l10n.t('not encrypted');
  }
}

export class ServerNode implements ExplorerNode {
  constructor(private readonly session: DatabaseSession) {}

  get profileId(): string {
    return this.session.profile.id;
  }

  treeItem(): vscode.TreeItem {
    const identity = this.session.identity;
    const item = new vscode.TreeItem(serverDisplayName(identity), vscode.TreeItemCollapsibleState.None);
    item.id = treeItemId(this.session.profile.id, '(server)');
    item.description = identity.isTiDBCloudServerless ? vscode.l10n.t('TiDB Cloud Starter') : tlsDescription(this.session.profile);
    item.iconPath = new vscode.ThemeIcon('server');
    item.contextValue = contextValues.server(identity.flavor);
    item.tooltip = markdownTooltip(serverDisplayName(identity), [
      ['VERSION()', identity.versionString],
      [vscode.l10n.t('Connection'), tlsDescription(this.session.profile)],
      [
        vscode.l10n.t('TiDB features'),
        identity.flavor === 'tidb' ? vscode.l10n.t('available') : vscode.l10n.t('not available on this server'),
      ],
    ]);
    return item;
  }
}
