// `tpcc prepare` as go-tpc's: the database made when missing, the tables (dropped first with
// --dropdata), the data loaded by --threads load threads (tpccLoader.ts), then go-tpc's check of
// the fresh data with every condition (checkTpcc.ts), unless --no-check.
import { DatabaseSession } from '../../db/databaseSession';
import type { SqlLogger } from '../../db/sqlExecutor';
import { adminProfile } from '../benchConnectionSettings';
import type { ConnectionOptionValues } from '../benchOptions';
import { checkTpcc, type TpccCheckOutcome } from './checkTpcc';
import { cleanupTpcc } from './cleanupTpcc';
import { TpccConnection } from './tpccConnection';
import { LoadStopped, TpccLoader } from './tpccLoader';
import { TpccRandom } from './tpccRandom';
import { checkSchemaOptions, createTableStatements, FOREIGN_KEY_STATEMENTS, quoteIdentifier, type SchemaOptions } from './tpccSchema';

export interface TpccPrepareConfig extends SchemaOptions {
  connection: ConnectionOptionValues;
  /** load threads */
  threads: number;
  /** --dropdata: drop the tables before creating them */
  dropData: boolean;
  /** --no-check: skip the check after loading */
  noCheck: boolean;
  /** go-tpc's --retry-count and --retry-interval, for each INSERT of the load */
  retryCount: number;
  retryIntervalSec: number;
}

export interface TpccPrepareHooks {
  signal?: AbortSignal;
  onLog?: (message: string) => void;
  onSql?: SqlLogger;
}

export interface TpccPrepareOutcome {
  /** 'cancelled' when the signal stopped it; the tables then hold part of the data */
  status: 'completed' | 'cancelled';
  durationSec: number;
  check?: TpccCheckOutcome;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Creates the database when it is missing (go-tpc does so when it connects). */
export async function ensureDatabase(connection: ConnectionOptionValues, onSql?: SqlLogger): Promise<void> {
  if (connection.database === '') return;
  const server = await DatabaseSession.open({ ...adminProfile(connection), database: undefined }, connection.password, {
    logger: onSql,
    connectionLimit: 1,
  });
  try {
    await server.run(`CREATE DATABASE IF NOT EXISTS ${quoteIdentifier(connection.database)}`);
  } finally {
    await server.close();
  }
}

export async function prepareTpcc(config: TpccPrepareConfig, hooks: TpccPrepareHooks = {}): Promise<TpccPrepareOutcome> {
  checkSchemaOptions(config);
  const log = hooks.onLog ?? (() => undefined);
  const startMs = Date.now();
  await ensureDatabase(config.connection, hooks.onSql);
  if (config.dropData) await cleanupTpcc(config.connection, hooks);
  const admin = await DatabaseSession.open(adminProfile(config.connection), config.connection.password, {
    logger: hooks.onSql,
    connectionLimit: 1,
  });
  try {
    for (const { table, sql } of createTableStatements(config)) {
      log(`creating table ${table}`);
      await admin.run(sql);
    }
    if (config.useFk)
      for (const sql of FOREIGN_KEY_STATEMENTS) {
        log(`creating foreign key ${/CONSTRAINT (\w+)/.exec(sql)?.[1] ?? ''}`);
        await admin.run(sql);
      }
  } finally {
    await admin.close();
  }

  let failure: unknown;
  const stopped = () => hooks.signal?.aborted === true || failure !== undefined;
  const loadThread = async (thread: number) => {
    const connection = await TpccConnection.open(config.connection, 0, thread);
    try {
      const loader = new TpccLoader(new TpccRandom(), {
        insert: async (sql) => {
          await connection.text(sql);
        },
        onLog: log,
        stopped,
        retryCount: config.retryCount,
        retryIntervalMs: config.retryIntervalSec * 1000,
        sleep: (ms) => sleep(ms, hooks.signal),
      });
      await loader.loadThreadShare(thread, config.threads, config.warehouses);
    } catch (error) {
      if (!(error instanceof LoadStopped)) failure ??= error;
    } finally {
      await connection.close();
    }
  };
  await Promise.all(Array.from({ length: config.threads }, (_, thread) => loadThread(thread)));
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  if (hooks.signal?.aborted === true) return { status: 'cancelled', durationSec: (Date.now() - startMs) / 1000 };
  const check = config.noCheck
    ? undefined
    : await checkTpcc({ connection: config.connection, warehouses: config.warehouses, threads: config.threads, checkAll: true }, hooks);
  return { status: 'completed', durationSec: (Date.now() - startMs) / 1000, ...(check !== undefined ? { check } : {}) };
}
