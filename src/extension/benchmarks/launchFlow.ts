// "Run Benchmark..." (and "Prepare Benchmark Data..."): two quick steps for the common case (pick a
// workload, press Enter on Run) with every setting one pick away on the second step. Each setting
// opens its own input with a Back button; the last choices are remembered in globalState.
import * as vscode from 'vscode';
import { findOption } from '../../core/bench/benchOptions';
import type { RandType } from '../../core/bench/sysbench/randomDistribution';
import { workloadSpec, type WorkloadName } from '../../core/bench/sysbench/workloadCatalog';
import { LAST_LAUNCH_STATE_KEY } from './benchmarkIds';
import {
  allowsSeveralTables,
  defaultLaunchSettings,
  describeLaunch,
  parseThreadList,
  parseWholeNumber,
  RAND_TYPES,
  recalledSettings,
  remember,
  rememberedWorkload,
  usesTables,
  validateLaunchSettings,
  withWorkloadOption,
  WORKLOAD_NAMES,
  workloadOptionDefinitions,
  workloadOptionProblem,
  type LaunchSettings,
  type RememberedLaunches,
} from './launchSettings';
import { inputStep, pickStep, type StepOutcome } from './quickInputSteps';

export interface LaunchFlowOptions {
  /** "Run Benchmark on Local MariaDB" */
  title: string;
  /** what the primary item does: run, or only prepare the data */
  purpose: 'run' | 'prepare';
  globalState: vscode.Memento;
}

type SettingKey =
  'threads' | 'time' | 'rate' | 'tables' | 'tableSize' | 'randType' | 'database' | 'reportInterval' | 'workloadOptions' | 'reset';

interface SettingItem extends vscode.QuickPickItem {
  action: 'go' | 'separator' | SettingKey;
}

interface WorkloadItem extends vscode.QuickPickItem {
  workload: WorkloadName;
}

/** The settings to run with, or undefined when the user cancelled. */
export async function askLaunchSettings(options: LaunchFlowOptions): Promise<LaunchSettings | undefined> {
  const stored = options.globalState.get<RememberedLaunches>(LAST_LAUNCH_STATE_KEY);
  let workload: WorkloadName | undefined;
  for (;;) {
    if (!workload) {
      const picked = await pickWorkload(options, rememberedWorkload(stored));
      if (picked.kind !== 'value') return undefined;
      workload = picked.value;
    }
    const settings = await editSettings(options, recalledSettings(stored, workload));
    if (settings.kind === 'back') {
      workload = undefined;
      continue;
    }
    if (settings.kind === 'cancel') return undefined;
    await options.globalState.update(
      LAST_LAUNCH_STATE_KEY,
      remember(options.globalState.get<RememberedLaunches>(LAST_LAUNCH_STATE_KEY), settings.value),
    );
    return settings.value;
  }
}

async function pickWorkload(options: LaunchFlowOptions, last: WorkloadName | undefined): Promise<StepOutcome<WorkloadName>> {
  const ordered = last ? [last, ...WORKLOAD_NAMES.filter((name) => name !== last)] : [...WORKLOAD_NAMES];
  const items: WorkloadItem[] = ordered.map((name) => ({
    label: name,
    description: name === last ? vscode.l10n.t('last used') : undefined,
    detail: workloadSpec(name).description,
    workload: name,
  }));
  const picked = await pickStep({
    title: `${options.title} (1/2)`,
    placeholder: vscode.l10n.t('Workload (sysbench 1.0.20 names)'),
    items,
    back: false,
  });
  return picked.kind === 'value' ? { kind: 'value', value: picked.value.workload } : picked;
}

async function editSettings(options: LaunchFlowOptions, start: LaunchSettings): Promise<StepOutcome<LaunchSettings>> {
  let settings = start;
  let lastAction: SettingItem['action'] = 'go';
  for (;;) {
    const problems = validateLaunchSettings(settings);
    const items = settingItems(settings, options.purpose, problems);
    const picked = await pickStep({
      title: `${options.title} (2/2)`,
      placeholder: problems.length > 0 ? problems[0] : describeLaunch(settings),
      items,
      activeItem: items.find((item) => item.action === lastAction),
      back: true,
    });
    if (picked.kind !== 'value') return picked;
    lastAction = picked.value.action;
    if (picked.value.action === 'separator') continue;
    if (picked.value.action === 'go') {
      if (problems.length === 0) return { kind: 'value', value: settings };
      void vscode.window.showWarningMessage(problems.join(' '));
      continue;
    }
    settings = await editSetting(options.title, settings, picked.value.action);
  }
}

