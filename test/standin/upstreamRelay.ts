// Sends a statement to the real MariaDB behind the TiDB stand-in (test code) and returns what it
// produced with every value as raw text-protocol bytes, so data passes through unchanged.

import type { Connection, FieldPacket, ResultSetHeader, TypeCast } from 'mysql2/promise';
import type { Cell, ColumnDefinition } from './mysqlPackets';
import { StandInSqlError, type StatementResult } from './statementResult';

// One function for every query: mysql2 caches the row parser it generates per typeCast function.
const rawBytes: TypeCast = (field) => field.buffer();

export async function relayToUpstream(upstream: Connection, sql: string): Promise<StatementResult[]> {
  try {
    const [result, fields] = await upstream.query({ sql, rowsAsArray: true, typeCast: rawBytes });
    return normalizeResults(result, fields as unknown);
  } catch (error) {
    throw asStandInError(error);
  }
}

/** Values of a statement the stand-in runs for itself, as plain objects. */
export async function upstreamRows(upstream: Connection, sql: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  try {
    const [rows] = await upstream.query(sql, values);
    return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  } catch (error) {
    throw asStandInError(error);
  }
}

export function asStandInError(error: unknown): StandInSqlError {
  if (error instanceof StandInSqlError) return error;
  const fields = (error ?? {}) as { errno?: unknown; sqlState?: unknown; sqlMessage?: unknown; message?: unknown };
  if (typeof fields.errno === 'number' && fields.errno > 0 && typeof fields.sqlMessage === 'string') {
    return new StandInSqlError(fields.errno, typeof fields.sqlState === 'string' ? fields.sqlState : 'HY000', fields.sqlMessage);
  }
  // The upstream connection itself failed: tell the client the way MySQL reports a lost server.
  return new StandInSqlError(2013, 'HY000', `Lost connection to the MariaDB behind the TiDB stand-in: ${String(fields.message ?? error)}`);
}

// mysql2 returns one result as (rows | header, fields) and several (multi-statements, CALL) as
// arrays of each, where a header's fields entry is undefined.
function normalizeResults(result: unknown, fields: unknown): StatementResult[] {
  if (!Array.isArray(result)) return [okFromHeader(result as ResultSetHeader)];
  const several = Array.isArray(fields) && fields.length > 0 && (fields[0] === undefined || Array.isArray(fields[0]));
  if (!several) return [rowsResult(result as Cell[][], (fields ?? []) as FieldPacket[])];
  return result.map((part, index) => {
    const partFields = (fields as unknown[])[index];
    return Array.isArray(part) && Array.isArray(partFields)
      ? rowsResult(part as Cell[][], partFields as FieldPacket[])
      : okFromHeader(part as ResultSetHeader);
  });
}

function okFromHeader(header: ResultSetHeader): StatementResult {
  return {
    kind: 'ok',
    affectedRows: header.affectedRows ?? 0,
    insertId: header.insertId ?? 0,
    warningCount: header.warningStatus ?? 0,
    info: header.info ?? '',
  };
}

function rowsResult(rows: Cell[][], fields: FieldPacket[]): StatementResult {
  return { kind: 'rows', columns: fields.map(columnOf), rows };
}

const JSON_COLUMN_TYPE = 0xf5;

function columnOf(field: FieldPacket): ColumnDefinition {
  return {
    schema: field.schema ?? field.db ?? '',
    table: field.table ?? '',
    orgTable: field.orgTable ?? '',
    name: field.name,
    orgName: field.orgName ?? field.name,
    characterSet: field.characterSet ?? field.charsetNr ?? 63,
    columnLength: field.columnLength ?? field.length ?? 0,
    // MariaDB sends JSON as LONGTEXT marked 'json' in its extended metadata; TiDB sends the JSON type.
    columnType: field.extendedFormat === 'json' ? JSON_COLUMN_TYPE : (field.columnType ?? field.type ?? 0xfd),
    flags: typeof field.flags === 'number' ? field.flags : 0,
    decimals: field.decimals ?? 0,
  };
}
