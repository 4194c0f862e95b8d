// Runs benchmarks and experiments with the engine (src/core/bench) in a process of their own
// (dist/benchRunner.js, src/core/bench/detached), so a window reload does not stop them: a
// cancellable progress notification ("oltp_point_select 32 threads · 41 s / 120 s"), a live tab
// that grows by one point per report interval, and the result saved to the store whatever the
// outcome (a cancelled run keeps what it measured, marked cancelled). The window that comes back
// after a reload takes the runs over (adoptRuns). A thread sweep is an experiment of one variant.
import { randomUUID } from 'node:crypto';
import { unlinkSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { optionsRecord } from '../../core/bench/benchOptions';
import type { ExperimentDefinition, SysbenchExperimentDefinition } from '../../core/bench/experiments/experimentDefinition';
import { isEngineSetting, type EngineConfig } from '../../core/bench/benchEngine';
import { goTpcEngineConfigOf, type GoTpcEngineConfig } from '../../core/bench/goTpcEngine/goTpcDetachedRun';
import { planExperiment, type PlannedCell } from '../../core/bench/experiments/runExperiment';
import { bulkLoadCellCount } from '../../core/bench/bulkLoad/bulkLoadPlan';
import { tpccCellCount } from '../../core/bench/experiments/experimentSize';
import { RAWSQL_WORKLOAD, type RawsqlConfig } from '../../core/bench/rawsql/runRawsql';
import { TPCC_WORKLOAD, type TpccRunConfig } from '../../core/bench/tpcc/runTpcc';
import { CH_WORKLOAD } from '../../core/bench/ch/runCh';
import { findAdoptableRuns, findRunningRun } from '../../core/bench/detached/adoptableRuns';
import { partialResult } from '../../core/bench/detached/partialResult';
import { signalRunToStop, startDetachedRun, type RunnerCommand } from '../../core/bench/detached/processes';
import {
  RUN_FILES,
  claimCollection,
  createRunDirectory,
  isCollected,
  listRunDirectories,
  readEvents,
  readMeta,
  readOutcome,
  readOwner,
  removeRunDirectory,
  writeOwner,
} from '../../core/bench/detached/runDirectory';
import {
  RUN_DIRECTORY_VERSION,
  type DetachedChRun,
  type DetachedRunEvent,
  type DetachedRunMeta,
  type DetachedRunSpec,
} from '../../core/bench/detached/runEvents';
import { RunFollower } from '../../core/bench/detached/runFollower';
import type { BenchmarkResult } from '../../core/results/benchmarkResult';
import { isTpccRun, tpccFiguresOf } from '../../core/results/tpccFigures';
import type { ReportedInterval } from './reportedInterval';
import type { LiveRunHeader } from '../../protocol/benchmarkResults';
import { sqlLoggerFor, type ExtensionLog } from '../log/extensionLog';
import { BENCHMARK_CONTEXT_KEYS, BENCHMARK_SETTINGS } from './benchmarkIds';
import { benchSettingsFromProfile } from '../../core/bench/benchConnectionSettings';
import type { BenchmarkTarget } from './benchmarkTarget';
import type { BenchmarksTreeProvider } from './benchmarksTreeProvider';
import { engineOptions, type LaunchSettings } from './launchSettings';
import { resultLabel, statusText, threadsText } from './resultLabels';
import { liveTitle, type BenchmarkResultsPanels, type LiveRunHandle } from './resultsPanels';
import type { BenchmarkResultStore, StoredResult } from './resultStore';
import { cellText, progressText, ProgressTracker, stepText, workloadText } from './runProgress';

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

/** What the live tab and the progress show of a detached run, kept in its run.json for the window that follows it after a reload. */
interface RunDisplay {
  title: string;
  totalSec: number;
  connectionName: string;
  server?: LiveRunHeader['server'];
  /** a single benchmark's live header */
  header?: LiveRunHeader;
}

/** Another window stores this run's result: it took the run over, or stored it first. */
class CollectedElsewhere extends Error {}

/** Where detached runs keep their files and how their process starts. */
export interface DetachedRunPlace {
  folder: string;
  command: RunnerCommand;
}

export class BenchmarkRunner implements vscode.Disposable {
  /** runs going on: their cancel, by run key */
  private readonly running = new Map<string, () => void>();
  /** the followers of runs going on: stopped (the runs go on) when the window goes */
  private readonly followers = new Map<string, RunFollower>();
  private readonly intervalEmitter = new vscode.EventEmitter<ReportedInterval>();
  /** every interval of the runs going on, as the live tab and the progress get it */
  readonly onDidReportInterval = this.intervalEmitter.event;
  private adoptTimer: NodeJS.Timeout | undefined;
  private disposed = false;

  constructor(
    private readonly deps: RunnerDependencies,
    private readonly place: DetachedRunPlace,
  ) {}

  async runSettings(target: BenchmarkTarget, settings: LaunchSettings, options: RunOptions = {}): Promise<StoredResult | undefined> {
    if (settings.threads.length > 1) return this.runExperiment(target, threadSweepDefinition(settings), settings.database, options);
    return this.runSingle(target, settings, options);
  }

  async runSingle(target: BenchmarkTarget, settings: LaunchSettings, options: RunOptions = {}): Promise<StoredResult | undefined> {
    const { log } = this.deps;
    const threads = settings.threads[0];
    const { password, ...connection } = benchSettingsFromProfile(target.profile, target.password, settings.database);
    const engine = engineOptions(settings, threads);
    const header: LiveRunHeader = {
      runKey: randomUUID(),
      workload: settings.workload,
      threads,
      timeSec: settings.time,
      reportIntervalSec: settings.reportInterval,
      connectionName: target.profile.name,
      server: serverOf(target),
      options: { ...engine, mysql_db: settings.database },
    };
    log.info(
      `Benchmark on ${target.profile.name}: ${settings.workload} ${Object.entries(engine)
        .map(([name, value]) => `--${name}=${String(value)}`)
        .join(' ')} --mysql-db=${settings.database}`,
    );
    const display: RunDisplay = {
      title: `${settings.workload} ${threadsText(threads)}`,
      totalSec: settings.time,
      connectionName: target.profile.name,
      server: header.server,
      header,
    };
    const spec: DetachedRunSpec = {
      kind: 'benchmark',
      workload: settings.workload,
      connection,
      options: engine,
      engine: engineConfiguration(),
    };
    return this.launch(header.runKey, spec, display, password, options);
  }

  /** go-tpc's rawsql: the queries of SQL files run by N threads, with the same live tab and result path as a sysbench run. */
  async runRawsql(
    target: BenchmarkTarget,
    run: Omit<RawsqlConfig, 'connection'>,
    database: string,
    options: RunOptions = {},
  ): Promise<StoredResult | undefined> {
    const { log } = this.deps;
    const { password, ...connection } = benchSettingsFromProfile(target.profile, target.password, database);
    const header: LiveRunHeader = {
      runKey: randomUUID(),
      workload: RAWSQL_WORKLOAD,
      threads: run.threads,
      timeSec: run.timeSec,
      reportIntervalSec: run.intervalSec,
      connectionName: target.profile.name,
      server: serverOf(target),
      options: { threads: run.threads, time: run.timeSec, count: run.count, query_files: run.queryFiles.join(','), mysql_db: database },
    };
    const what = `rawsql ${run.queries.map((query) => query.name).join(', ')} ${threadsText(run.threads)}`;
    log.info(`SQL file benchmark on ${target.profile.name}: ${what}, ${run.timeSec} s, count ${run.count}, database ${database}`);
    const display: RunDisplay = { title: what, totalSec: run.timeSec, connectionName: target.profile.name, server: header.server, header };
    return this.launch(header.runKey, { kind: 'rawsql', run, connection }, display, password, options);
  }

  /** TPC-C's run (go-tpc's tpcc run) on the tables Prepare TPC-C Data loaded, with the same live tab and result path. */
  async runTpcc(
    target: BenchmarkTarget,
    run: Omit<TpccRunConfig, 'connection'>,
    database: string,
    options: RunOptions = {},
  ): Promise<StoredResult | undefined> {
    const { password, ...connection } = benchSettingsFromProfile(target.profile, target.password, database);
    const header: LiveRunHeader = {
      runKey: randomUUID(),
      workload: TPCC_WORKLOAD,
      threads: run.threads,
      timeSec: run.timeSec,
      reportIntervalSec: run.intervalSec,
      connectionName: target.profile.name,
      server: serverOf(target),
      options: { warehouses: run.warehouses, threads: run.threads, time: run.timeSec, mysql_db: database },
    };
    const what = `tpcc ${vscode.l10n.t('{0} warehouse(s)', run.warehouses)} ${threadsText(run.threads)}`;
    this.deps.log.info(`TPC-C on ${target.profile.name}: ${what}, ${run.timeSec} s, database ${database}`);
    const display: RunDisplay = { title: what, totalSec: run.timeSec, connectionName: target.profile.name, server: header.server, header };
    return this.launch(
      header.runKey,
      { kind: 'tpcc', run, connection, goTpcEngine: goTpcEngineConfiguration() },
      display,
      password,
      options,
    );
  }

  /** CH-benCHmark's run (go-tpc's ch run): TPC-C's load and the analytical queries beside it, with the same live tab and result path. */
  async runCh(target: BenchmarkTarget, run: DetachedChRun, database: string, options: RunOptions = {}): Promise<StoredResult | undefined> {
    const { password, ...connection } = benchSettingsFromProfile(target.profile, target.password, database);
    const tpcc = run.tpcc;
    const header: LiveRunHeader = {
      runKey: randomUUID(),
      workload: CH_WORKLOAD,
      threads: tpcc.threads,
      timeSec: tpcc.timeSec,
      reportIntervalSec: tpcc.intervalSec,
      connectionName: target.profile.name,
      server: serverOf(target),
      options: {
        warehouses: tpcc.warehouses,
        threads: tpcc.threads,
        acThreads: run.acThreads,
        time: tpcc.timeSec,
        mysql_db: database,
        ...(run.apConnParams ? { ap_conn_params: run.apConnParams } : {}),
      },
    };
    const what = `ch ${vscode.l10n.t('{0} warehouse(s)', tpcc.warehouses)} ${threadsText(tpcc.threads)}, ${vscode.l10n.t('{0} AP thread(s)', run.acThreads)}`;
    this.deps.log.info(`CH-benCHmark on ${target.profile.name}: ${what}, ${tpcc.timeSec} s, database ${database}`);
    const display: RunDisplay = { title: what, totalSec: tpcc.timeSec, connectionName: target.profile.name, server: header.server, header };
    return this.launch(header.runKey, { kind: 'ch', run, connection, goTpcEngine: goTpcEngineConfiguration() }, display, password, options);
  }

  async runExperiment(
    target: BenchmarkTarget,
    definition: ExperimentDefinition,
    database: string,
    options: RunOptions = {},
  ): Promise<StoredResult | undefined> {
    const { password, ...connection } = benchSettingsFromProfile(target.profile, target.password, database);
    const plan = definition.kind === 'sysbench' ? planExperiment(definition, { ...connection, password: '' }) : [];
    const cells = definition.kind === 'tpcc' ? tpccCellCount(definition) : plan.length || 'bulk-load';
    this.deps.log.info(`Experiment '${definition.name}' on ${target.profile.name} (database ${database}): ${cells} cells.`);
    const display: RunDisplay = {
      title: definition.name,
      totalSec:
        definition.kind === 'tpcc'
          ? tpccCellCount(definition) * definition.time
          : plan.reduce((sum, cell) => sum + cell.options.limits.time, 0),
      connectionName: target.profile.name,
      server: serverOf(target),
    };
    const spec: DetachedRunSpec = { kind: 'experiment', definition, connection, engine: engineConfiguration() };
    return this.launch(randomUUID(), spec, display, password, options);
  }

  /**
   * Takes over the runs no window follows (this window was reloaded, or the one that started them
   * is gone): a run going on gets its live tab and progress back, a run that finished meanwhile is
   * stored and its tab says so, a run whose process died without a result is stored as partial.
   */
  async adoptRuns(): Promise<void> {
    if (this.disposed) return;
    for (const run of findAdoptableRuns(this.place.folder, process.pid)) {
      if (this.followers.has(run.meta.runKey)) continue;
      writeOwner(run.directory, process.pid);
      const display = run.meta.display as RunDisplay;
      this.deps.log.info(
        `Benchmark run '${display?.title ?? run.meta.runKey}' ${run.state === 'running' ? 'is still running: following it again' : 'ended while no window followed it'}.`,
      );
      if (run.state === 'running') void this.follow(run.directory, run.meta, { openPanel: true }, true);
      else await this.collectUnfollowed(run.directory, run.meta);
    }
  }

  /**
   * The live tab of a run came back in this window while the run goes on and another window's
   * extension host still follows it: the browser tab was closed and opened again, and code-server
   * keeps the closed tab's extension host for a while. This window follows the run from now on and
   * stores its result; the other one lets go of it when it ends.
   */
  takeOverRun(runKey: string): void {
    if (this.disposed || this.running.has(runKey) || this.followers.has(runKey)) return;
    const run = findRunningRun(this.place.folder, runKey);
    if (!run) return;
    writeOwner(run.directory, process.pid);
    const display = run.meta.display as RunDisplay;
    this.deps.log.info(`Benchmark run '${display?.title ?? runKey}' is followed by this window now: its live tab came back here.`);
    void this.follow(run.directory, run.meta, { openPanel: true }, true);
  }

  /** The run going on whose live tab (or one of whose cells' tabs) has this title. */
  runKeyOfLiveTab(title: string): string | undefined {
    for (const directory of listRunDirectories(this.place.folder)) {
      const meta = readMeta(directory);
      if (!meta || isCollected(directory)) continue;
      const display = meta.display as RunDisplay | undefined;
      const plan = sysbenchPlanOf(meta);
      const headers = [...(display?.header ? [display.header] : []), ...plan.map((cell, index) => cellHeader(meta, plan, cell, index))];
      if (headers.some((header) => liveTitle(header) === title)) return meta.runKey;
    }
    return undefined;
  }

  /** Looks for runs to take over now and every few seconds (a reloaded window's old extension host may take a moment to go). */
  watchForRunsToAdopt(everyMs = 3000): void {
    const tick = () => {
      void this.adoptRuns().finally(() => {
        if (!this.disposed) this.adoptTimer = setTimeout(tick, everyMs);
      });
    };
    tick();
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

  /** The window goes (reload, close, extension deactivating): the runs go on in their own processes; the next window takes them over. */
  dispose(): void {
    this.disposed = true;
    if (this.adoptTimer) clearTimeout(this.adoptTimer);
    for (const follower of this.followers.values()) {
      try {
        if (readOwner(follower.directory) === process.pid) unlinkSync(join(follower.directory, RUN_FILES.owner));
      } catch {
        // the run ended and its directory is gone
      }
      follower.stop();
    }
    this.followers.clear();
    this.running.clear();
    this.intervalEmitter.dispose();
  }

  private async launch(
    runKey: string,
    spec: DetachedRunSpec,
    display: RunDisplay,
    password: string,
    options: RunOptions,
  ): Promise<StoredResult | undefined> {
    const meta: DetachedRunMeta = { version: RUN_DIRECTORY_VERSION, runKey, createdAt: new Date().toISOString(), spec, display };
    const directory = await createRunDirectory(this.place.folder, meta);
    writeOwner(directory, process.pid);
    try {
      await startDetachedRun(this.place.command, directory, { password });
    } catch (error) {
      await removeRunDirectory(directory);
      const message = error instanceof Error ? error.message : String(error);
      this.deps.log.error(`${display.title} did not start: ${message}`);
      void vscode.window.showErrorMessage(vscode.l10n.t('{0} did not run: {1}', display.title, message));
      return undefined;
    }
    return this.follow(directory, meta, options, false);
  }

  /** The live tab, the progress and the stored result of a run, from its run directory. */
  private follow(directory: string, meta: DetachedRunMeta, options: RunOptions, reattached: boolean): Promise<StoredResult | undefined> {
    const { log } = this.deps;
    const display = meta.display as RunDisplay;
    const runKey = meta.runKey;
    const spec = meta.spec;
    const plan = sysbenchPlanOf(meta);
    const headerOf = (cell: PlannedCell, index: number): LiveRunHeader => cellHeader(meta, plan, cell, index);
    const bulkLoad = spec.kind === 'experiment' && spec.definition.kind === 'bulk-load' ? spec.definition : undefined;
    // a TPC-C experiment's progress counts its cells, as a bulk-load one's does
    const tpccExperiment = spec.kind === 'experiment' && spec.definition.kind === 'tpcc' ? spec.definition : undefined;
    const header = display.header ?? (plan[0] ? headerOf(plan[0], 0) : bulkLoadHeader(display, runKey));
    const connectionName = display.connectionName;
    const what = display.title;
    const work = async (signal: AbortSignal, live: LiveRunHandle | undefined, tracker: ProgressTracker): Promise<BenchmarkResult> => {
      let current = 0;
      let doneSec = 0;
      /** Moves the live tab and the progress on to a cell as it starts, before its first interval. */
      const enterCell = (cellIndex: number, cell: PlannedCell) => {
        if (cellIndex === current) return;
        doneSec += plan.slice(current, cellIndex).reduce((sum, done) => sum + done.options.limits.time, 0);
        current = cellIndex;
        live?.nextRun(headerOf(cell, cellIndex));
      };
      const onEvent = (event: DetachedRunEvent, replayed: boolean) => {
        switch (event.kind) {
          case 'engine':
            if (!replayed) log.info(`[bench] ${event.text}`);
            break;
          case 'log':
            if (!replayed) log.info(`[${spec.kind === 'benchmark' ? 'bench' : spec.kind}] ${event.message}`);
            break;
          case 'sql':
            if (!replayed) sqlLoggerFor(log, connectionName)(event.entry);
            break;
          case 'stopping':
            live?.setPhase('stopping');
            break;
          case 'interval': {
            const report = event.interval;
            if (event.cellIndex === undefined) {
              live?.append(report);
              tracker.report(progressText(what, report, display.totalSec, signal), report.t);
            } else {
              const cell = plan[event.cellIndex];
              if (!cell) break;
              enterCell(event.cellIndex, cell);
              live?.append(report);
              const text = `${event.cellIndex + 1}/${plan.length} · ${cellText(plan, cell)} · ${progressText(workloadText(cell), report, cell.options.limits.time, signal)}`;
              tracker.report(text, doneSec + report.t);
            }
            if (!replayed) this.intervalEmitter.fire({ runKey, interval: report });
            break;
          }
          case 'step': {
            const step = event.step;
            if (step.kind === 'cell') {
              const cell = plan[step.index];
              if (cell) enterCell(step.index, cell);
              const label = cell ? `${cellText(plan, cell)} · ${workloadText(cell)}` : step.label;
              tracker.report(
                `${step.index + 1}/${step.total} · ${label} · ${cell ? vscode.l10n.t('starting…') : vscode.l10n.t('loading…')}`,
                cell ? doneSec : step.index,
              );
            } else {
              tracker.report(stepText(step), doneSec);
            }
            break;
          }
          case 'cell': {
            const { cell, index, total } = event;
            if (!replayed)
              log.info(
                `[experiment] cell ${index + 1}/${total} ${cell.variant} ${cell.workload} ${cell.threads} threads: ${statusText(cell.run.status)}, ${cell.run.summary.qps.toFixed(1)} QPS`,
              );
            if (plan.length === 0) tracker.report(vscode.l10n.t('{0} of {1} runs done', index + 1, total), index + 1);
            break;
          }
          case 'started':
            break;
        }
      };
      const follower = new RunFollower(directory, { onEvent });
      this.followers.set(runKey, follower);
      const stop = () => {
        if (!signalRunToStop(follower.pid, directory)) log.warn(`${what}: its process was not there to stop.`);
      };
      if (signal.aborted) stop();
      else signal.addEventListener('abort', stop, { once: true });
      try {
        const end = await follower.follow();
        if (end.kind === 'detached') throw new CollectedElsewhere();
        // a window that took the run over (its live tab came back there) stores it
        if (readOwner(directory) !== process.pid || !claimCollection(directory)) throw new CollectedElsewhere();
        if (end.kind === 'died') {
          log.warn(`${what}: the benchmark process ended without a result; the partial result is kept.`);
          return partialResult(meta, follower.events);
        }
        if (end.outcome.kind === 'error') throw new Error(end.outcome.message);
        return end.outcome.result;
      } finally {
        this.followers.delete(runKey);
        signal.removeEventListener('abort', stop);
      }
    };
    return this.withRun(
      header,
      options,
      what,
      display.totalSec,
      work,
      directory,
      bulkLoad
        ? { units: bulkLoadCells(bulkLoad), live: false }
        : tpccExperiment
          ? { units: tpccCellCount(tpccExperiment), live: false }
          : undefined,
      reattached,
      plan.map(headerOf),
    );
  }

  /** A run that ended while no window followed it: its result (or what its events show) stored, its tab saying so. */
  private async collectUnfollowed(directory: string, meta: DetachedRunMeta): Promise<void> {
    const { store, panels, log } = this.deps;
    const outcome = readOutcome(directory);
    if (!claimCollection(directory)) return;
    const display = meta.display as RunDisplay | undefined;
    const title = display?.title ?? meta.runKey;
    if (outcome?.kind === 'error') {
      log.error(`${title} did not run: ${outcome.message}`);
      panels.runEndedElsewhere(meta.runKey, undefined, outcome.message);
      await removeRunDirectory(directory);
      return;
    }
    const result = outcome?.kind === 'result' ? outcome.result : partialResult(meta, readEvents(directory, 0).events);
    const stored = await store.save({ ...result, connection: display?.connectionName });
    const note =
      outcome?.kind === 'result'
        ? vscode.l10n.t('This run finished while no window followed it (the window was reloaded or closed); its result is saved complete.')
        : vscode.l10n.t('The benchmark process ended without a result while no window followed it; this is what it reported until then.');
    panels.runEndedElsewhere(meta.runKey, stored.id, note);
    await removeRunDirectory(directory);
    const label = resultLabel(result);
    void vscode.window.showInformationMessage(
      outcome?.kind === 'result'
        ? vscode.l10n.t('{0} finished while the window was reloading or closed; its result is saved in the Benchmarks view.', label)
        : vscode.l10n.t(
            '{0} ended without a result while the window was reloading or closed; the partial result is saved in the Benchmarks view.',
            label,
          ),
    );
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
    directory: string,
    /** runs that report per cell rather than per interval: progress in cells, no live tab */
    cells?: { units: number; live: false },
    reattached = false,
    /** an experiment's cells as the live tab shows them */
    cellHeaders: readonly LiveRunHeader[] = [],
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
    const live = options.openPanel === false || cells ? undefined : panels.startLive(header, cancel, reattached, cellHeaders);
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
            progress.report({
              message: reattached
                ? vscode.l10n.t('{0} · following it again after a reload…', title)
                : vscode.l10n.t('{0} · connecting…', title),
            });
            return await work(controller.signal, live, new ProgressTracker(progress, cells?.units ?? totalSec));
          } finally {
            subscription.dispose();
          }
        },
      );
      const stored = await store.save({ ...result, connection: header.connectionName });
      await removeRunDirectory(directory);
      live?.finish({ kind: 'result', resultId: stored.id });
      if (options.openPanel !== false && !live) await panels.open({ kind: 'result', resultId: stored.id });
      this.announce(result);
      return stored;
    } catch (error) {
      if (error instanceof CollectedElsewhere) {
        if (!this.disposed)
          live?.fail(
            vscode.l10n.t('Another window follows this run'),
            vscode.l10n.t('That window took the run over and stores its result, in the Benchmarks view.'),
          );
        return undefined;
      }
      const message = error instanceof Error ? error.message : String(error);
      log.error(`${title} did not run: ${message}`);
      await removeRunDirectory(directory);
      live?.fail(vscode.l10n.t('The benchmark did not run'), message);
      const showLog = vscode.l10n.t('Show Log');
      void vscode.window.showErrorMessage(vscode.l10n.t('{0} did not run: {1}', title, message), showLog).then((choice) => {
        if (choice === showLog) log.show(true);
      });
      return undefined;
    } finally {
      this.running.delete(runKey);
      if (!this.disposed) {
        tree.removeLiveRun(runKey);
        void this.updateRunningContext();
      }
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
    } else if (result.kind === 'run' && isTpccRun(result)) {
      const { tpmC, efficiencyPct, qphH } = tpccFiguresOf(result);
      vscode.window.setStatusBarMessage(
        result.workload === CH_WORKLOAD
          ? vscode.l10n.t('{0}: QphH {1}, tpmC {2}', label, qphH?.toFixed(1) ?? '–', tpmC?.toFixed(1) ?? '–')
          : vscode.l10n.t('{0}: tpmC {1}, efficiency {2} %', label, tpmC?.toFixed(1) ?? '–', efficiencyPct?.toFixed(1) ?? '–'),
        10_000,
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

function serverOf(target: BenchmarkTarget): LiveRunHeader['server'] {
  return {
    flavor: target.session.identity.flavor,
    version: target.session.identity.version,
    host: target.profile.host,
    port: target.profile.port,
  };
}

/** The cells of a sysbench experiment run (none for other runs). */
function sysbenchPlanOf(meta: DetachedRunMeta): PlannedCell[] {
  const spec = meta.spec;
  return spec.kind === 'experiment' && spec.definition.kind === 'sysbench'
    ? planExperiment(spec.definition, { ...spec.connection, password: '' })
    : [];
}

/** The live tab's header of an experiment's cell. */
function cellHeader(meta: DetachedRunMeta, plan: readonly PlannedCell[], cell: PlannedCell, index: number): LiveRunHeader {
  const display = meta.display as RunDisplay;
  return {
    runKey: meta.runKey,
    workload: cell.workload.name,
    threads: cell.threads,
    timeSec: cell.options.limits.time,
    reportIntervalSec: cell.options.limits.reportInterval,
    connectionName: display.connectionName,
    server: display.server,
    options: optionsRecord(cell.options),
    step: { index: index + 1, count: plan.length, label: cellText(plan, cell) },
  };
}

function bulkLoadCells(definition: Extract<ExperimentDefinition, { kind: 'bulk-load' }>): number {
  return bulkLoadCellCount(definition);
}

function bulkLoadHeader(display: RunDisplay, runKey: string): LiveRunHeader {
  return {
    runKey,
    workload: display.title,
    threads: 0,
    timeSec: 0,
    reportIntervalSec: 0,
    connectionName: display.connectionName,
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

/** tidbLab.benchmarks.engine and tidbLab.benchmarks.goTpcPath for a TPC-C or CH run, read as the CLI's --engine and --go-tpc. */
function goTpcEngineConfiguration(): GoTpcEngineConfig {
  const settings = vscode.workspace.getConfiguration();
  return goTpcEngineConfigOf(
    settings.get<string>(BENCHMARK_SETTINGS.engine, 'auto'),
    settings.get<string>(BENCHMARK_SETTINGS.goTpcPath, ''),
  );
}
