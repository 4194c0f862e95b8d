// The ready experiments are valid engine definitions (they survive the engine's own parser
// unchanged), reproduce the studies they are named after, and say why they cannot run elsewhere.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseExperimentDefinition } from '../../../src/core/bench/experiments/experimentDefinition';
import { EXPERIMENT_PRESETS, findPreset, presetAvailability, presetDocument } from '../../../src/core/bench/experiments/experimentPresets';
import { planBulkLoad } from '../../../src/core/bench/bulkLoad/bulkLoadExperiment';
import { planExperiment } from '../../../src/core/bench/experiments/runExperiment';
import { identifyServer } from '../../../src/core/db/serverFlavor';

const connection = { host: '127.0.0.1', port: 4000, user: 'root', password: '', database: 'sbtest' };

describe('experiment presets', () => {
  test('every preset is a complete definition the engine reads back unchanged, also from its JSON document', () => {
    assert.ok(EXPERIMENT_PRESETS.length >= 4);
    for (const preset of EXPERIMENT_PRESETS) {
      assert.deepEqual(parseExperimentDefinition(preset.definition), preset.definition, preset.id);
      assert.deepEqual(parseExperimentDefinition(presetDocument(preset)), preset.definition, `${preset.id} as JSON`);
      assert.equal(findPreset(preset.id), preset);
    }
    assert.equal(new Set(EXPERIMENT_PRESETS.map((preset) => preset.id)).size, EXPERIMENT_PRESETS.length, 'ids are unique');
  });

  test('every cell of every sysbench preset has options the engine accepts', () => {
    for (const preset of EXPERIMENT_PRESETS) {
      if (preset.definition.kind !== 'sysbench') continue;
      assert.ok(planExperiment(preset.definition, connection).length > 0, preset.id);
    }
  });

  test('cached vs normal reproduces the study parameter by parameter (studies/000)', () => {
    const preset = findPreset('cached-vs-normal');
    assert.ok(preset && preset.definition.kind === 'sysbench');
    const definition = preset.definition;
    assert.deepEqual(
      definition.workloads.map((workload) => workload.name),
      ['oltp_point_select', 'oltp_read_only', 'select_random_points', 'select_random_ranges', 'oltp_read_write'],
    );
    const readWrite = definition.workloads[4];
    // sysbench ... oltp_read_write --point_selects=10 --non_index_updates=0 --delete_inserts=10 --index_updates=0
    assert.deepEqual(readWrite.options, { delete_inserts: 10, index_updates: 0, non_index_updates: 0 });
    assert.deepEqual(readWrite.params, { point_selects: [10, 40, 160, 640] });
    assert.deepEqual(definition.threads, [8, 16, 32, 64, 128]);
    assert.deepEqual(definition.tableSizes, [5000, 50000]);
    assert.deepEqual(definition.globalVariables, { tidb_table_cache_lease: 10 });
    assert.deepEqual(
      definition.variants.map((variant) => variant.name),
      ['normal', 'cached'],
    );
    assert.deepEqual(definition.variants[1].setup, ['ALTER TABLE {table} CACHE']);
    assert.deepEqual(definition.variants[1].teardown, ['ALTER TABLE {table} NOCACHE']);
    assert.deepEqual(definition.variants[1].ready, { kind: 'cache-hit' });
    const cells = planExperiment(definition, connection);
    assert.equal(cells.length, 2 * 2 * (4 + 4) * 5, '2 sizes x 2 variants x 8 workload settings x 5 thread counts');
    for (const cell of cells) {
      // --time=600 --report-interval=10 --tables=1, sysbench's default rand type (special)
      assert.equal(cell.options.limits.time, 600);
      assert.equal(cell.options.limits.reportInterval, 10);
      assert.equal(cell.options.workloadOptions.tables, 1);
      assert.equal(cell.options.random.type, 'special');
    }
    const mix = cells.filter((cell) => cell.workload.name === 'oltp_read_write');
    assert.ok(
      mix.every(
        (cell) =>
          cell.options.workloadOptions.deleteInserts === 10 &&
          cell.options.workloadOptions.indexUpdates === 0 &&
          cell.options.workloadOptions.nonIndexUpdates === 0,
      ),
    );
    assert.deepEqual([...new Set(mix.map((cell) => cell.options.workloadOptions.pointSelects))], [10, 40, 160, 640]);
    const reads = cells.filter((cell) => cell.workload.name !== 'oltp_read_write');
    assert.ok(
      reads.every((cell) => cell.options.workloadOptions.pointSelects === 10 && cell.options.workloadOptions.indexUpdates === 1),
      'the read workloads keep sysbench defaults',
    );
  });

  test('TiFlash replicas reproduces its study (studies/004): 3 workloads, 32 tables of 1,000,000 rows, 16 threads, 120 s', () => {
    const preset = findPreset('tiflash-replicas');
    assert.ok(preset && preset.definition.kind === 'sysbench');
    assert.deepEqual(
      preset.definition.workloads.map((workload) => workload.name),
      ['oltp_point_select', 'oltp_update_index', 'oltp_read_only'],
    );
    assert.deepEqual(preset.definition.globalVariables, { tidb_disable_txn_auto_retry: 'off' });
    const cells = planExperiment(preset.definition, connection);
    assert.equal(cells.length, 6);
    for (const cell of cells) {
      assert.equal(cell.threads, 16);
      assert.equal(cell.options.workloadOptions.tables, 32);
      assert.equal(cell.options.workloadOptions.tableSize, 1_000_000);
      assert.equal(cell.options.limits.time, 120);
      assert.equal(cell.options.limits.reportInterval, 10);
      assert.equal(cell.options.random.type, 'special');
    }
  });

  test('bulk-load presets cover batch size x writers x key order, and pool size x rows per statement', () => {
    const batches = findPreset('bulk-load-batches');
    assert.ok(batches && batches.definition.kind === 'bulk-load');
    assert.equal(planBulkLoad(batches.definition).length, 2 * 2 * 2);
    const pool = findPreset('bulk-load-pool');
    assert.ok(pool && pool.definition.kind === 'bulk-load');
    assert.deepEqual(pool.definition.writerThreads, [2, 4, 8, 16, 32, 64]);
    assert.equal(Math.min(...pool.definition.rowsPerInsert), 310);
    assert.equal(Math.max(...pool.definition.rowsPerInsert), 7426);
  });

  test("the tuning study's key-order comparison: 5,000,000 rows, 2,000 rows a batch, 10 threads, ordered vs shuffled (studies/003)", () => {
    const preset = findPreset('bulk-load-key-order');
    assert.ok(preset && preset.definition.kind === 'bulk-load');
    assert.equal(preset.requires, 'any');
    const definition = preset.definition;
    // "500 万行数据文件", "单批次 2000 行记录，10 线程" then the same with "乱序" (shuffled) keys
    assert.equal(definition.rows, 5_000_000);
    assert.deepEqual(definition.rowsPerInsert, [2000]);
    assert.deepEqual(definition.writerThreads, [10]);
    assert.deepEqual(definition.keyOrder, ['ordered', 'shuffled']);
    assert.equal(definition.tableLayouts, undefined, 'the study keyed rows itself');
    assert.deepEqual(
      planBulkLoad(definition).map((cell) => cell.variant),
      ['ordered', 'shuffled'],
    );
  });

  test('TiDB-only presets are unavailable on MariaDB and MySQL, with the reason', () => {
    const mariadb = identifyServer('10.11.19-MariaDB-0+deb12u1');
    const mysql = identifyServer('8.0.36');
    const oldTiDB = identifyServer('5.7.25-TiDB-v5.4.0');
    const tidb = identifyServer('8.0.11-TiDB-v8.5.1');
    const cached = findPreset('cached-vs-normal');
    const tiflash = findPreset('tiflash-replicas');
    assert.ok(cached && tiflash);
    assert.deepEqual(presetAvailability(cached, mariadb), {
      available: false,
      reason: 'Cached tables are a TiDB feature; this server is MariaDB 10.11.19.',
    });
    assert.equal(presetAvailability(tiflash, mysql).available, false);
    assert.match((presetAvailability(cached, oldTiDB) as { reason: string }).reason, /v6\.0\.0 or later/);
    assert.deepEqual(presetAvailability(cached, tidb), { available: true });
    assert.deepEqual(presetAvailability(tiflash, tidb), { available: true });
    for (const id of ['thread-sweep', 'bulk-load-batches', 'bulk-load-pool'])
      assert.deepEqual(presetAvailability(findPreset(id)!, mariadb), { available: true }, id);
  });
});
