// The editor tabs that show results: one per stored result, experiment cell, comparison or live
// run (opening it again reveals the tab). Each tab is a TypedWebviewPanel of the benchmarkResults
// bundle; the host sends the whole document whenever the webview (re)starts, so no
// retainContextWhenHidden is needed, and a serializer brings the tabs back after a window reload.
import * as vscode from 'vscode';
import type { ConnectionProfile } from '../../core/db/connectionProfile';
import type { ResultInterval, RunResult } from '../../core/results/benchmarkResult';
import {
  BENCHMARK_RESULTS_VIEW_TYPE,
  isExportFormat,
  isPanelTarget,
  type BenchmarkResultsProtocol,
  type LiveRun,
  type LiveRunHeader,
  type PanelTarget,
  type ResultsDocument,
} from '../../protocol/benchmarkResults';
import { copyWithConfirmation } from '../feedback/copyAndSaveConfirmations';
import type { ExtensionLog } from '../log/extensionLog';
import { STATEMENT_COMMANDS } from '../statements/registerStatementsFeature';
import { TypedWebviewPanel } from '../webviews/typedWebviewPanel';
import { exportToFile, savePng, type ExportSubject } from './resultExports';
import { cellFullLabel, resultLabel, runsText, threadsText } from './resultLabels';
import { regionStatementToCopy } from './regionStatementCopy';
import { resultsPanelStrings } from './resultsPanelStrings';
import type { BenchmarkResultStore } from './resultStore';
import { connectionIdForServer, serverStatementAction, type ServerStatementAction } from './serverStatementActions';

const BUNDLE = 'benchmarkResults';

/** What the Server section needs from the rest of the extension: the connection profiles and the plan view. */
export interface ServerSectionHost {
  profiles(): ConnectionProfile[];
  openPlan(action: Extract<ServerStatementAction, { kind: 'openPlan' }>): void;
}

/** A comparison member: a stored run's id, or `<experiment id>#<cell index>` for an experiment's cell. */
export function comparisonMemberId(resultId: string, cellIndex?: number): string {
  return cellIndex === undefined ? resultId : `${resultId}#${cellIndex}`;
}

/** What the panels ask of the runner about live tabs the editor restores. */
export interface RestoredLiveTabs {
  /** the run going on whose live tab has this title */
  runKeyOfTitle(title: string): string | undefined;
  /** a live tab of this run came back and this window does not follow the run */
  restored(runKey: string): void;
}

export interface LiveRunHandle {
  readonly runKey: string;
  append(interval: ResultInterval): void;
  setPhase(phase: LiveRun['phase']): void;
  /** the next run of a sweep or experiment, in the same tab */
  nextRun(header: LiveRunHeader): void;
  /** the run ended and its result is stored: the tab shows it */
  finish(target: PanelTarget): void;
  /** the run could not start or ended without a result */
  fail(title: string, message: string): void;
}

interface LiveRunState {
  live: LiveRun;
  cancel: () => void;
}

interface Loaded {
  document: ResultsDocument;
  title: string;
  subject?: ExportSubject;
  /** a comparison's runs by member id: how to name one once it is deleted */
  memberLabels?: Map<string, string>;
}

class ResultsPanel {
  private webviewReady = false;
  /** the names of a comparison's runs, kept to say which one was deleted */
  memberLabels: Map<string, string>;
  /** what the comparison says about runs taken out of it */
  removedNotes: string[] = [];

