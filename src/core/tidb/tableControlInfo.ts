// What the table controls need to know about a table: its kind, whether it is cached, and a size
// estimate. One information_schema.TABLES query per schema; SHOW CREATE TABLE for tables that
// information_schema does not list (temporary tables) or when that query fails.

import type { SqlExecutor, SqlRow } from '../db/sqlExecutor';
import { quoteQualifiedName } from '../db/sqlIdentifiers';
import { serverErrorOf } from './serverError';
import { firstColumnText, rowNumber, rowText } from './rowValues';
import { CREATE_OPTIONS_CACHED, CREATE_OPTIONS_PARTITIONED, SHOW_CREATE_TABLE_CACHED_COMMENT } from './tidbFacts';

export type TableKind = 'base table' | 'view' | 'temporary' | 'partitioned';

export interface TableControlInfo {
  schema: string;
  table: string;
  kind: TableKind;
  cached: boolean;
  /**
   * DATA_LENGTH + INDEX_LENGTH. An estimate: TiDB derives it from statistics, so it can be 0 for a
   * table without statistics. null when unknown (views, or read from SHOW CREATE TABLE).
   */
  sizeBytes: number | null;
  source: 'information_schema' | 'show create table';
}

const MISSING_TABLE_ERRNO = 1146;

export async function readTableControlInfo(
  executor: SqlExecutor,
  schema: string,
  tables?: readonly string[],
): Promise<Map<string, TableControlInfo>> {
  const found = new Map<string, TableControlInfo>();
  try {
    for (const row of await executor.query(...tablesQuery(schema, tables))) {
      const info = interpretTablesRow(schema, row);
      found.set(info.table, info);
    }
  } catch (error) {
    // Without a list of tables there is nothing to fall back to.
    if (!tables) throw error;
  }
  for (const table of tables ?? []) {
    if (found.has(table)) continue;
    const info = await readFromShowCreateTable(executor, schema, table).catch((error: unknown) => {
      if (serverErrorOf(error).errno === MISSING_TABLE_ERRNO) return undefined;
      throw error;
    });
    if (info) found.set(table, info);
  }
  return found;
}

export function interpretTablesRow(schema: string, row: SqlRow): TableControlInfo {
  const tableType = rowText(row, 'TABLE_TYPE').toUpperCase();
  const options = rowText(row, 'CREATE_OPTIONS').toLowerCase().split(/\s+/);
  const dataLength = rowNumber(row, 'DATA_LENGTH');
  const indexLength = rowNumber(row, 'INDEX_LENGTH');
  let kind: TableKind = 'base table';
  if (tableType.includes('VIEW')) kind = 'view';
  else if (tableType.includes('TEMPORARY')) kind = 'temporary';
  else if (options.includes(CREATE_OPTIONS_PARTITIONED)) kind = 'partitioned';
  return {
    schema,
    table: rowText(row, 'TABLE_NAME'),
    kind,
    cached: options.includes(CREATE_OPTIONS_CACHED),
    sizeBytes: kind === 'view' || (dataLength === null && indexLength === null) ? null : (dataLength ?? 0) + (indexLength ?? 0),
    source: 'information_schema',
  };
}

export async function readFromShowCreateTable(executor: SqlExecutor, schema: string, table: string): Promise<TableControlInfo> {
  const rows = await executor.query(`SHOW CREATE TABLE ${quoteQualifiedName(schema, table)}`);
  return interpretShowCreateTable(schema, table, rows[0] ?? {});
}

export function interpretShowCreateTable(schema: string, table: string, row: SqlRow): TableControlInfo {
  const isView = 'Create View' in row;
  const ddl = isView ? rowText(row, 'Create View') : rowText(row, 'Create Table') || firstColumnText(row);
  let kind: TableKind = 'base table';
  if (isView) kind = 'view';
  else if (/^\s*CREATE\s+(?:GLOBAL\s+)?TEMPORARY\s+TABLE\b/i.test(ddl)) kind = 'temporary';
  else if (/\bPARTITION\s+BY\b/i.test(ddl)) kind = 'partitioned';
  return {
    schema,
    table,
    kind,
    cached: ddl.includes(SHOW_CREATE_TABLE_CACHED_COMMENT),
    sizeBytes: null,
    source: 'show create table',
  };
}

function tablesQuery(schema: string, tables?: readonly string[]): [string, unknown[]] {
  let sql =
    'SELECT TABLE_NAME AS TABLE_NAME, TABLE_TYPE AS TABLE_TYPE, CREATE_OPTIONS AS CREATE_OPTIONS, ' +
    'DATA_LENGTH AS DATA_LENGTH, INDEX_LENGTH AS INDEX_LENGTH FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?';
  const values: unknown[] = [schema];
  if (tables) {
    if (tables.length === 0) return [sql + ' AND 1 = 0', values];
    sql += ` AND TABLE_NAME IN (${tables.map(() => '?').join(', ')})`;
    values.push(...tables);
  }
  return [sql, values];
}
