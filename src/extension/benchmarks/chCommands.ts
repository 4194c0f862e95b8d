// CH-benCHmark from the palette, as go-tpc's ch run: "Run CH-benCHmark...". Asks for the
// connection (the only one is used without asking), the database (TPC-C's, shared with Run
// TPC-C), warehouses, TP threads (--threads), AP threads (--acThreads), seconds, and on TiDB
// whether the analytical queries read TiKV or TiFlash (TiFlash: replicas of the tables they read
// are created and waited for first, and each AP connection sets tidb_isolation_read_engines, as
// go-tpc's --tiflash-replica and --ap-conn-params do). A database without TPC-C data is offered
// Prepare and Run (TPC-C's tables, then CH's three); CH's tables alone are added without asking
// (nothing is dropped). The run goes through the detached runner to the live tab, the result tab
// and the Benchmarks view. It also takes a request object with every answer (automation, tests).
import * as vscode from 'vscode';
import { sessionStatementsOf } from '../../core/bench/ch/chArguments';
import { CH_QUERY_NAMES } from '../../core/bench/ch/chQueries';
import { CH_ALL_TABLES } from '../../core/bench/ch/chSchema';
import { timedTpccRun } from '../../core/bench/tpcc/runTpcc';
import type { BenchmarkServices } from './benchmarkServices';
import { chooseBenchmarkTarget } from './benchmarkTarget';
import { createChTiflashReplicas, prepareChExtraTables, readChInventory } from './chData';
import type { RunCommandResult } from './runCommands';
import { prepareTpccData } from './tpccData';
import { prepareDetail } from './tpccPrepareDetail';
import { askRunWarehouses, askTpccDatabase, askWholeNumber, confirmPrepareBeforeRun, loadThreadsFor } from './tpccQuestions';

export const CH_COMMANDS = { run: 'tidbLab.runCh' } as const;

/** go-tpc's way to read through TiFlash (--ap-conn-params), run on each AP connection. */
export const TIFLASH_AP_CONN_PARAMS = "tidb_isolation_read_engines='tiflash'";

/** Every answer given (automation and tests): nothing is asked that the request holds. */
export interface ChRequest {
  profileId?: string;
  database?: string;
  warehouses?: number;
  /** TPC-C threads (go-tpc's --threads) */
  threads?: number;
  /** analytical query threads (go-tpc's --acThreads) */
  acThreads?: number;
  timeSec?: number;
  /** TiDB only: create TiFlash replicas of the tables the queries read and read them through TiFlash */
  tiflash?: boolean;
  /** load threads of TPC-C's prepare (default: the warehouses, at most 8) */
  loadThreads?: number;
  /** 'ifNeeded' prepares when TPC-C's tables are missing, 'never' runs on what is there (default: ask) */
  prepare?: 'ifNeeded' | 'never';
  intervalSec?: number;
  open?: boolean;
}

function requestOf(arg: unknown): ChRequest | undefined {
  return typeof arg === 'object' && arg !== null && ['database', 'warehouses', 'threads', 'acThreads'].some((key) => key in arg)
    ? (arg as ChRequest)
    : undefined;
}

