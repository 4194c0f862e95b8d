// What every item of the Connections tree is, and what its nodes may use.
import type * as vscode from 'vscode';
import type { ConnectionManager } from '../connections/connectionManager';
import type { ExtensionLog } from '../log/extensionLog';

export interface ExplorerNode {
  treeItem(): vscode.TreeItem;
  /** Lazy: called when the item is expanded; one query per level at most. */
  children?(): Promise<ExplorerNode[]>;
}

export interface ExplorerServices {
  readonly manager: ConnectionManager;
  readonly log: ExtensionLog;
  showSystemSchemas(): boolean;
  /** for number formatting ("10,000 rows") */
  readonly locale: string;
  /** whether the connection's Cluster item starts expanded (a local cluster just started) */
  clusterExpanded(profileId: string): boolean;
}

/** A stable, collision-free TreeItem id from its path (names may contain any character). */
export function treeItemId(...path: string[]): string {
  return JSON.stringify(path);
}
