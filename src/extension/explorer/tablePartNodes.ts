// Below a table: the "Columns" and "Indexes" groups and their items. Each group runs one query
// when it is expanded.
import * as vscode from 'vscode';
import { listColumns, listIndexes, type ColumnInfo, type IndexInfo } from '../../core/db/schemaQueries';
import type { DatabaseSession } from '../../core/db/databaseSession';
import { contextValues } from './contextValues';
import { columnDescription, indexDescription } from './explorerLabels';
import { treeItemId, type ExplorerNode, type ExplorerServices } from './explorerNode';
import { markdownTooltip } from './markdownTooltip';
import { listOrExplain } from './messageNode';

export interface TableRef {
  profileId: string;
  schema: string;
  table: string;
}

export class ColumnsNode implements ExplorerNode {
  constructor(private readonly session: DatabaseSession, private readonly ref: TableRef, private readonly services: ExplorerServices) {}

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Columns'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = treeItemId(this.ref.profileId, this.ref.schema, this.ref.table, 'columns');
    item.iconPath = new vscode.ThemeIcon('list-flat');
    item.contextValue = contextValues.columns;
    return item;
  }

  children(): Promise<ExplorerNode[]> {
    return listOrExplain(vscode.l10n.t('columns'), this.services.log, async () =>
      (await listColumns(this.session, this.ref.schema, this.ref.table)).map((column) => new ColumnNode(this.ref, column)), vscode.l10n.t('No columns'));
  }
}

class ColumnNode implements ExplorerNode {
  constructor(private readonly ref: TableRef, private readonly column: ColumnInfo) {}

  treeItem(): vscode.TreeItem {
    const column = this.column;
    const item = new vscode.TreeItem(column.name, vscode.TreeItemCollapsibleState.None);
    item.id = treeItemId(this.ref.profileId, this.ref.schema, this.ref.table, 'column', column.name);
    item.description = columnDescription(column);
    item.iconPath = column.key === 'PRI' ? primaryKeyIcon() : new vscode.ThemeIcon('symbol-field');
    item.contextValue = contextValues.column;
    item.tooltip = markdownTooltip(column.name, [
      [vscode.l10n.t('Type'), column.type],
      [vscode.l10n.t('Nullable'), column.nullable ? vscode.l10n.t('yes') : vscode.l10n.t('no')],
      [vscode.l10n.t('Key'), keyName(column.key)],
      [vscode.l10n.t('Default'), column.defaultValue],
      [vscode.l10n.t('Extra'), column.extra],
    ]);
    return item;
  }
}

export class IndexesNode implements ExplorerNode {
  constructor(private readonly session: DatabaseSession, private readonly ref: TableRef, private readonly services: ExplorerServices) {}

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Indexes'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = treeItemId(this.ref.profileId, this.ref.schema, this.ref.table, 'indexes');
    item.iconPath = new vscode.ThemeIcon('list-tree');
    item.contextValue = contextValues.indexes;
    return item;
  }

  children(): Promise<ExplorerNode[]> {
    return listOrExplain(vscode.l10n.t('indexes'), this.services.log, async () =>
      (await listIndexes(this.session, this.ref.schema, this.ref.table)).map((index) => new IndexNode(this.ref, index)), vscode.l10n.t('No indexes'));
  }
}

class IndexNode implements ExplorerNode {
  constructor(private readonly ref: TableRef, private readonly index: IndexInfo) {}

  treeItem(): vscode.TreeItem {
    const index = this.index;
    const item = new vscode.TreeItem(index.name, vscode.TreeItemCollapsibleState.None);
    item.id = treeItemId(this.ref.profileId, this.ref.schema, this.ref.table, 'index', index.name);
    item.description = indexDescription(index);
    item.iconPath = index.primary ? primaryKeyIcon() : new vscode.ThemeIcon('key');
    item.contextValue = contextValues.index;
    item.tooltip = markdownTooltip(index.name, [
      [vscode.l10n.t('Columns'), index.columns.join(', ')],
      [vscode.l10n.t('Unique'), index.unique ? vscode.l10n.t('yes') : vscode.l10n.t('no')],
      [vscode.l10n.t('Type'), index.type],
    ]);
    return item;
  }
}

function primaryKeyIcon(): vscode.ThemeIcon {
  return new vscode.ThemeIcon('key', new vscode.ThemeColor('charts.yellow'));
}

function keyName(key: string): string {
  switch (key) {
    case 'PRI':
      return vscode.l10n.t('primary key');
    case 'UNI':
      return vscode.l10n.t('unique');
    case 'MUL':
      return vscode.l10n.t('indexed');
    default:
      return '';
  }
}
