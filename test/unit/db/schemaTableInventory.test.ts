// The one check before a sysbench, TPC-C or CH-benCHmark run: the database and which of the
// benchmark's tables it holds, from one information_schema query (SCHEMATA LEFT JOIN TABLES).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { SqlExecutor, SqlRow } from '../../../src/core/db/sqlExecutor';
import { inventoryFromRows, readSchemaTables, schemaTablesQuery } from '../../../src/core/db/schemaTableInventory';

const row = (tableName: string | null, tableRows: unknown = null, autoIncrement: unknown = null): SqlRow => ({
  schemaName: 'tpcc',
  tableName,
  tableRows,
  autoIncrement,
});

describe('schema table inventory', () => {
  test('by names: one placeholder per name, then the database', () => {
    const { sql, values } = schemaTablesQuery('tpcc', { names: ['warehouse', 'district'] });
    assert.match(
      sql,
      /FROM information_schema\.SCHEMATA s LEFT JOIN information_schema\.TABLES t ON t\.TABLE_SCHEMA = s\.SCHEMA_NAME AND t\.TABLE_NAME IN \(\?, \?\) WHERE s\.SCHEMA_NAME = \?$/,
    );
    assert.deepEqual(values, ['warehouse', 'district', 'tpcc']);
  });

  test('by prefix: LIKE with the prefix escaped, then the database', () => {
    const { sql, values } = schemaTablesQuery('sb', { prefix: 'sb_test' });
    assert.match(sql, /AND t\.TABLE_NAME LIKE \? WHERE s\.SCHEMA_NAME = \?$/);
    assert.deepEqual(values, ['sb\\_test%', 'sb']);
  });

  test('no row: no database; a row without a table: a database without the tables', () => {
    assert.deepEqual(inventoryFromRows([], { names: ['warehouse'] }), { databaseExists: false, tables: [] });
    assert.deepEqual(inventoryFromRows([row(null)], { names: ['warehouse'] }), { databaseExists: true, tables: [] });
  });

  test('by names: in the order asked, spelled as asked whatever case the server returned, numbers from strings and bigints', () => {
    const inventory = inventoryFromRows([row('NATION', '25', null), row('warehouse', 1, BigInt(2)), row('Stock', null, 'x')], {
      names: ['warehouse', 'stock', 'district', 'nation'],
    });
    assert.deepEqual(inventory, {
      databaseExists: true,
      tables: [
        { name: 'warehouse', estimatedRows: 1, autoIncrement: 2 },
        { name: 'stock', estimatedRows: null, autoIncrement: null },
        { name: 'nation', estimatedRows: 25, autoIncrement: null },
      ],
    });
  });

  test('by prefix: every table found, by name, as the server spells it', () => {
    const inventory = inventoryFromRows([row('sbtest2', 10), row('sbtest1', 20)], { prefix: 'sbtest' });
    assert.deepEqual(
      inventory.tables.map((table) => table.name),
      ['sbtest1', 'sbtest2'],
    );
  });

  test('reads through the executor with the query and its values', async () => {
    const sent: { sql: string; values?: readonly unknown[] }[] = [];
    const executor = {
      query: (sql: string, values?: readonly unknown[]) => {
        sent.push({ sql, values });
        return Promise.resolve([row('district', 10)]);
      },
    } as unknown as SqlExecutor;
    const inventory = await readSchemaTables(executor, 'tpcc', { names: ['warehouse', 'district'] });
    assert.deepEqual(
      sent,
      [schemaTablesQuery('tpcc', { names: ['warehouse', 'district'] })].map(({ sql, values }) => ({ sql, values })),
    );
    assert.deepEqual(inventory.tables, [{ name: 'district', estimatedRows: 10, autoIncrement: null }]);
  });
});
