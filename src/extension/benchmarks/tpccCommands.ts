// TPC-C from the palette, as go-tpc's tpcc prepare / run / check / cleanup: "Run TPC-C...",
// "Prepare TPC-C Data...", "Check TPC-C Consistency..." and "Clean Up TPC-C Data...". Each asks
// for the connection (the only one is used without asking), the database (tpcc), and what its
// go-tpc step takes (warehouses, threads, seconds); a run on a database without the tables offers
// to prepare them first; cleanup lists the tables and asks first. Runs go through the detached
// runner (they survive a reload) to the live tab, the result tab and the Benchmarks view.
// Each command also takes a request object with every answer (automation, tests).
import * as vscode from 'vscode';
import { timedTpccRun } from '../../core/bench/tpcc/runTpcc';
import type { BenchmarkServices } from './benchmarkServices';
import { chooseBenchmarkTarget } from './benchmarkTarget';
import type { RunCommandResult } from './runCommands';
import { askRunWarehouses, askTpccDatabase, askWholeNumber, confirmPrepareBeforeRun, loadThreadsFor } from './tpccQuestions';
import { checkTpccData, cleanUpTpccData, prepareTpccData, readTpccInventory } from './tpccData';
import { prepareDetail } from './tpccPrepareDetail';

export const TPCC_COMMANDS = {
  run: 'tidbLab.runTpcc',
  prepare: 'tidbLab.prepareTpcc',
  check: 'tidbLab.checkTpcc',
  cleanup: 'tidbLab.cleanupTpcc',
} as const;

/** Every answer given (automation and tests): nothing is asked that the request holds. */
export interface TpccRequest {
  profileId?: string;
  database?: string;
  warehouses?: number;
  threads?: number;
  timeSec?: number;
  /** load threads of prepare (default: the warehouses, at most 8) */
  loadThreads?: number;
  /** run: 'ifNeeded' prepares when the tables are missing, 'never' runs on what is there (default: ask) */
  prepare?: 'ifNeeded' | 'never';
  /** prepare and cleanup: drop the tables there without asking */
  confirm?: boolean;
  intervalSec?: number;
  open?: boolean;
}

function requestOf(arg: unknown): TpccRequest | undefined {
  return typeof arg === 'object' && arg !== null && ('database' in arg || 'warehouses' in arg || 'threads' in arg)
    ? (arg as TpccRequest)
    : undefined;
}

