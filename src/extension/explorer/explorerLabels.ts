// The short texts of the Connections tree (descriptions such as "cached · 10,000 rows · 2.2 MiB"),
// kept free of `vscode` so they are unit-tested.
import { formatBytes, type ColumnInfo, type IndexInfo, type TableInfo } from '../../core/db/schemaQueries';
import { CREATE_OPTIONS_CACHED } from '../../core/tidb/tidbFacts';
import type { TiFlashReplicaState } from '../../core/tidb/tiflashReplicaState';

export const SEPARATOR = ' · ';

export function formatCount(count: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(count);
}

export function rowCountLabel(rows: number, locale = 'en'): string {
  return `${formatCount(rows, locale)} ${rows === 1 ? 'row' : 'rows'}`;
}

/** "~9,936 rows": TABLE_ROWS comes from the statistics, an estimate that can be far off. */
export function estimatedRowCountLabel(rows: number, locale = 'en'): string {
  return `~${rowCountLabel(rows, locale)}`;
}

/** MySQL, MariaDB and TiDB say `partitioned` in information_schema.TABLES.CREATE_OPTIONS. */
export function isPartitionedTable(table: Pick<TableInfo, 'createOptions'>): boolean {
  return table.createOptions.toLowerCase().split(/\s+/).includes('partitioned');
}

export function tableSizeBytes(table: Pick<TableInfo, 'dataBytes' | 'indexBytes'>): number | null {
  if (table.dataBytes === null && table.indexBytes === null) return null;
  return (table.dataBytes ?? 0) + (table.indexBytes ?? 0);
}

/** TiDB marks a cached table with `cached=on` in information_schema.TABLES.CREATE_OPTIONS. */
export function isCachedTable(table: Pick<TableInfo, 'createOptions'>): boolean {
  return table.createOptions.toLowerCase().split(/\s+/).includes(CREATE_OPTIONS_CACHED);
}

/** "TiFlash 2" once available, "TiFlash 2 (63%)" while replicating; '' without a replica. */
export function tiflashLabel(replica: Pick<TiFlashReplicaState, 'replicaCount' | 'progress' | 'available'> | undefined): string {
  if (!replica || replica.replicaCount <= 0) return '';
  if (replica.progress >= 1) return `TiFlash ${replica.replicaCount}`;
  return `TiFlash ${replica.replicaCount} (${Math.floor(replica.progress * 100)}%)`;
}

export interface TableBadges {
  cached: boolean;
  tiflash?: TiFlashReplicaState;
}

/**
 * e.g. "cached · TiFlash 2 (63%) · ~10,000 rows · 2.2 MiB" or "partitioned · ~9,936 rows · 1.5 MiB";
 * views say "view". The state comes first so that a narrow side bar cuts the size, not the state.
 */
export function tableDescription(table: TableInfo, badges: TableBadges = { cached: false }, locale = 'en'): string {
  if (table.kind === 'view' || table.kind === 'system view') return 'view';
  const parts: string[] = [];
  if (badges.cached) parts.push('cached');
  const tiflash = tiflashLabel(badges.tiflash);
  if (tiflash) parts.push(tiflash);
  if (isPartitionedTable(table)) parts.push('partitioned');
  if (table.kind === 'temporary') parts.push('temporary');
  if (table.estimatedRows !== null) parts.push(estimatedRowCountLabel(table.estimatedRows, locale));
  const size = tableSizeBytes(table);
  if (size !== null) parts.push(formatBytes(size));
  return parts.join(SEPARATOR);
}

/** e.g. "bigint unsigned · not null · auto_increment" */
export function columnDescription(column: ColumnInfo): string {
  return [column.type, column.nullable ? '' : 'not null', column.extra.toLowerCase()].filter(Boolean).join(SEPARATOR);
}

/** e.g. "(k, id) · unique" */
export function indexDescription(index: IndexInfo): string {
  const kind = index.primary ? 'primary key' : index.unique ? 'unique' : '';
  return [`(${index.columns.join(', ')})`, kind].filter(Boolean).join(SEPARATOR);
}

const GO_DURATION_PART = /(\d+(?:\.\d+)?)(h|ms|µs|us|ns|m|s)/g;
const UNIT_SECONDS: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 1e-3, µs: 1e-6, us: 1e-6, ns: 1e-9 };

/** TiDB's UPTIME is a Go duration ("38h1m23.345s"); the tree shows "1d 14h". Unparsable text is returned as is. */
export function formatUptime(goDuration: string): string {
  const text = goDuration.trim();
  let seconds = 0;
  let matched = '';
  for (const match of text.matchAll(GO_DURATION_PART)) {
    seconds += Number(match[1]) * UNIT_SECONDS[match[2]];
    matched += match[0];
  }
  if (matched === '' || matched !== text) return text;
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m`;
  return `${Math.floor(seconds)}s`;
}

const COMPONENT_NAMES: Record<string, string> = {
  tidb: 'TiDB',
  pd: 'PD',
  tikv: 'TiKV',
  tiflash: 'TiFlash',
  ticdc: 'TiCDC',
  tiproxy: 'TiProxy',
  'tidb-dashboard': 'TiDB Dashboard',
};
const COMPONENT_ORDER = ['tidb', 'pd', 'tikv', 'tiflash'];

export function componentDisplayName(type: string): string {
  return COMPONENT_NAMES[type.toLowerCase()] ?? type;
}

/** TiDB, PD, TiKV, TiFlash first, then the others by name. */
export function compareComponentTypes(a: string, b: string): number {
  const rank = (type: string) => {
    const index = COMPONENT_ORDER.indexOf(type.toLowerCase());
    return index === -1 ? COMPONENT_ORDER.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}