  constructor(
    readonly panel: TypedWebviewPanel<BenchmarkResultsProtocol>,
    public target: PanelTarget,
    private readonly owner: BenchmarkResultsPanels,
    private loaded?: Loaded,
  ) {
    this.memberLabels = loaded?.memberLabels ?? new Map();
    panel.on('ready', () => {
      this.webviewReady = true;
      void this.send();
    });
    panel.on('export', async (payload) => {
      if (!isExportFormat(payload?.format) || !this.loaded?.subject) return;
      await exportToFile(this.loaded.subject, payload.format, owner.log);
    });
    panel.on('savePng', async (payload) => {
      const chartName = typeof payload?.chartName === 'string' ? payload.chartName : 'chart';
      const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 500) : '');
      await savePng(payload?.dataUrl, `${this.loaded?.subject?.baseName ?? 'benchmark'}-${chartName}`, owner.log, undefined, [
        ['Title', text(payload?.title)],
        ['Description', text(payload?.identity)],
        ['Software', 'TiDB Lab'],
      ]);
    });
    panel.on('openCell', async (payload) => {
      if (typeof payload?.resultId !== 'string' || !Number.isInteger(payload.cellIndex)) return;
      await owner.open({ kind: 'cell', resultId: payload.resultId, cellIndex: payload.cellIndex });
    });
    panel.on('openServerPlan', (payload) => {
      const action = serverStatementAction(this.loaded?.document, 'openServerPlan', payload);
      if (action?.kind === 'openPlan') owner.serverHost?.openPlan(action);
    });
    panel.on('revealServerStatement', async (payload) => {
      const action = serverStatementAction(this.loaded?.document, 'revealServerStatement', payload);
      if (action?.kind === 'reveal')
        await vscode.commands.executeCommand(STATEMENT_COMMANDS.reveal, { connectionId: action.connectionId, digest: action.digest });
    });
    panel.on('copyRegionStatement', async (payload) => {
      const statement = regionStatementToCopy(this.loaded?.document, payload);
      if (statement !== undefined) await copyWithConfirmation(statement, vscode.l10n.t('Copied the statement.'));
    });
    panel.on('cancelRun', (payload) => {
      if (typeof payload?.runKey === 'string') owner.cancelLive(payload.runKey);
    });
  }

  /** Loads the target's document again and shows it. */
  async reload(): Promise<void> {
    this.loaded = await this.owner.load(this.target, this);
    if (this.loaded.memberLabels) for (const [member, label] of this.loaded.memberLabels) this.memberLabels.set(member, label);
    this.panel.panel.title = this.loaded.title;
    await this.send();
  }

  postInterval(runKey: string, interval: ResultInterval): void {
    if (this.webviewReady) this.panel.post('liveInterval', { runKey, interval });
  }

  postPhase(runKey: string, phase: LiveRun['phase']): void {
    if (this.webviewReady) this.panel.post('livePhase', { runKey, phase });
  }

  private async send(): Promise<void> {
    if (!this.webviewReady) return;
    if (!this.loaded) {
      await this.reload();
      return;
    }
    this.panel.post('show', { document: this.loaded.document, strings: resultsPanelStrings(), locale: vscode.env.language });
  }
}

