// The Benchmarks view: runs and experiments from the result store, newest first, with the runs
// now going on at the top. An experiment expands into its cells (each cell is a run that can be
// opened and compared). Items carry the contextValues the view's menus key on.
import * as vscode from 'vscode';
import { isTpccRun, tpccFiguresOf, type TpccFigures } from '../../core/results/tpccFigures';
import type { ExperimentCell, ExperimentResult, RunResult } from '../../core/results/benchmarkResult';
import type { PanelTarget } from '../../protocol/benchmarkResults';
import { clientOnMainThread, saturatedIntervals } from '../../core/results/clientBound';
import { errorsText } from '../../core/results/errorCodes';
import { BENCHMARK_COMMANDS, BENCHMARK_ITEM_CONTEXT } from './benchmarkIds';
import { cellLabel, rateText, relativeTime, resultLabel, runsText, statusText } from './resultLabels';
import type { BenchmarkResultStore, StoredResult } from './resultStore';

export interface LiveRunListing {
  runKey: string;
  label: string;
  description: string;
}

export type BenchmarkNode =
  | { kind: 'result'; stored: Extract<StoredResult, { kind: 'result' }> }
  | { kind: 'cell'; experiment: ExperimentResult; resultId: string; cellIndex: number }
  | { kind: 'unreadable'; stored: Extract<StoredResult, { kind: 'unreadable' }> }
  | { kind: 'live'; live: LiveRunListing };

/** The tab a node opens. */
export function targetOf(node: BenchmarkNode): PanelTarget | undefined {
  switch (node.kind) {
    case 'result':
      return { kind: 'result', resultId: node.stored.id };
    case 'cell':
      return { kind: 'cell', resultId: node.resultId, cellIndex: node.cellIndex };
    case 'live':
      return { kind: 'live', runKey: node.live.runKey };
    default:
      return undefined;
  }
}

export function isBenchmarkNode(value: unknown): value is BenchmarkNode {
  const kind = (value as { kind?: unknown } | undefined)?.kind;
  return typeof value === 'object' && value !== null && (kind === 'result' || kind === 'cell' || kind === 'unreadable' || kind === 'live');
}

/** A save fires the store's own event and the file watcher's: one refresh serves them all. */
const REFRESH_DELAY_MS = 150;

