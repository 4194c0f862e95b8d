// One statement read row by row from a mysql2 connection, so a result of any size is never held
// in memory: the reader keeps what it wants and can stop (the connection is then closed, which is
// the only way to stop a result set mid-way). Values arrive as the server's text; binary values
// that are not UTF-8 text as 0x-prefixed hex.
import type { Connection as CoreConnection } from 'mysql2';
import type { Field, Next } from 'mysql2/typings/mysql/lib/parsers/typeCast';

export interface StreamedColumn {
  name: string;
  /** mysql2's name of the column type (LONGLONG, NEWDECIMAL, VAR_STRING, ...) */
  type: string;
}

export interface StreamedOutcome {
  affectedRows: number;
  insertId?: number;
  info?: string;
}

export interface StatementStreamHandlers {
  onColumns(columns: StreamedColumn[]): void;
  /** false stops the statement: no more rows are read and the connection is closed */
  onRow(row: (string | null)[]): boolean;
  onOutcome(outcome: StreamedOutcome): void;
}

export type StreamEnd = 'ended' | 'stopped';

const BINARY_TYPES = new Set(['TINY_BLOB', 'MEDIUM_BLOB', 'LONG_BLOB', 'BLOB', 'VAR_STRING', 'STRING', 'BIT', 'GEOMETRY', 'VECTOR']);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The value as text: the server's own for everything but bytes that are not UTF-8 text. */
export function cellTextCast(field: Field, _next: Next): string | null {
  if (!BINARY_TYPES.has(field.type)) return field.string('utf8');
  const bytes = field.buffer();
  if (bytes === null) return null;
  if (field.type !== 'BIT' && field.type !== 'GEOMETRY') {
    try {
      const text = utf8.decode(bytes);
      // eslint-disable-next-line no-control-regex
      if (!/[\u0000-\u0008\u000e-\u001f]/.test(text)) return text;
    } catch {
      // not UTF-8: shown as hex below
    }
  }
  return `0x${Buffer.from(bytes).toString('hex').toUpperCase()}`;
}

export function streamStatement(connection: CoreConnection, sql: string, handlers: StatementStreamHandlers): Promise<StreamEnd> {
  return new Promise<StreamEnd>((resolve, reject) => {
    let settled = false;
    const query = connection.query({ sql, rowsAsArray: true, typeCast: cellTextCast });
    query.on('fields', (fields?: { name: string; columnType?: number; type?: number }[]) => {
      if (settled || !fields) return;
      handlers.onColumns(fields.map((field) => ({ name: field.name, type: typeName(field.columnType ?? field.type) })));
    });
    query.on('result', (row: unknown) => {
      if (settled) return;
      if (Array.isArray(row)) {
        if (handlers.onRow(row as (string | null)[])) return;
        settled = true;
        connection.destroy();
        resolve('stopped');
        return;
      }
      const header = row as { affectedRows?: number; insertId?: number; info?: string };
      handlers.onOutcome({
        affectedRows: header.affectedRows ?? 0,
        ...(header.insertId ? { insertId: header.insertId } : {}),
        ...(header.info ? { info: header.info } : {}),
      });
    });
    query.on('error', (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error);
    });
    query.on('end', () => {
      if (settled) return;
      settled = true;
      resolve('ended');
    });
  });
}

const TYPE_NAMES: Record<number, string> = {
  0x00: 'DECIMAL',
  0x01: 'TINY',
  0x02: 'SHORT',
  0x03: 'LONG',
  0x04: 'FLOAT',
  0x05: 'DOUBLE',
  0x06: 'NULL',
  0x07: 'TIMESTAMP',
  0x08: 'LONGLONG',
  0x09: 'INT24',
  0x0a: 'DATE',
  0x0b: 'TIME',
  0x0c: 'DATETIME',
  0x0d: 'YEAR',
  0x0e: 'NEWDATE',
  0x0f: 'VARCHAR',
  0x10: 'BIT',
  0xf2: 'VECTOR',
  0xf5: 'JSON',
  0xf6: 'NEWDECIMAL',
  0xf7: 'ENUM',
  0xf8: 'SET',
  0xf9: 'TINY_BLOB',
  0xfa: 'MEDIUM_BLOB',
  0xfb: 'LONG_BLOB',
  0xfc: 'BLOB',
  0xfd: 'VAR_STRING',
  0xfe: 'STRING',
  0xff: 'GEOMETRY',
};

/** mysql2's name of a column type code (LONGLONG, NEWDECIMAL, ...) */
export function typeName(code: number | undefined): string {
  return code === undefined ? 'UNKNOWN' : (TYPE_NAMES[code] ?? `TYPE_${code}`);
}
