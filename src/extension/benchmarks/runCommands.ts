// The commands that put load on a server: Run Benchmark, Run Experiment (presets, from file, from
// the editor), Prepare Benchmark Data and Clean Up Benchmark Data. Each works from the palette,
// from a connection in the Connections view, or with a request object (automation).
import * as vscode from 'vscode';
import {
  findPreset,
  EXPERIMENT_PRESETS,
  presetAvailability,
  presetDocument,
  type ExperimentPreset,
} from '../../core/bench/experimentPresets';
import { planExperiment } from '../../core/bench/runExperiment';
import type { ExperimentDefinition } from '../../core/bench/experimentDefinition';
import { quoteIdentifier } from '../../core/db/sqlIdentifiers';
import type { ServerIdentity } from '../../core/db/serverFlavor';
import { BENCHMARK_COMMANDS, LAST_LAUNCH_STATE_KEY } from './benchmarkIds';
import { benchSettingsFromProfile } from '../../core/bench/benchConnectionSettings';
import { cleanUpData, ensureBenchmarkData, prepareData } from './benchmarkData';
import { checkBenchmarkData, readSbtestInventory } from './benchmarkDataCheck';
import { isRunBenchmarkRequest, isRunExperimentRequest, settingsFromRequest, type RunExperimentRequest } from './benchmarkRequests';
import type { BenchmarkServices } from './benchmarkServices';
import { chooseBenchmarkTarget, profileIdOf, resolveBenchmarkTarget, type BenchmarkTarget } from './benchmarkTarget';
import { askLaunchSettings } from './launchFlow';
import {
  DEFAULT_BENCHMARK_DATABASE,
  recalledExperimentDatabase,
  remember,
  rememberExperimentDatabase,
  type RememberedLaunches,
} from './launchSettings';
import { parseDocumentDefinition } from './experimentDefinitionText';
import { readTpccInventory } from './tpccData';
import { mayStartExperiment } from './longExperimentQuestion';
import type { StoredResult } from './resultStore';

/** What a run command returns (automation): the stored result's id and the result. */
export interface RunCommandResult {
  id: string;
  result: unknown;
}

