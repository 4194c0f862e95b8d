// How TiDB keys a table's rows, read from SHOW CREATE TABLE: the primary key and whether it is
// clustered (TiDB writes `/*T![clustered_index] CLUSTERED */` or `NONCLUSTERED` after it; without
// the comment TiDB's default tidb_enable_clustered_index = INT_ONLY applies: a single integer
// column is clustered), AUTO_INCREMENT / AUTO_RANDOM on the key column (`/*T![auto_rand]
// AUTO_RANDOM(5) */`) and SHARD_ROW_ID_BITS (`/*T! SHARD_ROW_ID_BITS=4 ... */`). The advice on a
// write hot spot depends on it: AUTO_RANDOM for an integer clustered key, SHARD_ROW_ID_BITS for
// the hidden _tidb_rowid.
import type { TableKeyInfo } from '../results/serverRegions';

const INTEGER_TYPES = new Set(['tinyint', 'smallint', 'mediumint', 'int', 'integer', 'bigint']);

function unquote(name: string): string {
  const trimmed = name.trim();
  return trimmed.startsWith('`') ? trimmed.slice(1, -1).replace(/``/g, '`') : trimmed;
}

export function parseTableKey(createTable: string): TableKeyInfo {
  const shard = /SHARD_ROW_ID_BITS\s*=\s*(\d+)/i.exec(createTable);
  const shardRowIdBits = shard ? Number(shard[1]) : 0;
  const primary = /PRIMARY\s+KEY\s*\(([^)]*)\)([^\n,]*)/i.exec(createTable);
  if (!primary) return { kind: 'row-id', autoIncrement: false, autoRandom: false, shardRowIdBits };
  const columns = primary[1]
    .split(',')
    .map((part) => unquote(part.replace(/\(\d+\)\s*$/, '')))
    .filter((part) => part.length > 0);
  const column = columns[0];
  const escaped = column.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/`/g, '``');
  const definition = new RegExp(`^\\s*\`${escaped}\`\\s+(\\w+)([^\\n]*)$`, 'im').exec(createTable);
  const columnType = definition?.[1].toLowerCase();
  const rest = definition?.[2] ?? '';
  const autoIncrement = /\bAUTO_INCREMENT\b/i.test(rest);
  const autoRandom = /\bAUTO_RANDOM\b/i.test(rest);
  const integer = columns.length === 1 && columnType !== undefined && INTEGER_TYPES.has(columnType);
  const marked = /\bNONCLUSTERED\b/i.test(primary[2]) ? 'nonclustered' : /\bCLUSTERED\b/i.test(primary[2]) ? 'clustered' : undefined;
  const clustered = marked === undefined ? integer : marked === 'clustered';
  const kind: TableKeyInfo['kind'] = !clustered ? 'row-id' : integer ? 'clustered-int' : 'clustered-other';
  return {
    kind,
    column,
    ...(columnType ? { columnType } : {}),
    autoIncrement,
    autoRandom,
    shardRowIdBits,
  };
}
