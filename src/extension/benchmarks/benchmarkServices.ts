// What the benchmark commands share: the extension's API, the result store, the view, the tabs,
// the runner and the experiment documents.
import type * as vscode from 'vscode';
import type { TidbLabApi } from '../api';
import type { BenchmarkRunner } from './benchmarkRunner';
import type { BenchmarkNode, BenchmarksTreeProvider } from './benchmarksTreeProvider';
import type { ExperimentDocuments } from './experimentDocuments';
import type { BenchmarkResultsPanels } from './resultsPanels';
import type { BenchmarkResultStore } from './resultStore';

export interface BenchmarkServices {
  api: TidbLabApi;
  globalState: vscode.Memento;
  store: BenchmarkResultStore;
  tree: BenchmarksTreeProvider;
  treeView: vscode.TreeView<BenchmarkNode>;
  panels: BenchmarkResultsPanels;
  runner: BenchmarkRunner;
  documents: ExperimentDocuments;
}
