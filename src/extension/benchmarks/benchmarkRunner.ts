// Runs benchmarks and experiments with the engine (src/core/bench): a cancellable progress
// notification ("oltp_point_select 32 threads · 41 s / 120 s"), a live tab that grows by one
// point per report interval, and the result saved to the store whatever the outcome (a cancelled
// run keeps what it measured, marked cancelled). A thread sweep is an experiment of one variant.
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { optionsRecord } from '../../core/bench/benchOptions';
import type { ExperimentDefinition, SysbenchExperimentDefinition } from '../../core/bench/experimentDefinition';
import { engineText, isEngineSetting, runMeasuredWithEngine, type EngineConfig } from '../../core/bench/benchEngine';
import { resolveBenchmarkConfig } from '../../core/bench/benchmarkConfig';
import type { ExperimentStep } from '../../core/bench/experimentStep';
import { planExperiment, runExperiment, type PlannedCell } from '../../core/bench/runExperiment';
import { bulkLoadCellCount } from '../../core/bench/bulkLoadPlan';
import type { IntervalReport } from '../../core/bench/runStatistics';
import { RAWSQL_WORKLOAD, runRawsql, type RawsqlConfig } from '../../core/bench/rawsql/runRawsql';
import type { BenchmarkResult } from '../../core/results/benchmarkResult';
import type { ReportedInterval } from './reportedInterval';
import type { LiveRunHeader } from '../../protocol/benchmarkResults';
import { sqlLoggerFor, type ExtensionLog } from '../log/extensionLog';
import { BENCHMARK_CONTEXT_KEYS, BENCHMARK_SETTINGS } from './benchmarkIds';
import { benchSettingsFromProfile } from '../../core/bench/benchConnectionSettings';
import type { BenchmarkTarget } from './benchmarkTarget';
import type { BenchmarksTreeProvider } from './benchmarksTreeProvider';
import { engineOptions, type LaunchSettings } from './launchSettings';
import { cellNameWords, resultLabel, statusText, threadsText } from './resultLabels';
import { cellName, type CellDimensions } from '../../core/results/runNames';
import type { BenchmarkResultsPanels, LiveRunHandle } from './resultsPanels';
import type { BenchmarkResultStore, StoredResult } from './resultStore';

export interface RunnerDependencies {
  panels: BenchmarkResultsPanels;
  store: BenchmarkResultStore;
  tree: BenchmarksTreeProvider;
  log: ExtensionLog;
}

export interface RunOptions {
  /** show the live tab and then the result (default true) */
  openPanel?: boolean;
}

/** The thread sweep of "Run Benchmark..." with a list of threads: an experiment of one variant, on the data already there. */
export function threadSweepDefinition(settings: LaunchSettings): SysbenchExperimentDefinition {
  const common = engineOptions(settings, settings.threads[0]);
  const { threads: _threads, table_size: _tableSize, ...options } = common;
  return {
    kind: 'sysbench',
    name: vscode.l10n.t('Thread sweep: {0}', settings.workload),
    workloads: [{ name: settings.workload }],
    threads: settings.threads,
    tableSizes: [settings.tableSize],
    options,
    variants: [{ name: 'default' }],
    params: {},
    repeat: 1,
    prepare: false,
    cleanup: false,
  };
}

/** Turns the engine's per-interval callbacks into the progress notification's text and increments. */
class ProgressTracker {
  private reported = 0;

  constructor(
    private readonly progress: vscode.Progress<{ message?: string; increment?: number }>,
    private readonly totalSec: number,
  ) {}

  report(message: string, doneSec: number): void {
    const percent = this.totalSec > 0 ? Math.min(100, (doneSec / this.totalSec) * 100) : 0;
    this.progress.report({ message, increment: Math.max(0, percent - this.reported) });
    this.reported = Math.max(this.reported, percent);
  }
}

export class BenchmarkRunner implements vscode.Disposable {
  /** runs going on: their cancel, by run key */
  private readonly running = new Map<string, () => void>();
  private readonly intervalEmitter = new vscode.EventEmitter<ReportedInterval>();
  /** every interval of the runs going on, as the live tab and the progress get it */
  readonly onDidReportInterval = this.intervalEmitter.event;

  constructor(private readonly deps: RunnerDependencies) {}

  async runSettings(target: BenchmarkTarget, settings: LaunchSettings, options: RunOptions = {}): Promise<StoredResult | undefined> {
    if (settings.threads.length > 1) return this.runExperiment(target, threadSweepDefinition(settings), settings.database, options);
    return this.runSingle(target, settings, options);
  }

