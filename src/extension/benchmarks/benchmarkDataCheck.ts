// Before a run: are the sbtest tables there, and of the size asked for? One information_schema
// query answers both (and whether the database exists: core/db/schemaTableInventory.ts, which
// TPC-C's and CH-benCHmark's checks use too). Sizes are estimates there: InnoDB's TABLE_ROWS is
// sampled, TiDB's comes from statistics, so a table counts as the right size when AUTO_INCREMENT
// says exactly table_size rows were loaded or the estimate is within a tolerance.
import type { SqlExecutor, SqlRow } from '../../core/db/sqlExecutor';
import {
  inventoryFromRows as schemaInventoryFromRows,
  readSchemaTables,
  schemaTablesQuery,
  type SchemaTableInventory,
  type TableSelection,
} from '../../core/db/schemaTableInventory';
import { workloadSpec, type WorkloadName } from '../../core/bench/sysbench/workloadCatalog';

const SBTEST_SELECTION: TableSelection = { prefix: 'sbtest' };

export const SBTEST_TABLES_SQL = schemaTablesQuery('', SBTEST_SELECTION).sql;

/** Estimates within this share of table_size count as "the same size". */
export const SIZE_TOLERANCE = 0.25;

export interface SbtestTable {
  name: string;
  number: number;
  estimatedRows: number | null;
  autoIncrement: number | null;
}

export interface SbtestInventory {
  databaseExists: boolean;
  /** sbtest<N> tables, by N */
  tables: SbtestTable[];
}

export type DataVerdict =
  | { kind: 'ready' }
  | { kind: 'noDatabase' }
  | { kind: 'missing'; missing: string[]; present: string[] }
  | { kind: 'otherSize'; tables: { name: string; approximateRows: number }[] };

export interface DataNeed {
  workload: WorkloadName;
  tables: number;
  tableSize: number;
  /** the most threads of the run (bulk_insert has one table per thread) */
  maxThreads: number;
}

export async function readSbtestInventory(executor: SqlExecutor, database: string): Promise<SbtestInventory> {
  return sbtestInventoryOf(await readSchemaTables(executor, database, SBTEST_SELECTION));
}

export function inventoryFromRows(rows: readonly SqlRow[]): SbtestInventory {
  return sbtestInventoryOf(schemaInventoryFromRows(rows, SBTEST_SELECTION));
}

function sbtestInventoryOf(inventory: SchemaTableInventory): SbtestInventory {
  const tables: SbtestTable[] = [];
  for (const table of inventory.tables) {
    const match = /^sbtest([1-9]\d*)$/.exec(table.name);
    if (match) tables.push({ ...table, number: Number(match[1]) });
  }
  tables.sort((a, b) => a.number - b.number);
  return { databaseExists: inventory.databaseExists, tables };
}

/** The tables the workload needs, by number. */
export function neededTables(need: DataNeed): string[] {
  const count = need.workload === 'bulk_insert' ? need.maxThreads : workloadSpec(need.workload).singleTable ? 1 : need.tables;
  return Array.from({ length: count }, (_unused, index) => `sbtest${index + 1}`);
}

export function checkBenchmarkData(inventory: SbtestInventory, need: DataNeed): DataVerdict {
  if (!inventory.databaseExists) return { kind: 'noDatabase' };
  const byName = new Map(inventory.tables.map((table) => [table.name, table]));
  const wanted = neededTables(need);
  const missing = wanted.filter((name) => !byName.has(name));
  if (missing.length > 0) return { kind: 'missing', missing, present: wanted.filter((name) => byName.has(name)) };
  // Rows grow under oltp_insert and bulk_insert: their tables are right whatever their size.
  if (need.workload === 'oltp_insert' || need.workload === 'bulk_insert') return { kind: 'ready' };
  const wrong = wanted.map((name) => byName.get(name) as SbtestTable).filter((table) => !hasSize(table, need.tableSize));
  if (wrong.length === 0) return { kind: 'ready' };
  return { kind: 'otherSize', tables: wrong.map((table) => ({ name: table.name, approximateRows: approximateRows(table) })) };
}

function hasSize(table: SbtestTable, tableSize: number): boolean {
  if (table.autoIncrement !== null && table.autoIncrement - 1 === tableSize) return true;
  if (table.estimatedRows === null) return table.autoIncrement === null;
  if (tableSize === 0) return table.estimatedRows === 0;
  return Math.abs(table.estimatedRows - tableSize) <= tableSize * SIZE_TOLERANCE;
}

function approximateRows(table: SbtestTable): number {
  return table.estimatedRows ?? (table.autoIncrement !== null ? table.autoIncrement - 1 : 0);
}
