// Bulk-load table layouts and the secondary index on the real MariaDB: the index option on and off
// (the loaded table's SHOW INDEX, read by the cell before the next one drops it), AUTO_INCREMENT
// loading with server-assigned ids, and the TiDB-only layouts skipped with their reason, in the
// result and the log, before any table is created for them. Through the TiDB stand-in (which
// relays DDL it does not answer itself to MariaDB, and AUTO_RANDOM is not among what it answers):
// the AUTO_RANDOM layout is not skipped, its exact CREATE TABLE reaches the server, and the
// server's refusal fails that cell alone.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { runExperiment } from '../../../src/core/bench/experiments/runExperiment';
import { startTestStandIn } from '../../standin/testStandIn';
import type { TiDBStandIn } from '../../standin/tidbStandIn';
import { db, dropDatabase, freshDatabase } from './support/benchFixtures';

let database: string;
let standIn: TiDBStandIn;

before(async () => {
  database = await freshDatabase('bulklayouts');
  standIn = await startTestStandIn();
});

after(async () => {
  await standIn.close();
  await dropDatabase(database);
});

describe('bulk-load table layouts on MariaDB', () => {
  test('with and without k_1; AUTO_INCREMENT loads; AUTO_RANDOM and SHARD_ROW_ID_BITS are skipped with the reason', async () => {
    const logged: string[] = [];
    const sent: string[] = [];
    const result = await runExperiment(
      {
        kind: 'bulk-load',
        name: 'layouts',
        rows: 600,
        rowsPerInsert: [200],
        writerThreads: [2],
        keyOrder: ['shuffled'],
        tableLayouts: [
          { name: 'client keys', primaryKey: 'explicit' },
          { name: 'auto_increment', primaryKey: 'auto-increment' },
          { name: 'auto_random', primaryKey: 'auto-random' },
          { name: 'shard_row_id', primaryKey: 'nonclustered', shardRowIdBits: 4, preSplitRegions: 2 },
        ],
        secondaryIndex: [false, true],
      },
      { host: db.host, port: db.port, user: db.user, password: db.password, database },
      { onLog: (line) => logged.push(line), onSql: (entry) => sent.push(entry.sql) },
    );
    assert.equal(result.status, 'completed', result.message);
    assert.deepEqual(
      result.cells.map((cell) => [cell.variant, cell.run.status, cell.run.labels?.rows_loaded, cell.run.labels?.indexes]),
      [
        ['client keys / shuffled / no k_1', 'completed', 600, 'PRIMARY'],
        ['client keys / shuffled / with k_1', 'completed', 600, 'PRIMARY,k_1'],
        ['auto_increment / keys by the server / no k_1', 'completed', 600, 'PRIMARY'],
        ['auto_increment / keys by the server / with k_1', 'completed', 600, 'PRIMARY,k_1'],
      ],
    );
    assert.deepEqual(result.cells[1].params, {
      rows_per_insert: 200,
      rows: 600,
      key_order: 'shuffled',
      table_layout: 'client keys',
      primary_key: 'explicit',
      secondary_index: true,
    });
    const tidbOnly = (result.skipped ?? []).map((skipped) => [skipped.variant, skipped.cells, skipped.reason]);
    assert.equal(tidbOnly.length, 4);
    assert.deepEqual(tidbOnly[0], [
      'auto_random / keys by the server / no k_1',
      1,
      `AUTO_RANDOM is TiDB's; MariaDB ${/^[\d.]+/.exec(result.server?.version ?? '')?.[0]} has no such table option, so the table cannot be created there.`,
    ]);
    assert.match(String(tidbOnly[2][2]), /^PRIMARY KEY NONCLUSTERED with SHARD_ROW_ID_BITS = 4 PRE_SPLIT_REGIONS = 2 is TiDB's; MariaDB/);
    assert.ok(
      logged.some((line) =>
        line.startsWith("skipped: variant 'auto_random / keys by the server / with k_1' (1 cells): AUTO_RANDOM is TiDB's"),
      ),
      logged.join('\n'),
    );
    assert.deepEqual(
      sent.filter((sql) => /AUTO_RANDOM|NONCLUSTERED|SHARD_ROW_ID_BITS/.test(sql)),
      [],
      'no statement of a skipped layout reaches the server',
    );
    assert.equal(sent.filter((sql) => sql.startsWith('CREATE TABLE')).length, 4);
    assert.ok(sent.includes('SHOW INDEX FROM `tidblab_bulk_load`'));
  });

  test('an experiment of TiDB-only layouts alone is refused with the reason before any table is created', async () => {
    const sent: string[] = [];
    const result = await runExperiment(
      {
        kind: 'bulk-load',
        name: 'only tidb',
        rows: 100,
        rowsPerInsert: [50],
        writerThreads: [1],
        tableLayouts: [{ name: 'auto_random', primaryKey: 'auto-random', autoRandomBits: 5 }],
      },
      { host: db.host, port: db.port, user: db.user, password: db.password, database },
      { onSql: (entry) => sent.push(entry.sql) },
    );
    assert.equal(result.status, 'failed');
    assert.match(
      result.message ?? '',
      /^Nothing to run on this server: 'auto_random \/ keys by the server': AUTO_RANDOM\(5\) is TiDB's; MariaDB [\d.]+ has no such table option/,
    );
    assert.equal(result.cells.length, 0);
    assert.equal(sent.filter((sql) => sql.startsWith('CREATE TABLE')).length, 0);
  });
});

describe('bulk-load table layouts through the TiDB stand-in', () => {
  test('the AUTO_RANDOM table is asked for in TiDB syntax; a server that refuses it fails that cell, the next one runs', async () => {
    const result = await runExperiment(
      {
        kind: 'bulk-load',
        name: 'auto random',
        rows: 200,
        rowsPerInsert: [100],
        writerThreads: [1],
        keyOrder: ['ordered'],
        tableLayouts: [
          { name: 'auto_random', primaryKey: 'auto-random', autoRandomBits: 5 },
          { name: 'auto_increment', primaryKey: 'auto-increment' },
        ],
        secondaryIndex: [true],
      },
      { host: db.host, port: standIn.port, user: db.user, password: db.password, database },
    );
    assert.equal(result.status, 'completed', result.message);
    assert.deepEqual(result.skipped, undefined, 'a TiDB server is not refused beforehand');
    assert.ok(
      standIn.state.receivedStatements.includes(
        'CREATE TABLE `tidblab_bulk_load` (\n' +
          '  `id` BIGINT AUTO_RANDOM(5),\n' +
          "  `k` INTEGER DEFAULT '0' NOT NULL,\n" +
          "  `c` CHAR(120) DEFAULT '' NOT NULL,\n" +
          "  `pad` CHAR(60) DEFAULT '' NOT NULL,\n" +
          '  PRIMARY KEY (`id`) CLUSTERED,\n' +
          '  KEY `k_1` (`k`)\n' +
          ')',
      ),
      standIn.state.receivedStatements.filter((sql) => sql.startsWith('CREATE')).join('\n---\n'),
    );
    const [autoRandom, autoIncrement] = result.cells;
    assert.equal(autoRandom.run.status, 'failed');
    // the MariaDB behind the stand-in does not know AUTO_RANDOM: its syntax error comes back as is
    assert.match(autoRandom.run.message ?? '', /^Not loaded: the server refused the table \(AUTO_RANDOM\(5\)\): .*syntax/);
    assert.equal(autoIncrement.run.status, 'completed');
    assert.equal(autoIncrement.run.labels?.rows_loaded, 200);
    assert.ok(standIn.state.receivedStatements.some((sql) => sql.startsWith('INSERT INTO `tidblab_bulk_load` (`k`, `c`, `pad`) VALUES (')));
  });
});
