// The "tpcc" experiment kind: its file format, its defaults, the messages for bad fields, the order
// of its cells and its estimate.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseExperimentDefinition, type TpccExperimentDefinition } from '../../../src/core/bench/experiments/experimentDefinition';
import { describeEstimate, estimateExperiment } from '../../../src/core/bench/experiments/experimentSize';
import { expandVariantSql } from '../../../src/core/bench/experiments/experimentVariant';
import { planTpccExperiment } from '../../../src/core/bench/experiments/tpccExperiment';
import { TPCC_TABLES } from '../../../src/core/bench/tpcc';

const study = {
  kind: 'tpcc',
  name: 'TPC-C threads',
  warehouses: [1, 4],
  threads: [4, 16],
  time: 30,
  variants: [{ name: 'default' }, { name: 'item cached', setup: ['ALTER TABLE item CACHE'], teardown: ['ALTER TABLE item NOCACHE'] }],
};

const parse = (fields: Record<string, unknown>) => parseExperimentDefinition({ ...study, ...fields });

describe('tpcc experiments: the definition', () => {
  test('reads warehouses, threads, time and variants, with go-tpc-like defaults for the rest', () => {
    const definition = parseExperimentDefinition(JSON.stringify(study)) as TpccExperimentDefinition;
    assert.deepEqual(definition, {
      kind: 'tpcc',
      name: 'TPC-C threads',
      warehouses: [1, 4],
      threads: [4, 16],
      time: 30,
      interval: 10,
      variants: study.variants,
      repeat: 1,
      prepare: true,
      loadThreads: 4,
      ignoreError: false,
      cleanup: false,
    });
    // a parsed definition parses to itself (it is stored in the result and run again from there)
    assert.deepEqual(parseExperimentDefinition(definition), definition);
    const defaults = parse({ time: undefined, variants: undefined }) as TpccExperimentDefinition;
    assert.equal(defaults.time, 60);
    assert.deepEqual(defaults.variants, [{ name: 'default' }]);
  });

  test('bad fields are refused with a message that names them', () => {
    const refusals: Array<[Record<string, unknown>, RegExp]> = [
      [{ warehouses: undefined }, /"warehouses" must be a list/],
      [{ warehouses: [] }, /"warehouses" needs at least one value/],
      [{ warehouses: [1, 0] }, /"warehouses\[1\]" must be at least 1/],
      [{ warehouses: [2, 2] }, /"warehouses" lists a count twice/],
      [{ warehouses: [200_000] }, /"warehouses\[0\]" is 200,000; at most 100,000 warehouses/],
      [{ threads: [4, 1.5] }, /"threads\[1\]" must be a whole number/],
      [{ time: 0 }, /"time" must be at least 1/],
      [{ time: 100_000 }, /"time" is 100,000 s; at most 86,400 s/],
      [{ time: 5, interval: 10 }, /"interval" is 10 s, longer than a cell's "time" \(5 s\)/],
      [{ tableSizes: [1000] }, /"tableSizes": a tpcc experiment is sized by "warehouses"/],
      [{ workloads: ['oltp_point_select'] }, /"workloads": a tpcc experiment runs TPC-C's transaction mix/],
      [{ warmup: 5 }, /"tpcc experiment" has an unknown field "warmup"/],
      [{ variants: [{ name: 'a' }, { name: 'a' }] }, /Two variants are called 'a'/],
      [
        { variants: [{ name: 'a', ready: { kind: 'soon' } }] },
        /"variants\[0\].ready.kind" must be cache-hit, tiflash-replica, sql or sleep/,
      ],
      [{ ignoreError: 'yes' }, /"ignoreError" must be true or false/],
      [{ kind: 'tpc-c' }, /Unknown experiment kind 'tpc-c' \(sysbench, bulk-load or tpcc\)/],
    ];
    for (const [fields, message] of refusals) assert.throws(() => parse(fields), message, JSON.stringify(fields));
  });

  test('cells run warehouse count by warehouse count, each variant over every thread count', () => {
    const definition = parse({ repeat: 2, threads: [4, 16] }) as TpccExperimentDefinition;
    const plan = planTpccExperiment(definition);
    assert.equal(plan.length, 2 * 2 * 2 * 2);
    assert.deepEqual(
      plan.slice(0, 5).map((cell) => [cell.warehouses, cell.variant.name, cell.threads, cell.repetition]),
      [
        [1, 'default', 4, 1],
        [1, 'default', 4, 2],
        [1, 'default', 16, 1],
        [1, 'default', 16, 2],
        [1, 'item cached', 4, 1],
      ],
    );
  });

  test('the estimate counts every cell at its time, and says which warehouses may be loaded', () => {
    const estimate = estimateExperiment(parse({}));
    assert.equal(estimate.cells, 8);
    assert.equal(estimate.seconds, 8 * 30);
    assert.equal(
      describeEstimate(estimate),
      'Estimated duration: at least 4 min for 8 cells, plus loading 5 TPC-C warehouses where the tables do not hold them yet',
    );
    assert.equal(estimateExperiment(parse({ prepare: false })).loadedWarehouses, undefined);
  });

  test("{table} in a variant's SQL stands for each of the nine TPC-C tables", () => {
    assert.deepEqual(expandVariantSql('ALTER TABLE {table} SET TIFLASH REPLICA 1', 'tpcc', [...TPCC_TABLES]), [
      'ALTER TABLE `warehouse` SET TIFLASH REPLICA 1',
      'ALTER TABLE `district` SET TIFLASH REPLICA 1',
      'ALTER TABLE `customer` SET TIFLASH REPLICA 1',
      'ALTER TABLE `history` SET TIFLASH REPLICA 1',
      'ALTER TABLE `new_order` SET TIFLASH REPLICA 1',
      'ALTER TABLE `orders` SET TIFLASH REPLICA 1',
      'ALTER TABLE `order_line` SET TIFLASH REPLICA 1',
      'ALTER TABLE `stock` SET TIFLASH REPLICA 1',
      'ALTER TABLE `item` SET TIFLASH REPLICA 1',
    ]);
    assert.deepEqual(expandVariantSql('ANALYZE TABLE {qualifiedTable}', 'tp`cc', ['item']), ['ANALYZE TABLE `tp``cc`.`item`']);
  });
});