function settingItems(settings: LaunchSettings, purpose: LaunchFlowOptions['purpose'], problems: string[]): SettingItem[] {
  const t = vscode.l10n.t;
  const sweep = settings.threads.length > 1;
  const go: SettingItem =
    purpose === 'run'
      ? {
          label: `$(play) ${sweep ? t('Run Thread Sweep') : t('Run Benchmark')}`,
          action: 'go',
          detail: problems.length > 0 ? `$(error) ${problems[0]}` : describeLaunch(settings),
        }
      : {
          label: `$(database) ${t('Prepare Data')}`,
          action: 'go',
          detail:
            problems.length > 0
              ? `$(error) ${problems[0]}`
              : t('{0} table(s) of {1} rows in {2}', settings.tables, settings.tableSize.toLocaleString(), settings.database),
        };
  const items: SettingItem[] = [go, { label: t('Settings'), kind: vscode.QuickPickItemKind.Separator, action: 'separator' }];
  if (purpose === 'run') {
    items.push({
      label: t('Threads'),
      description: sweep
        ? t('{0} (thread sweep: {1} runs)', settings.threads.join(', '), settings.threads.length)
        : String(settings.threads[0]),
      action: 'threads',
    });
    items.push({ label: t('Time'), description: sweep ? t('{0} s per run', settings.time) : t('{0} s', settings.time), action: 'time' });
    items.push({
      label: t('Rate'),
      description: settings.rate > 0 ? t('{0} transactions/s', settings.rate.toLocaleString()) : t('unlimited'),
      action: 'rate',
    });
  }
  if (allowsSeveralTables(settings.workload)) items.push({ label: t('Tables'), description: String(settings.tables), action: 'tables' });
  if (usesTables(settings.workload))
    items.push({ label: t('Table size'), description: t('{0} rows', settings.tableSize.toLocaleString()), action: 'tableSize' });
  if (purpose === 'run') items.push({ label: t('Rand type'), description: settings.randType, action: 'randType' });
  items.push({ label: t('Database'), description: settings.database, action: 'database' });
  if (purpose === 'run')
    items.push({ label: t('Report interval'), description: t('{0} s', settings.reportInterval), action: 'reportInterval' });
  const changed = Object.entries(settings.workloadOptions).map(([name, value]) => `${name}=${value}`);
  if (workloadOptionDefinitions(settings.workload).length > 0) {
    items.push({
      label: t('Workload options…'),
      description: changed.length > 0 ? changed.join(', ') : t('sysbench defaults'),
      action: 'workloadOptions',
    });
  }
  items.push({ label: t('Reset to sysbench defaults'), action: 'reset' });
  return items;
}