export function registerRunCommands(services: BenchmarkServices): vscode.Disposable[] {
  const { api, globalState, runner, documents } = services;
  const log = api.log;
  const t = vscode.l10n.t;

  // Each flow remembers its own database: Run Benchmark's (and Clean Up's) in `common`, the experiments' beside it.
  const benchmarkDatabase = (): string =>
    globalState.get<RememberedLaunches>(LAST_LAUNCH_STATE_KEY)?.common?.database ?? DEFAULT_BENCHMARK_DATABASE;
  const experimentDatabase = (): string => recalledExperimentDatabase(globalState.get<RememberedLaunches>(LAST_LAUNCH_STATE_KEY));
  const rememberDatabase = async (database: string): Promise<void> => {
    await globalState.update(
      LAST_LAUNCH_STATE_KEY,
      rememberExperimentDatabase(globalState.get<RememberedLaunches>(LAST_LAUNCH_STATE_KEY), database),
    );
    documents.refresh();
  };

  const returned = (stored: StoredResult | undefined): RunCommandResult | undefined =>
    stored?.kind === 'result' ? { id: stored.id, result: stored.result } : undefined;

  async function runBenchmark(arg?: unknown): Promise<RunCommandResult | undefined> {
    if (isRunBenchmarkRequest(arg)) {
      const parsed = settingsFromRequest(arg);
      if (!parsed.ok) throw new Error(parsed.message);
      const target = await resolveBenchmarkTarget(api, arg.profileId);
      if (!target) return undefined;
      if (!(await ensureBenchmarkData(target, parsed.settings, arg.prepare ?? 'ask', log))) return undefined;
      return returned(await runner.runSettings(target, parsed.settings, { openPanel: arg.open !== false }));
    }
    const target = await chooseBenchmarkTarget(api, arg, {
      title: t('Run Benchmark'),
      placeHolder: t('Which connection does the benchmark load? (the active one is first)'),
    });
    if (!target) return undefined;
    const settings = await askLaunchSettings({ title: t('Run Benchmark on {0}', target.profile.name), purpose: 'run', globalState });
    if (!settings) return undefined;
    if (!(await ensureBenchmarkData(target, settings, 'ask', log))) return undefined;
    return returned(await runner.runSettings(target, settings));
  }

  async function runExperimentCommand(arg?: unknown): Promise<RunCommandResult | undefined> {
    if (isRunExperimentRequest(arg)) return runExperimentRequest(arg);
    const target = await chooseBenchmarkTarget(api, arg, {
      title: t('Run Experiment'),
      placeHolder: t('Which connection does the experiment load? (the active one is first)'),
    });
    if (!target) return undefined;
    const choice = await pickPresetOrFile(target.session.identity, target.profile.name);
    if (!choice) return undefined;
    if (choice.kind === 'preset') {
      await documents.open(presetDocument(choice.preset));
      void vscode.window.showInformationMessage(
        t('Change the experiment if you like, then run it with "Run Experiment" at the top of the document.'),
      );
      return undefined;
    }
    const text = Buffer.from(await vscode.workspace.fs.readFile(choice.uri)).toString('utf8');
    const parsed = parseDocumentDefinition(text);
    if (!parsed.ok) {
      const open = t('Open File');
      const picked = await vscode.window.showErrorMessage(
        t('{0} is not a valid experiment: {1}', vscode.workspace.asRelativePath(choice.uri), parsed.message),
        open,
      );
      if (picked === open) await vscode.window.showTextDocument(choice.uri);
      return undefined;
    }
    return returned(await startExperiment(target, parsed.definition, experimentDatabase(), false, true));
  }

  async function runExperimentRequest(request: RunExperimentRequest): Promise<RunCommandResult | undefined> {
    let definitionInput = request.definition;
    if (request.presetId !== undefined) {
      const preset = findPreset(request.presetId);
      if (!preset) throw new Error(`There is no experiment preset '${request.presetId}'.`);
      definitionInput = preset.definition;
    }
    const parsed = parseDocumentDefinition(typeof definitionInput === 'string' ? definitionInput : JSON.stringify(definitionInput));
    if (!parsed.ok) throw new Error(parsed.message);
    const target = await resolveBenchmarkTarget(api, request.profileId);
    if (!target) return undefined;
    const preset = request.presetId !== undefined ? findPreset(request.presetId) : undefined;
    const availability = preset ? presetAvailability(preset, target.session.identity) : { available: true as const };
    if (!availability.available) throw new Error(availability.reason);
    return returned(
      await startExperiment(
        target,
        parsed.definition,
        request.database ?? experimentDatabase(),
        request.confirmDrop === true,
        request.open !== false,
        request.confirmLongRun === true,
      ),
    );
  }

  async function runExperimentFromEditor(uri?: unknown, options?: { chooseDatabase?: boolean }): Promise<RunCommandResult | undefined> {
    const document =
      uri instanceof vscode.Uri
        ? (vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === uri.toString()) ??
          (await vscode.workspace.openTextDocument(uri)))
        : vscode.window.activeTextEditor?.document;
    if (!document) {
      void vscode.window.showInformationMessage(
        t('Open an experiment definition (JSON) first, or pick a preset with "Run Experiment...".'),
      );
      return undefined;
    }
    if (options?.chooseDatabase) {
      const database = await vscode.window.showInputBox({
        title: t("Database for the experiment's sbtest tables"),
        value: experimentDatabase(),
        validateInput: (text) => (text.trim() === '' ? t('Enter a database name.') : undefined),
      });
      if (database) await rememberDatabase(database.trim());
      return undefined;
    }
    const parsed = documents.validate(document);
    if (!parsed.ok) {
      void vscode.window.showErrorMessage(t('The experiment cannot run: {0}', parsed.message));
      return undefined;
    }
    const target = await resolveBenchmarkTarget(api, undefined);
    if (!target) return undefined;
    return returned(await startExperiment(target, parsed.definition, experimentDatabase(), false, true));
  }

  /** Asks before a long experiment (over 2 hours estimated) and before one that drops tables that exist, naming each; then runs it. */
  async function startExperiment(
    target: BenchmarkTarget,
    definition: ExperimentDefinition,
    database: string,
    confirmed: boolean,
    open: boolean,
    confirmedLong = false,
  ): Promise<StoredResult | undefined> {
    if (!(await mayStartExperiment(definition, target.profile.name, confirmedLong, log))) return undefined;
    const drops = await tablesTheExperimentDrops(target, definition, database);
    if (drops.length > 0 && !confirmed) {
      const run = t('Drop and Run');
      const choice = await vscode.window.showWarningMessage(
        t(
          '"{0}" re-creates tables in {1} on {2}: these existing tables are dropped first.',
          definition.name,
          database,
          target.profile.name,
        ),
        { modal: true, detail: drops.join('\n') },
        run,
      );
      if (choice !== run) return undefined;
    }
    if (definition.kind === 'sysbench' && (definition.prepare || drops.length > 0)) {
      // The engine prepares into the database; it has to exist.
      await target.session.run(`CREATE DATABASE IF NOT EXISTS ${quoteIdentifier(database)}`);
    }
    return runner.runExperiment(target, definition, database, { openPanel: open });
  }

  async function tablesTheExperimentDrops(target: BenchmarkTarget, definition: ExperimentDefinition, database: string): Promise<string[]> {
    if (definition.kind === 'tpcc') return tpccTablesTheExperimentDrops(target, definition, database);
    const inventory = await readSbtestInventory(target.session, database);
    if (definition.kind === 'bulk-load') {
      const rows = await target.session.query(
        'SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?',
        [database, definition.table],
      );
      return rows.length > 0 ? [definition.table] : [];
    }
    if (!definition.prepare && !definition.cleanup) return [];
    const plan = planExperiment(definition, benchSettingsFromProfile(target.profile, target.password, database));
    const tables = plan[0]?.options.workloadOptions.tables ?? 1;
    return inventory.tables
      .filter((table) => table.number <= tables)
      .map((table) => t('{0} (about {1} rows)', table.name, (table.estimatedRows ?? 0).toLocaleString()));
  }

  /** The TPC-C tables a tpcc experiment drops: all of them at its clean-up, or to load a warehouse count they do not hold. */
  async function tpccTablesTheExperimentDrops(
    target: BenchmarkTarget,
    definition: Extract<ExperimentDefinition, { kind: 'tpcc' }>,
    database: string,
  ): Promise<string[]> {
    const inventory = await readTpccInventory(target, database);
    const reloads = definition.prepare && definition.warehouses.some((count) => count !== inventory.warehouses);
    if (!definition.cleanup && !reloads) return [];
    return inventory.tables.map((table) => t('{0} (about {1} rows)', table.name, (table.estimatedRows ?? 0).toLocaleString()));
  }

  type PresetChoice = { kind: 'preset'; preset: ExperimentPreset } | { kind: 'file'; uri: vscode.Uri };

  async function pickPresetOrFile(server: ServerIdentity, connectionName: string): Promise<PresetChoice | undefined> {
    interface Item extends vscode.QuickPickItem {
      choice?: PresetChoice;
      unavailable?: string;
    }
    // Presets that can run here come first; the others stay listed with the reason they cannot.
    const ordered = [...EXPERIMENT_PRESETS].sort(
      (a, b) => Number(!presetAvailability(a, server).available) - Number(!presetAvailability(b, server).available),
    );
    const items: Item[] = ordered.map((preset) => {
      const availability = presetAvailability(preset, server);
      return availability.available
        ? { label: `$(beaker) ${preset.title}`, detail: preset.description, choice: { kind: 'preset', preset } }
        : {
            label: `$(circle-slash) ${preset.title}`,
            description: t('unavailable'),
            detail: availability.reason,
            unavailable: availability.reason,
          };
    });
    items.push(
      { label: '', kind: vscode.QuickPickItemKind.Separator },
      {
        label: `$(folder-opened) ${t('From File...')}`,
        detail: t("An experiment definition in the engine's JSON format (also what tidb-lab bench experiment FILE.json runs)"),
      },
    );
    for (;;) {
      const picked = await vscode.window.showQuickPick(items, {
        title: t('Run Experiment on {0}', connectionName),
        placeHolder: t('A ready experiment (you can change it before it starts), or a definition from a file'),
        matchOnDetail: true,
      });
      if (!picked) return undefined;
      if (picked.unavailable) {
        await vscode.window.showInformationMessage(t('This experiment cannot run on {0}: {1}', connectionName, picked.unavailable), {
          modal: true,
        });
        continue;
      }
      if (picked.choice) return picked.choice;
      const files = await vscode.window.showOpenDialog({
        title: t('Experiment Definition'),
        canSelectMany: false,
        filters: { [t('Experiment definitions')]: ['json'] },
      });
      return files?.[0] ? { kind: 'file', uri: files[0] } : undefined;
    }
  }

  async function prepareCommand(arg?: unknown): Promise<boolean> {
    if (isRunBenchmarkRequest(arg)) {
      const parsed = settingsFromRequest(arg);
      if (!parsed.ok) throw new Error(parsed.message);
      const target = await resolveBenchmarkTarget(api, arg.profileId);
      if (!target) return false;
      const inventory = await readSbtestInventory(target.session, parsed.settings.database);
      const verdict = checkBenchmarkData(inventory, {
        workload: parsed.settings.workload,
        tables: parsed.settings.tables,
        tableSize: parsed.settings.tableSize,
        maxThreads: Math.max(...parsed.settings.threads),
      });
      return verdict.kind === 'ready' ? true : prepareData(target, parsed.settings, verdict, log);
    }
    const target = await chooseBenchmarkTarget(api, arg, {
      title: t('Prepare Benchmark Data'),
      placeHolder: t('On which connection are the sbtest tables made? (the active one is first)'),
    });
    if (!target) return false;
    const settings = await askLaunchSettings({
      title: t('Prepare Benchmark Data on {0}', target.profile.name),
      purpose: 'prepare',
      globalState,
    });
    if (!settings) return false;
    const inventory = await readSbtestInventory(target.session, settings.database);
    const verdict = checkBenchmarkData(inventory, {
      workload: settings.workload,
      tables: settings.tables,
      tableSize: settings.tableSize,
      maxThreads: Math.max(...settings.threads),
    });
    const existing = inventory.tables.filter((table) => table.number <= settings.tables).map((table) => table.name);
    if (existing.length > 0) {
      const recreate = t('Drop and Prepare');
      const detail = verdict.kind === 'ready' ? t('They already have the size asked for.') : '';
      const choice = await vscode.window.showWarningMessage(
        t('{0} already has {1}. Drop them and prepare them again?', settings.database, existing.join(', ')),
        { modal: true, detail },
        recreate,
      );
      if (choice !== recreate) return false;
    }
    await globalState.update(LAST_LAUNCH_STATE_KEY, remember(globalState.get<RememberedLaunches>(LAST_LAUNCH_STATE_KEY), settings));
    return prepareData(target, settings, verdict.kind === 'ready' ? { kind: 'otherSize', tables: [] } : verdict, log);
  }

  async function cleanupCommand(arg?: unknown): Promise<string[] | undefined> {
    const request = arg as { profileId?: unknown; database?: unknown; confirm?: unknown } | undefined;
    const automated = typeof request?.database === 'string';
    const profileId =
      profileIdOf(arg) ??
      (automated
        ? undefined
        : await api.connections.chooseConnection({
            title: t('Clean Up Benchmark Data'),
            placeHolder: t('On which connection are the sbtest tables dropped? (the active one is first)'),
          }));
    if (profileId === undefined && !automated) return undefined;
    const target = await resolveBenchmarkTarget(api, profileId);
    if (!target) return undefined;
    let database = automated ? (request?.database as string) : undefined;
    if (!database) {
      database = await vscode.window.showInputBox({
        title: t('Clean Up Benchmark Data on {0}', target.profile.name),
        prompt: t('The database whose sbtest tables are dropped (you see the list before anything is dropped).'),
        value: benchmarkDatabase(),
        validateInput: (text) => (text.trim() === '' ? t('Enter a database name.') : undefined),
        ignoreFocusOut: true,
      });
      if (!database) return undefined;
    }
    return cleanUpData(target, database.trim(), log, automated && request?.confirm === true);
  }

  return [
    vscode.commands.registerCommand(BENCHMARK_COMMANDS.runBenchmark, runBenchmark),
    vscode.commands.registerCommand(BENCHMARK_COMMANDS.runExperiment, runExperimentCommand),
    vscode.commands.registerCommand(BENCHMARK_COMMANDS.runExperimentFromEditor, runExperimentFromEditor),
    vscode.commands.registerCommand(BENCHMARK_COMMANDS.cancelBenchmark, (arg?: unknown) => {
      // A live item of the Benchmarks view, `{ runKey }`, or nothing: every run going on.
      const live = (arg as { live?: { runKey?: unknown } } | undefined)?.live?.runKey ?? (arg as { runKey?: unknown } | undefined)?.runKey;
      return runner.cancel(typeof live === 'string' ? live : undefined);
    }),
    vscode.commands.registerCommand(BENCHMARK_COMMANDS.prepareBenchmarkData, prepareCommand),
    vscode.commands.registerCommand(BENCHMARK_COMMANDS.cleanupBenchmarkData, cleanupCommand),
  ];
}
