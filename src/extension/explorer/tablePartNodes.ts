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

interface GroupKind<T> {
  key: 'columns' | 'indexes';
  label: () => string;
  icon: string;
  /** plural noun for "Could not list …" */
  what: () => string;
  empty: () => string;
  list: (session: DatabaseSession, ref: TableRef) => Promise<T[]>;
  node: (ref: TableRef, entry: T) => ExplorerNode;
}

/** "Columns" or "Indexes" below a table: one query when expanded. */
class TablePartGroupNode<T> implements ExplorerNode {
  constructor(
    private readonly kind: GroupKind<T>,
    private readonly session: DatabaseSession,
    private readonly ref: TableRef,
    private readonly services: ExplorerServices,
  ) {}

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.kind.label(), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = treeItemId(this.ref.profileId, this.ref.schema, this.ref.table, this.kind.key);
    item.iconPath = new vscode.ThemeIcon(this.kind.icon);
    item.contextValue = contextValues[this.kind.key];
    return item;
  }

  children(): Promise<ExplorerNode[]> {
    return listOrExplain(
      this.kind.what(),
      this.services.log,
      async () => (await this.kind.list(this.session, this.ref)).map((entry) => this.kind.node(this.ref, entry)),
      this.kind.empty(),
    );
  }
}

const COLUMNS: GroupKind<ColumnInfo> = {
  key: 'columns',
  label: () => vscode.l10n.t('Columns'),
  icon: 'list-flat',
  what: () => vscode.l10n.t('columns'),
  empty: () => vscode.l10n.t('No columns'),
  list: (session, ref) => listColumns(session, ref.schema, ref.table),
  node: (ref, column) => new ColumnNode(ref, column),
};

const INDEXES: GroupKind<IndexInfo> = {
  key: 'indexes',
  label: () => vscode.l10n.t('Indexes'),
  icon: 'list-tree',
  what: () => vscode.l10n.t('indexes'),
  empty: () => vscode.l10n.t('No indexes'),
  list: (session, ref) => listIndexes(session, ref.schema, ref.table),
  node: (ref, index) => new IndexNode(ref, index),
};

export function columnsNode(session: DatabaseSession, ref: TableRef, services: ExplorerServices): ExplorerNode {
  return new TablePartGroupNode(COLUMNS, session, ref, services);
}

export function indexesNode(session: DatabaseSession, ref: TableRef, services: ExplorerServices): ExplorerNode {
  return new TablePartGroupNode(INDEXES, session, ref, services);
}

class ColumnNode implements ExplorerNode {
  constructor(
    private readonly ref: TableRef,
    private readonly column: ColumnInfo,
  ) {}

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

class IndexNode implements ExplorerNode {
  constructor(
    private readonly ref: TableRef,
    private readonly index: IndexInfo,
  ) {}

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