export class BenchmarksTreeProvider implements vscode.TreeDataProvider<BenchmarkNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<BenchmarkNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly liveRuns = new Map<string, LiveRunListing>();
  private readonly subscription: vscode.Disposable;
  private refreshTimer: NodeJS.Timeout | undefined;

  constructor(private readonly store: BenchmarkResultStore) {
    this.subscription = store.onDidChange(() => this.refresh());
  }

  setLiveRun(live: LiveRunListing): void {
    this.liveRuns.set(live.runKey, live);
    this.refresh();
  }

  removeLiveRun(runKey: string): void {
    if (this.liveRuns.delete(runKey)) this.refresh();
  }

  refresh(): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => this.changed.fire(undefined), REFRESH_DELAY_MS);
  }

  async getChildren(node?: BenchmarkNode): Promise<BenchmarkNode[]> {
    if (!node) {
      const live: BenchmarkNode[] = [...this.liveRuns.values()].map((listing) => ({ kind: 'live', live: listing }));
      const stored = await this.store.list();
      return [
        ...live,
        ...stored.map((entry): BenchmarkNode =>
          entry.kind === 'result' ? { kind: 'result', stored: entry } : { kind: 'unreadable', stored: entry },
        ),
      ];
    }
    if (node.kind === 'result' && node.stored.result.kind === 'experiment') {
      const experiment = node.stored.result;
      return experiment.cells.map((_cell, cellIndex) => ({ kind: 'cell', experiment, resultId: node.stored.id, cellIndex }));
    }
    return [];
  }

  getTreeItem(node: BenchmarkNode): vscode.TreeItem {
    switch (node.kind) {
      case 'live':
        return this.liveItem(node.live);
      case 'unreadable':
        return this.unreadableItem(node.stored);
      case 'cell':
        return this.cellItem(node);
      case 'result':
        return node.stored.result.kind === 'run'
          ? this.runItem(node.stored.result, node.stored.id)
          : this.experimentItem(node.stored.result, node.stored.id);
    }
  }

  dispose(): void {
    clearTimeout(this.refreshTimer);
    this.subscription.dispose();
    this.changed.dispose();
  }

  private runItem(run: RunResult, id: string): vscode.TreeItem {
    const item = new vscode.TreeItem(resultLabel(run), vscode.TreeItemCollapsibleState.None);
    item.id = `result:${id}`;
    item.contextValue = BENCHMARK_ITEM_CONTEXT.run;
    item.description = [
      summaryText(run),
      run.status === 'completed' ? '' : statusText(run.status),
      clientBoundText(run),
      relativeTime(run.startTime),
    ]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = statusIcon(run.status, run.source.tool === 'tidb-lab' ? 'graph-line' : 'file-text', run.client?.bound);
    item.tooltip = runTooltip(run);
    item.command = openCommand({ kind: 'result', resultId: id });
    return item;
  }

  private experimentItem(experiment: ExperimentResult, id: string): vscode.TreeItem {
    const item = new vscode.TreeItem(resultLabel(experiment), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `result:${id}`;
    item.contextValue = BENCHMARK_ITEM_CONTEXT.experiment;
    const clientBound = experiment.cells.filter((cell) => cell.run.client?.bound).length;
    item.description = [
      runsText(experiment.cells.length),
      experiment.status === 'completed' ? '' : statusText(experiment.status),
      clientBound > 0 ? vscode.l10n.t('{0} client-bound', clientBound) : '',
      relativeTime(experiment.startTime),
    ]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = statusIcon(experiment.status, 'beaker', clientBound > 0);
    const tooltip = new vscode.MarkdownString();
    tooltip.appendText(`${resultLabel(experiment)}\n\n`);
    tooltip.appendText(vscode.l10n.t('Variants: {0}', experiment.variants.join(', ')) + '\n\n');
    tooltip.appendText(`${new Date(experiment.startTime).toLocaleString(vscode.env.language)} · ${statusText(experiment.status)}`);
    if (clientBound > 0)
      tooltip.appendText(
        `\n\n${vscode.l10n.t("The benchmark client limited {0} of these runs: their numbers show the client's limit, not the server's. {1}", clientBound, clientBoundAdvice(experiment.cells.filter((cell) => cell.run.client?.bound).map((cell) => cell.run)))}`,
      );
    item.tooltip = tooltip;
    item.command = openCommand({ kind: 'result', resultId: id });
    return item;
  }

  private cellItem(node: Extract<BenchmarkNode, { kind: 'cell' }>): vscode.TreeItem {
    const cell: ExperimentCell = node.experiment.cells[node.cellIndex];
    const item = new vscode.TreeItem(cellLabel(node.experiment, cell), vscode.TreeItemCollapsibleState.None);
    item.id = `cell:${node.resultId}:${node.cellIndex}`;
    item.contextValue = BENCHMARK_ITEM_CONTEXT.cell;
    item.description = [
      summaryText(cell.run),
      cell.run.status === 'completed' ? '' : statusText(cell.run.status),
      clientBoundText(cell.run),
    ]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = statusIcon(cell.run.status, 'graph-line', cell.run.client?.bound);
    item.tooltip = runTooltip(cell.run, `${resultLabel(node.experiment)} · ${cellLabel(node.experiment, cell)}`);
    item.command = openCommand({ kind: 'cell', resultId: node.resultId, cellIndex: node.cellIndex });
    return item;
  }

  private liveItem(live: LiveRunListing): vscode.TreeItem {
    const item = new vscode.TreeItem(live.label, vscode.TreeItemCollapsibleState.None);
    item.id = `live:${live.runKey}`;
    item.contextValue = BENCHMARK_ITEM_CONTEXT.live;
    item.description = live.description;
    item.iconPath = new vscode.ThemeIcon('loading~spin');
    item.command = openCommand({ kind: 'live', runKey: live.runKey });
    return item;
  }

  private unreadableItem(stored: Extract<StoredResult, { kind: 'unreadable' }>): vscode.TreeItem {
    const name = stored.uri.path.split('/').pop() ?? stored.uri.toString();
    const item = new vscode.TreeItem(name, vscode.TreeItemCollapsibleState.None);
    item.id = `unreadable:${stored.uri.toString()}`;
    item.contextValue = BENCHMARK_ITEM_CONTEXT.unreadable;
    item.description = vscode.l10n.t('cannot be read');
    item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
    item.tooltip = stored.problems.slice(0, 5).join('\n');
    item.resourceUri = stored.uri;
    item.command = { command: 'vscode.open', title: vscode.l10n.t('Open File'), arguments: [stored.uri] };
    return item;
  }
}

