// The sbtest tables a benchmark needs: checked before a run (one information_schema query), offered
// to prepare when missing or of another size, prepared with a cancellable progress notification,
// and dropped only after the user saw the exact list of tables.
import * as vscode from 'vscode';
import { cleanupBenchmark } from '../../core/bench/cleanupBenchmark';
import { prepareBenchmark } from '../../core/bench/prepareBenchmark';
import { quoteIdentifier } from '../../core/db/sqlIdentifiers';
import { sqlLoggerFor, type ExtensionLog } from '../log/extensionLog';
import { benchSettingsFromProfile } from '../../core/bench/benchConnectionSettings';
import { checkBenchmarkData, neededTables, readSbtestInventory, type DataVerdict, type SbtestInventory } from './benchmarkDataCheck';
import type { BenchmarkTarget } from './benchmarkTarget';
import { confirmDropTables } from './dropTablesQuestion';
import type { LaunchSettings } from './launchSettings';

/** What to do when the data is not right: ask (people), or decide (automation). */
export type PreparePolicy = 'ask' | 'ifNeeded' | 'never';

/** Prepare threads: one per table like sysbench's parallel prepare, at most 16 (PingCAP uses 8-16). */
const MAX_PREPARE_THREADS = 16;

/** Makes sure the tables are there and of the right size before a run; true when the run may start. */
export async function ensureBenchmarkData(
  target: BenchmarkTarget,
  settings: LaunchSettings,
  policy: PreparePolicy,
  log: ExtensionLog,
): Promise<boolean> {
  const inventory = await readSbtestInventory(target.session, settings.database);
  const verdict = checkBenchmarkData(inventory, {
    workload: settings.workload,
    tables: settings.tables,
    tableSize: settings.tableSize,
    maxThreads: Math.max(...settings.threads),
  });
  if (verdict.kind === 'ready' || policy === 'never') return true;
  const choice = policy === 'ask' ? await askToPrepare(target, settings, verdict, inventory) : 'prepare';
  if (choice === 'run') return true;
  if (choice === 'cancel') return false;
  return prepareData(target, settings, verdict, log);
}

type PrepareChoice = 'prepare' | 'run' | 'cancel';

async function askToPrepare(
  target: BenchmarkTarget,
  settings: LaunchSettings,
  verdict: Exclude<DataVerdict, { kind: 'ready' }>,
  inventory: SbtestInventory,
): Promise<PrepareChoice> {
  const t = vscode.l10n.t;
  const shape = dataShape(settings);
  const prepare = t('Prepare');
  const runAnyway = t('Run Anyway');
  let message: string;
  let detail: string;
  let buttons: string[];
  switch (verdict.kind) {
    case 'noDatabase':
      message = t('The database {0} does not exist on {1}.', settings.database, target.profile.name);
      detail = t('Prepare creates it and loads {0} for {1}.', shape, settings.workload);
      buttons = [prepare];
      break;
    case 'missing':
      message = t('{0} has no {1} in {2}.', target.profile.name, verdict.missing.join(', '), settings.database);
      detail =
        verdict.present.length > 0
          ? t('Prepare drops {0} and loads {1} for {2}.', verdict.present.join(', '), shape, settings.workload)
          : t('Prepare loads {0} for {1}.', shape, settings.workload);
      buttons = [prepare, runAnyway];
      break;
    case 'otherSize': {
      const sizes = verdict.tables.map((table) => t('{0} (about {1} rows)', table.name, table.approximateRows.toLocaleString())).join(', ');
      message = t(
        'The tables in {0} are of another size than {1} rows: {2}.',
        settings.database,
        settings.tableSize.toLocaleString(),
        sizes,
      );
      detail = t('Prepare drops {0} and loads {1}.', existingWanted(settings, inventory).join(', '), shape);
      buttons = [prepare, runAnyway];
      break;
    }
  }
  const choice = await vscode.window.showWarningMessage(message, { modal: true, detail }, ...buttons);
  return choice === prepare ? 'prepare' : choice === runAnyway ? 'run' : 'cancel';
}

/** "1 table of 10,000 rows" */
function dataShape(settings: LaunchSettings): string {
  const tables = neededTables({
    workload: settings.workload,
    tables: settings.tables,
    tableSize: settings.tableSize,
    maxThreads: Math.max(...settings.threads),
  }).length;
  if (settings.workload === 'bulk_insert') return vscode.l10n.t('{0} empty table(s), one per thread', tables);
  return vscode.l10n.t('{0} table(s) of {1} rows', tables, settings.tableSize.toLocaleString());
}

function existingWanted(settings: LaunchSettings, inventory: SbtestInventory): string[] {
  const wanted = new Set(
    neededTables({
      workload: settings.workload,
      tables: settings.tables,
      tableSize: settings.tableSize,
      maxThreads: Math.max(...settings.threads),
    }),
  );
  return inventory.tables.map((table) => table.name).filter((name) => wanted.has(name));
}

