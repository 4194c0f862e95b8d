// The cluster behind a TiDB endpoint, from information_schema.cluster_info. That table does not
// exist on TiDB Cloud Serverless/Starter: there the answer is "unknown" (null), not an error.

import type { SqlExecutor } from '../db/sqlExecutor';
import { rowNumber, rowText } from './rowValues';
import { CLUSTER_INFO_QUERY, TIFLASH_NODE_COUNT_QUERY } from './tidbFacts';

export interface ClusterComponent {
  /** tidb, pd, tikv, tiflash, ticdc, ... */
  type: string;
  instance: string;
  statusAddress: string;
  version: string;
  gitHash: string;
  startTime: string;
  uptime: string;
}

export async function readClusterComponents(executor: SqlExecutor): Promise<ClusterComponent[] | null> {
  try {
    const rows = await executor.query(CLUSTER_INFO_QUERY);
    return rows.map((row) => ({
      type: rowText(row, 'TYPE').toLowerCase(),
      instance: rowText(row, 'INSTANCE'),
      statusAddress: rowText(row, 'STATUS_ADDRESS'),
      version: rowText(row, 'VERSION'),
      gitHash: rowText(row, 'GIT_HASH'),
      startTime: rowText(row, 'START_TIME'),
      uptime: rowText(row, 'UPTIME'),
    }));
  } catch {
    return null;
  }
}

/** The number of TiFlash nodes, or null when the cluster does not say. */
export async function readTiFlashNodeCount(executor: SqlExecutor): Promise<number | null> {
  try {
    const [row] = await executor.query(TIFLASH_NODE_COUNT_QUERY);
    return row ? rowNumber(row, 'TIFLASH_NODES') : null;
  } catch {
    return null;
  }
}
