// What completion knows of a server's schema: its databases, their tables and each table's columns,
// indexed by lower-case name (MySQL and TiDB compare table names case-insensitively on most servers).

export interface CompletionColumn {
  name: string;
  type: string;
}

export interface CompletionTable {
  schema: string;
  name: string;
  isView: boolean;
  columns: CompletionColumn[];
}

export interface SchemaSnapshot {
  databases: readonly string[];
  /** lower-case database -> its tables */
  tablesOf(database: string): readonly CompletionTable[];
  /** the table `name` of `database` (case-insensitive), or undefined */
  table(database: string, name: string): CompletionTable | undefined;
  /** every table called `name` in any database */
  tablesNamed(name: string): readonly CompletionTable[];
  tableCount: number;
}

export interface SchemaColumnRow {
  schema: string;
  table: string;
  isView: boolean;
  /** null for a table without columns the server showed */
  column: string | null;
  type: string;
}

/** A snapshot from databases and column rows (ordered by schema, table, ordinal position). */
export function buildSchemaSnapshot(databases: readonly string[], rows: Iterable<SchemaColumnRow>): SchemaSnapshot {
  const byDatabase = new Map<string, Map<string, CompletionTable>>();
  const byName = new Map<string, CompletionTable[]>();
  for (const database of databases) byDatabase.set(database.toLowerCase(), new Map());
  let tableCount = 0;
  for (const row of rows) {
    const dbKey = row.schema.toLowerCase();
    let tables = byDatabase.get(dbKey);
    if (!tables) {
      tables = new Map();
      byDatabase.set(dbKey, tables);
    }
    const key = row.table.toLowerCase();
    let table = tables.get(key);
    if (!table) {
      table = { schema: row.schema, name: row.table, isView: row.isView, columns: [] };
      tables.set(key, table);
      tableCount++;
      const named = byName.get(key);
      if (named) named.push(table);
      else byName.set(key, [table]);
    }
    if (row.column !== null) table.columns.push({ name: row.column, type: row.type });
  }
  const lists = new Map<string, CompletionTable[]>();
  return {
    databases: [...databases],
    tableCount,
    tablesOf(database) {
      const key = database.toLowerCase();
      let list = lists.get(key);
      if (!list) {
        list = [...(byDatabase.get(key)?.values() ?? [])];
        lists.set(key, list);
      }
      return list;
    },
    table: (database, name) => byDatabase.get(database.toLowerCase())?.get(name.toLowerCase()),
    tablesNamed: (name) => byName.get(name.toLowerCase()) ?? [],
  };
}

export const EMPTY_SCHEMA_SNAPSHOT: SchemaSnapshot = buildSchemaSnapshot([], []);
