// The DDL and SET statements behind the TiDB table controls. Identifiers are always quoted;
// counts and leases are validated here so bad input never reaches the server.

import { quoteIdentifier, quoteQualifiedName, quoteStringLiteral } from '../db/sqlIdentifiers';
import { TABLE_CACHE_LEASE } from './tidbFacts';

export interface TableRef {
  schema: string;
  table: string;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; message: string };

export function buildCacheTable(ref: TableRef): string {
  return `ALTER TABLE ${quoteQualifiedName(ref.schema, ref.table)} CACHE`;
}

export function buildStopCachingTable(ref: TableRef): string {
  return `ALTER TABLE ${quoteQualifiedName(ref.schema, ref.table)} NOCACHE`;
}

export function validateReplicaCount(count: unknown): Validation<number> {
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
    return { ok: false, message: `A TiFlash replica count must be a whole number of 0 or more; got ${String(count)}.` };
  }
  return { ok: true, value: count };
}

export function validateLocationLabels(labels: readonly string[]): Validation<string[]> {
  const cleaned = labels.map((label) => label.trim());
  if (cleaned.some((label) => label.length === 0)) {
    return { ok: false, message: 'A location label cannot be empty.' };
  }
  return { ok: true, value: cleaned };
}

export function buildSetTableTiFlashReplica(ref: TableRef, count: number, locationLabels: readonly string[] = []): string {
  const statement = `ALTER TABLE ${quoteQualifiedName(ref.schema, ref.table)} SET TIFLASH REPLICA ${checkedReplicaCount(count)}`;
  return statement + locationLabelsClause(count, locationLabels);
}

export function buildSetDatabaseTiFlashReplica(schema: string, count: number, locationLabels: readonly string[] = []): string {
  const statement = `ALTER DATABASE ${quoteIdentifier(schema)} SET TIFLASH REPLICA ${checkedReplicaCount(count)}`;
  return statement + locationLabelsClause(count, locationLabels);
}

export function validateTableCacheLease(seconds: unknown): Validation<number> {
  const { minSeconds, maxSeconds } = TABLE_CACHE_LEASE;
  if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < minSeconds || seconds > maxSeconds) {
    return {
      ok: false,
      message: `The cache lease must be a whole number of seconds from ${minSeconds} to ${maxSeconds}; got ${String(seconds)}.`,
    };
  }
  return { ok: true, value: seconds };
}

export function buildSetTableCacheLease(seconds: number): string {
  const lease = validateTableCacheLease(seconds);
  if (!lease.ok) throw new RangeError(lease.message);
  return `SET GLOBAL ${TABLE_CACHE_LEASE.variable} = ${lease.value}`;
}

export const READ_TABLE_CACHE_LEASE = `SELECT @@GLOBAL.${TABLE_CACHE_LEASE.variable} AS LEASE`;

function checkedReplicaCount(count: number): number {
  const checked = validateReplicaCount(count);
  if (!checked.ok) throw new RangeError(checked.message);
  return checked.value;
}

function locationLabelsClause(count: number, labels: readonly string[]): string {
  // Labels only place replicas; removing the replica (count 0) takes none.
  if (count === 0 || labels.length === 0) return '';
  const checked = validateLocationLabels(labels);
  if (!checked.ok) throw new RangeError(checked.message);
  return ` LOCATION LABELS ${checked.value.map(quoteStringLiteral).join(', ')}`;
}
