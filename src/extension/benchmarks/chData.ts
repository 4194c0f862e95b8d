// CH-benCHmark's tables on a connection: TPC-C's nine (tpccData.ts) and the three CH adds (nation,
// region, supplier, go-tpc's ch prepare), and, on TiDB, TiFlash replicas of every table the
// analytical queries read. These run in the editor with a progress notification, as Prepare TPC-C
// Data does; the run goes detached.
import * as vscode from 'vscode';
import { adminProfile } from '../../core/bench/benchConnectionSettings';
import { createTiflashReplicas, prepareChTables } from '../../core/bench/ch/prepareChTables';
import { CH_ONLY_TABLES } from '../../core/bench/ch/chSchema';
import { DatabaseSession } from '../../core/db/databaseSession';
import type { ReplicaWatchStatus } from '../../core/tidb/replicaProgressWatch';
import { sqlLoggerFor, type ExtensionLog } from '../log/extensionLog';
import type { BenchmarkTarget } from './benchmarkTarget';
import { readTpccInventory, tpccConnection, type TpccInventory } from './tpccData';

export interface ChInventory {
  /** TPC-C's tables and warehouses */
  tpcc: TpccInventory;
  /** CH's own tables missing from the database */
  missingChTables: string[];
}

export async function readChInventory(target: BenchmarkTarget, database: string): Promise<ChInventory> {
  const inventory = await readTpccInventory(target, database, CH_ONLY_TABLES);
  const chOnly = new Set<string>(CH_ONLY_TABLES);
  const present = new Set(inventory.tables.map((table) => table.name));
  return {
    tpcc: { ...inventory, tables: inventory.tables.filter((table) => !chOnly.has(table.name)) },
    missingChTables: CH_ONLY_TABLES.filter((table) => !present.has(table)),
  };
}

/** A session on the database itself: go-tpc's ch statements name their tables unqualified. */
async function withDatabaseSession<T>(
  target: BenchmarkTarget,
  database: string,
  log: ExtensionLog,
  work: (session: DatabaseSession) => Promise<T>,
): Promise<T> {
  const connection = tpccConnection(target, database);
  const session = await DatabaseSession.open(adminProfile(connection), connection.password, {
    logger: sqlLoggerFor(log, target.profile.name),
    connectionLimit: 1,
  });
  try {
    return await work(session);
  } finally {
    await session.close();
  }
}

/**
 * go-tpc's ch prepare on TPC-C's tables: nation, region and supplier loaded, the revenue1 view, and
 * ANALYZE TABLE on MariaDB and MySQL (their statistics right after the load make q5 run for hours;
 * not on TiDB, as go-tpc). True when done.
 */
export function prepareChExtraTables(target: BenchmarkTarget, database: string, log: ExtensionLog): Promise<boolean> {
  const t = vscode.l10n.t;
  return runChPrepareStep(target, database, log, {
    title: t('Preparing the CH-benCHmark tables in {0} on {1}', database, target.profile.name),
    failure: {
      log: 'Preparing the CH-benCHmark tables failed',
      shown: (message) => t('Preparing the CH-benCHmark tables failed: {0}', message),
    },
    step: (session, options) =>
      prepareChTables(session, {
        ...options,
        database,
        tiflashReplica: 0,
        waitForTiflash: false,
        analyze: target.session.identity.flavor !== 'tidb',
      }),
  });
}

/** TiDB: a TiFlash replica of every table the queries read (go-tpc's ch prepare --tiflash-replica 1), waited for until available. */
export function createChTiflashReplicas(target: BenchmarkTarget, database: string, log: ExtensionLog): Promise<boolean> {
  const t = vscode.l10n.t;
  return runChPrepareStep(target, database, log, {
    title: t('Creating TiFlash replicas of the CH-benCHmark tables in {0} on {1}', database, target.profile.name),
    failure: { log: 'Creating the TiFlash replicas failed', shown: (message) => t('Creating the TiFlash replicas failed: {0}', message) },
    step: (session, options, progress) =>
      createTiflashReplicas(session, {
        ...options,
        database,
        tiflashReplica: 1,
        waitForTiflash: true,
        onReplicaProgress: (statuses) => progress.report({ message: replicaProgressText(statuses) }),
      }),
  });
}

/** What every step of CH's prepare is handed: the cancel signal and where its log lines go. */
interface ChStepOptions {
  signal: AbortSignal;
  onLog: (line: string) => void;
}

interface ChPrepareStep {
  /** the progress notification's title */
  title: string;
  /** the failure's text: in the log (English), and shown with the error's message */
  failure: { log: string; shown: (message: string) => string };
  step: (session: DatabaseSession, options: ChStepOptions, progress: vscode.Progress<{ message?: string }>) => Promise<unknown>;
}

/**
 * One step of CH's prepare on a session of the database, in a cancellable progress notification
 * that shows its log lines. True when done. A failure is logged; it is shown as an error unless
 * the user cancelled (they know).
 */
async function runChPrepareStep(target: BenchmarkTarget, database: string, log: ExtensionLog, prepare: ChPrepareStep): Promise<boolean> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: prepare.title, cancellable: true },
    async (progress, token) => {
      const controller = new AbortController();
      const subscription = token.onCancellationRequested(() => controller.abort());
      const options: ChStepOptions = {
        signal: controller.signal,
        onLog: (line) => {
          log.info(`[ch prepare] ${line}`);
          progress.report({ message: line });
        },
      };
      try {
        await withDatabaseSession(target, database, log, (session) => prepare.step(session, options, progress));
        return true;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log.error(`${prepare.failure.log}: ${message}`);
        if (!controller.signal.aborted) void vscode.window.showErrorMessage(prepare.failure.shown(message));
        return false;
      } finally {
        subscription.dispose();
      }
    },
  );
}

function replicaProgressText(statuses: readonly ReplicaWatchStatus[]): string {
  const waiting = statuses.filter((status) => status.phase !== 'ready');
  if (waiting.length === 0) return vscode.l10n.t('every replica is available');
  return vscode.l10n.t(
    'waiting for {0}',
    waiting.map((status) => `${status.table} ${Math.round((status.replica?.progress ?? 0) * 100)} %`).join(', '),
  );
}