function summaryText(run: RunResult): string {
  const p95 = run.summary.latencyMs.p95;
  const tpcc = isTpccRun(run) ? tpccFiguresOf(run) : undefined;
  return [
    tpcc ? tpccText(tpcc) : vscode.l10n.t('{0} QPS', rateText(run.summary.qps)),
    p95 === null ? '' : vscode.l10n.t('p95 {0} ms', p95.toFixed(p95 >= 10 ? 1 : 2)),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "tpmC 1,234.5" and, for ch, "QphH 12.3", as go-tpc names them. */
function tpccText(figures: TpccFigures): string {
  const number = (value: number) => value.toLocaleString(vscode.env.language, { maximumFractionDigits: 1 });
  return [
    figures.tpmC === null ? '' : vscode.l10n.t('tpmC {0}', number(figures.tpmC)),
    figures.qphH === null ? '' : vscode.l10n.t('QphH {0}', number(figures.qphH)),
  ]
    .filter(Boolean)
    .join(' · ');
}

function runTooltip(run: RunResult, label = resultLabel(run)): vscode.MarkdownString {
  const tooltip = new vscode.MarkdownString();
  tooltip.appendText(`${label} · ${statusText(run.status)}\n\n`);
  const tpcc = isTpccRun(run) ? tpccFiguresOf(run) : undefined;
  if (tpcc?.efficiencyPct != null)
    tooltip.appendText(`${tpccText(tpcc)} · ${vscode.l10n.t('efficiency {0} %', tpcc.efficiencyPct.toFixed(1))}\n\n`);
  tooltip.appendText(`${vscode.l10n.t('TPS {0} · QPS {1}', rateText(run.summary.tps), rateText(run.summary.qps))}\n\n`);
  if (run.server)
    tooltip.appendText(
      `${run.server.flavor} ${run.server.version}${run.server.host ? ` · ${run.server.host}:${run.server.port ?? ''}` : ''}\n\n`,
    );
  const engine =
    run.source.engine === 'sysbench' || run.source.engine === 'go-tpc'
      ? ` · ${run.source.engine} ${run.source.engineVersion ?? ''}`.trimEnd()
      : run.source.engine === 'builtin'
        ? ` · ${vscode.l10n.t('built-in engine')}`
        : '';
  tooltip.appendText(
    `${run.source.tool} ${run.source.toolVersion}${engine} · ${new Date(run.startTime).toLocaleString(vscode.env.language)}`,
  );
  if (run.summary.errors > 0) tooltip.appendText(`\n\n${errorsText(run.summary, vscode.env.language)}`);
  if (run.message) tooltip.appendText(`\n\n${run.message}`);
  if (run.client?.bound) {
    const { saturated, measured } = saturatedIntervals(run);
    const busy = run.client.eventLoopUtilization;
    tooltip.appendText(
      `\n\n${vscode.l10n.t(
        "The benchmark client limited this run (client CPU {0}% of {1} core(s){2}, saturated in {3} of {4} intervals): the numbers show the client's limit, not the server's. {5}",
        Math.round(run.client.cpuUtilization * 100),
        run.client.cores,
        busy === undefined ? '' : vscode.l10n.t(', event loop busy {0}%', Math.round(busy * 100)),
        saturated,
        measured,
        clientBoundAdvice([run]),
      )}`,
    );
  }
  return tooltip;
}

function clientBoundText(run: RunResult): string {
  return run.client?.bound ? vscode.l10n.t('client-bound') : '';
}

/** The sysbench engine only where it could run one of the runs (not TPC-C, CH-benCHmark or rawsql). */
function clientBoundAdvice(runs: readonly Pick<RunResult, 'workload'>[]): string {
  return runs.every((run) => clientOnMainThread(run.workload))
    ? vscode.l10n.t('Give the client more cores, use fewer threads, or run it on a separate load machine.')
    : vscode.l10n.t(
        'Give the client more cores, use fewer threads, run it on a separate load machine, or use the sysbench engine (--engine=sysbench).',
      );
}

/** Failed and cancelled say so first; a completed run the client limited carries the warning colour. */
function statusIcon(status: RunResult['status'], completedIcon: string, clientBound = false): vscode.ThemeIcon {
  if (status === 'failed') return new vscode.ThemeIcon('error', new vscode.ThemeColor('problemsErrorIcon.foreground'));
  if (status === 'cancelled') return new vscode.ThemeIcon('debug-stop', new vscode.ThemeColor('problemsWarningIcon.foreground'));
  if (clientBound)
    return new vscode.ThemeIcon(completedIcon === 'beaker' ? 'beaker' : 'warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
  return new vscode.ThemeIcon(completedIcon);
}

function openCommand(target: PanelTarget): vscode.Command {
  return { command: BENCHMARK_COMMANDS.openBenchmarkResult, title: vscode.l10n.t('Open Result'), arguments: [target] };
}