/** Creates the database when needed, drops the workload's old tables, loads new ones. */
export async function prepareData(
  target: BenchmarkTarget,
  settings: LaunchSettings,
  verdict: DataVerdict,
  log: ExtensionLog,
): Promise<boolean> {
  const t = vscode.l10n.t;
  const connection = benchSettingsFromProfile(target.profile, target.password, settings.database);
  const tables = neededTables({
    workload: settings.workload,
    tables: settings.tables,
    tableSize: settings.tableSize,
    maxThreads: Math.max(...settings.threads),
  }).length;
  const options = prepareOptions(settings, tables);
  const onSql = sqlLoggerFor(log, target.profile.name);
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: t('Preparing benchmark data on {0}', target.profile.name), cancellable: true },
    async (progress, token) => {
      const controller = new AbortController();
      const subscription = token.onCancellationRequested(() => controller.abort());
      try {
        if (verdict.kind === 'noDatabase') {
          progress.report({ message: t('creating database {0}', settings.database) });
          await target.session.run(`CREATE DATABASE IF NOT EXISTS ${quoteIdentifier(settings.database)}`);
        } else if (verdict.kind !== 'ready') {
          progress.report({ message: t('dropping the old tables') });
          await cleanupBenchmark(
            { workload: settings.workload, connection, options },
            { onSql, onLog: (line) => log.info(`[prepare] ${line}`) },
          );
        }
        const totalRows = Math.max(1, tables * settings.tableSize);
        const loaded = new Map<string, number>();
        let reported = 0;
        const outcome = await prepareBenchmark(
          { workload: settings.workload, connection, options },
          {
            signal: controller.signal,
            onSql,
            onLog: (line) => log.info(`[prepare] ${line}`),
            onProgress: (table, rows, of) => {
              loaded.set(table, rows);
              const done = [...loaded.values()].reduce((sum, value) => sum + value, 0);
              const percent = (done / totalRows) * 100;
              progress.report({
                message: t('{0}: {1} of {2} rows', table, rows.toLocaleString(), of.toLocaleString()),
                increment: Math.max(0, percent - reported),
              });
              reported = Math.max(reported, percent);
            },
          },
        );
        log.info(
          `Prepared ${outcome.tables.join(', ')} (${outcome.rowsPerTable} rows each) in ${settings.database} on ${target.profile.name} in ${outcome.seconds.toFixed(1)} s.`,
        );
        return true;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log.error(`Preparing benchmark data failed: ${message}`);
        if (!controller.signal.aborted) void vscode.window.showErrorMessage(t('Preparing the benchmark data failed: {0}', message));
        else
          void vscode.window.showWarningMessage(t('Preparing was cancelled; the tables may be incomplete. Prepare again before running.'));
        return false;
      } finally {
        subscription.dispose();
      }
    },
  );
}

/** The options prepare needs: the table layout (sizes and the workload's own DDL options). */
function prepareOptions(settings: LaunchSettings, tables: number): Record<string, string | number | boolean> {
  const layout = new Set(['auto_inc', 'secondary', 'create_secondary', 'mysql_storage_engine', 'create_table_options']);
  const options: Record<string, string | number | boolean> = {
    threads: settings.workload === 'bulk_insert' ? tables : Math.max(1, Math.min(tables, MAX_PREPARE_THREADS)),
  };
  if (settings.workload !== 'bulk_insert') {
    options.tables = tables;
    options.table_size = settings.tableSize;
  }
  for (const [name, value] of Object.entries(settings.workloadOptions)) if (layout.has(name)) options[name] = value;
  return options;
}

/** "Clean Up Benchmark Data": lists the sbtest tables of a database, asks, drops exactly those. */
export async function cleanUpData(
  target: BenchmarkTarget,
  database: string,
  log: ExtensionLog,
  confirmed = false,
): Promise<string[] | undefined> {
  const t = vscode.l10n.t;
  const inventory = await readSbtestInventory(target.session, database);
  if (inventory.tables.length === 0) {
    if (!confirmed)
      void vscode.window.showInformationMessage(
        t('There are no sbtest tables in {0} on {1}: nothing to clean up.', database, target.profile.name),
      );
    return [];
  }
  const names = inventory.tables.map((table) => table.name);
  if (!confirmed) {
    const question = t('Drop these {0} tables from {1} on {2}?', names.length, database, target.profile.name);
    if (!(await confirmDropTables(question, database, inventory.tables))) return undefined;
  }
  const highest = inventory.tables[inventory.tables.length - 1].number;
  const connection = benchSettingsFromProfile(target.profile, target.password, database);
  const dropped = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: t('Dropping sbtest tables in {0}', database) },
    () =>
      cleanupBenchmark(
        { workload: 'oltp_read_write', connection, options: { tables: highest } },
        { onSql: sqlLoggerFor(log, target.profile.name), onLog: (line) => log.info(`[cleanup] ${line}`) },
      ),
  );
  // cleanup drops sbtest1..N IF EXISTS: what it dropped is what was there.
  const removed = dropped.droppedTables.filter((name) => names.includes(name));
  log.info(`Dropped ${removed.join(', ')} from ${database} on ${target.profile.name}.`);
  return removed;
}
