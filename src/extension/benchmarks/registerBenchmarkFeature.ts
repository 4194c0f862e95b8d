// The Benchmarks feature: run benchmarks and experiments on a connection, watch them live, keep,
// compare and export the results. Everything it needs is built here, in one call from activate().
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { TidbLabApi } from '../api';
import { BENCHMARKS_VIEW, LAST_LAUNCH_STATE_KEY } from './benchmarkIds';
import { BenchmarkRunner } from './benchmarkRunner';
import { detachedRunsFolder } from './detachedRunsFolder';
import type { BenchmarkServices } from './benchmarkServices';
import { BenchmarksTreeProvider, type BenchmarkNode } from './benchmarksTreeProvider';
import { ExperimentDocuments } from './experimentDocuments';
import { recalledExperimentDatabase, type RememberedLaunches } from './launchSettings';
import { registerResultCommands } from './resultCommands';
import { BenchmarkResultsPanels } from './resultsPanels';
import { BenchmarkResultStore } from './resultStore';
import { registerRunCommands } from './runCommands';
import { registerSqlFileBenchmark } from './sqlFileBenchmark';
import { registerTpccCommands } from './tpccCommands';
import { registerChCommands } from './chCommands';
import type { PlanViewPanels } from '../plans/planViewPanels';
import { openServerPlan } from './serverPlanView';
import type { EchoSafeMemento } from '../state/echoSafeMemento';

export function registerBenchmarkFeature(
  context: vscode.ExtensionContext,
  api: TidbLabApi,
  planPanels: PlanViewPanels,
  globalState: EchoSafeMemento,
): vscode.TreeView<BenchmarkNode> {
  const store = new BenchmarkResultStore(context.globalStorageUri, api.log);
  const tree = new BenchmarksTreeProvider(store);
  const treeView = vscode.window.createTreeView<BenchmarkNode>(BENCHMARKS_VIEW, { treeDataProvider: tree, canSelectMany: true });
  const panels = new BenchmarkResultsPanels(context.extensionUri, store, api.log, {
    profiles: () => api.store.all().map((stored) => stored.profile),
    openPlan: (action) => openServerPlan(planPanels, action),
  });
  const runner = new BenchmarkRunner(
    { panels, store, tree, log: api.log },
    {
      folder: detachedRunsFolder(context),
      command: { execPath: process.execPath, script: join(context.extensionUri.fsPath, 'dist', 'benchRunner.js') },
    },
  );
  api.benchmarks = { onDidReportInterval: runner.onDidReportInterval, tree };
  const documents = new ExperimentDocuments(() => {
    const database = recalledExperimentDatabase(globalState.get<RememberedLaunches>(LAST_LAUNCH_STATE_KEY));
    const connection = api.connections.activeSession()?.profile.name;
    return connection
      ? `$(database) ${vscode.l10n.t('on {0}, database {1}', connection, database)}`
      : `$(database) ${vscode.l10n.t('on the active connection, database {0}', database)}`;
  });
  const services: BenchmarkServices = { api, globalState, store, tree, treeView, panels, runner, documents };
  context.subscriptions.push(
    store,
    tree,
    treeView,
    panels,
    runner,
    documents,
    api.connections.onDidChangeActive(() => documents.refresh()),
    ...registerRunCommands(services),
    registerSqlFileBenchmark(services),
    ...registerTpccCommands(services),
    ...registerChCommands(services),
    ...registerResultCommands(services),
  );
  // runs a window before this one started (before a reload) and that still go on or ended meanwhile
  runner.watchForRunsToAdopt();
  // a run whose tab came back here while the window that followed it lingers (its browser tab was closed)
  panels.setRestoredLiveTabs({ runKeyOfTitle: (title) => runner.runKeyOfLiveTab(title), restored: (runKey) => runner.takeOverRun(runKey) });
  return treeView;
}
