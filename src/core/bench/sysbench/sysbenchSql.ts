// The SQL text sysbench 1.0.20 sends, character for character (oltp_common.lua and the workload
// scripts). The table names are always sbtest<N> with N a positive integer we generate, never
// user input, so they are written bare exactly as sysbench writes them: a quoted name would
// change the statement text the server sees and break comparisons with real sysbench runs.
import type { StatementGroup, WorkloadName } from './workloadCatalog';
import type { WorkloadOptions } from '../benchOptions';

export function sbtestTable(tableNumber: number): string {
  if (!Number.isInteger(tableNumber) || tableNumber < 1) throw new Error(`Invalid sbtest table number: ${tableNumber}`);
  return `sbtest${tableNumber}`;
}

const STATEMENT_TEMPLATES: Record<Exclude<StatementGroup, 'begin' | 'commit'>, string> = {
  point_selects: 'SELECT c FROM sbtest%u WHERE id=?',
  simple_ranges: 'SELECT c FROM sbtest%u WHERE id BETWEEN ? AND ?',
  sum_ranges: 'SELECT SUM(k) FROM sbtest%u WHERE id BETWEEN ? AND ?',
  order_ranges: 'SELECT c FROM sbtest%u WHERE id BETWEEN ? AND ? ORDER BY c',
  distinct_ranges: 'SELECT DISTINCT c FROM sbtest%u WHERE id BETWEEN ? AND ? ORDER BY c',
  index_updates: 'UPDATE sbtest%u SET k=k+1 WHERE id=?',
  non_index_updates: 'UPDATE sbtest%u SET c=? WHERE id=?',
  deletes: 'DELETE FROM sbtest%u WHERE id=?',
  inserts: 'INSERT INTO sbtest%u (id, k, c, pad) VALUES (?, ?, ?, ?)',
};

export function statementSql(group: StatementGroup, tableNumber: number): string {
  if (group === 'begin') return 'BEGIN';
  if (group === 'commit') return 'COMMIT';
  return STATEMENT_TEMPLATES[group].replace('sbtest%u', sbtestTable(tableNumber));
}

/** Statement groups each workload prepares per table, in sysbench's order (prepare_statements()). */
export function preparedGroups(workload: WorkloadName, options: WorkloadOptions): StatementGroup[] {
  const trx: StatementGroup[] = options.skipTrx ? [] : ['begin', 'commit'];
  const ranges: StatementGroup[] = options.rangeSelects ? ['simple_ranges', 'sum_ranges', 'order_ranges', 'distinct_ranges'] : [];
  const writes: StatementGroup[] = ['index_updates', 'non_index_updates', 'deletes', 'inserts'];
  switch (workload) {
    case 'oltp_point_select':
      return ['point_selects'];
    case 'oltp_read_only':
      return ['point_selects', ...trx, ...ranges];
    case 'oltp_read_write':
      return [...trx, 'point_selects', ...ranges, ...writes];
    case 'oltp_write_only':
      return [...trx, ...writes];
    case 'oltp_update_index':
      return ['index_updates'];
    case 'oltp_update_non_index':
      return ['non_index_updates'];
    case 'oltp_delete':
      return ['deletes'];
    default:
      return [];
  }
}

export function createTableSql(
  tableNumber: number,
  options: Pick<WorkloadOptions, 'autoInc' | 'secondary' | 'storageEngine' | 'createTableOptions'>,
): string {
  const idDef = options.autoInc ? 'INTEGER NOT NULL AUTO_INCREMENT' : 'INTEGER NOT NULL';
  const idIndexDef = options.secondary ? 'KEY xid' : 'PRIMARY KEY';
  const engineDef = `/*! ENGINE = ${options.storageEngine} */`;
  return `CREATE TABLE ${sbtestTable(tableNumber)}(
  id ${idDef},
  k INTEGER DEFAULT '0' NOT NULL,
  c CHAR(120) DEFAULT '' NOT NULL,
  pad CHAR(60) DEFAULT '' NOT NULL,
  ${idIndexDef} (id)
) ${engineDef} ${options.createTableOptions}`;
}

export function createSecondaryIndexSql(tableNumber: number): string {
  return `CREATE INDEX k_${tableNumber} ON ${sbtestTable(tableNumber)}(k)`;
}

export function bulkInsertPrefix(tableNumber: number, autoInc: boolean): string {
  return autoInc
    ? `INSERT INTO ${sbtestTable(tableNumber)}(k, c, pad) VALUES`
    : `INSERT INTO ${sbtestTable(tableNumber)}(id, k, c, pad) VALUES`;
}

export function dropTableSql(tableNumber: number): string {
  return `DROP TABLE IF EXISTS ${sbtestTable(tableNumber)}`;
}

export function createBulkInsertTableSql(tableNumber: number): string {
  return `        CREATE TABLE IF NOT EXISTS ${sbtestTable(tableNumber)} (
          id INTEGER NOT NULL,
          k INTEGER DEFAULT '0' NOT NULL,
          PRIMARY KEY (id))`;
}

export function bulkInsertWorkloadPrefix(tableNumber: number): string {
  return `INSERT INTO ${sbtestTable(tableNumber)} VALUES`;
}

/** TiDB's recipe after prepare (tidb-facts.md): warm the index, then collect statistics. */
export function tidbWarmupSql(tableNumber: number): string[] {
  return [`SELECT COUNT(pad) FROM ${sbtestTable(tableNumber)} USE INDEX (k_${tableNumber})`, `ANALYZE TABLE ${sbtestTable(tableNumber)}`];
}

export function selectRandomPointsSql(points: number): string {
  const placeholders = `${'?, '.repeat(points - 1)}?`;
  return `        SELECT id, k, c, pad
          FROM sbtest1
          WHERE k IN (${placeholders})
        `;
}

export function selectRandomRangesSql(ranges: number): string {
  const conditions = `${'k BETWEEN ? AND ? OR '.repeat(ranges - 1)}k BETWEEN ? AND ?`;
  return `        SELECT count(k)
          FROM sbtest1
          WHERE ${conditions}`;
}

/** oltp_insert's unprepared INSERT, formatted like Lua's string.format("%d, %d, '%s', '%s'"). */
export function oltpInsertSql(tableNumber: number, id: number, k: number, c: string, pad: string): string {
  return `INSERT INTO ${sbtestTable(tableNumber)} (id, k, c, pad) VALUES (${id}, ${k}, '${c}', '${pad}')`;
}

export const C_VALUE_TEMPLATE = Buffer.from(
  '###########-###########-###########-###########-###########-###########-###########-###########-###########-###########',
  'latin1',
);
export const PAD_VALUE_TEMPLATE = Buffer.from('###########-###########-###########-###########-###########', 'latin1');