async function editSetting(title: string, settings: LaunchSettings, key: SettingKey): Promise<LaunchSettings> {
  const t = vscode.l10n.t;
  const number = async (
    label: string,
    value: number,
    min: number,
    apply: (value: number) => LaunchSettings,
    prompt: string,
  ): Promise<LaunchSettings> => {
    const outcome = await inputStep({
      title: `${title}: ${label}`,
      prompt,
      value: String(value),
      back: true,
      validate: (text) => {
        const parsed = parseWholeNumber(text, label, min);
        return parsed.ok ? undefined : parsed.message;
      },
    });
    if (outcome.kind !== 'value') return settings;
    const parsed = parseWholeNumber(outcome.value, label, min);
    return parsed.ok ? apply(parsed.value) : settings;
  };
  switch (key) {
    case 'threads': {
      const outcome = await inputStep({
        title: `${title}: ${t('Threads')}`,
        prompt: t('--threads: one number, or a list such as 8,16,32,64,128 to run a thread sweep (one run per value).'),
        value: settings.threads.join(','),
        back: true,
        validate: (text) => threadProblem(settings.workload, text),
      });
      if (outcome.kind !== 'value') return settings;
      const parsed = parseThreadList(outcome.value);
      return parsed.ok ? { ...settings, threads: parsed.value } : settings;
    }
    case 'time':
      return number(
        t('Time'),
        settings.time,
        1,
        (time) => ({ ...settings, time }),
        t('--time: seconds each run lasts (sysbench default 10).'),
      );
    case 'rate':
      return number(
        t('Rate'),
        settings.rate,
        0,
        (rate) => ({ ...settings, rate }),
        t(
          '--rate: average transactions per second over all threads, to measure latency at a fixed load; 0 runs as fast as the server answers (sysbench default 0).',
        ),
      );
    case 'tables':
      return number(
        t('Tables'),
        settings.tables,
        1,
        (tables) => ({ ...settings, tables }),
        t('--tables: number of sbtest tables (sysbench default 1).'),
      );
    case 'tableSize':
      return number(
        t('Table size'),
        settings.tableSize,
        1,
        (tableSize) => ({ ...settings, tableSize }),
        t('--table-size: rows per table (sysbench default 10,000).'),
      );
    case 'reportInterval':
      return number(
        t('Report interval'),
        settings.reportInterval,
        1,
        (reportInterval) => ({ ...settings, reportInterval }),
        t('--report-interval: seconds between points of the live chart.'),
      );
    case 'database': {
      const outcome = await inputStep({
        title: `${title}: ${t('Database')}`,
        prompt: t('--mysql-db: the database of the sbtest tables (sysbench default sbtest).'),
        value: settings.database,
        back: true,
        validate: (text) => (text.trim() === '' ? t('Enter a database name.') : undefined),
      });
      return outcome.kind === 'value' ? { ...settings, database: outcome.value.trim() } : settings;
    }
    case 'randType':
      return { ...settings, randType: await pickRandType(title, settings.randType) };
    case 'workloadOptions':
      return editWorkloadOptions(title, settings);
    case 'reset':
      return defaultLaunchSettings(settings.workload);
  }
}

function threadProblem(workload: WorkloadName, text: string): string | undefined {
  const parsed = parseThreadList(text);
  if (!parsed.ok) return parsed.message;
  if (parsed.value.length > 1 && workload === 'bulk_insert')
    return vscode.l10n.t('bulk_insert makes one table per thread: run it with one thread count (or use a bulk-load experiment).');
  return undefined;
}

async function pickRandType(title: string, current: RandType): Promise<RandType> {
  const t = vscode.l10n.t;
  const details: Record<RandType, string> = {
    uniform: t("every row equally likely: what TiDB's published benchmarks use"),
    special: t("sysbench 1.0.20's default: about 75% of accesses hit about 1% of the rows (a hotspot)"),
    gaussian: t('a bell curve around the middle of the table'),
    pareto: t('a few rows get most accesses (--rand-pareto-h)'),
    zipfian: t("Zipf's law (sysbench 1.1; --rand-zipfian-exp)"),
  };
  const items = RAND_TYPES.map((type) => ({
    label: type,
    description: type === current ? t('current') : undefined,
    detail: details[type],
    type,
  }));
  const outcome = await pickStep({
    title: `${title}: ${t('Rand type')}`,
    placeholder: t('--rand-type: how rows are picked'),
    items,
    activeItem: items.find((item) => item.type === current),
    back: true,
  });
  return outcome.kind === 'value' ? outcome.value.type : current;
}

async function editWorkloadOptions(title: string, start: LaunchSettings): Promise<LaunchSettings> {
  const t = vscode.l10n.t;
  let settings = start;
  let lastName: string | undefined;
  for (;;) {
    const items = workloadOptionDefinitions(settings.workload).map((definition) => {
      const value = settings.workloadOptions[definition.name];
      return {
        label: definition.name,
        description: value === undefined ? t('{0} (default)', definition.defaultValue || '""') : value,
        detail: definition.help,
        name: definition.name,
      };
    });
    const outcome = await pickStep({
      title: `${title}: ${t('Workload options of {0}', settings.workload)}`,
      placeholder: t('Pick an option to change it'),
      items,
      activeItem: items.find((item) => item.name === lastName),
      back: true,
    });
    if (outcome.kind !== 'value') return settings;
    const name = outcome.value.name;
    lastName = name;
    const definition = findOption(name);
    const value = await inputStep({
      title: `${title}: --${name}`,
      prompt: `${definition?.help ?? ''} (${t('sysbench default: {0}', definition?.defaultValue || '""')})`,
      value: settings.workloadOptions[name] ?? definition?.defaultValue ?? '',
      back: true,
      validate: (text) => workloadOptionProblem(settings.workload, name, text),
    });
    if (value.kind === 'value') settings = withWorkloadOption(settings, name, value.value);
  }
}
