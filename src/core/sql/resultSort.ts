// The order of a results grid sorted by one column: numbers by value (exactly, for DECIMAL and
// BIGINT text too), text in natural order ("row 2" before "row 10"), NULL first ascending as the
// server sorts it. A stable sort: equal cells keep the server's order. Shared by the webview (its
// grid) and the host (the CSV export in the grid's order): no Node here.
import type { ResultCell } from './resultModel';

export type SortDirection = 'asc' | 'desc';

export interface ResultSort {
  column: number;
  direction: SortDirection;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Row indexes in display order. */
export function sortedRowOrder(rows: readonly (readonly ResultCell[])[], sort: ResultSort | undefined, numeric: boolean): number[] {
  const order = rows.map((_row, index) => index);
  if (!sort) return order;
  const sign = sort.direction === 'asc' ? 1 : -1;
  const compare = numeric ? compareNumericText : compareText;
  return order.sort((a, b) => {
    const left = rows[a][sort.column] ?? null;
    const right = rows[b][sort.column] ?? null;
    const result = compareNullsFirst(left, right) ?? compare(left as string, right as string);
    return result === 0 ? a - b : sign * result;
  });
}

function compareNullsFirst(left: ResultCell, right: ResultCell): number | undefined {
  if (left === null && right === null) return 0;
  if (left === null) return -1;
  if (right === null) return 1;
  return undefined;
}

function compareText(left: string, right: string): number {
  return collator.compare(left, right) || (left < right ? -1 : left > right ? 1 : 0);
}

const PLAIN_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Two numbers as text; plain decimals compare digit by digit (no rounding past 2^53), others as doubles. */
export function compareNumericText(left: string, right: string): number {
  const a = PLAIN_DECIMAL.exec(left.trim());
  const b = PLAIN_DECIMAL.exec(right.trim());
  if (a && b && (a[2] || a[3]) && (b[2] || b[3])) return compareDecimals(a, b);
  const x = Number(left);
  const y = Number(right);
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) === Number.isNaN(y) ? compareText(left, right) : Number.isNaN(x) ? 1 : -1;
  return x < y ? -1 : x > y ? 1 : 0;
}

function compareDecimals(a: RegExpExecArray, b: RegExpExecArray): number {
  const aInt = (a[2] ?? '').replace(/^0+/, '');
  const bInt = (b[2] ?? '').replace(/^0+/, '');
  const aFrac = (a[3] ?? '').replace(/0+$/, '');
  const bFrac = (b[3] ?? '').replace(/0+$/, '');
  const aZero = aInt === '' && aFrac === '';
  const bZero = bInt === '' && bFrac === '';
  const aSign = aZero ? 0 : a[1] === '-' ? -1 : 1;
  const bSign = bZero ? 0 : b[1] === '-' ? -1 : 1;
  if (aSign !== bSign) return aSign < bSign ? -1 : 1;
  if (aSign === 0) return 0;
  let magnitude: number;
  if (aInt.length !== bInt.length) magnitude = aInt.length < bInt.length ? -1 : 1;
  else if (aInt !== bInt) magnitude = aInt < bInt ? -1 : 1;
  else {
    const width = Math.max(aFrac.length, bFrac.length);
    const x = aFrac.padEnd(width, '0');
    const y = bFrac.padEnd(width, '0');
    magnitude = x === y ? 0 : x < y ? -1 : 1;
  }
  return magnitude === 0 ? 0 : aSign * magnitude;
}
