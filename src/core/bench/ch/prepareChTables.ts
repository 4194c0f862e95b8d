// go-tpc's `ch prepare` (ch/workload.go Prepare): creates nation, region and supplier, loads them
// (dbgen at scale factor 1: 25, 5 and 10,000 rows), creates the revenue1 view, then on request
// sets a TiFlash replica on every table the queries read (ALTER TABLE ... SET TIFLASH REPLICA N,
// go-tpc's --tiflash-replica) and analyzes them (--analyze). Unlike go-tpc, TiDB Lab can also wait
// until every replica is available (--wait-tiflash), so a run right after prepare reads TiFlash.
import { quoteQualifiedName, quoteStringLiteral } from '../../db/sqlIdentifiers';
import type { SqlExecutor } from '../../db/sqlExecutor';
import { watchReplicaProgress, type ReplicaWatchStatus } from '../../tidb/replicaProgressWatch';
import { buildSetTableTiFlashReplica } from '../../tidb/tableControlStatements';
import { CH_ALL_TABLES, CH_CREATE_TABLE, CH_INSERT_COLUMNS, CH_ONLY_TABLES, CREATE_REVENUE_VIEW, type ChOnlyTable } from './chSchema';
import { nationRows, regionRows, supplierRows, type ChRow } from './chTableRows';

export interface ChPrepareOptions {
  /** the schema the TPC-C tables are in */
  database: string;
  /** go-tpc's --tiflash-replica: 0 for none */
  tiflashReplica: number;
  /** wait until every replica is available and caught up */
  waitForTiflash: boolean;
  /** go-tpc's --analyze */
  analyze: boolean;
  signal?: AbortSignal;
  /** go-tpc's progress lines: "creating nation", "creating tiflash replica for customer", ... */
  onLog?: (message: string) => void;
  onReplicaProgress?: (statuses: ReplicaWatchStatus[]) => void;
}

/** Rows per INSERT (go-tpc's SQL sink sends batches too). */
const BATCH_ROWS = 500;

export function chTableRows(table: ChOnlyTable): ChRow[] {
  if (table === 'nation') return nationRows();
  if (table === 'region') return regionRows();
  return supplierRows();
}

export function insertStatements(table: ChOnlyTable, rows: readonly ChRow[]): string[] {
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const values = rows
      .slice(i, i + BATCH_ROWS)
      .map((row) => `(${row.map((value) => (typeof value === 'number' ? String(value) : quoteStringLiteral(value))).join(',')})`);
    statements.push(CH_INSERT_COLUMNS[table] + values.join(','));
  }
  return statements;
}

export async function prepareChTables(executor: SqlExecutor, options: ChPrepareOptions): Promise<void> {
  const log = options.onLog ?? (() => undefined);
  for (const table of CH_ONLY_TABLES) {
    log(`creating ${table}`);
    await executor.run(CH_CREATE_TABLE[table]);
  }
  // go-tpc loads nation, region, then supplier
  for (const table of CH_ONLY_TABLES) {
    if (options.signal?.aborted) throw new Error('prepare cancelled');
    await executor.run(`DELETE FROM ${table}`);
    for (const statement of insertStatements(table, chTableRows(table))) await executor.run(statement);
  }
  log('creating view revenue1');
  await executor.run(CREATE_REVENUE_VIEW);
  if (options.tiflashReplica > 0) await createTiflashReplicas(executor, options);
  if (options.analyze) {
    for (const table of CH_ALL_TABLES) {
      log(`analyzing table ${table}`);
      await executor.query(`ANALYZE TABLE ${quoteQualifiedName(options.database, table)}`);
      log(`analyze table ${table} done`);
    }
  }
}

/** ALTER TABLE ... SET TIFLASH REPLICA N on every table the queries read, then (on request) waits until each is available. */
export async function createTiflashReplicas(
  executor: SqlExecutor,
  options: Pick<ChPrepareOptions, 'database' | 'tiflashReplica' | 'waitForTiflash' | 'signal' | 'onLog' | 'onReplicaProgress'>,
): Promise<void> {
  const log = options.onLog ?? (() => undefined);
  const targets = CH_ALL_TABLES.map((table) => ({ schema: options.database, table }));
  for (const target of targets) {
    log(`creating tiflash replica for ${target.table}`);
    await executor.run(buildSetTableTiFlashReplica(target, options.tiflashReplica));
  }
  if (!options.waitForTiflash) return;
  log('waiting for the TiFlash replicas to be available');
  const watch = await watchReplicaProgress(executor, targets, { signal: options.signal, onProgress: options.onReplicaProgress });
  if (watch.cancelled) throw new Error('prepare cancelled while waiting for the TiFlash replicas');
  const missing = watch.statuses.filter((status) => status.phase === 'noReplica').map((status) => status.table);
  if (missing.length > 0) throw new Error(`no TiFlash replica appeared for ${missing.join(', ')} (information_schema.tiflash_replica)`);
  log('tiflash replicas available');
}

/** Drops what prepareChTables created (the TPC-C tables are TPC-C cleanup's). */
export async function cleanupChTables(executor: SqlExecutor): Promise<void> {
  await executor.run('DROP VIEW IF EXISTS revenue1');
  for (const table of CH_ONLY_TABLES) await executor.run(`DROP TABLE IF EXISTS ${table}`);
}
