// Bulk-load table layouts as variants: the exact CREATE TABLE and INSERT of each layout (TiDB's
// documented syntax), the secondary index option, the cells they make, what the parser refuses, and
// which variants a MariaDB skips with the reason.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bulkInsertStatementBytes, planBulkLoad, runnableBulkLoadCells } from '../../../src/core/bench/bulkLoad/bulkLoadExperiment';
import { bulkLoadCellCount } from '../../../src/core/bench/bulkLoad/bulkLoadPlan';
import { bulkInsertPrefix, bulkLoadTableSql, layoutRefusal } from '../../../src/core/bench/bulkLoad/bulkLoadTable';
import { parseExperimentDefinition, type BulkLoadExperimentDefinition } from '../../../src/core/bench/experiments/experimentDefinition';
import { identifyServer } from '../../../src/core/db/serverFlavor';
import { bulkLoadToMarkdown, bulkLoadVariantHeader } from '../../../src/core/results/exportMarkdown';
import { sampleExperiment } from '../results/support/sampleResults';

const MARIADB = identifyServer('10.11.19-MariaDB-0+deb12u1');
const TIDB = identifyServer('8.0.11-TiDB-v8.5.1');

const LAYOUTS = [
  { name: 'auto_increment', primaryKey: 'auto-increment' },
  { name: 'auto_random', primaryKey: 'auto-random' },
  { name: 'shard_row_id', primaryKey: 'nonclustered', shardRowIdBits: 4, preSplitRegions: 2 },
  { name: 'client keys', primaryKey: 'explicit' },
];

function bulk(extra: Record<string, unknown>): BulkLoadExperimentDefinition {
  const definition = parseExperimentDefinition({
    kind: 'bulk-load',
    name: 'layouts',
    rows: 100,
    rowsPerInsert: [10],
    writerThreads: [2],
    ...extra,
  });
  assert.equal(definition.kind, 'bulk-load');
  return definition as BulkLoadExperimentDefinition;
}

describe('bulk-load table DDL per layout', () => {
  test('explicit key, the default: PRIMARY KEY (id), every identifier quoted', () => {
    assert.equal(
      bulkLoadTableSql('load`t'),
      'CREATE TABLE `load``t` (\n' +
        '  `id` BIGINT NOT NULL,\n' +
        "  `k` INTEGER DEFAULT '0' NOT NULL,\n" +
        "  `c` CHAR(120) DEFAULT '' NOT NULL,\n" +
        "  `pad` CHAR(60) DEFAULT '' NOT NULL,\n" +
        '  PRIMARY KEY (`id`)\n' +
        ')',
    );
  });

  test('with the secondary index: KEY `k_1` (`k`), as sysbench names it', () => {
    assert.match(bulkLoadTableSql('t', { name: 'x', primaryKey: 'explicit' }, true), /PRIMARY KEY \(`id`\),\n {2}KEY `k_1` \(`k`\)\n\)$/);
  });

  test('AUTO_INCREMENT', () => {
    assert.equal(
      bulkLoadTableSql('t', { name: 'ai', primaryKey: 'auto-increment' }),
      'CREATE TABLE `t` (\n' +
        '  `id` BIGINT NOT NULL AUTO_INCREMENT,\n' +
        "  `k` INTEGER DEFAULT '0' NOT NULL,\n" +
        "  `c` CHAR(120) DEFAULT '' NOT NULL,\n" +
        "  `pad` CHAR(60) DEFAULT '' NOT NULL,\n" +
        '  PRIMARY KEY (`id`)\n' +
        ')',
    );
  });

  test('AUTO_RANDOM: a BIGINT clustered primary key, with or without its shard bits', () => {
    assert.equal(
      bulkLoadTableSql('t', { name: 'ar', primaryKey: 'auto-random' }, true),
      'CREATE TABLE `t` (\n' +
        '  `id` BIGINT AUTO_RANDOM,\n' +
        "  `k` INTEGER DEFAULT '0' NOT NULL,\n" +
        "  `c` CHAR(120) DEFAULT '' NOT NULL,\n" +
        "  `pad` CHAR(60) DEFAULT '' NOT NULL,\n" +
        '  PRIMARY KEY (`id`) CLUSTERED,\n' +
        '  KEY `k_1` (`k`)\n' +
        ')',
    );
    assert.match(bulkLoadTableSql('t', { name: 'ar', primaryKey: 'auto-random', autoRandomBits: 6 }), /`id` BIGINT AUTO_RANDOM\(6\),/);
  });

  test('SHARD_ROW_ID_BITS with PRE_SPLIT_REGIONS: no clustered integer key', () => {
    assert.equal(
      bulkLoadTableSql('t', { name: 's', primaryKey: 'nonclustered', shardRowIdBits: 4, preSplitRegions: 2 }),
      'CREATE TABLE `t` (\n' +
        '  `id` BIGINT NOT NULL,\n' +
        "  `k` INTEGER DEFAULT '0' NOT NULL,\n" +
        "  `c` CHAR(120) DEFAULT '' NOT NULL,\n" +
        "  `pad` CHAR(60) DEFAULT '' NOT NULL,\n" +
        '  PRIMARY KEY (`id`) NONCLUSTERED\n' +
        ') SHARD_ROW_ID_BITS = 4 PRE_SPLIT_REGIONS = 2',
    );
  });

  test('the INSERTs leave the id to the server when it assigns them, and the size check counts that', () => {
    assert.equal(bulkInsertPrefix('t'), 'INSERT INTO `t` (`id`, `k`, `c`, `pad`) VALUES ');
    assert.equal(bulkInsertPrefix('t', true), 'INSERT INTO `t` (`k`, `c`, `pad`) VALUES ');
    // 10 rows of 100 keys: 3 digits and ", " less per row, and the shorter prefix
    assert.equal(bulkInsertStatementBytes('t', 10, 100) - bulkInsertStatementBytes('t', 10, 100, true), 10 * 5 + 6);
  });
});

