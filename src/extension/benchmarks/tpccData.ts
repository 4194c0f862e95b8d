// TPC-C's tables on a connection: what is there (one information_schema query and the warehouse
// count), prepare (go-tpc's tpcc prepare, cancellable), the consistency check (go-tpc's tpcc check)
// and cleanup (go-tpc's tpcc cleanup, only after the user saw the tables it drops). These run in the
// editor with a progress notification, as Prepare Benchmark Data does; the runs go detached.
import * as vscode from 'vscode';
import { resolveBenchmarkConfig } from '../../core/bench/benchmarkConfig';
import { benchSettingsFromProfile } from '../../core/bench/benchConnectionSettings';
import type { ConnectionOptionValues } from '../../core/bench/benchOptions';
import { checkTpcc, type TpccCheckOutcome } from '../../core/bench/tpcc/checkTpcc';
import { cleanupTpcc } from '../../core/bench/tpcc/cleanupTpcc';
import { ensureDatabase, prepareTpcc } from '../../core/bench/tpcc/prepareTpcc';
import { TPCC_TABLES } from '../../core/bench/tpcc/tpccSchema';
import { readSchemaTables, type SchemaTable } from '../../core/db/schemaTableInventory';
import { quoteIdentifier } from '../../core/db/sqlIdentifiers';
import { sqlLoggerFor, type ExtensionLog } from '../log/extensionLog';
import type { BenchmarkTarget } from './benchmarkTarget';
import { confirmDropTables } from './dropTablesQuestion';

export interface TpccInventory {
  databaseExists: boolean;
  /** the TPC-C tables in the database, in go-tpc's order, with the server's row estimate */
  tables: SchemaTable[];
  /** rows of the warehouse table: the warehouses prepare loaded (null without the table) */
  warehouses: number | null;
}

/** The TPC-C tables of the database (and `more`, CH-benCHmark's, listed in `tables` after them) and its warehouses. */
export async function readTpccInventory(target: BenchmarkTarget, database: string, more: readonly string[] = []): Promise<TpccInventory> {
  const { databaseExists, tables } = await readSchemaTables(target.session, database, { names: [...TPCC_TABLES, ...more] });
  let warehouses: number | null = null;
  if (tables.some((table) => table.name === 'warehouse')) {
    const [count] = await target.session.query(`SELECT COUNT(*) AS n FROM ${quoteIdentifier(database)}.${quoteIdentifier('warehouse')}`);
    warehouses = Number(count?.n ?? 0);
  }
  return { databaseExists, tables, warehouses };
}

/** The connection as the TPC-C engine takes it, resolved as a sysbench run's is. */
export function tpccConnection(target: BenchmarkTarget, database: string): ConnectionOptionValues {
  const settings = benchSettingsFromProfile(target.profile, target.password, database);
  return resolveBenchmarkConfig({ workload: 'oltp_point_select', connection: settings }).connection;
}

export interface TpccPrepareChoice {
  warehouses: number;
  /** load threads */
  threads: number;
}

/** go-tpc's tpcc prepare --dropdata: the database made when missing, the nine tables dropped and loaded, then checked. */
export async function prepareTpccData(
  target: BenchmarkTarget,
  database: string,
  choice: TpccPrepareChoice,
  log: ExtensionLog,
): Promise<boolean> {
  const t = vscode.l10n.t;
  const connection = tpccConnection(target, database);
  const onSql = sqlLoggerFor(log, target.profile.name);
  return vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: t('Preparing TPC-C data ({0} warehouse(s)) in {1} on {2}', choice.warehouses, database, target.profile.name),
      cancellable: true,
    },
    async (progress, token) => {
      const controller = new AbortController();
      const subscription = token.onCancellationRequested(() => controller.abort());
      try {
        await ensureDatabase(connection, onSql);
        const outcome = await prepareTpcc(
          {
            connection,
            warehouses: choice.warehouses,
            threads: choice.threads,
            parts: 1,
            partitionType: 1,
            useFk: false,
            useClusteredIndex: true,
            dropData: true,
            noCheck: false,
            retryCount: 50,
            retryIntervalSec: 5,
          },
          {
            signal: controller.signal,
            onSql,
            onLog: (line) => {
              log.info(`[tpcc prepare] ${line}`);
              progress.report({ message: line });
            },
          },
        );
        if (outcome.status === 'cancelled') {
          void vscode.window.showWarningMessage(
            t('Preparing TPC-C data was cancelled; the tables hold part of the data. Prepare again before running.'),
          );
          return false;
        }
        log.info(
          `Prepared TPC-C (${choice.warehouses} warehouse(s)) in ${database} on ${target.profile.name} in ${outcome.durationSec.toFixed(1)} s.`,
        );
        if (outcome.check && !outcome.check.passed) {
          void vscode.window.showWarningMessage(checkText(outcome.check, database, target.profile.name));
          return false;
        }
        return true;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log.error(`Preparing TPC-C data failed: ${message}`);
        void vscode.window.showErrorMessage(t('Preparing the TPC-C data failed: {0}', message));
        return false;
      } finally {
        subscription.dispose();
      }
    },
  );
}

