// The explorer's queries: one query per tree level, never one per table.
import type { SqlExecutor, SqlRow } from './sqlExecutor';
import { isSystemSchema } from './systemSchemas';

export interface SchemaInfo {
  name: string;
  isSystem: boolean;
}

export type TableKind = 'table' | 'view' | 'temporary' | 'system view' | 'sequence';

export interface TableInfo {
  schema: string;
  name: string;
  kind: TableKind;
  engine: string | null;
  /** an estimate from the statistics, not an exact count */
  estimatedRows: number | null;
  dataBytes: number | null;
  indexBytes: number | null;
  /** e.g. "cached=on" or "partitioned" on TiDB */
  createOptions: string;
  comment: string;
}

export interface ColumnInfo {
  name: string;
  type: string;
  nullable: boolean;
  key: string;
  defaultValue: string | null;
  extra: string;
}

export interface IndexInfo {
  name: string;
  unique: boolean;
  primary: boolean;
  columns: string[];
  type: string;
}

export async function listSchemas(executor: SqlExecutor, options: { includeSystem: boolean }): Promise<SchemaInfo[]> {
  const rows = await executor.query('SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA ORDER BY SCHEMA_NAME');
  return rows
    .map((row) => String(row.name))
    .map((name) => ({ name, isSystem: isSystemSchema(name) }))
    .filter((schema) => options.includeSystem || !schema.isSystem);
}

const TABLES_COLUMNS = `TABLE_NAME AS name, TABLE_TYPE AS type, ENGINE AS engine, TABLE_ROWS AS estimatedRows,
            DATA_LENGTH AS dataBytes, INDEX_LENGTH AS indexBytes, CREATE_OPTIONS AS createOptions,
            TABLE_COMMENT AS comment`;

export async function listTables(executor: SqlExecutor, schema: string): Promise<TableInfo[]> {
  const rows = await executor.query(`SELECT ${TABLES_COLUMNS} FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME`, [
    schema,
  ]);
  return rows.map((row) => tableInfo(schema, row));
}

/** One table as listTables reads it (to refresh one tree item); undefined when it is gone. */
export async function readTable(executor: SqlExecutor, schema: string, table: string): Promise<TableInfo | undefined> {
  const rows = await executor.query(`SELECT ${TABLES_COLUMNS} FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?`, [
    schema,
    table,
  ]);
  return rows.length === 0 ? undefined : tableInfo(schema, rows[0]);
}

function tableInfo(schema: string, row: SqlRow): TableInfo {
  return {
    schema,
    name: String(row.name),
    kind: tableKind(String(row.type ?? '')),
    engine: row.engine == null ? null : String(row.engine),
    estimatedRows: numberOrNull(row.estimatedRows),
    dataBytes: numberOrNull(row.dataBytes),
    indexBytes: numberOrNull(row.indexBytes),
    createOptions: String(row.createOptions ?? ''),
    comment: String(row.comment ?? ''),
  };
}

export async function listColumns(executor: SqlExecutor, schema: string, table: string): Promise<ColumnInfo[]> {
  const rows = await executor.query(
    `SELECT COLUMN_NAME AS name, COLUMN_TYPE AS type, IS_NULLABLE AS nullable, COLUMN_KEY AS columnKey,
            COLUMN_DEFAULT AS defaultValue, EXTRA AS extra
       FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
    [schema, table],
  );
  return rows.map((row) => ({
    name: String(row.name),
    type: String(row.type),
    nullable: String(row.nullable).toUpperCase() === 'YES',
    key: String(row.columnKey ?? ''),
    defaultValue: row.defaultValue == null ? null : String(row.defaultValue),
    extra: String(row.extra ?? ''),
  }));
}

export async function listIndexes(executor: SqlExecutor, schema: string, table: string): Promise<IndexInfo[]> {
  const rows = await executor.query(
    `SELECT INDEX_NAME AS name, NON_UNIQUE AS nonUnique, COLUMN_NAME AS columnName, INDEX_TYPE AS type
       FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
    [schema, table],
  );
  return groupIndexColumns(rows);
}

export function groupIndexColumns(rows: SqlRow[]): IndexInfo[] {
  const byName = new Map<string, IndexInfo>();
  for (const row of rows) {
    const name = String(row.name);
    let index = byName.get(name);
    if (!index) {
      index = { name, unique: Number(row.nonUnique) === 0, primary: name === 'PRIMARY', columns: [], type: String(row.type ?? '') };
      byName.set(name, index);
    }
    if (row.columnName != null) index.columns.push(String(row.columnName));
  }
  return [...byName.values()].sort((a, b) => Number(b.primary) - Number(a.primary) || a.name.localeCompare(b.name));
}

function tableKind(type: string): TableKind {
  switch (type.toUpperCase()) {
    case 'VIEW':
      return 'view';
    case 'SYSTEM VIEW':
      return 'system view';
    case 'TEMPORARY':
    case 'LOCAL TEMPORARY':
    case 'GLOBAL TEMPORARY':
      return 'temporary';
    case 'SEQUENCE':
      return 'sequence';
    default:
      return 'table';
  }
}

function numberOrNull(value: unknown): number | null {
  if (value == null) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** 1536 -> "1.5 KiB"; null -> "" */
export function formatBytes(bytes: number | null): string {
  if (bytes == null) return '';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${units[unit]}`;
}