describe('bulk-load layouts and the secondary index as variants', () => {
  test('server-assigned keys get one cell, client keys one per key order; each cell is named by its variant', () => {
    const definition = bulk({ tableLayouts: LAYOUTS, secondaryIndex: [false, true] });
    const cells = planBulkLoad(definition);
    // (1 + 1 + 2 + 2) key cells x 2 index options
    assert.equal(cells.length, 12);
    assert.equal(bulkLoadCellCount(definition), 12);
    assert.deepEqual(
      cells.map((cell) => cell.variant),
      [
        'auto_increment / keys by the server / no k_1',
        'auto_increment / keys by the server / with k_1',
        'auto_random / keys by the server / no k_1',
        'auto_random / keys by the server / with k_1',
        'shard_row_id / ordered / no k_1',
        'shard_row_id / shuffled / no k_1',
        'shard_row_id / ordered / with k_1',
        'shard_row_id / shuffled / with k_1',
        'client keys / ordered / no k_1',
        'client keys / shuffled / no k_1',
        'client keys / ordered / with k_1',
        'client keys / shuffled / with k_1',
      ],
    );
  });

  test('without layouts or index option, a cell is still named by its key order alone', () => {
    assert.deepEqual(
      planBulkLoad(bulk({})).map((cell) => cell.variant),
      ['ordered', 'shuffled'],
    );
    assert.deepEqual(
      planBulkLoad(bulk({ secondaryIndex: [true], keyOrder: ['shuffled'] })).map((cell) => [cell.variant, cell.secondaryIndex]),
      [['shuffled / with k_1', true]],
    );
  });

  test('on MariaDB the TiDB-only layouts are skipped with the reason; on TiDB everything runs', () => {
    const plan = planBulkLoad(bulk({ tableLayouts: LAYOUTS, secondaryIndex: [true] }));
    const onMariaDB = runnableBulkLoadCells(plan, MARIADB);
    assert.deepEqual(
      onMariaDB.cells.map((cell) => cell.layout.name),
      ['auto_increment', 'client keys', 'client keys'],
    );
    assert.deepEqual(onMariaDB.skipped, [
      {
        variant: 'auto_random / keys by the server / with k_1',
        reason: "AUTO_RANDOM is TiDB's; MariaDB 10.11.19 has no such table option, so the table cannot be created there.",
        cells: 1,
      },
      {
        variant: 'shard_row_id / ordered / with k_1',
        reason:
          "PRIMARY KEY NONCLUSTERED with SHARD_ROW_ID_BITS = 4 PRE_SPLIT_REGIONS = 2 is TiDB's; MariaDB 10.11.19 has no such table option, so the table cannot be created there.",
        cells: 1,
      },
      {
        variant: 'shard_row_id / shuffled / with k_1',
        reason:
          "PRIMARY KEY NONCLUSTERED with SHARD_ROW_ID_BITS = 4 PRE_SPLIT_REGIONS = 2 is TiDB's; MariaDB 10.11.19 has no such table option, so the table cannot be created there.",
        cells: 1,
      },
    ]);
    assert.equal(runnableBulkLoadCells(plan, TIDB).cells.length, plan.length);
    assert.match(
      layoutRefusal({ name: 'ar', primaryKey: 'auto-random' }, identifyServer('5.7.25-TiDB-v4.0.16')) ?? '',
      /needs the CLUSTERED \/ NONCLUSTERED keywords of TiDB v5\.0 or later; this server is TiDB v4\.0\.16/,
    );
  });
});

