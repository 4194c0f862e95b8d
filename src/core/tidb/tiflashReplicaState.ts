// TiFlash replica state per table, from information_schema.tiflash_replica.

import type { SqlExecutor, SqlRow } from '../db/sqlExecutor';
import { rowNumber, rowText } from './rowValues';
import type { TableRef } from './tableControlStatements';
import { TIFLASH_REPLICA_QUERY } from './tidbFacts';

export interface TiFlashReplicaState {
  schema: string;
  table: string;
  tableId: number | null;
  replicaCount: number;
  locationLabels: string[];
  /** the optimizer may use TiFlash (once true it stays true) */
  available: boolean;
  /** 0..1; 1 = at least one replica caught up */
  progress: number;
}

/** Replicas of the given schemas (all schemas when none are given), optionally narrowed to tables. */
export async function readTiFlashReplicas(
  executor: SqlExecutor,
  scope: { schemas?: readonly string[]; tables?: readonly TableRef[] } = {},
): Promise<TiFlashReplicaState[]> {
  const schemas = [...new Set([...(scope.schemas ?? []), ...(scope.tables ?? []).map((ref) => ref.schema)])];
  const sql =
    schemas.length === 0 ? TIFLASH_REPLICA_QUERY : `${TIFLASH_REPLICA_QUERY} WHERE TABLE_SCHEMA IN (${schemas.map(() => '?').join(', ')})`;
  const states = (await executor.query(sql, schemas)).map(interpretReplicaRow);
  if (!scope.tables) return states;
  // Filtering tables here keeps one query however many tables are asked for.
  const wanted = new Set(scope.tables.map((ref) => tableKey(ref)));
  const wholeSchemas = new Set(scope.schemas ?? []);
  return states.filter((state) => wholeSchemas.has(state.schema) || wanted.has(tableKey(state)));
}

export function interpretReplicaRow(row: SqlRow): TiFlashReplicaState {
  const progress = rowNumber(row, 'PROGRESS') ?? 0;
  return {
    schema: rowText(row, 'TABLE_SCHEMA'),
    table: rowText(row, 'TABLE_NAME'),
    tableId: rowNumber(row, 'TABLE_ID'),
    replicaCount: rowNumber(row, 'REPLICA_COUNT') ?? 0,
    locationLabels: rowText(row, 'LOCATION_LABELS')
      .split(',')
      .map((label) => label.trim())
      .filter((label) => label.length > 0),
    available: rowNumber(row, 'AVAILABLE') === 1,
    progress: Math.min(1, Math.max(0, progress)),
  };
}

export function tableKey(ref: { schema: string; table: string }): string {
  return JSON.stringify([ref.schema, ref.table]);
}
