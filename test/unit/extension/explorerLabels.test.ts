import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TableInfo } from '../../../src/core/db/schemaQueries';
import {
  columnDescription,
  compareComponentTypes,
  formatUptime,
  indexDescription,
  isCachedTable,
  tableDescription,
  tiflashLabel,
} from '../../../src/extension/explorer/explorerLabels';

const table: TableInfo = {
  schema: 'sbtest',
  name: 'sbtest1',
  kind: 'table',
  engine: 'InnoDB',
  estimatedRows: 10_000,
  dataBytes: 2_097_152,
  indexBytes: 209_715,
  createOptions: '',
  comment: '',
};

test('a table reads as rows (an estimate from the statistics, so "~") and size', () => {
  assert.equal(tableDescription(table), '~10,000 rows · 2.2 MiB');
  assert.equal(tableDescription({ ...table, estimatedRows: 1, dataBytes: 16_384, indexBytes: 0 }), '~1 row · 16.0 KiB');
  assert.equal(tableDescription({ ...table, estimatedRows: null, dataBytes: null, indexBytes: null }), '');
  assert.equal(tableDescription({ ...table, kind: 'view' }), 'view');
});

test('TiDB badges come first (a narrow side bar cuts the end): cached, then TiFlash replicas with their progress', () => {
  const replica = {
    replicaCount: 2,
    progress: 0.634,
    available: false,
    schema: 'sbtest',
    table: 'sbtest1',
    tableId: 1,
    locationLabels: [],
  };
  assert.equal(tableDescription(table, { cached: true }), 'cached · ~10,000 rows · 2.2 MiB');
  assert.equal(tableDescription(table, { cached: false, tiflash: replica }), 'TiFlash 2 (63%) · ~10,000 rows · 2.2 MiB');
  assert.equal(
    tableDescription(table, { cached: true, tiflash: { ...replica, progress: 1, available: true } }),
    'cached · TiFlash 2 · ~10,000 rows · 2.2 MiB',
  );
  assert.equal(tiflashLabel({ replicaCount: 0, progress: 0, available: false }), '', 'a count of 0 is no replica');
  assert.equal(tiflashLabel(undefined), '');
});

test('a partitioned table says so on its row, not only in its hover', () => {
  assert.equal(tableDescription({ ...table, createOptions: 'partitioned' }), 'partitioned · ~10,000 rows · 2.2 MiB');
  const replica = { replicaCount: 1, progress: 1, available: true, schema: 'sbtest', table: 'sbtest1', tableId: 1, locationLabels: [] };
  assert.equal(
    tableDescription({ ...table, createOptions: 'PARTITIONED' }, { cached: false, tiflash: replica }),
    'TiFlash 1 · partitioned · ~10,000 rows · 2.2 MiB',
  );
  assert.equal(tableDescription({ ...table, createOptions: 'stats_persistent=1' }), '~10,000 rows · 2.2 MiB');
});

test('the number format follows the locale', () => {
  assert.equal(tableDescription(table, { cached: false }, 'de'), '~10.000 rows · 2.2 MiB');
});

test('cached=on in CREATE_OPTIONS marks a cached table, whatever else is there', () => {
  assert.equal(isCachedTable({ createOptions: 'cached=on' }), true);
  assert.equal(isCachedTable({ createOptions: 'CACHED=ON partitioned' }), true);
  assert.equal(isCachedTable({ createOptions: 'partitioned' }), false);
  assert.equal(isCachedTable({ createOptions: '' }), false);
  assert.equal(isCachedTable({ createOptions: 'cached=off' }), false);
});

test('Go durations from cluster_info.UPTIME read as days and hours', () => {
  assert.equal(formatUptime('38h1m23.34575385s'), '1d 14h');
  assert.equal(formatUptime('3h12m0.5s'), '3h 12m');
  assert.equal(formatUptime('12m3.123456789s'), '12m');
  assert.equal(formatUptime('45.2s'), '45s');
  assert.equal(formatUptime('757.205µs'), '0s');
  assert.equal(formatUptime('not a duration'), 'not a duration', 'unknown text is shown as it is');
  assert.equal(formatUptime('3h and more'), '3h and more');
});

test('cluster components sort TiDB, PD, TiKV, TiFlash, then the rest', () => {
  assert.deepEqual(['tiflash', 'ticdc', 'tikv', 'pd', 'tidb'].sort(compareComponentTypes), ['tidb', 'pd', 'tikv', 'tiflash', 'ticdc']);
});

test('columns and indexes describe themselves in a few words', () => {
  assert.equal(
    columnDescription({ name: 'id', type: 'int(10) unsigned', nullable: false, key: 'PRI', defaultValue: null, extra: 'auto_increment' }),
    'int(10) unsigned · not null · auto_increment',
  );
  assert.equal(columnDescription({ name: 'c', type: 'char(120)', nullable: true, key: '', defaultValue: '', extra: '' }), 'char(120)');
  assert.equal(indexDescription({ name: 'PRIMARY', unique: true, primary: true, columns: ['id'], type: 'BTREE' }), '(id) · primary key');
  assert.equal(indexDescription({ name: 'k_1', unique: false, primary: false, columns: ['k', 'id'], type: 'BTREE' }), '(k, id)');
  assert.equal(indexDescription({ name: 'u', unique: true, primary: false, columns: ['c'], type: 'BTREE' }), '(c) · unique');
});