describe('bulk-load layout validation', () => {
  const refused: Array<[unknown, RegExp]> = [
    [
      [{ name: 'x', primaryKey: 'uuid' }],
      /"tableLayouts\[0\]\.primaryKey" must be "explicit", "auto-increment", "auto-random", "nonclustered"/,
    ],
    [[{ primaryKey: 'explicit' }], /"tableLayouts\[0\]\.name" must be a non-empty text/],
    [
      [{ name: 'x', primaryKey: 'explicit', shardRowIdBits: 4 }],
      /SHARD_ROW_ID_BITS shards the hidden row id .* use "primaryKey": "nonclustered"/,
    ],
    [[{ name: 'x', primaryKey: 'auto-random', shardRowIdBits: 4 }], /"tableLayouts\[0\]\.shardRowIdBits"/],
    [[{ name: 'x', primaryKey: 'nonclustered', preSplitRegions: 2 }], /PRE_SPLIT_REGIONS goes with "shardRowIdBits"/],
    [
      [{ name: 'x', primaryKey: 'nonclustered', shardRowIdBits: 2, preSplitRegions: 3 }],
      /PRE_SPLIT_REGIONS at most SHARD_ROW_ID_BITS \(2\)/,
    ],
    [[{ name: 'x', primaryKey: 'nonclustered', shardRowIdBits: 16 }], /is 16; TiDB takes 1 to 15 shard bits/],
    [[{ name: 'x', primaryKey: 'auto-increment', autoRandomBits: 5 }], /\.autoRandomBits" goes with "primaryKey": "auto-random"/],
    [[{ name: 'x', primaryKey: 'auto-random', autoRandomBits: 0 }], /"tableLayouts\[0\]\.autoRandomBits" must be at least 1/],
    [[{ name: 'x', primaryKey: 'explicit', clustered: true }], /"tableLayouts\[0\]" has an unknown field "clustered"/],
    [
      [
        { name: 'x', primaryKey: 'explicit' },
        { name: 'x', primaryKey: 'auto-increment' },
      ],
      /Two table layouts are called 'x'/,
    ],
    [[], /"tableLayouts" needs at least one layout/],
  ];
  for (const [tableLayouts, message] of refused) {
    test(`refuses ${JSON.stringify(tableLayouts)}`, () => {
      assert.throws(() => bulk({ tableLayouts }), message);
    });
  }

  test('secondaryIndex is a list of true/false, each once', () => {
    assert.throws(() => bulk({ secondaryIndex: true }), /"secondaryIndex" must be a list/);
    assert.throws(() => bulk({ secondaryIndex: ['yes'] }), /"secondaryIndex\[0\]" must be true or false/);
    assert.throws(() => bulk({ secondaryIndex: [true, true] }), /lists a value twice/);
    assert.throws(() => bulk({ secondaryIndex: [] }), /needs at least one value/);
  });

  test('a definition with layouts and the index option reads back to itself', () => {
    const definition = bulk({ tableLayouts: LAYOUTS, secondaryIndex: [false, true] });
    assert.deepEqual(parseExperimentDefinition(JSON.parse(JSON.stringify(definition))), definition);
    assert.deepEqual(definition.tableLayouts?.[2], {
      name: 'shard_row_id',
      primaryKey: 'nonclustered',
      shardRowIdBits: 4,
      preSplitRegions: 2,
    });
  });
});

describe('bulk-load cells in the Markdown export and the CLI', () => {
  test('cells named by key order alone are headed "key order"; with layouts or the index option, "variant"', () => {
    assert.equal(bulkLoadVariantHeader([{ variant: 'ordered' }, { variant: 'shuffled' }]), 'key order');
    const variants = ['auto_increment / keys by the server / with k_1', 'client keys / shuffled / with k_1'];
    const experiment = sampleExperiment(
      variants.map((variant) => ({ workload: 'bulk_load', threads: 2, variant, qps: 10, p95: 5, params: { rows_per_insert: 100 } })),
      variants,
    );
    const markdown = bulkLoadToMarkdown(experiment);
    assert.match(markdown, /^\| rows per statement \| writers \| variant \| rows\/s \|/);
    assert.match(markdown, /\| 100 \| 2 \| auto_increment \/ keys by the server \/ with k_1 \|/);
  });
});