export function registerChCommands(services: BenchmarkServices): vscode.Disposable[] {
  const { api, runner, globalState } = services;
  const log = api.log;
  const t = vscode.l10n.t;

  /** On TiDB: TiKV or TiFlash for the analytical queries, each choice saying what it runs. */
  async function askTiflash(given: boolean | undefined, title: string): Promise<boolean | undefined> {
    if (given !== undefined) return given;
    const tikv: vscode.QuickPickItem = {
      label: t('Read through TiKV'),
      detail: t('The analytical queries read the tables as they are; nothing is changed first.'),
    };
    const tiflash: vscode.QuickPickItem = {
      label: t('Create TiFlash Replicas and Read through TiFlash'),
      detail: t(
        'First ALTER TABLE … SET TIFLASH REPLICA 1 on {0} and a wait until each replica is available; then each AP connection runs SET SESSION tidb_isolation_read_engines = {1}.',
        CH_ALL_TABLES.join(', '),
        "'tiflash'",
      ),
    };
    const picked = await vscode.window.showQuickPick([tikv, tiflash], {
      title,
      placeHolder: t('Which engine do the analytical queries read? (the HTAP case: TiFlash)'),
      ignoreFocusOut: true,
    });
    return picked === undefined ? undefined : picked === tiflash;
  }

  async function runCommand(arg?: unknown): Promise<RunCommandResult | undefined> {
    const request = requestOf(arg);
    const target = await chooseBenchmarkTarget(api, arg, {
      title: t('Run CH-benCHmark'),
      placeHolder: t('Which connection does CH-benCHmark load? (the active one is first)'),
    });
    if (!target) return undefined;
    const title = t('Run CH-benCHmark on {0}', target.profile.name);
    const database = await askTpccDatabase(globalState, request?.database, title);
    if (!database) return undefined;
    const inventory = await readChInventory(target, database);
    const loaded = inventory.tpcc.tables.length === 9 ? inventory.tpcc.warehouses : null;
    const warehouses = await askRunWarehouses(request?.warehouses, title, database, loaded);
    if (warehouses === undefined) return undefined;
    const threads = await askWholeNumber(
      request?.threads,
      title,
      t('TP threads (go-tpc --threads; each runs TPC-C transactions on its own connection)'),
      4,
    );
    if (threads === undefined) return undefined;
    const acThreads = await askWholeNumber(
      request?.acThreads,
      title,
      t('AP threads (go-tpc --acThreads; each runs the 22 analytical queries in turn on its own connection)'),
      1,
    );
    if (acThreads === undefined) return undefined;
    const timeSec = await askWholeNumber(request?.timeSec, title, t('Seconds to run (go-tpc --time)'), 60);
    if (timeSec === undefined) return undefined;
    const isTiDB = target.session.identity.flavor === 'tidb';
    if (request?.tiflash === true && !isTiDB) {
      void vscode.window.showErrorMessage(t('{0} is not TiDB: it has no TiFlash to read through.', target.profile.name));
      return undefined;
    }
    const tiflash = isTiDB ? await askTiflash(request?.tiflash, title) : false;
    if (tiflash === undefined) return undefined;

    if ((loaded === null || loaded < warehouses) && request?.prepare !== 'never') {
      const detail = prepareDetail(t, { tables: inventory.tpcc.tables.map((table) => table.name), warehouses, ch: true });
      if (request?.prepare !== 'ifNeeded' && !(await confirmPrepareBeforeRun(target, database, loaded, warehouses, detail)))
        return undefined;
      if (!(await prepareTpccData(target, database, { warehouses, threads: loadThreadsFor(warehouses, request?.loadThreads) }, log)))
        return undefined;
      if (!(await prepareChExtraTables(target, database, log))) return undefined;
    } else if (inventory.missingChTables.length > 0 && request?.prepare !== 'never') {
      log.info(`${database} on ${target.profile.name} has no ${inventory.missingChTables.join(', ')}: adding CH-benCHmark's tables.`);
      if (!(await prepareChExtraTables(target, database, log))) return undefined;
    }
    if (tiflash && !(await createChTiflashReplicas(target, database, log))) return undefined;

    const stored = await runner.runCh(
      target,
      {
        tpcc: timedTpccRun({ warehouses, threads, timeSec, intervalSec: request?.intervalSec ?? 1 }),
        acThreads,
        queries: [...CH_QUERY_NAMES],
        apSessionStatements: tiflash ? sessionStatementsOf(TIFLASH_AP_CONN_PARAMS) : [],
        apConnParams: tiflash ? TIFLASH_AP_CONN_PARAMS : '',
      },
      database,
      { openPanel: request?.open !== false },
    );
    return stored?.kind === 'result' ? { id: stored.id, result: stored.result } : undefined;
  }

  return [vscode.commands.registerCommand(CH_COMMANDS.run, runCommand)];
}