export function registerTpccCommands(services: BenchmarkServices): vscode.Disposable[] {
  const { api, runner, globalState } = services;
  const log = api.log;
  const t = vscode.l10n.t;

  const targetOf = (arg: unknown, title: string, placeHolder: string) => chooseBenchmarkTarget(api, arg, { title, placeHolder });
  const askDatabase = (request: TpccRequest | undefined, title: string) => askTpccDatabase(globalState, request?.database, title);

  async function prepareCommand(arg?: unknown): Promise<boolean> {
    const request = requestOf(arg);
    const target = await targetOf(
      arg,
      t('Prepare TPC-C Data'),
      t('On which connection are the TPC-C tables loaded? (the active one is first)'),
    );
    if (!target) return false;
    const title = t('Prepare TPC-C Data on {0}', target.profile.name);
    const database = await askDatabase(request, title);
    if (!database) return false;
    const warehouses = await askWholeNumber(
      request?.warehouses,
      title,
      t('Warehouses (go-tpc --warehouses; about 100 MB of data each)'),
      1,
    );
    if (warehouses === undefined) return false;
    const inventory = await readTpccInventory(target, database);
    if (inventory.tables.length > 0 && request?.confirm !== true) {
      const recreate = t('Drop and Prepare');
      const choice = await vscode.window.showWarningMessage(
        t(
          '{0} already has TPC-C tables ({1}). Drop them and load {2} warehouse(s) again?',
          database,
          inventory.tables.map((table) => table.name).join(', '),
          warehouses,
        ),
        { modal: true, detail: inventory.warehouses !== null ? t('They hold {0} warehouse(s) now.', inventory.warehouses) : '' },
        recreate,
      );
      if (choice !== recreate) return false;
    }
    return prepareTpccData(target, database, { warehouses, threads: loadThreadsFor(warehouses, request?.loadThreads) }, log);
  }

  async function runCommand(arg?: unknown): Promise<RunCommandResult | undefined> {
    const request = requestOf(arg);
    const target = await targetOf(arg, t('Run TPC-C'), t('Which connection does TPC-C load? (the active one is first)'));
    if (!target) return undefined;
    const title = t('Run TPC-C on {0}', target.profile.name);
    const database = await askDatabase(request, title);
    if (!database) return undefined;
    const inventory = await readTpccInventory(target, database);
    const loaded = inventory.tables.length === 9 ? inventory.warehouses : null;
    const warehouses = await askRunWarehouses(request?.warehouses, title, database, loaded);
    if (warehouses === undefined) return undefined;
    const threads = await askWholeNumber(
      request?.threads,
      title,
      t('Threads (go-tpc --threads; each runs transactions on its own connection)'),
      4,
    );
    if (threads === undefined) return undefined;
    const timeSec = await askWholeNumber(request?.timeSec, title, t('Seconds to run (go-tpc --time)'), 60);
    if (timeSec === undefined) return undefined;
    if ((loaded === null || loaded < warehouses) && request?.prepare !== 'never') {
      // 'never' runs on what is there: go-tpc does so too
      const detail = prepareDetail(t, { tables: inventory.tables.map((table) => table.name), warehouses, ch: false });
      if (request?.prepare !== 'ifNeeded' && !(await confirmPrepareBeforeRun(target, database, loaded, warehouses, detail)))
        return undefined;
      if (!(await prepareTpccData(target, database, { warehouses, threads: loadThreadsFor(warehouses, request?.loadThreads) }, log)))
        return undefined;
    }
    const stored = await runner.runTpcc(
      target,
      timedTpccRun({ warehouses, threads, timeSec, intervalSec: request?.intervalSec ?? 1 }),
      database,
      {
        openPanel: request?.open !== false,
      },
    );
    return stored?.kind === 'result' ? { id: stored.id, result: stored.result } : undefined;
  }

  async function checkCommand(arg?: unknown): Promise<unknown> {
    const request = requestOf(arg);
    const target = await targetOf(
      arg,
      t('Check TPC-C Consistency'),
      t('On which connection are the TPC-C tables checked? (the active one is first)'),
    );
    if (!target) return undefined;
    const database = await askDatabase(request, t('Check TPC-C Consistency on {0}', target.profile.name));
    if (!database) return undefined;
    const inventory = await readTpccInventory(target, database);
    if (inventory.warehouses === null || inventory.tables.length < 9) {
      void vscode.window.showInformationMessage(
        t('There is no complete TPC-C data in {0} on {1} to check.', database, target.profile.name),
      );
      return undefined;
    }
    return checkTpccData(target, database, request?.warehouses ?? inventory.warehouses, log);
  }

  async function cleanupCommand(arg?: unknown): Promise<string[] | undefined> {
    const request = requestOf(arg);
    const target = await targetOf(
      arg,
      t('Clean Up TPC-C Data'),
      t('On which connection are the TPC-C tables dropped? (the active one is first)'),
    );
    if (!target) return undefined;
    const database = await askDatabase(request, t('Clean Up TPC-C Data on {0}', target.profile.name));
    if (!database) return undefined;
    return cleanUpTpccData(target, database, log, request?.confirm === true);
  }

  return [
    vscode.commands.registerCommand(TPCC_COMMANDS.run, runCommand),
    vscode.commands.registerCommand(TPCC_COMMANDS.prepare, prepareCommand),
    vscode.commands.registerCommand(TPCC_COMMANDS.check, checkCommand),
    vscode.commands.registerCommand(TPCC_COMMANDS.cleanup, cleanupCommand),
  ];
}
