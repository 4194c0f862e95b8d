// Turns a server error from a TiDB table control into plain sentences with the way out.
// The server's own text is always kept (serverMessage), so an unknown error loses nothing.

import { serverErrorOf } from './serverError';
import { describeTable, noTiFlashSentence, stopCachingFirstSentence, tooManyReplicasSentence } from './tableControlSentences';
import type { TableRef } from './tableControlStatements';
import {
  CACHE_TABLE_REFUSAL,
  INSECURE_TRANSPORT_MESSAGE,
  NO_ACCESS_PATH_PATTERN,
  NOT_BASE_TABLE_PATTERN,
  SYSTEM_DATABASE_CACHE_MESSAGE,
  SYSTEM_DATABASE_REPLICA_MESSAGE,
  parseTiFlashReplicaCount,
  parseUnsupportedOnCacheTable,
  TIDB_ERROR_CODES,
  UNSUPPORTED_ON_TEMPORARY_TABLE_PATTERN,
} from './tidbFacts';

/** What the UI can offer to do about the error. */
export type TiDBErrorRemedy = 'stopCaching' | 'reduceReplicas' | 'addTiFlashNodes' | 'addTiFlashReplica' | 'enableTls';

export interface MappedTiDBError {
  title: string;
  detail: string;
  remedy?: TiDBErrorRemedy;
  /** reduceReplicas: the most replicas the cluster can hold */
  maxReplicas?: number;
  errno?: number;
  serverMessage: string;
}

export interface TiDBErrorContext {
  /** the table the statement was about, for sentences that name it */
  table?: TableRef;
}

export function mapTiDBError(error: unknown, context: TiDBErrorContext = {}): MappedTiDBError {
  const { errno, message } = serverErrorOf(error);
  const base = { errno, serverMessage: message };
  const subject = context.table ? describeTable(context.table.schema, context.table.table) : 'This table';

  const cacheRefusal = parseUnsupportedOnCacheTable(message);
  if (cacheRefusal !== undefined) return { ...base, ...describeCacheRefusal(cacheRefusal, subject) };

  if (message.includes(SYSTEM_DATABASE_CACHE_MESSAGE)) {
    return {
      ...base,
      title: 'System tables cannot be cached',
      detail: `${subject} is in a system schema; TiDB only caches tables in user schemas.`,
    };
  }
  if (message.includes(SYSTEM_DATABASE_REPLICA_MESSAGE)) {
    return {
      ...base,
      title: 'System tables cannot have TiFlash replicas',
      detail: `${subject} is in a system schema; TiDB only adds TiFlash replicas to tables in user schemas.`,
    };
  }

  const replicaCount = parseTiFlashReplicaCount(message);
  if (replicaCount) return { ...base, ...describeTooManyReplicas(replicaCount.requested, replicaCount.tiflashServers) };

  const noAccessPath = NO_ACCESS_PATH_PATTERN.exec(message);
  if (noAccessPath || errno === TIDB_ERROR_CODES.noAccessPath) {
    const [, table = subject, engines = 'tiflash', valid = 'tikv'] = noAccessPath ?? [];
    return {
      ...base,
      title: 'No TiFlash replica to read from',
      detail:
        `TiDB found no way to read ${table}: tidb_isolation_read_engines is '${engines}' and only '${valid}' can serve it. ` +
        'Add a TiFlash replica to the table, or allow tikv in tidb_isolation_read_engines.',
      remedy: 'addTiFlashReplica',
    };
  }

  if (message.includes(INSECURE_TRANSPORT_MESSAGE) || errno === TIDB_ERROR_CODES.secureTransportRequired) {
    return {
      ...base,
      title: 'The server requires TLS',
      detail: 'The server refuses unencrypted connections. Turn on TLS for this connection (TiDB Cloud needs TLS 1.2 or later).',
      remedy: 'enableTls',
    };
  }

  if (NOT_BASE_TABLE_PATTERN.test(message)) {
    return {
      ...base,
      title: 'Not a base table',
      detail: `${subject} is a view; TiDB only caches base tables and only replicates base tables to TiFlash.`,
    };
  }
  if (UNSUPPORTED_ON_TEMPORARY_TABLE_PATTERN.test(message)) {
    return {
      ...base,
      title: 'Temporary tables are not supported',
      detail: `${subject} is a temporary table; TiDB cannot cache it or replicate it to TiFlash.`,
    };
  }

  return {
    ...base,
    title: 'The server refused the statement',
    detail: errno === undefined ? message : `Error ${errno}: ${message}`,
  };
}

function describeCacheRefusal(what: string, subject: string): Omit<MappedTiDBError, 'errno' | 'serverMessage'> {
  if (what === CACHE_TABLE_REFUSAL.tooLarge) {
    return {
      title: 'Table too large to cache',
      detail:
        `${subject} holds more than 64 MiB of data and indexes, the most TiDB keeps in a cached table ` +
        '(a write that pushes a cached table past 64 MiB is refused the same way). Keep it uncached, or make it smaller first.',
    };
  }
  if (what === CACHE_TABLE_REFUSAL.partitioned) {
    return {
      title: 'Partitioned tables cannot be cached',
      detail: `${subject} is partitioned; TiDB only caches tables without partitions.`,
    };
  }
  return {
    title: 'TiDB refuses DDL on cached tables',
    detail: stopCachingFirstSentence(subject === 'This table' ? 'it' : subject, `'${what}'`),
    remedy: 'stopCaching',
  };
}

function describeTooManyReplicas(requested: number, tiflashServers: number): Omit<MappedTiDBError, 'errno' | 'serverMessage'> {
  if (tiflashServers === 0) {
    return {
      title: 'No TiFlash in this cluster',
      detail: noTiFlashSentence(requested),
      remedy: 'addTiFlashNodes',
    };
  }
  return {
    title: 'More replicas than TiFlash nodes',
    detail: tooManyReplicasSentence(requested, tiflashServers),
    remedy: 'reduceReplicas',
    maxReplicas: tiflashServers,
  };
}
