// A database (schema). Expanding it lists its tables with one query, plus on TiDB one query for the
// TiFlash replicas of the whole schema (never one per table).
import * as vscode from 'vscode';
import { listTables, type SchemaInfo } from '../../core/db/schemaQueries';
import type { DatabaseSession } from '../../core/db/databaseSession';
import { readTiFlashReplicas, type TiFlashReplicaState } from '../../core/tidb/tiflashReplicaState';
import { contextValues } from './contextValues';
import { isCachedTable } from './explorerLabels';
import { treeItemId, type ExplorerNode, type ExplorerServices } from './explorerNode';
import { markdownTooltip } from './markdownTooltip';
import { listOrExplain } from './messageNode';
import { TableNode } from './tableNode';

export class SchemaNode implements ExplorerNode {
  constructor(
    private readonly session: DatabaseSession,
    readonly schema: SchemaInfo,
    private readonly services: ExplorerServices,
  ) {}

  get profileId(): string {
    return this.session.profile.id;
  }

  treeItem(): vscode.TreeItem {
    const { name, isSystem } = this.schema;
    const item = new vscode.TreeItem(name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = treeItemId(this.session.profile.id, name);
    const isDefault = this.session.profile.database === name;
    item.description = [isDefault ? vscode.l10n.t('default') : '', isSystem ? vscode.l10n.t('system') : ''].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon('database');
    item.contextValue = contextValues.database(this.session.identity.flavor);
    item.tooltip = markdownTooltip(name, [
      [vscode.l10n.t('Connection'), this.session.profile.name],
      [vscode.l10n.t('Default database'), isDefault ? vscode.l10n.t('yes') : null],
      [vscode.l10n.t('System schema'), isSystem ? vscode.l10n.t('yes') : null],
    ]);
    return item;
  }

  children(): Promise<ExplorerNode[]> {
    return listOrExplain(
      vscode.l10n.t('tables'),
      this.services.log,
      async () => {
        const isTiDB = this.session.identity.flavor === 'tidb';
        const [tables, replicas] = await Promise.all([
          listTables(this.session, this.schema.name),
          isTiDB ? this.tiflashReplicas() : undefined,
        ]);
        return tables.map(
          (table) =>
            new TableNode(
              this.session,
              table,
              isTiDB ? { cached: isCachedTable(table), tiflash: replicas?.get(table.name) } : undefined,
              this.services,
            ),
        );
      },
      vscode.l10n.t('No tables'),
    );
  }

  /** TiFlash state is extra: when it cannot be read the tables are still listed. */
  private async tiflashReplicas(): Promise<Map<string, TiFlashReplicaState> | undefined> {
    try {
      const states = await readTiFlashReplicas(this.session, { schemas: [this.schema.name] });
      return new Map(states.map((state) => [state.table, state]));
    } catch (error) {
      this.services.log.warn(
        `TiFlash replicas of ${this.schema.name} are unknown: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    }
  }
}
