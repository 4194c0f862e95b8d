// TiDB only: the "Cluster" item and its components from information_schema.cluster_info. That
// table is refused on TiDB Cloud Starter, where the cluster is shown as unavailable, not as an error.
import * as vscode from 'vscode';
import type { DatabaseSession } from '../../core/db/databaseSession';
import { readClusterComponents, type ClusterComponent } from '../../core/tidb/clusterTopology';
import { contextValues } from './contextValues';
import { SEPARATOR, compareComponentTypes, componentDisplayName, formatUptime } from './explorerLabels';
import { treeItemId, type ExplorerNode } from './explorerNode';
import { markdownTooltip } from './markdownTooltip';
import { MessageNode } from './messageNode';

const COMPONENT_ICONS: Record<string, string> = { tidb: 'server-process', pd: 'compass', tikv: 'server', tiflash: 'layers' };

export class ClusterNode implements ExplorerNode {
  constructor(
    private readonly session: DatabaseSession,
    private readonly expanded = false,
  ) {}

  private get knownUnavailable(): boolean {
    return this.session.identity.isTiDBCloudServerless;
  }

  treeItem(): vscode.TreeItem {
    const unavailable = this.knownUnavailable;
    const item = new vscode.TreeItem(
      vscode.l10n.t('Cluster'),
      unavailable
        ? vscode.TreeItemCollapsibleState.None
        : this.expanded
          ? vscode.TreeItemCollapsibleState.Expanded
          : vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = treeItemId(this.session.profile.id, '(cluster)');
    item.iconPath = new vscode.ThemeIcon('server-environment');
    item.contextValue = contextValues.cluster(!unavailable);
    if (unavailable) {
      item.description = vscode.l10n.t('unavailable on TiDB Cloud Starter');
      item.tooltip = vscode.l10n.t('TiDB Cloud Starter does not expose information_schema.cluster_info.');
    } else {
      item.tooltip = vscode.l10n.t('Components from information_schema.cluster_info');
    }
    return item;
  }

  async children(): Promise<ExplorerNode[]> {
    if (this.knownUnavailable) return [];
    const components = await readClusterComponents(this.session);
    if (components === null)
      return [
        new MessageNode(
          'info',
          vscode.l10n.t('unavailable on TiDB Cloud Starter'),
          vscode.l10n.t('The server refused information_schema.cluster_info (TiDB Cloud Starter does).'),
        ),
      ];
    if (components.length === 0) return [new MessageNode('info', vscode.l10n.t('No components listed'))];
    return [...components]
      .sort((a, b) => compareComponentTypes(a.type, b.type) || a.instance.localeCompare(b.instance))
      .map((component) => new ClusterComponentNode(this.session.profile.id, component));
  }
}

class ClusterComponentNode implements ExplorerNode {
  constructor(
    private readonly profileId: string,
    private readonly component: ClusterComponent,
  ) {}

  treeItem(): vscode.TreeItem {
    const c = this.component;
    const name = componentDisplayName(c.type);
    const item = new vscode.TreeItem(`${name} ${c.instance}`, vscode.TreeItemCollapsibleState.None);
    item.id = treeItemId(this.profileId, '(cluster)', c.type, c.instance);
    const uptime = c.uptime ? vscode.l10n.t('up {0}', formatUptime(c.uptime)) : '';
    item.description = [c.version, uptime].filter(Boolean).join(SEPARATOR);
    item.iconPath = new vscode.ThemeIcon(COMPONENT_ICONS[c.type] ?? 'circle-outline');
    item.contextValue = contextValues.clusterComponent(c.type);
    item.tooltip = markdownTooltip(`${name} ${c.instance}`, [
      [vscode.l10n.t('Version'), c.version],
      [vscode.l10n.t('Status address'), c.statusAddress],
      [vscode.l10n.t('Started'), c.startTime],
      [vscode.l10n.t('Uptime'), c.uptime],
      [vscode.l10n.t('Git hash'), c.gitHash],
    ]);
    return item;
  }
}
