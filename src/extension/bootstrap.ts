// What a window loads at start-up (package.json's main, dist/extension.js, a few KB): it loads the
// whole extension (dist/extensionFull.js, from src/extension/extension.ts) at once only when the
// window needs it already (a SQL document or a TiDB Lab tab is open, a detached benchmark run waits
// to be taken over, or the extension-host tests run), and otherwise on first use (lazyStart.ts).
// VS Code does not say why it activates an extension: onStartupFinished activates it in every
// window so that a run a reload left behind is taken over, and a command or a view activates it too
// (their activation events are implicit), so the stand-ins cover whichever came first.
import { join } from 'node:path';
import * as vscode from 'vscode';
import { findAdoptableRuns } from '../core/bench/detached/adoptableRuns';
import type { TidbLabApi, TidbLabLoader } from './api';
import { detachedRunsFolder } from './benchmarks/detachedRunsFolder';
import { LazyStart, type ContributedIds } from './lazyStart';
import { isSql, isTidbLabTab } from './tidbLabInUse';

/** The whole extension's bundle, beside this one in dist/. */
export const FULL_BUNDLE = 'extensionFull.js';

interface FullModule {
  activate(context: vscode.ExtensionContext): TidbLabApi;
  deactivate(): void;
}

let full: FullModule | undefined;
let api: TidbLabApi | undefined;

function loadFull(context: vscode.ExtensionContext): TidbLabApi {
  if (!api) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a second bundle, loaded on first use
    full = require(join(__dirname, FULL_BUNDLE)) as FullModule;
    api = full.activate(context);
  }
  return api;
}

function usedAlready(): boolean {
  return vscode.workspace.textDocuments.some(isSql) || vscode.window.tabGroups.all.some((group) => group.tabs.some(isTidbLabTab));
}

export function activate(context: vscode.ExtensionContext): TidbLabApi | TidbLabLoader {
  const runsFolder = detachedRunsFolder(context);
  const runsToTakeOver = () => findAdoptableRuns(runsFolder, process.pid).length > 0;
  if (context.extensionMode === vscode.ExtensionMode.Test || usedAlready() || runsToTakeOver()) return loadFull(context);
  const lazy = new LazyStart(context.extension.packageJSON as ContributedIds, { load: () => loadFull(context), runsToTakeOver });
  context.subscriptions.push(lazy);
  return { load: () => lazy.load() };
}

export function deactivate(): void {
  full?.deactivate();
}