  async runSingle(target: BenchmarkTarget, settings: LaunchSettings, options: RunOptions = {}): Promise<StoredResult | undefined> {
    const { log } = this.deps;
    const threads = settings.threads[0];
    const connection = benchSettingsFromProfile(target.profile, target.password, settings.database);
    const engine = engineOptions(settings, threads);
    const header: LiveRunHeader = {
      runKey: randomUUID(),
      workload: settings.workload,
      threads,
      timeSec: settings.time,
      reportIntervalSec: settings.reportInterval,
      connectionName: target.profile.name,
      server: {
        flavor: target.session.identity.flavor,
        version: target.session.identity.version,
        host: target.profile.host,
        port: target.profile.port,
      },
      options: { ...engine, mysql_db: settings.database },
    };
    const what = `${settings.workload} ${threadsText(threads)}`;
    log.info(
      `Benchmark on ${target.profile.name}: ${settings.workload} ${Object.entries(engine)
        .map(([name, value]) => `--${name}=${String(value)}`)
        .join(' ')} --mysql-db=${settings.database}`,
    );
    return this.withRun(header, options, what, settings.time, async (signal, live, tracker) => {
      const measured = await runMeasuredWithEngine(
        resolveBenchmarkConfig({ workload: settings.workload, connection, options: engine }),
        {
          signal,
          onEngine: (choice) => log.info(`[bench] ${engineText(choice)}`),
          onInterval: (report) => {
            live?.append(report.interval);
            tracker.report(this.progressText(what, report, settings.time, signal), report.interval.t);
            this.intervalEmitter.fire({ runKey: header.runKey, interval: report.interval });
          },
          onLog: (message) => log.info(`[bench] ${message}`),
          onSql: sqlLoggerFor(log, target.profile.name),
        },
        engineConfiguration(),
      );
      return measured.result;
    });
  }

  /** go-tpc's rawsql: the queries of SQL files run by N threads, with the same live tab and result path as a sysbench run. */
  async runRawsql(
    target: BenchmarkTarget,
    run: Omit<RawsqlConfig, 'connection'>,
    database: string,
    options: RunOptions = {},
  ): Promise<StoredResult | undefined> {
    const { log } = this.deps;
    const connection = resolveBenchmarkConfig({
      workload: 'oltp_point_select',
      connection: benchSettingsFromProfile(target.profile, target.password, database),
    }).connection;
    const header: LiveRunHeader = {
      runKey: randomUUID(),
      workload: RAWSQL_WORKLOAD,
      threads: run.threads,
      timeSec: run.timeSec,
      reportIntervalSec: run.intervalSec,
      connectionName: target.profile.name,
      server: {
        flavor: target.session.identity.flavor,
        version: target.session.identity.version,
        host: target.profile.host,
        port: target.profile.port,
      },
      options: { threads: run.threads, time: run.timeSec, count: run.count, query_files: run.queryFiles.join(','), mysql_db: database },
    };
    const what = `rawsql ${run.queries.map((query) => query.name).join(', ')} ${threadsText(run.threads)}`;
    log.info(`SQL file benchmark on ${target.profile.name}: ${what}, ${run.timeSec} s, count ${run.count}, database ${database}`);
    return this.withRun(header, options, what, run.timeSec, async (signal, live, tracker) => {
      const measured = await runRawsql(
        { ...run, connection },
        {
          signal,
          onInterval: (report) => {
            live?.append(report.interval);
            tracker.report(this.progressText(what, report, run.timeSec, signal), report.interval.t);
            this.intervalEmitter.fire({ runKey: header.runKey, interval: report.interval });
          },
          onLog: (message) => log.info(`[rawsql] ${message}`),
          onSql: sqlLoggerFor(log, target.profile.name),
        },
      );
      return measured.result;
    });
  }

