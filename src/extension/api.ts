// What activate() returns: the services later features and the extension-host tests use.
import type * as vscode from 'vscode';
import type { ReportedInterval } from './benchmarks/reportedInterval';
import type { BenchmarksTreeProvider } from './benchmarks/benchmarksTreeProvider';
import type { ConnectionManager } from './connections/connectionManager';
import type { ConnectionStore } from './connections/connectionStore';
import type { ConnectionsTreeProvider } from './explorer/connectionsTreeProvider';
import type { ExtensionLog } from './log/extensionLog';
import type { QueryHistoryStore } from './sqlAssist/queryHistoryStore';
import type { EditorSessions } from './statementRun/editorSessions';

export type { AddConnectionRequest } from './connections/connectionRequests';

export interface TidbLabApi {
  readonly connections: ConnectionManager;
  readonly store: ConnectionStore;
  readonly explorer: ConnectionsTreeProvider;
  readonly log: ExtensionLog;
  /** what Run Statement ran from SQL editors (the Query History view) */
  readonly queryHistory: QueryHistoryStore;
  /** each SQL editor's session (set once the plan feature is registered) */
  editorSessions?: EditorSessions;
  /** the benchmark runs going on (set once the benchmark feature is registered) */
  benchmarks?: BenchmarksApi;
}

export interface BenchmarksApi {
  /** every interval a run going on reports (automation can follow a run without a live tab) */
  readonly onDidReportInterval: vscode.Event<ReportedInterval>;
  /** the Benchmarks view's items, as the view shows them */
  readonly tree: BenchmarksTreeProvider;
}

/** What activation returns in a window that has not used TiDB Lab yet: `load()` loads the whole extension. */
export interface TidbLabLoader {
  load(): Promise<TidbLabApi>;
}
