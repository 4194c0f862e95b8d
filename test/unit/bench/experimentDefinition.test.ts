import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseExperimentDefinition, type SysbenchExperimentDefinition } from '../../../src/core/bench/experiments/experimentDefinition';
import { expandVariantSql, sessionStatementsFor, waitUntilReady } from '../../../src/core/bench/experiments/experimentVariant';
import { planExperiment } from '../../../src/core/bench/experiments/runExperiment';
import { bulkLoadWarnings, loadOrder, planBulkLoad } from '../../../src/core/bench/bulkLoad/bulkLoadExperiment';
import { SysbenchRandom } from '../../../src/core/bench/sysbench/sysbenchRandom';
import { DEFAULT_DISTRIBUTION } from '../../../src/core/bench/sysbench/randomDistribution';
import type { SqlExecutor, SqlRow } from '../../../src/core/db/sqlExecutor';

const connection = { host: '127.0.0.1', port: 4000, user: 'root', password: 'pw', database: 'sbtest' };

const cachedTableStudy = {
  name: 'cached vs normal',
  workloads: [
    'oltp_point_select',
    'select_random_points',
    { name: 'oltp_read_write', options: { delete_inserts: 10 }, params: { point_selects: [10, 40] } },
  ],
  threads: [8, 16],
  tableSizes: [5000, 50000],
  options: { time: 60, rand_type: 'uniform' },
  variants: [
    { name: 'normal' },
    { name: 'cached', setup: ['ALTER TABLE {table} CACHE'], teardown: ['ALTER TABLE {table} NOCACHE'], ready: { kind: 'cache-hit' } },
  ],
};

describe('experiment definitions', () => {
  test('the cached-table study reads as a definition with defaults filled in', () => {
    const definition = parseExperimentDefinition(JSON.stringify(cachedTableStudy)) as SysbenchExperimentDefinition;
    assert.equal(definition.kind, 'sysbench');
    assert.equal(definition.repeat, 1);
    assert.equal(definition.prepare, true);
    assert.equal(definition.cleanup, true);
    assert.deepEqual(
      definition.variants.map((variant) => variant.name),
      ['normal', 'cached'],
    );
    assert.deepEqual(definition.variants[1].ready, { kind: 'cache-hit' });
    assert.deepEqual(parseExperimentDefinition(definition), definition, 'a parsed definition parses to itself');
  });

  test('the plan runs sizes, then variants, then workloads x params, then threads, with the options of each cell', () => {
    const cells = planExperiment(parseExperimentDefinition(cachedTableStudy) as SysbenchExperimentDefinition, connection);
    // 2 sizes x 2 variants x (1 + 1 + 2 params) x 2 threads
    assert.equal(cells.length, 2 * 2 * 4 * 2);
    const first = cells[0];
    assert.deepEqual([first.tableSize, first.variant.name, first.workload.name, first.threads], [5000, 'normal', 'oltp_point_select', 8]);
    assert.equal(first.options.workloadOptions.tableSize, 5000);
    assert.equal(first.options.random.type, 'uniform');
    assert.equal(first.options.limits.time, 60);
    const readWrite = cells.filter(
      (cell) => cell.workload.name === 'oltp_read_write' && cell.tableSize === 5000 && cell.variant.name === 'normal',
    );
    assert.deepEqual(
      readWrite.map((cell) => [cell.params.point_selects, cell.threads]),
      [
        [10, 8],
        [10, 16],
        [40, 8],
        [40, 16],
      ],
    );
    assert.equal(readWrite[0].options.workloadOptions.deleteInserts, 10);
    assert.equal(readWrite[2].options.workloadOptions.pointSelects, 40);
    assert.deepEqual([...new Set(cells.map((cell) => cell.tableSize))], [5000, 50000]);
    assert.ok(!JSON.stringify(cells.map((cell) => cell.params)).includes('pw'));
  });

  test('mistakes are found before anything runs, with the place named', () => {
    const bad = (patch: Record<string, unknown>) => () =>
      planExperiment(parseExperimentDefinition({ ...cachedTableStudy, ...patch }) as SysbenchExperimentDefinition, connection);
    assert.throws(bad({ workloads: ['oltp_nonsense'] }), /"workloads\[0\]": unknown workload 'oltp_nonsense'/);
    assert.throws(bad({ threads: [] }), /"threads" needs at least one value/);
    assert.throws(bad({ threads: [8, 0] }), /"threads\[1\]" must be at least 1/);
    assert.throws(bad({ options: { tables: 'many' } }), /Invalid value for --tables/);
    assert.throws(bad({ options: { threads: 4 } }), /use "threads"/);
    assert.throws(bad({ options: { 'mysql-host': 'x' } }), /connection options/);
    assert.throws(bad({ variants: [{ name: 'a' }, { name: 'a' }] }), /Two variants are called 'a'/);
    assert.throws(bad({ variants: [{ name: 'a', ready: { kind: 'magic' } }] }), /"variants\[0\].ready.kind" must be/);
    assert.throws(bad({ colour: 'blue' }), /unknown field "colour"/);
    assert.throws(bad({ workloads: ['select_random_points'], options: { tables: 2 } }), /does not support --tables > 1/);
    assert.throws(() => parseExperimentDefinition('{not json'), /not valid JSON/);
    assert.throws(
      () => parseExperimentDefinition({ kind: 'tpch', name: 'x' }),
      /Unknown experiment kind 'tpch' \(sysbench, bulk-load or tpcc\)/,
    );
  });

  test('a bulk-load study: rows per INSERT x writers x key order', () => {
    const definition = parseExperimentDefinition({
      kind: 'bulk-load',
      name: 'batches',
      rows: 1000,
      rowsPerInsert: [2000, 5000],
      writerThreads: [5, 10],
    });
    assert.equal(definition.kind, 'bulk-load');
    if (definition.kind !== 'bulk-load') return;
    assert.deepEqual(definition.keyOrder, ['ordered', 'shuffled']);
    const cells = planBulkLoad(definition);
    assert.equal(cells.length, 8);
    assert.deepEqual(
      cells.slice(0, 2).map((cell) => [cell.rowsPerInsert, cell.writers, cell.keyOrder]),
      [
        [2000, 5, 'ordered'],
        [2000, 5, 'shuffled'],
      ],
    );
    assert.throws(
      () => parseExperimentDefinition({ kind: 'bulk-load', name: 'x', rows: 10, rowsPerInsert: [1], writerThreads: [1], table: 'sbtest1' }),
      /never drops sysbench tables/,
    );
  });

  test('shuffled keys are a permutation; ordered keys ascend', () => {
    const random = new SysbenchRandom(DEFAULT_DISTRIBUTION, [1, 2, 3, 4]);
    const shuffled = loadOrder(1000, 'shuffled', random);
    assert.deepEqual(
      [...shuffled].sort((a, b) => a - b),
      Array.from({ length: 1000 }, (_unused, i) => i + 1),
    );
    assert.notDeepEqual(
      [...shuffled],
      Array.from({ length: 1000 }, (_unused, i) => i + 1),
    );
    assert.deepEqual([...loadOrder(5, 'ordered', random)], [1, 2, 3, 4, 5]);
  });
});

