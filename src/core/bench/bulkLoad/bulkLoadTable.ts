// The table a bulk-load cell loads: its CREATE TABLE for each table layout (how rows are keyed) and
// with or without sysbench's secondary index k_1, the INSERT prefix that goes with it, and which
// layouts only TiDB has. The TiDB syntax is the documentation's:
// - AUTO_RANDOM (docs.pingcap.com/tidb/stable/auto-random): `a BIGINT AUTO_RANDOM[(S)]`, the first
//   column of a clustered primary key, S shard bits in [1, 15], default 5; the server assigns the values.
// - clustered indexes (docs.pingcap.com/tidb/stable/clustered-indexes, v5.0+): `PRIMARY KEY (a) CLUSTERED`
//   / `NONCLUSTERED`.
// - SHARD_ROW_ID_BITS (docs.pingcap.com/tidb/stable/shard-row-id-bits): for tables with a
//   non-clustered primary key or none, `CREATE TABLE t (id INT PRIMARY KEY NONCLUSTERED) SHARD_ROW_ID_BITS = 4`;
//   PRE_SPLIT_REGIONS (docs.pingcap.com/tidb/stable/sql-statement-split-region) splits 2^n regions at
//   CREATE TABLE and must not exceed SHARD_ROW_ID_BITS: `SHARD_ROW_ID_BITS = 4 PRE_SPLIT_REGIONS = 2`.
// sysbench's create_secondary builds `k_<N>` on k after its prepare; a bulk-load cell creates k_1
// with the table, so the load pays for keeping it, which is what the option compares.
import { isAtLeast, serverDisplayName, type ServerIdentity } from '../../db/serverFlavor';
import { quoteIdentifier } from '../../db/sqlIdentifiers';
import type { BulkLoadPrimaryKey, BulkLoadTableLayout } from '../experiments/experimentModel';

/** sysbench's name for the secondary index of table 1 (create_secondary). */
export const SECONDARY_INDEX_NAME = 'k_1';

/** The layout of a definition that names none: the writers send the ids of a plain primary key. */
export const DEFAULT_TABLE_LAYOUT: BulkLoadTableLayout = { name: 'explicit key', primaryKey: 'explicit' };

export const PRIMARY_KEY_KINDS: readonly BulkLoadPrimaryKey[] = ['explicit', 'auto-increment', 'auto-random', 'nonclustered'];

/** AUTO_RANDOM shard bits and SHARD_ROW_ID_BITS: TiDB takes 1..15. */
export const MAX_SHARD_BITS = 15;

/** CLUSTERED / NONCLUSTERED in CREATE TABLE came with TiDB v5.0. */
const CLUSTERED_KEYWORD_SINCE = '5.0.0';

/** Whether the server assigns the ids (the INSERTs leave id out and the key order does not apply). */
export function serverAssignsKeys(layout: BulkLoadTableLayout): boolean {
  return layout.primaryKey === 'auto-increment' || layout.primaryKey === 'auto-random';
}

export function bulkLoadTableSql(table: string, layout: BulkLoadTableLayout = DEFAULT_TABLE_LAYOUT, secondaryIndex = false): string {
  const id = quoteIdentifier('id');
  const idDefinition = {
    explicit: `${id} BIGINT NOT NULL`,
    'auto-increment': `${id} BIGINT NOT NULL AUTO_INCREMENT`,
    'auto-random': `${id} BIGINT AUTO_RANDOM${layout.autoRandomBits === undefined ? '' : `(${layout.autoRandomBits})`}`,
    nonclustered: `${id} BIGINT NOT NULL`,
  }[layout.primaryKey];
  const primaryKey = {
    explicit: `PRIMARY KEY (${id})`,
    'auto-increment': `PRIMARY KEY (${id})`,
    'auto-random': `PRIMARY KEY (${id}) CLUSTERED`,
    nonclustered: `PRIMARY KEY (${id}) NONCLUSTERED`,
  }[layout.primaryKey];
  const lines = [
    idDefinition,
    `${quoteIdentifier('k')} INTEGER DEFAULT '0' NOT NULL`,
    `${quoteIdentifier('c')} CHAR(120) DEFAULT '' NOT NULL`,
    `${quoteIdentifier('pad')} CHAR(60) DEFAULT '' NOT NULL`,
    primaryKey,
    ...(secondaryIndex ? [`KEY ${quoteIdentifier(SECONDARY_INDEX_NAME)} (${quoteIdentifier('k')})`] : []),
  ];
  return `CREATE TABLE ${quoteIdentifier(table)} (\n  ${lines.join(',\n  ')}\n)${tableOptions(layout)}`;
}

function tableOptions(layout: BulkLoadTableLayout): string {
  const options = [
    ...(layout.shardRowIdBits === undefined ? [] : [`SHARD_ROW_ID_BITS = ${layout.shardRowIdBits}`]),
    ...(layout.preSplitRegions === undefined ? [] : [`PRE_SPLIT_REGIONS = ${layout.preSplitRegions}`]),
  ];
  return options.length === 0 ? '' : ` ${options.join(' ')}`;
}

/** The start of every INSERT of a cell: the ids are left to the server when it assigns them. */
export function bulkInsertPrefix(table: string, serverKeys = false): string {
  const columns = (serverKeys ? ['k', 'c', 'pad'] : ['id', 'k', 'c', 'pad']).map(quoteIdentifier).join(', ');
  return `INSERT INTO ${quoteIdentifier(table)} (${columns}) VALUES `;
}

/** The TiDB words of a layout, for its reasons and labels (e.g. "AUTO_RANDOM(5)"). */
export function layoutWords(layout: BulkLoadTableLayout): string {
  switch (layout.primaryKey) {
    case 'explicit':
      return 'PRIMARY KEY (id), ids sent by the writers';
    case 'auto-increment':
      return 'AUTO_INCREMENT';
    case 'auto-random':
      return `AUTO_RANDOM${layout.autoRandomBits === undefined ? '' : `(${layout.autoRandomBits})`}`;
    case 'nonclustered':
      return ['PRIMARY KEY NONCLUSTERED', tableOptions(layout).trim()].filter((part) => part !== '').join(' with ');
  }
}

/** Why this server cannot create the layout's table, or undefined when it can. */
export function layoutRefusal(layout: BulkLoadTableLayout, server: ServerIdentity): string | undefined {
  if (layout.primaryKey !== 'auto-random' && layout.primaryKey !== 'nonclustered') return undefined;
  const words = layoutWords(layout);
  if (server.flavor !== 'tidb')
    return `${words} is TiDB's; ${serverDisplayName(server)} has no such table option, so the table cannot be created there.`;
  if (!isAtLeast(server, CLUSTERED_KEYWORD_SINCE))
    return `${words} needs the CLUSTERED / NONCLUSTERED keywords of TiDB v5.0 or later; this server is ${serverDisplayName(server)}.`;
  return undefined;
}