/** go-tpc's tpcc check on every warehouse loaded; says what it found. */
export async function checkTpccData(
  target: BenchmarkTarget,
  database: string,
  warehouses: number,
  log: ExtensionLog,
): Promise<TpccCheckOutcome | undefined> {
  const t = vscode.l10n.t;
  const connection = tpccConnection(target, database);
  try {
    const outcome = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: t('Checking TPC-C consistency in {0} on {1}', database, target.profile.name),
        cancellable: true,
      },
      (_progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return checkTpcc(
          { connection, warehouses, threads: Math.min(warehouses, 4), checkAll: false },
          { signal: controller.signal, onSql: sqlLoggerFor(log, target.profile.name), onLog: (line) => log.info(`[tpcc check] ${line}`) },
        );
      },
    );
    const text = checkText(outcome, database, target.profile.name);
    log.info(text);
    for (const failure of outcome.failures)
      log.warn(`[tpcc check] warehouse ${failure.warehouse}, ${failure.condition}: ${failure.what} (${failure.got})`);
    if (outcome.passed) void vscode.window.showInformationMessage(text);
    else void vscode.window.showWarningMessage(text);
    return outcome;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.error(`TPC-C check failed: ${message}`);
    void vscode.window.showErrorMessage(t('The TPC-C check did not run: {0}', message));
    return undefined;
  }
}

function checkText(outcome: TpccCheckOutcome, database: string, connectionName: string): string {
  const t = vscode.l10n.t;
  if (outcome.passed)
    return t('TPC-C data in {0} on {1} is consistent: {2} conditions checked.', database, connectionName, outcome.checked);
  const first = outcome.failures[0];
  return t(
    'TPC-C data in {0} on {1} is not consistent: {2} of {3} conditions failed (first: warehouse {4}, {5}). The log lists each.',
    database,
    connectionName,
    outcome.failures.length,
    outcome.checked,
    first?.warehouse ?? '–',
    first?.condition ?? '–',
  );
}

/** Lists the TPC-C tables, asks (unless confirmed), drops them as go-tpc's tpcc cleanup; the tables dropped, undefined when cancelled. */
export async function cleanUpTpccData(
  target: BenchmarkTarget,
  database: string,
  log: ExtensionLog,
  confirmed = false,
): Promise<string[] | undefined> {
  const t = vscode.l10n.t;
  const inventory = await readTpccInventory(target, database);
  if (inventory.tables.length === 0) {
    if (!confirmed)
      void vscode.window.showInformationMessage(
        t('There are no TPC-C tables in {0} on {1}: nothing to clean up.', database, target.profile.name),
      );
    return [];
  }
  const names = inventory.tables.map((table) => table.name);
  if (!confirmed) {
    const question = t('Drop these {0} TPC-C tables from {1} on {2}?', names.length, database, target.profile.name);
    if (!(await confirmDropTables(question, database, inventory.tables))) return undefined;
  }
  const connection = tpccConnection(target, database);
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: t('Dropping TPC-C tables in {0}', database) },
    () => cleanupTpcc(connection, { onSql: sqlLoggerFor(log, target.profile.name), onLog: (line) => log.info(`[tpcc cleanup] ${line}`) }),
  );
  log.info(`Dropped ${names.join(', ')} from ${database} on ${target.profile.name}.`);
  return names;
}
