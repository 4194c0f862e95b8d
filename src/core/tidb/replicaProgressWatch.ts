// Follows TiFlash replication of several tables until each replica is available and caught up.
// Aborting stops the watching only: the replication goes on in the cluster.

import { setTimeout as sleep } from 'node:timers/promises';
import type { SqlExecutor } from '../db/sqlExecutor';
import type { TableRef } from './tableControlStatements';
import { readTiFlashReplicas, tableKey, type TiFlashReplicaState } from './tiflashReplicaState';

export type ReplicaWatchPhase =
  /** replicating: PROGRESS < 1 or AVAILABLE = 0 */
  | 'replicating'
  /** AVAILABLE = 1 and PROGRESS = 1 */
  | 'ready'
  /** no row in tiflash_replica: the table is gone or has no replica (count 0) */
  | 'noReplica';

export interface ReplicaWatchStatus extends TableRef {
  phase: ReplicaWatchPhase;
  replica: TiFlashReplicaState | null;
}

export interface ReplicaWatchOptions {
  intervalMs?: number;
  signal?: AbortSignal;
  onProgress?: (statuses: ReplicaWatchStatus[]) => void;
}

export interface ReplicaWatchResult {
  /** true when the signal stopped the watch before every table was done */
  cancelled: boolean;
  statuses: ReplicaWatchStatus[];
}

const DEFAULT_INTERVAL_MS = 1000;

export async function watchReplicaProgress(
  executor: SqlExecutor,
  targets: readonly TableRef[],
  options: ReplicaWatchOptions = {},
): Promise<ReplicaWatchResult> {
  const { intervalMs = DEFAULT_INTERVAL_MS, signal, onProgress } = options;
  let statuses: ReplicaWatchStatus[] = targets.map((ref) => ({
    schema: ref.schema,
    table: ref.table,
    phase: 'replicating',
    replica: null,
  }));
  for (;;) {
    if (signal?.aborted) return { cancelled: true, statuses };
    const replicas = new Map((await readTiFlashReplicas(executor, { tables: targets })).map((replica) => [tableKey(replica), replica]));
    statuses = targets.map((ref) => statusOf(ref, replicas.get(tableKey(ref)) ?? null));
    onProgress?.(statuses);
    if (statuses.every((status) => status.phase !== 'replicating')) return { cancelled: false, statuses };
    try {
      await sleep(intervalMs, undefined, { signal });
    } catch (error) {
      if (signal?.aborted) return { cancelled: true, statuses };
      throw error;
    }
  }
}

function statusOf(ref: TableRef, replica: TiFlashReplicaState | null): ReplicaWatchStatus {
  let phase: ReplicaWatchPhase = 'noReplica';
  if (replica) phase = replica.available && replica.progress >= 1 ? 'ready' : 'replicating';
  return { schema: ref.schema, table: ref.table, phase, replica };
}
