// Reading values out of result rows whatever type the driver chose (numbers may come back as
// strings, bigints or Buffers depending on the column type and driver options).

import type { SqlRow } from '../db/sqlExecutor';

export function rowText(row: SqlRow, column: string): string {
  const value = row[column];
  if (value === null || value === undefined) return '';
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return String(value);
}

export function rowNumber(row: SqlRow, column: string): number | null {
  const value = row[column];
  if (value === null || value === undefined || value === '') return null;
  const parsed = typeof value === 'number' ? value : Number(Buffer.isBuffer(value) ? value.toString('utf8') : value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** The first column of a row, for statements whose column name we do not control (SHOW, TRACE). */
export function firstColumnText(row: SqlRow): string {
  const [first] = Object.keys(row);
  return first === undefined ? '' : rowText(row, first);
}
