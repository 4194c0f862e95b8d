// A table or view, with its size and (on TiDB) cache state and TiFlash replicas as description,
// icon and tooltip. The state comes from the database level's queries, not one query per table,
// except when this one item is refreshed (`reload`).
import * as vscode from 'vscode';
import { formatBytes, readTable, type TableInfo } from '../../core/db/schemaQueries';
import type { DatabaseSession } from '../../core/db/databaseSession';
import { checkCachedTablesAvailable } from '../../core/tidb/tableControlPreChecks';
import { readTiFlashReplicas, type TiFlashReplicaState } from '../../core/tidb/tiflashReplicaState';
import { contextValues } from './contextValues';
import {
  formatCount,
  isCachedTable,
  isPartitionedTable,
  tableDescription,
  tableSizeBytes,
  tiflashLabel,
  type TableBadges,
} from './explorerLabels';
import { treeItemId, type ExplorerNode, type ExplorerServices } from './explorerNode';
import { markdownTooltip, type TooltipRow } from './markdownTooltip';
import { columnsNode, indexesNode, type TableRef } from './tablePartNodes';

export class TableNode implements ExplorerNode {
  readonly ref: TableRef;

  constructor(
    private readonly session: DatabaseSession,
    private info: TableInfo,
    /** undefined when the server is not TiDB or its state could not be read */
    private badgeState: TableBadges | undefined,
    private readonly services: ExplorerServices,
  ) {
    this.ref = { profileId: session.profile.id, schema: info.schema, table: info.name };
  }

  get table(): TableInfo {
    return this.info;
  }

  /**
   * Reads this table again from the server (its size, rows, options and, on TiDB, its cache state
   * and TiFlash replica): false when it no longer exists.
   */
  async reload(): Promise<boolean> {
    const info = await readTable(this.session, this.ref.schema, this.ref.table);
    if (!info) return false;
    this.info = info;
    if (this.session.identity.flavor === 'tidb') {
      const tiflash = await readTiFlashReplicas(this.session, { tables: [this.ref] }).then(
        (replicas) => replicas.find((replica) => replica.table === this.ref.table),
        (error: unknown) => {
          this.services.log.warn(
            `The TiFlash replica of ${this.ref.schema}.${this.ref.table} is unknown: ${error instanceof Error ? error.message : String(error)}`,
          );
          return this.badgeState?.tiflash;
        },
      );
      this.badgeState = { cached: isCachedTable(info), tiflash };
    }
    return true;
  }

  get badges(): TableBadges | undefined {
    return this.badgeState;
  }

  /** While a TiFlash replica is watched, its progress shows without re-listing the schema. */
  showTiFlashReplica(replica: TiFlashReplicaState | undefined): void {
    this.badgeState = { cached: this.badgeState?.cached ?? false, tiflash: replica };
  }

  private get isView(): boolean {
    return this.table.kind === 'view' || this.table.kind === 'system view';
  }

  treeItem(): vscode.TreeItem {
    const { table, badges } = this;
    const flavor = this.session.identity.flavor;
    const item = new vscode.TreeItem(table.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = treeItemId(this.ref.profileId, table.schema, table.name);
    item.description = tableDescription(table, badges, this.services.locale);
    item.iconPath = this.icon();
    item.contextValue = this.isView
      ? contextValues.view(flavor)
      : contextValues.table(flavor, badges?.cached ?? false, checkCachedTablesAvailable(this.session.identity).allowed);
    item.tooltip = this.tooltip();
    return item;
  }

  async children(): Promise<ExplorerNode[]> {
    const columns = columnsNode(this.session, this.ref, this.services);
    return this.isView ? [columns] : [columns, indexesNode(this.session, this.ref, this.services)];
  }

  private icon(): vscode.ThemeIcon {
    if (this.isView) return new vscode.ThemeIcon('eye');
    const tiflash = this.badges?.tiflash;
    if (this.badges?.cached) return new vscode.ThemeIcon('zap', new vscode.ThemeColor('charts.yellow'));
    if (tiflash && tiflash.replicaCount > 0) {
      return tiflash.progress >= 1
        ? new vscode.ThemeIcon('layers-active', new vscode.ThemeColor('charts.blue'))
        : new vscode.ThemeIcon('sync', new vscode.ThemeColor('charts.blue'));
    }
    return new vscode.ThemeIcon('table');
  }

  private tooltip(): vscode.MarkdownString {
    const { table, badges } = this;
    const locale = this.services.locale;
    const rows: TooltipRow[] = [
      [vscode.l10n.t('Database'), table.schema],
      [vscode.l10n.t('Kind'), table.kind],
      [vscode.l10n.t('Engine'), table.engine],
    ];
    if (!this.isView) {
      rows.push(
        [vscode.l10n.t('Rows (estimate)'), table.estimatedRows === null ? null : formatCount(table.estimatedRows, locale)],
        [vscode.l10n.t('Data'), formatBytes(table.dataBytes)],
        [vscode.l10n.t('Indexes'), formatBytes(table.indexBytes)],
        [vscode.l10n.t('Total size'), formatBytes(tableSizeBytes(table))],
        [vscode.l10n.t('Partitioned'), isPartitionedTable(table) ? vscode.l10n.t('yes') : null],
      );
    }
    if (badges) {
      rows.push([vscode.l10n.t('Cached table'), badges.cached ? vscode.l10n.t('yes (ALTER TABLE … CACHE)') : vscode.l10n.t('no')]);
      const tiflash = badges.tiflash;
      rows.push([
        vscode.l10n.t('TiFlash replicas'),
        tiflash && tiflash.replicaCount > 0
          ? `${tiflashLabel(tiflash)}${tiflash.available ? vscode.l10n.t(' · available to the optimizer') : vscode.l10n.t(' · not available yet')}`
          : vscode.l10n.t('none'),
      ]);
    }
    rows.push([vscode.l10n.t('Options'), table.createOptions], [vscode.l10n.t('Comment'), table.comment]);
    return markdownTooltip(table.name, rows);
  }
}