describe('variant steps', () => {
  test('{table} repeats the statement per sbtest table, quoted; {schema} and {qualifiedTable} are quoted too', () => {
    assert.deepEqual(expandVariantSql('ALTER TABLE {table} CACHE', 'sb`x', [1, 2]), [
      'ALTER TABLE `sbtest1` CACHE',
      'ALTER TABLE `sbtest2` CACHE',
    ]);
    assert.deepEqual(expandVariantSql('ALTER DATABASE {schema} SET TIFLASH REPLICA 1', 'sb`x', [1, 2]), [
      'ALTER DATABASE `sb``x` SET TIFLASH REPLICA 1',
    ]);
    assert.deepEqual(expandVariantSql('ANALYZE TABLE {qualifiedTable}', 'db', [3]), ['ANALYZE TABLE `db`.`sbtest3`']);
  });

  test('session variables become SET SESSION statements with quoted text values', () => {
    assert.deepEqual(
      sessionStatementsFor({
        name: 'tiflash',
        sessionVariables: { tidb_isolation_read_engines: "tiflash,tidb'", tidb_distsql_scan_concurrency: 30 },
      }),
      ["SET SESSION tidb_isolation_read_engines = 'tiflash,tidb'''", 'SET SESSION tidb_distsql_scan_concurrency = 30'],
    );
  });

  test('an SQL readiness check polls until the query says yes, or reports what it saw', async () => {
    const answers = [0, 0, 1];
    const executor: SqlExecutor = {
      async query(): Promise<SqlRow[]> {
        return [{ ready: answers.shift() ?? 1 }];
      },
      async run() {
        return { affectedRows: 0 };
      },
    };
    const ready = await waitUntilReady(executor, { kind: 'sql', query: 'SELECT 1', intervalMs: 1 }, 'db', [1]);
    assert.deepEqual(ready, { ready: true, detail: 'SELECT 1 returned 1' });
    assert.equal(answers.length, 0);
    const never: SqlExecutor = { query: async () => [{ x: 0 }], run: async () => ({ affectedRows: 0 }) };
    const notReady = await waitUntilReady(never, { kind: 'sql', query: 'SELECT 0', intervalMs: 1, timeoutSec: 1 }, 'db', [1]);
    assert.equal(notReady.ready, false);
    assert.match(notReady.detail, /still returned 0 after 1 s/);
  });

  test('a bulk-load study sized in GB of row data: the DM study\'s 3.78 GB, and "rows" and "gb" only together when they agree', () => {
    const definition = parseExperimentDefinition({ kind: 'bulk-load', name: 'dm', gb: 3.78, rowsPerInsert: [4903], writerThreads: [32] });
    assert.ok(definition.kind === 'bulk-load');
    assert.equal(definition.rows, 19_687_500, '3.78e9 bytes / 192 bytes a row');
    assert.equal(definition.gb, 3.78);
    assert.deepEqual(parseExperimentDefinition(definition), definition, 'it re-parses to itself');
    assert.throws(
      () => parseExperimentDefinition({ kind: 'bulk-load', name: 'x', gb: 1, rows: 10, rowsPerInsert: [1], writerThreads: [1] }),
      /Give "rows" or "gb", not both: 1 GB of row data is 5208333 rows of 192 bytes, not 10\./,
    );
    assert.throws(
      () => parseExperimentDefinition({ kind: 'bulk-load', name: 'x', gb: 0, rowsPerInsert: [1], writerThreads: [1] }),
      /"gb" must be a number of gigabytes above 0/,
    );
  });

  test('writers that outnumber their statements are named, cell by cell', () => {
    const definition = parseExperimentDefinition({
      kind: 'bulk-load',
      name: 'pool',
      rows: 200_000,
      rowsPerInsert: [310, 7426],
      writerThreads: [16, 32, 64],
    });
    assert.ok(definition.kind === 'bulk-load');
    assert.deepEqual(bulkLoadWarnings(definition), [
      '32 writers for 27 statement(s) of 7426 rows (200000 rows): 5 writer(s) have nothing to send, so that cell measures 27 writer(s).',
      '64 writers for 27 statement(s) of 7426 rows (200000 rows): 37 writer(s) have nothing to send, so that cell measures 27 writer(s).',
    ]);
  });
});