  async runExperiment(
    target: BenchmarkTarget,
    definition: ExperimentDefinition,
    database: string,
    options: RunOptions = {},
  ): Promise<StoredResult | undefined> {
    const { log } = this.deps;
    const connection = benchSettingsFromProfile(target.profile, target.password, database);
    const plan = definition.kind === 'sysbench' ? planExperiment(definition, connection) : [];
    const cellSec = plan.reduce((sum, cell) => sum + cell.options.limits.time, 0);
    const headerOf = (cell: PlannedCell, index: number, runKey: string): LiveRunHeader => ({
      runKey,
      workload: cell.workload.name,
      threads: cell.threads,
      timeSec: cell.options.limits.time,
      reportIntervalSec: cell.options.limits.reportInterval,
      connectionName: target.profile.name,
      server: {
        flavor: target.session.identity.flavor,
        version: target.session.identity.version,
        host: target.profile.host,
        port: target.profile.port,
      },
      options: optionsRecord(cell.options),
      step: { index: index + 1, count: plan.length, label: cellText(plan, cell) },
    });
    const runKey = randomUUID();
    const first = plan[0];
    // A bulk-load experiment reports per cell, not per interval: it shows its result when done.
    const header = first ? headerOf(first, 0, runKey) : undefined;
    log.info(`Experiment '${definition.name}' on ${target.profile.name} (database ${database}): ${plan.length || 'bulk-load'} cells.`);
    return this.withRun(
      header ?? bulkLoadHeader(definition, target, runKey),
      options,
      definition.name,
      cellSec,
      async (signal, live, tracker) => {
        let current = 0;
        let doneSec = 0;
        /** Moves the live tab and the progress on to a cell as it starts, before its first interval. */
        const enterCell = (cellIndex: number, cell: PlannedCell) => {
          if (cellIndex === current) return;
          doneSec += plan.slice(current, cellIndex).reduce((sum, done) => sum + done.options.limits.time, 0);
          current = cellIndex;
          live?.nextRun(headerOf(cell, cellIndex, runKey));
        };
        const result = await runExperiment(definition, connection, {
          signal,
          engine: engineConfiguration(),
          onStep: (step) => {
            if (step.kind === 'cell') {
              const cell = plan[step.index];
              if (cell) enterCell(step.index, cell);
              const what = cell ? `${cellText(plan, cell)} · ${workloadText(cell)}` : step.label;
              tracker.report(
                `${step.index + 1}/${step.total} · ${what} · ${cell ? vscode.l10n.t('starting…') : vscode.l10n.t('loading…')}`,
                cell ? doneSec : step.index,
              );
            } else {
              tracker.report(stepText(step), doneSec);
            }
          },
          onInterval: (cellIndex, report) => {
            const cell = plan[cellIndex];
            if (!cell) return;
            enterCell(cellIndex, cell);
            live?.append(report.interval);
            this.intervalEmitter.fire({ runKey, interval: report.interval });
            const text = `${cellIndex + 1}/${plan.length} · ${cellText(plan, cell)} · ${this.progressText(workloadText(cell), report, cell.options.limits.time, signal)}`;
            tracker.report(text, doneSec + report.interval.t);
          },
          onCell: (cell, index, total) => {
            log.info(
              `[experiment] cell ${index + 1}/${total} ${cell.variant} ${cell.workload} ${cell.threads} threads: ${statusText(cell.run.status)}, ${cell.run.summary.qps.toFixed(1)} QPS`,
            );
            if (plan.length === 0) tracker.report(vscode.l10n.t('{0} of {1} runs done', index + 1, total), index + 1);
          },
          onLog: (message) => log.info(`[experiment] ${message}`),
          onSql: sqlLoggerFor(log, target.profile.name),
        });
        return result;
      },
      definition.kind === 'bulk-load' ? { units: bulkLoadCells(definition), live: false } : undefined,
    );
  }

  /** Cancels one run (by its key) or every run going on; returns how many were asked to stop. */
  cancel(runKey?: string): number {
    const cancels =
      runKey === undefined
        ? [...this.running.values()]
        : [this.running.get(runKey)].filter((cancel): cancel is () => void => cancel !== undefined);
    for (const cancel of cancels) cancel();
    return cancels.length;
  }

  /** Cancels every run going on (window closing, extension deactivating). */
  dispose(): void {
    this.cancel();
    this.running.clear();
    this.intervalEmitter.dispose();
  }

  private progressText(what: string, report: Pick<IntervalReport, 'interval'>, timeSec: number, signal: AbortSignal): string {
    const elapsed = Math.round(report.interval.t);
    const base = timeSec > 0 ? vscode.l10n.t('{0} · {1} s / {2} s', what, elapsed, timeSec) : vscode.l10n.t('{0} · {1} s', what, elapsed);
    return signal.aborted ? `${base} · ${vscode.l10n.t('stopping…')}` : base;
  }

