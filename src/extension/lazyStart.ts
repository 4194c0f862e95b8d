// What the bootstrap leaves in a window that has not used TiDB Lab yet: a stand-in for each
// contributed command (it loads the whole extension, then runs the real command with the same
// arguments), an empty stand-in provider for each contributed view (shown: the whole extension
// loads and registers the real one), and watches for a SQL document, a TiDB Lab tab or a detached
// run to take over. Each of them loads the whole extension once; the stand-ins go first, so the
// real commands and views register under the same ids.
import * as vscode from 'vscode';
import type { TidbLabApi } from './api';
import { isSql, isTidbLabTab } from './tidbLabInUse';

/** The parts of package.json the stand-ins are made from. */
export interface ContributedIds {
  contributes?: { commands?: Array<{ command: string }>; views?: Record<string, Array<{ id: string }>> };
}

export interface LazyStartDependencies {
  /** loads and activates the whole extension (once) */
  load(): TidbLabApi;
  /** whether a detached run waits to be taken over */
  runsToTakeOver(): boolean;
  /** how often to look for runs to take over (a reloaded window's old extension host may take a moment to go) */
  everyMs?: number;
}

export class LazyStart implements vscode.Disposable {
  private readonly standIns: vscode.Disposable[] = [];
  private readonly viewStandIns: vscode.Disposable[] = [];
  private loading: Promise<TidbLabApi> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    manifest: ContributedIds,
    private readonly deps: LazyStartDependencies,
  ) {
    for (const { command } of manifest.contributes?.commands ?? []) {
      this.standIns.push(
        vscode.commands.registerCommand(command, async (...args: unknown[]) => {
          await this.load();
          return vscode.commands.executeCommand(command, ...args);
        }),
      );
    }
    for (const views of Object.values(manifest.contributes?.views ?? {})) {
      for (const { id } of views) {
        const provider: vscode.TreeDataProvider<vscode.TreeItem> = {
          getTreeItem: (item) => item,
          getChildren: () => {
            void this.load();
            return [];
          },
        };
        this.viewStandIns.push(vscode.window.registerTreeDataProvider(id, provider));
      }
    }
    this.standIns.push(
      vscode.workspace.onDidOpenTextDocument((document) => {
        if (isSql(document)) void this.load();
      }),
      vscode.window.tabGroups.onDidChangeTabs((event) => {
        if (event.opened.some(isTidbLabTab)) void this.load();
      }),
    );
    this.watchForRunsToTakeOver(deps.everyMs ?? 3000);
  }

  /** Loads the whole extension (once) and resolves to what its activate returned. */
  load(): Promise<TidbLabApi> {
    this.loading ??= this.loadOnce();
    return this.loading;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const standIn of this.standIns.splice(0)) standIn.dispose();
    for (const standIn of this.viewStandIns.splice(0)) void Promise.resolve(standIn.dispose() as unknown);
  }

  private async loadOnce(): Promise<TidbLabApi> {
    if (this.timer) clearTimeout(this.timer);
    // A tree view's stand-in lets go of its id only when the promise its dispose() returns settles;
    // a view registered under that id before then would be dropped with it.
    await Promise.all(this.viewStandIns.splice(0).map((standIn) => Promise.resolve(standIn.dispose() as unknown)));
    for (const standIn of this.standIns.splice(0)) standIn.dispose();
    return this.deps.load();
  }

  private watchForRunsToTakeOver(everyMs: number): void {
    const tick = () => {
      if (this.loading) return;
      if (this.deps.runsToTakeOver()) void this.load();
      else this.timer = setTimeout(tick, everyMs).unref();
    };
    this.timer = setTimeout(tick, everyMs).unref();
  }
}
