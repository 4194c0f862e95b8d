// Whether the sbtest tables a run needs are there and of the size asked for, from the one
// information_schema query (SCHEMATA LEFT JOIN TABLES).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  checkBenchmarkData,
  inventoryFromRows,
  neededTables,
  SBTEST_TABLES_SQL,
} from '../../../src/extension/benchmarks/benchmarkDataCheck';

const row = (tableName: string | null, tableRows: unknown = null, autoIncrement: unknown = null) => ({
  schemaName: 'sbtest',
  tableName,
  tableRows,
  autoIncrement,
});

describe('benchmark data check', () => {
  test('the query reads the database and its sbtest tables in one go, by placeholder', () => {
    assert.match(SBTEST_TABLES_SQL, /information_schema\.SCHEMATA s LEFT JOIN information_schema\.TABLES t/);
    assert.match(SBTEST_TABLES_SQL, /WHERE s\.SCHEMA_NAME = \?$/);
  });

  test('no row: no database; a row without a table: a database without sbtest tables', () => {
    assert.deepEqual(inventoryFromRows([]), { databaseExists: false, tables: [] });
    assert.deepEqual(inventoryFromRows([row(null)]), { databaseExists: true, tables: [] });
  });

  test('only sbtest<N> tables count, ordered by N; numbers may arrive as strings or bigints', () => {
    const inventory = inventoryFromRows([
      row('sbtest10', '9936', 10001n),
      row('sbtest2', 10000, 10001),
      row('sbtest_old', 5),
      row('sbtest0', 1),
      row('sbtest1x', 1),
    ]);
    assert.deepEqual(
      inventory.tables.map((table) => table.name),
      ['sbtest2', 'sbtest10'],
    );
    assert.deepEqual(inventory.tables[1], { name: 'sbtest10', number: 10, estimatedRows: 9936, autoIncrement: 10001 });
  });

  const need = { workload: 'oltp_read_write' as const, tables: 2, tableSize: 10000, maxThreads: 8 };

  test('tables present with AUTO_INCREMENT = size + 1 (or an estimate within 25%) are ready', () => {
    const inventory = inventoryFromRows([row('sbtest1', 9680, 10001), row('sbtest2', 7600, null)]);
    assert.deepEqual(checkBenchmarkData(inventory, need), { kind: 'ready' });
  });

  test('missing tables are named, with the ones that are there', () => {
    const inventory = inventoryFromRows([row('sbtest1', 10000, 10001)]);
    assert.deepEqual(checkBenchmarkData(inventory, need), { kind: 'missing', missing: ['sbtest2'], present: ['sbtest1'] });
    assert.deepEqual(checkBenchmarkData(inventoryFromRows([]), need), { kind: 'noDatabase' });
  });

  test('tables of another size are named with their approximate rows', () => {
    const inventory = inventoryFromRows([row('sbtest1', 49800, 50001), row('sbtest2', 10000, 10001)]);
    assert.deepEqual(checkBenchmarkData(inventory, need), { kind: 'otherSize', tables: [{ name: 'sbtest1', approximateRows: 49800 }] });
  });

  test('sizes are not checked for the workloads that grow their tables', () => {
    const inventory = inventoryFromRows([row('sbtest1', 123456, 123457)]);
    assert.deepEqual(checkBenchmarkData(inventory, { ...need, workload: 'oltp_insert', tables: 1 }), { kind: 'ready' });
  });

  test('the tables a workload needs: N for oltp, one for select_random_*, one per thread for bulk_insert', () => {
    assert.deepEqual(neededTables(need), ['sbtest1', 'sbtest2']);
    assert.deepEqual(neededTables({ ...need, workload: 'select_random_ranges', tables: 4 }), ['sbtest1']);
    assert.deepEqual(neededTables({ ...need, workload: 'bulk_insert', maxThreads: 3 }), ['sbtest1', 'sbtest2', 'sbtest3']);
  });

  test('unknown sizes (no estimate, no AUTO_INCREMENT) do not block a run', () => {
    const inventory = inventoryFromRows([row('sbtest1'), row('sbtest2')]);
    assert.deepEqual(checkBenchmarkData(inventory, need), { kind: 'ready' });
  });
});
