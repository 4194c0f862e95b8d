import { test } from 'node:test';
import assert from 'node:assert/strict';
import { interpretShowCreateTable, interpretTablesRow, readTableControlInfo } from '../../../src/core/tidb/tableControlInfo';
import { AWKWARD_NAMES, FakeSqlExecutor, serverError } from './fakeSqlExecutor';

const MiB = 1024 * 1024;

test('information_schema rows give kind, cache state and size', () => {
  const base = { TABLE_NAME: 't', TABLE_TYPE: 'BASE TABLE', CREATE_OPTIONS: '', DATA_LENGTH: 3 * MiB, INDEX_LENGTH: MiB };
  assert.deepEqual(interpretTablesRow('app', base), {
    schema: 'app',
    table: 't',
    kind: 'base table',
    cached: false,
    sizeBytes: 4 * MiB,
    source: 'information_schema',
  });
  assert.equal(interpretTablesRow('app', { ...base, CREATE_OPTIONS: 'cached=on' }).cached, true);
  assert.equal(interpretTablesRow('app', { ...base, CREATE_OPTIONS: 'partitioned' }).kind, 'partitioned');
  assert.equal(interpretTablesRow('app', { ...base, TABLE_TYPE: 'VIEW', DATA_LENGTH: null, INDEX_LENGTH: null }).kind, 'view');
  assert.equal(interpretTablesRow('app', { ...base, TABLE_TYPE: 'VIEW' }).sizeBytes, null);
  assert.equal(interpretTablesRow('app', { ...base, TABLE_TYPE: 'TEMPORARY' }).kind, 'temporary');
  // Drivers may hand back big numbers as strings.
  assert.equal(interpretTablesRow('app', { ...base, DATA_LENGTH: '70000000', INDEX_LENGTH: null }).sizeBytes, 70_000_000);
});

test('SHOW CREATE TABLE gives the cache comment, partitions, temporary tables and views', () => {
  const ddl = 'CREATE TABLE `users` (\n  `id` bigint NOT NULL\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin /* CACHED ON */';
  assert.equal(interpretShowCreateTable('app', 'users', { Table: 'users', 'Create Table': ddl }).cached, true);
  assert.equal(
    interpretShowCreateTable('app', 'users', { Table: 'users', 'Create Table': ddl.replace(' /* CACHED ON */', '') }).cached,
    false,
  );
  assert.equal(
    interpretShowCreateTable('app', 'p', {
      Table: 'p',
      'Create Table': 'CREATE TABLE `p` (`id` int)\nPARTITION BY HASH (`id`) PARTITIONS 4',
    }).kind,
    'partitioned',
  );
  assert.equal(
    interpretShowCreateTable('app', 'tmp', {
      Table: 'tmp',
      'Create Table': 'CREATE GLOBAL TEMPORARY TABLE `tmp` (`id` int) ON COMMIT DELETE ROWS',
    }).kind,
    'temporary',
  );
  assert.equal(interpretShowCreateTable('app', 'v', { View: 'v', 'Create View': 'CREATE VIEW `v` AS SELECT 1' }).kind, 'view');
});

test('one information_schema query per schema, with the table list as placeholders', async () => {
  const executor = new FakeSqlExecutor(() => [
    { TABLE_NAME: AWKWARD_NAMES.table, TABLE_TYPE: 'BASE TABLE', CREATE_OPTIONS: 'cached=on', DATA_LENGTH: 100, INDEX_LENGTH: 20 },
    { TABLE_NAME: AWKWARD_NAMES.unicodeTable, TABLE_TYPE: 'BASE TABLE', CREATE_OPTIONS: '', DATA_LENGTH: 0, INDEX_LENGTH: 0 },
  ]);
  const info = await readTableControlInfo(executor, AWKWARD_NAMES.schema, [AWKWARD_NAMES.table, AWKWARD_NAMES.unicodeTable]);
  assert.equal(executor.statements.length, 1);
  assert.match(executor.statements[0].sql, /FROM information_schema\.TABLES WHERE TABLE_SCHEMA = \? AND TABLE_NAME IN \(\?, \?\)$/);
  assert.deepEqual(executor.statements[0].values, [AWKWARD_NAMES.schema, AWKWARD_NAMES.table, AWKWARD_NAMES.unicodeTable]);
  assert.equal(info.get(AWKWARD_NAMES.table)?.cached, true);
  assert.equal(info.get(AWKWARD_NAMES.table)?.sizeBytes, 120);
  assert.equal(info.get(AWKWARD_NAMES.unicodeTable)?.cached, false);
});

test('tables information_schema does not list are read from SHOW CREATE TABLE; missing ones are left out', async () => {
  const executor = new FakeSqlExecutor((sql) => {
    if (sql.startsWith('SELECT')) return [];
    if (sql === 'SHOW CREATE TABLE `shop ``east```.`order`') {
      return [{ Table: 'order', 'Create Table': 'CREATE TEMPORARY TABLE `order` (`id` int)' }];
    }
    return serverError(1146, "Table 'shop `east`.gone' doesn't exist");
  });
  const info = await readTableControlInfo(executor, AWKWARD_NAMES.schema, [AWKWARD_NAMES.table, 'gone']);
  assert.equal(info.get(AWKWARD_NAMES.table)?.kind, 'temporary');
  assert.equal(info.get(AWKWARD_NAMES.table)?.source, 'show create table');
  assert.equal(info.has('gone'), false);
});

test('when information_schema fails, SHOW CREATE TABLE still answers; other errors are not hidden', async () => {
  const executor = new FakeSqlExecutor((sql) => {
    if (sql.startsWith('SELECT')) return serverError(1105, 'information_schema unavailable');
    if (sql.includes('`broken`')) return serverError(2013, 'Lost connection to server during query');
    return [{ Table: 't', 'Create Table': 'CREATE TABLE `t` (`id` int) /* CACHED ON */' }];
  });
  const info = await readTableControlInfo(executor, 'app', ['t']);
  assert.equal(info.get('t')?.cached, true);
  await assert.rejects(readTableControlInfo(executor, 'app', ['broken']), /Lost connection/);
  await assert.rejects(readTableControlInfo(executor, 'app'), /information_schema unavailable/);
});

test('an empty table list asks for nothing that could match', async () => {
  const executor = new FakeSqlExecutor(() => []);
  const info = await readTableControlInfo(executor, 'app', []);
  assert.equal(info.size, 0);
  assert.match(executor.statements[0].sql, /AND 1 = 0$/);
});
