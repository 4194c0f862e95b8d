// Says why a table control would fail before the statement is sent, in plain sentences that name
// the numbers. The server still has the last word; its refusals go through tidbErrorMapping.

import { isAtLeast, serverDisplayName, type ServerIdentity } from '../db/serverFlavor';
import { isSystemSchema } from '../db/systemSchemas';
import type { TableControlInfo } from './tableControlInfo';
import { formatBytes } from '../db/schemaQueries';
import { describeTable, noTiFlashSentence, stopCachingFirstSentence, tooManyReplicasSentence } from './tableControlSentences';
import { validateReplicaCount } from './tableControlStatements';
import type { TiDBErrorRemedy } from './tidbErrorMapping';
import { CACHED_TABLE_SIZE_LIMIT_BYTES, CACHED_TABLES_MIN_VERSION } from './tidbFacts';

export type PreCheckCode =
  | 'notTiDB'
  | 'versionTooOld'
  | 'systemSchema'
  | 'view'
  | 'temporary'
  | 'partitioned'
  | 'tooLarge'
  | 'cachedTable'
  | 'invalidReplicaCount'
  | 'noTiFlash'
  | 'tooManyReplicas';

export interface PreCheckProblem {
  code: PreCheckCode;
  message: string;
  remedy?: TiDBErrorRemedy;
}

export interface PreCheckResult {
  allowed: boolean;
  problems: PreCheckProblem[];
}

export function checkCachedTablesAvailable(server: ServerIdentity): PreCheckResult {
  if (server.flavor !== 'tidb') {
    return refuse({ code: 'notTiDB', message: `Cached tables are a TiDB feature; this server is ${serverDisplayName(server)}.` });
  }
  if (!isAtLeast(server, CACHED_TABLES_MIN_VERSION)) {
    return refuse({
      code: 'versionTooOld',
      message: `Cached tables need TiDB v${CACHED_TABLES_MIN_VERSION} or later; this server is ${serverDisplayName(server)}.`,
    });
  }
  return allowed();
}

export function checkCacheTable(server: ServerIdentity, table: TableControlInfo): PreCheckResult {
  const availability = checkCachedTablesAvailable(server);
  if (!availability.allowed) return availability;
  // Caching an already cached table is a no-op, whatever else is true of it.
  if (table.cached) return allowed();
  const name = describeTable(table.schema, table.table);
  const problems: PreCheckProblem[] = [];
  if (isSystemSchema(table.schema)) {
    problems.push({
      code: 'systemSchema',
      message: `${name} is in the system schema ${table.schema}; TiDB does not cache tables in system schemas.`,
    });
  }
  problems.push(...kindProblems(table, name, 'cache'));
  if (table.sizeBytes !== null && table.sizeBytes > CACHED_TABLE_SIZE_LIMIT_BYTES) {
    problems.push({
      code: 'tooLarge',
      message:
        `${name} holds about ${formatBytes(table.sizeBytes)} of data and indexes; ` +
        `TiDB caches tables of at most ${formatBytes(CACHED_TABLE_SIZE_LIMIT_BYTES)}.`,
    });
  }
  return result(problems);
}

export function checkStopCachingTable(server: ServerIdentity): PreCheckResult {
  return checkCachedTablesAvailable(server);
}

export function checkTiFlashAvailable(server: ServerIdentity): PreCheckResult {
  if (server.flavor !== 'tidb') {
    return refuse({ code: 'notTiDB', message: `TiFlash replicas are a TiDB feature; this server is ${serverDisplayName(server)}.` });
  }
  return allowed();
}

/** tiflashNodes: from cluster_info; null when unknown (e.g. TiDB Cloud Starter), which allows any count. */
export function checkSetTableTiFlashReplica(
  server: ServerIdentity,
  table: TableControlInfo,
  requested: number,
  tiflashNodes: number | null,
): PreCheckResult {
  const availability = checkTiFlashAvailable(server);
  if (!availability.allowed) return availability;
  const name = describeTable(table.schema, table.table);
  const problems: PreCheckProblem[] = [];
  if (isSystemSchema(table.schema)) {
    problems.push({
      code: 'systemSchema',
      message: `${name} is in the system schema ${table.schema}; TiDB does not replicate system tables to TiFlash.`,
    });
  }
  problems.push(...kindProblems(table, name, 'replicate'));
  if (table.cached) {
    problems.push({ code: 'cachedTable', message: stopCachingFirstSentence(name, 'ALTER TABLE'), remedy: 'stopCaching' });
  }
  problems.push(...replicaCountProblems(requested, tiflashNodes));
  return result(problems);
}

export function checkSetDatabaseTiFlashReplica(
  server: ServerIdentity,
  schema: string,
  requested: number,
  tiflashNodes: number | null,
): PreCheckResult {
  const availability = checkTiFlashAvailable(server);
  if (!availability.allowed) return availability;
  const problems: PreCheckProblem[] = [];
  if (isSystemSchema(schema)) {
    problems.push({ code: 'systemSchema', message: `${schema} is a system schema; TiDB does not replicate system tables to TiFlash.` });
  }
  problems.push(...replicaCountProblems(requested, tiflashNodes));
  return result(problems);
}

function kindProblems(table: TableControlInfo, name: string, action: 'cache' | 'replicate'): PreCheckProblem[] {
  const verb = action === 'cache' ? 'cache' : 'replicate to TiFlash';
  switch (table.kind) {
    case 'view':
      return [{ code: 'view', message: `${name} is a view; TiDB can only ${verb} base tables.` }];
    case 'temporary':
      return [{ code: 'temporary', message: `${name} is a temporary table; TiDB cannot ${verb} temporary tables.` }];
    case 'partitioned':
      // TiFlash replicates partitioned tables; only caching refuses them.
      return action === 'cache' ? [{ code: 'partitioned', message: `${name} is partitioned; TiDB cannot cache partitioned tables.` }] : [];
    default:
      return [];
  }
}

function replicaCountProblems(requested: number, tiflashNodes: number | null): PreCheckProblem[] {
  const count = validateReplicaCount(requested);
  if (!count.ok) return [{ code: 'invalidReplicaCount', message: count.message }];
  if (tiflashNodes === null || count.value <= tiflashNodes) return [];
  if (tiflashNodes === 0) return [{ code: 'noTiFlash', message: noTiFlashSentence(count.value), remedy: 'addTiFlashNodes' }];
  return [{ code: 'tooManyReplicas', message: tooManyReplicasSentence(count.value, tiflashNodes), remedy: 'reduceReplicas' }];
}

function allowed(): PreCheckResult {
  return { allowed: true, problems: [] };
}

function refuse(problem: PreCheckProblem): PreCheckResult {
  return { allowed: false, problems: [problem] };
}

function result(problems: PreCheckProblem[]): PreCheckResult {
  return { allowed: problems.length === 0, problems };
}