export class BenchmarkResultsPanels implements vscode.Disposable {
  private readonly panels = new Map<string, ResultsPanel>();
  private readonly liveRuns = new Map<string, LiveRunState>();
  /** warnings of imports made in this window, shown with the result */
  private readonly importWarnings = new Map<string, string[]>();
  /** live runs that ended without a result: what their tab says */
  private readonly failed = new Map<string, { title: string; message: string }>();
  /** runs that ended while no window followed them: their stored result, by run key */
  private readonly endedElsewhere = new Map<string, string>();
  private readonly subscriptions: vscode.Disposable[] = [];
  /** the runs behind live tabs the editor restores while this window does not follow them */
  private restoredLiveTabs: RestoredLiveTabs | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly store: BenchmarkResultStore,
    readonly log: ExtensionLog,
    readonly serverHost?: ServerSectionHost,
  ) {
    this.subscriptions.push(
      vscode.window.registerWebviewPanelSerializer(BENCHMARK_RESULTS_VIEW_TYPE, {
        deserializeWebviewPanel: async (webviewPanel, state: unknown) => {
          const savedTarget = (state as { target?: unknown } | undefined)?.target;
          // A browser tab closed soon after the run started may not have saved the webview's state
          // (VS Code in a browser cannot finish saving on the way out): a live tab is known by its title.
          const liveByTitle =
            savedTarget === undefined && webviewPanel.title.startsWith(LIVE_TITLE_MARK)
              ? this.restoredLiveTabs?.runKeyOfTitle(webviewPanel.title)
              : undefined;
          const saved: PanelTarget | undefined = isPanelTarget(savedTarget)
            ? savedTarget
            : liveByTitle !== undefined
              ? { kind: 'live', runKey: liveByTitle }
              : undefined;
          const endedAs = saved?.kind === 'live' ? this.endedElsewhere.get(saved.runKey) : undefined;
          const target: PanelTarget | undefined = endedAs !== undefined ? { kind: 'result', resultId: endedAs } : saved;
          const typed = TypedWebviewPanel.adopt<BenchmarkResultsProtocol>(
            webviewPanel,
            this.extensionUri,
            { bundle: BUNDLE, title: webviewPanel.title, contentMessage: 'show' },
            log,
          );
          this.track(new ResultsPanel(typed, target ?? { kind: 'result', resultId: '' }, this));
          if (target?.kind === 'live' && !this.liveRuns.has(target.runKey)) this.restoredLiveTabs?.restored(target.runKey);
        },
      }),
    );
  }

  /**
   * Who finds and follows the runs behind live tabs the editor restores while this window does not
   * follow them (another window may still follow them); told at once of such tabs restored before.
   */
  setRestoredLiveTabs(tabs: RestoredLiveTabs): void {
    this.restoredLiveTabs = tabs;
    for (const panel of [...this.panels.values()])
      if (panel.target.kind === 'live' && !this.liveRuns.has(panel.target.runKey)) tabs.restored(panel.target.runKey);
  }

  /** Opens the tab of a target, or reveals it when it is open. */
  async open(target: PanelTarget, column?: vscode.ViewColumn): Promise<void> {
    const existing = this.panels.get(keyOf(target));
    if (existing) {
      existing.panel.panel.reveal(column);
      return;
    }
    const loaded = await this.load(target);
    const typed = TypedWebviewPanel.create<BenchmarkResultsProtocol>(
      this.extensionUri,
      {
        viewType: BENCHMARK_RESULTS_VIEW_TYPE,
        title: loaded.title,
        bundle: BUNDLE,
        contentMessage: 'show',
        column,
        iconPath: {
          light: vscode.Uri.joinPath(this.extensionUri, 'media', 'tidb-lab-light.svg'),
          dark: vscode.Uri.joinPath(this.extensionUri, 'media', 'tidb-lab-dark.svg'),
        },
      },
      this.log,
    );
    this.track(new ResultsPanel(typed, target, this, loaded));
  }

  /** Starts showing a live run in a new tab; `cancel` is called when the user cancels from the tab. */
  /**
   * `reattached`: a run this window takes over after a reload. Its tab, restored by the editor,
   * shows it again (now, or when the editor hands the tab back); a new tab opens only when none is there.
   * `cellHeaders`: an experiment's cells, whose titles its restored tab may have.
   */
  startLive(header: LiveRunHeader, cancel: () => void, reattached = false, cellHeaders: readonly LiveRunHeader[] = []): LiveRunHandle {
    const state: LiveRunState = { live: { header, intervals: [], phase: 'running' }, cancel };
    this.liveRuns.set(header.runKey, state);
    const panelOf = () => this.panels.get(keyOf({ kind: 'live', runKey: header.runKey }));
    const restored = panelOf();
    // the restored tab is titled by the cell that ran when the window went, not by the first one
    const titles = [header, ...cellHeaders].map(liveTitle);
    if (restored) void restored.reload();
    else if (!reattached || !this.hasRestoredLiveTab(titles)) void this.open({ kind: 'live', runKey: header.runKey });
    return {
      runKey: header.runKey,
      append: (interval) => {
        state.live.intervals.push(interval);
        panelOf()?.postInterval(state.live.header.runKey, interval);
      },
      setPhase: (phase) => {
        state.live.phase = phase;
        panelOf()?.postPhase(state.live.header.runKey, phase);
      },
      nextRun: (next) => {
        state.live = { header: { ...next, runKey: header.runKey }, intervals: [], phase: state.live.phase };
        void panelOf()?.reload();
      },
      finish: (target) => {
        this.liveRuns.delete(header.runKey);
        this.retarget(panelOf(), target);
      },
      fail: (title, message) => {
        this.liveRuns.delete(header.runKey);
        const panel = panelOf();
        if (!panel) return;
        panel.target = { kind: 'live', runKey: header.runKey };
        this.failed.set(header.runKey, { title, message });
        void panel.reload();
      },
    };
  }

  /**
   * A run that ended while no window followed it: its tab (restored now or later) shows the stored
   * result with `note`, or says why there is none.
   */
  runEndedElsewhere(runKey: string, resultId: string | undefined, note: string): void {
    if (resultId === undefined) this.failed.set(runKey, { title: vscode.l10n.t('The benchmark did not run'), message: note });
    else {
      this.addWarnings(resultId, [note]);
      this.endedElsewhere.set(runKey, resultId);
    }
    const panel = this.panels.get(keyOf({ kind: 'live', runKey }));
    if (panel && resultId !== undefined) this.retarget(panel, { kind: 'result', resultId });
    else if (panel) void panel.reload();
  }

  addWarnings(resultId: string, warnings: readonly string[]): void {
    if (warnings.length > 0) this.importWarnings.set(resultId, [...warnings]);
  }

  cancelLive(runKey: string): void {
    const state = this.liveRuns.get(runKey);
    if (!state || state.live.phase === 'stopping') return;
    state.cancel();
  }

  isLive(runKey: string): boolean {
    return this.liveRuns.has(runKey);
  }

  /**
   * Reloads the tabs that show this result (after a rename) or closes them (after a delete); a
   * comparison that used a deleted run goes on with the others and says which one was deleted.
   */
  async resultChanged(resultId: string, deleted: boolean): Promise<void> {
    for (const panel of [...this.panels.values()]) {
      const ids = idsOf(panel.target);
      if (!ids.includes(resultId)) continue;
      if (deleted && panel.target.kind === 'comparison') {
        const gone = panel.target.resultIds.filter((member) => member.split('#')[0] === resultId);
        this.removeMembers(
          panel,
          gone.map((member) => panel.memberLabels.get(member)),
          panel.target.resultIds.filter((member) => !gone.includes(member)),
        );
      } else if (deleted) panel.panel.dispose();
      else await panel.reload();
    }
  }

  /** One run of an experiment was deleted: its tab closes, tabs of the runs after it follow their new place, comparisons say so. */
  async cellDeleted(resultId: string, cellIndex: number): Promise<void> {
    for (const panel of [...this.panels.values()]) {
      const target = panel.target;
      if (target.kind === 'cell' && target.resultId === resultId) {
        if (target.cellIndex === cellIndex) panel.panel.dispose();
        else if (target.cellIndex > cellIndex) this.retarget(panel, { ...target, cellIndex: target.cellIndex - 1 });
        else await panel.reload();
      } else if (target.kind === 'comparison' && idsOf(target).includes(resultId)) {
        const gone = comparisonMemberId(resultId, cellIndex);
        // Its name before the runs after it take its place (and its member id).
        const goneLabels = target.resultIds.includes(gone) ? [panel.memberLabels.get(gone)] : [];
        const moved = target.resultIds
          .filter((member) => member !== gone)
          .map((member) => {
            const [id, index] = member.split('#');
            return id === resultId && index !== undefined && Number(index) > cellIndex ? comparisonMemberId(id, Number(index) - 1) : member;
          });
        for (const [member, label] of [...panel.memberLabels]) {
          const [id, index] = member.split('#');
          if (id === resultId && index !== undefined && Number(index) > cellIndex)
            panel.memberLabels.set(comparisonMemberId(id, Number(index) - 1), label);
        }
        this.removeMembers(panel, goneLabels, moved);
      } else if (target.kind === 'result' && target.resultId === resultId) {
        await panel.reload();
      }
    }
  }

  /** The document a target shows, its tab title and what its exports are about. */
  async load(target: PanelTarget, panel?: ResultsPanel): Promise<Loaded> {
    const t = vscode.l10n.t;
    if (target.kind === 'live') {
      const state = this.liveRuns.get(target.runKey);
      if (state) {
        const header = state.live.header;
        return { document: { kind: 'live', live: state.live }, title: liveTitle(header) };
      }
      const failure = this.failed.get(target.runKey) ?? {
        title: t('This run is no longer going on'),
        message: t('It ended while no window followed it. Its result, complete or partial, is in the Benchmarks view.'),
      };
      return { document: { kind: 'message', target, ...failure }, title: t('Benchmark') };
    }
    if (target.kind === 'comparison') {
      const runs: RunResult[] = [];
      const warnings: string[] = [...(panel?.removedNotes ?? [])];
      const memberLabels = new Map<string, string>();
      let missing = 0;
      for (const member of target.resultIds) {
        const run = await this.runOf(member);
        if (run) {
          runs.push(run);
          memberLabels.set(member, resultLabel(run));
        } else {
          const label = panel?.memberLabels.get(member);
          if (label) warnings.push(t('"{0}" is no longer stored: it is left out of this comparison.', label));
          else missing++;
        }
      }
      if (missing > 0)
        warnings.push(
          missing === 1
            ? t('1 run of this comparison is no longer stored (deleted, or the results folder changed): it is left out.')
            : t('{0} runs of this comparison are no longer stored (deleted, or the results folder changed): they are left out.', missing),
        );
      if (runs.length === 0) return this.missing(target);
      return {
        document: { kind: 'comparison', target, runs, warnings },
        title: t('Compare {0}', runsText(runs.length)),
        subject: { kind: 'runs', runs, baseName: 'comparison' },
        memberLabels,
      };
    }
    const stored = await this.store.get(target.resultId);
    if (!stored) return this.missing(target);
    if (stored.kind === 'unreadable') {
      return {
        document: { kind: 'message', target, title: t('This result cannot be read'), message: stored.problems.join('\n') },
        title: t('Benchmark'),
      };
    }
    const result = stored.result;
    const warnings = [...stored.warnings, ...(this.importWarnings.get(stored.id) ?? [])];
    if (target.kind === 'cell') {
      const cell = result.kind === 'experiment' ? result.cells[target.cellIndex] : undefined;
      if (!cell || result.kind !== 'experiment') return this.missing(target);
      const label = cellFullLabel(result, cell);
      const run = { ...cell.run, name: label, connection: cell.run.connection ?? result.connection };
      return {
        document: { kind: 'run', target, run, warnings, connectionId: this.connectionIdOf(run) },
        title: label,
        subject: { kind: 'result', result: run, baseName: label },
      };
    }
    const label = resultLabel(result);
    const document: ResultsDocument =
      result.kind === 'run'
        ? { kind: 'run', target, run: result, warnings, connectionId: this.connectionIdOf(result) }
        : { kind: 'experiment', target, experiment: result, warnings };
    return { document, title: label, subject: { kind: 'result', result, baseName: label } };
  }

  dispose(): void {
    for (const panel of [...this.panels.values()]) panel.panel.dispose();
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
  }

  /** The connection the run's server is, for "Show in Statements view" (only runs the server counted statements for). */
  private connectionIdOf(run: RunResult): string | undefined {
    if (run.server?.activity === undefined || this.serverHost === undefined) return undefined;
    return connectionIdForServer(this.serverHost.profiles(), run.server, run.connection);
  }

  private async runOf(member: string): Promise<RunResult | undefined> {
    const [resultId, cellText] = member.split('#');
    const stored = await this.store.get(resultId);
    if (stored?.kind !== 'result') return undefined;
    if (cellText === undefined) return stored.result.kind === 'run' ? stored.result : undefined;
    const experiment = stored.result.kind === 'experiment' ? stored.result : undefined;
    const cell = experiment?.cells[Number(cellText)];
    return experiment && cell
      ? { ...cell.run, name: cellFullLabel(experiment, cell), connection: cell.run.connection ?? experiment.connection }
      : undefined;
  }

  private missing(target: PanelTarget): Loaded {
    return {
      document: {
        kind: 'message',
        target,
        title: vscode.l10n.t('This result is not stored any more'),
        message: vscode.l10n.t('It was deleted, or the setting tidbLab.benchmarks.storeInWorkspace now points to another folder.'),
      },
      title: vscode.l10n.t('Benchmark'),
    };
  }

  /** The editor shows a live run's tab from before the reload that it has not handed back yet. */
  private hasRestoredLiveTab(titles: readonly string[]): boolean {
    return vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .some(
        (tab) =>
          tab.input instanceof vscode.TabInputWebview &&
          tab.input.viewType.endsWith(BENCHMARK_RESULTS_VIEW_TYPE) &&
          titles.includes(tab.label),
      );
  }

  private track(panel: ResultsPanel): void {
    const key = keyOf(panel.target);
    const other = this.panels.get(key);
    // A live run's tab restored after a new one opened for it: one tab is enough, and only the
    // one in this map gets the run's points (the other would stay behind, 'Running' for ever).
    if (other && other !== panel && panel.target.kind === 'live') other.panel.dispose();
    this.panels.set(key, panel);
    panel.panel.onDidDispose(() => {
      if (this.panels.get(keyOf(panel.target)) === panel) this.panels.delete(keyOf(panel.target));
    });
  }

  /** `goneLabels`: the names of the runs taken out (undefined when unknown), `remaining`: the members left. */
  private removeMembers(panel: ResultsPanel, goneLabels: readonly (string | undefined)[], remaining: string[]): void {
    const t = vscode.l10n.t;
    for (const label of goneLabels) {
      panel.removedNotes.push(
        label
          ? t('"{0}" was deleted: it is no longer in this comparison.', label)
          : t('A run of this comparison was deleted: it is no longer in it.'),
      );
    }
    if (remaining.length === 0) {
      panel.panel.dispose();
      return;
    }
    this.retarget(panel, { kind: 'comparison', resultIds: remaining });
  }

  private retarget(panel: ResultsPanel | undefined, target: PanelTarget): void {
    if (!panel) return;
    this.panels.delete(keyOf(panel.target));
    panel.target = target;
    this.panels.set(keyOf(target), panel);
    void panel.reload();
  }
}

const LIVE_TITLE_MARK = '● ';

export function liveTitle(header: LiveRunHeader): string {
  return `${LIVE_TITLE_MARK}${header.workload} · ${threadsText(header.threads)}`;
}

function keyOf(target: PanelTarget): string {
  return JSON.stringify(target);
}

function idsOf(target: PanelTarget): string[] {
  switch (target.kind) {
    case 'result':
    case 'cell':
      return [target.resultId];
    case 'comparison':
      return target.resultIds.map((member) => member.split('#')[0]);
    default:
      return [];
  }
}