  /**
   * The frame around every run: progress notification, live tab, tree entry, cancel, saving the
   * result and showing it. `work` gets the abort signal, the live tab (when shown) and the tracker.
   */
  private async withRun(
    header: LiveRunHeader,
    options: RunOptions,
    title: string,
    totalSec: number,
    work: (signal: AbortSignal, live: LiveRunHandle | undefined, tracker: ProgressTracker) => Promise<BenchmarkResult>,
    /** runs that report per cell rather than per interval: progress in cells, no live tab */
    cells?: { units: number; live: false },
  ): Promise<StoredResult | undefined> {
    const { panels, store, tree, log } = this.deps;
    const controller = new AbortController();
    const runKey = header.runKey;
    const cancel = () => {
      if (controller.signal.aborted) return;
      log.info(`Cancelling ${title}…`);
      controller.abort();
      live?.setPhase('stopping');
    };
    const live = options.openPanel === false || cells ? undefined : panels.startLive(header, cancel);
    this.running.set(runKey, cancel);
    tree.setLiveRun({ runKey, label: title, description: vscode.l10n.t('running on {0}', header.connectionName) });
    void this.updateRunningContext();
    try {
      const result = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: vscode.l10n.t('Benchmark on {0}', header.connectionName),
          cancellable: true,
        },
        async (progress, token) => {
          const subscription = token.onCancellationRequested(cancel);
          try {
            progress.report({ message: vscode.l10n.t('{0} · connecting…', title) });
            return await work(controller.signal, live, new ProgressTracker(progress, cells?.units ?? totalSec));
          } finally {
            subscription.dispose();
          }
        },
      );
      const stored = await store.save({ ...result, connection: header.connectionName });
      live?.finish({ kind: 'result', resultId: stored.id });
      if (options.openPanel !== false && !live) await panels.open({ kind: 'result', resultId: stored.id });
      this.announce(result);
      return stored;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error(`${title} did not run: ${message}`);
      live?.fail(vscode.l10n.t('The benchmark did not run'), message);
      const showLog = vscode.l10n.t('Show Log');
      void vscode.window.showErrorMessage(vscode.l10n.t('{0} did not run: {1}', title, message), showLog).then((choice) => {
        if (choice === showLog) log.show(true);
      });
      return undefined;
    } finally {
      this.running.delete(runKey);
      tree.removeLiveRun(runKey);
      void this.updateRunningContext();
    }
  }

  private announce(result: BenchmarkResult): void {
    const label = resultLabel(result);
    if (result.status === 'cancelled') {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('{0} was cancelled; what it measured until then is saved in the Benchmarks view.', label),
      );
    } else if (result.status === 'failed') {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('{0} failed: {1} The partial result is saved in the Benchmarks view.', label, result.message ?? ''),
      );
    } else if (result.kind === 'run') {
      vscode.window.setStatusBarMessage(
        vscode.l10n.t('{0}: {1} QPS, p95 {2} ms', label, result.summary.qps.toFixed(0), result.summary.latencyMs.p95?.toFixed(2) ?? '–'),
        10_000,
      );
    }
  }

  private async updateRunningContext(): Promise<void> {
    await vscode.commands.executeCommand('setContext', BENCHMARK_CONTEXT_KEYS.running, this.running.size > 0);
  }
}

/** The progress text of the steps between cells. */
function stepText(step: Exclude<ExperimentStep, { kind: 'cell' }>): string {
  switch (step.kind) {
    case 'prepare':
      return vscode.l10n.t('Preparing {0} table(s) of {1} rows…', step.tables, step.tableSize.toLocaleString());
    case 'variant':
      return step.waitsUntilReady
        ? vscode.l10n.t("Setting up '{0}' and waiting until it is ready…", step.variant)
        : vscode.l10n.t("Setting up '{0}'…", step.variant);
    case 'cleanup':
      return vscode.l10n.t('Dropping the benchmark tables…');
  }
}

function workloadText(cell: PlannedCell): string {
  return `${cell.workload.name} ${threadsText(cell.threads)}`;
}

/** The cell as its run will be named in the Benchmarks view: what tells it apart from the other cells. */
function cellText(plan: readonly PlannedCell[], cell: PlannedCell): string {
  const dimensions = (planned: PlannedCell): CellDimensions => ({
    variant: planned.variant.name,
    workload: planned.workload.name,
    threads: planned.threads,
    tableSize: planned.tableSize,
    params: planned.params,
    repetition: planned.repetition,
  });
  return cellName(plan.map(dimensions), dimensions(cell), cellNameWords);
}

function bulkLoadCells(definition: Extract<ExperimentDefinition, { kind: 'bulk-load' }>): number {
  return bulkLoadCellCount(definition);
}

function bulkLoadHeader(definition: ExperimentDefinition, target: BenchmarkTarget, runKey: string): LiveRunHeader {
  return {
    runKey,
    workload: definition.name,
    threads: 0,
    timeSec: 0,
    reportIntervalSec: 0,
    connectionName: target.profile.name,
    options: {},
  };
}

/** tidbLab.benchmarks.engine and tidbLab.benchmarks.sysbenchPath, as the core takes them. */
function engineConfiguration(): EngineConfig {
  const settings = vscode.workspace.getConfiguration();
  const engine = settings.get<string>(BENCHMARK_SETTINGS.engine, 'auto');
  const sysbenchPath = settings.get<string>(BENCHMARK_SETTINGS.sysbenchPath, '').trim();
  return { engine: isEngineSetting(engine) ? engine : 'auto', ...(sysbenchPath !== '' ? { sysbenchPath } : {}) };
}
