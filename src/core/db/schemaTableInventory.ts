// Before a benchmark runs: does its database exist, and which of its tables are there, with the
// server's row estimate and AUTO_INCREMENT? One information_schema query answers both (SCHEMATA
// LEFT JOIN TABLES: a row without a table is a database without them, no row is no database).
// sysbench's tables are found by prefix (sbtest1..N), TPC-C's and CH-benCHmark's by name.
import type { SqlExecutor, SqlRow } from './sqlExecutor';

/** Which tables to list: a LIKE prefix (sbtest) or exact names (tpcc's nine, ch's three more). */
export type TableSelection = { prefix: string } | { names: readonly string[] };

export interface SchemaTable {
  /** as the selection spells it (names), or as the server returned it (prefix) */
  name: string;
  /** information_schema's TABLE_ROWS: InnoDB samples it, TiDB takes it from statistics */
  estimatedRows: number | null;
  autoIncrement: number | null;
}

export interface SchemaTableInventory {
  databaseExists: boolean;
  /** the tables found, in the order the names were given (by name for a prefix) */
  tables: SchemaTable[];
}

const COLUMNS =
  'SELECT s.SCHEMA_NAME AS schemaName, t.TABLE_NAME AS tableName, t.TABLE_ROWS AS tableRows, t.AUTO_INCREMENT AS autoIncrement ';

/** The query and its values (the table filter's, then the database). */
export function schemaTablesQuery(database: string, selection: TableSelection): { sql: string; values: string[] } {
  const filter =
    'prefix' in selection
      ? { sql: 't.TABLE_NAME LIKE ?', values: [`${selection.prefix.replace(/[\\%_]/g, '\\$&')}%`] }
      : { sql: `t.TABLE_NAME IN (${selection.names.map(() => '?').join(', ') || 'NULL'})`, values: [...selection.names] };
  return {
    sql:
      COLUMNS +
      'FROM information_schema.SCHEMATA s LEFT JOIN information_schema.TABLES t ' +
      `ON t.TABLE_SCHEMA = s.SCHEMA_NAME AND ${filter.sql} ` +
      'WHERE s.SCHEMA_NAME = ?',
    values: [...filter.values, database],
  };
}

export function inventoryFromRows(rows: readonly SqlRow[], selection: TableSelection): SchemaTableInventory {
  const byName = 'names' in selection;
  const found = new Map<string, SchemaTable>();
  for (const row of rows) {
    const name = row.tableName;
    if (typeof name !== 'string') continue;
    // names match as information_schema compares them (case-insensitively); a prefix lists what is there
    found.set(byName ? name.toLowerCase() : name, {
      name,
      estimatedRows: numberOrNull(row.tableRows),
      autoIncrement: numberOrNull(row.autoIncrement),
    });
  }
  const tables =
    'names' in selection
      ? selection.names.flatMap((name) => {
          const table = found.get(name.toLowerCase());
          return table ? [{ ...table, name }] : [];
        })
      : [...found.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { databaseExists: rows.length > 0, tables };
}

export async function readSchemaTables(executor: SqlExecutor, database: string, selection: TableSelection): Promise<SchemaTableInventory> {
  const { sql, values } = schemaTablesQuery(database, selection);
  return inventoryFromRows(await executor.query(sql, values), selection);
}

function numberOrNull(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
}
