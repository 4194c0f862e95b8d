// The transactions' inputs as go-tpc draws them, the schema's partitioning and the CLI's options.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newOrderInput } from '../../../../src/core/bench/tpcc/newOrder';
import { badCreditData, middleCustomer, paymentInput } from '../../../../src/core/bench/tpcc/payment';
import { TpccRandom } from '../../../../src/core/bench/tpcc/tpccRandom';
import { checkSchemaOptions, createTableStatements, partitionClause, SchemaError } from '../../../../src/core/bench/tpcc/tpccSchema';
import { parseTpccArguments } from '../../../../src/core/bench/tpcc/tpccArguments';
import { conditionsToCheck, warehousesOfThread } from '../../../../src/core/bench/tpcc/tpccCheck';

test('New-Order: 5..15 lines of distinct items; about 1% end with the unused item -1 that rolls back (spec 2.4.1.4)', () => {
  const random = new TpccRandom([5, 6, 7, 8]);
  let rollbacks = 0;
  const draws = 20_000;
  for (let i = 0; i < draws; i++) {
    const input = newOrderInput(random, 1);
    assert.ok(input.lines.length >= 5 && input.lines.length <= 15);
    const ids = input.lines.map((line) => line.itemId);
    assert.equal(new Set(ids).size, ids.length, 'distinct items');
    if (ids.at(-1) === -1) rollbacks++;
    assert.ok(ids.slice(0, -1).every((id) => id >= 1 && id <= 100_000));
    assert.ok(input.lines.every((line) => line.supplyWarehouse === 1 && line.quantity >= 1 && line.quantity <= 10));
  }
  assert.ok(rollbacks > 120 && rollbacks < 280, `${rollbacks} rollbacks in ${draws}`);
});

test('New-Order with several warehouses: about 1% of the lines come from another warehouse', () => {
  const random = new TpccRandom([1, 3, 5, 7]);
  let remote = 0;
  let lines = 0;
  for (let i = 0; i < 5000; i++)
    for (const line of newOrderInput(random, 4).lines) {
      lines++;
      if (line.remote === 1) {
        remote++;
        assert.notEqual(line.supplyWarehouse, undefined);
      }
    }
  assert.ok(remote / lines > 0.005 && remote / lines < 0.015, `${remote} of ${lines}`);
});

test("Payment: 60% by last name, amounts in [1.00, 5000.00], the middle customer of a name, go-tpc's bad-credit data", () => {
  const random = new TpccRandom([2, 4, 6, 8]);
  let byName = 0;
  for (let i = 0; i < 10_000; i++) {
    const input = paymentInput(random, 1);
    if (input.customerId === 0) byName++;
    assert.ok(input.amount >= 1 && input.amount <= 5000);
    assert.equal(input.customerWarehouse, input.warehouse);
  }
  assert.ok(byName > 5700 && byName < 6300, String(byName));
  assert.equal(middleCustomer([11]), 11);
  assert.equal(middleCustomer([11, 12]), 11);
  assert.equal(middleCustomer([11, 12, 13]), 12);
  assert.equal(middleCustomer([11, 12, 13, 14]), 12);
  const input = { warehouse: 1, district: 2, customerWarehouse: 1, customerDistrict: 3, amount: 12.5, customerId: 42, lastName: '' };
  const data = badCreditData(input, 42, '2026-12-01 20:00:00', 'x'.repeat(400));
  assert.equal(data.length, 500);
  assert.ok(data.startsWith('|   42  3    1  2    1 $  12.50 2026-12-01 20:00:00 xxxx'), data);
});

test('partitions as go-tpc lays them out; --use-fk with --parts refused on MySQL/MariaDB', () => {
  const options = { warehouses: 5, parts: 2, partitionType: 1 as const, useFk: false, useClusteredIndex: true };
  assert.equal(partitionClause(options, 'w_id'), '\nPARTITION BY HASH(w_id)\nPARTITIONS 2');
  assert.equal(
    partitionClause({ ...options, partitionType: 2 }, 'w_id'),
    '\nPARTITION BY RANGE (w_id)\n(PARTITION p0 VALUES LESS THAN (4),\n PARTITION p1 VALUES LESS THAN (7))',
  );
  assert.equal(
    partitionClause({ ...options, partitionType: 3 }, 'w_id'),
    '\nPARTITION BY LIST (w_id)\n(PARTITION p0 VALUES IN (1,3,5),\n PARTITION p1 VALUES IN (2,4))',
  );
  assert.equal(
    partitionClause({ ...options, partitionType: 4 }, 'w_id'),
    '\nPARTITION BY LIST (w_id)\n(PARTITION p0 VALUES IN (1,2,3),\n PARTITION p1 VALUES IN (4,5))',
  );
  assert.equal(partitionClause({ ...options, parts: 1 }, 'w_id'), '');
  const item = createTableStatements(options).find((s) => s.table === 'item');
  assert.equal(item?.sql.includes('PARTITION'), false, 'item is never partitioned');
  assert.throws(() => checkSchemaOptions({ ...options, useFk: true }), SchemaError);
  assert.throws(() => checkSchemaOptions({ ...options, parts: 6 }), /must >= partition/);
});

test('check: 11 conditions after a run, 12 with --check-all; warehouses spread over threads', () => {
  assert.equal(conditionsToCheck(false).length, 11);
  assert.equal(conditionsToCheck(true).length, 12);
  assert.deepEqual(warehousesOfThread(1, 3, 7), [2, 5]);
  assert.deepEqual(warehousesOfThread(4, 8, 3), []);
});

test("the CLI takes go-tpc's options", () => {
  const args = parseTpccArguments(['tpcc', '--warehouses=2', '-T', '4', '--time=1m', '--weight=50,40,4,4,2', '--mysql-host=db', 'run']);
  assert.equal(args.action, 'run');
  assert.equal(args.warehouses, 2);
  assert.equal(args.threads, 4);
  assert.equal(args.timeSec, 60);
  assert.deepEqual(args.weights, [50, 40, 4, 4, 2]);
  assert.equal(args.connection.get('mysql-db'), 'tpcc');
  assert.throws(() => parseTpccArguments(['tpcc', 'load']), /Unknown command for tpcc: load/);
  assert.throws(() => parseTpccArguments(['tpcc', '--weight=50,50,4,4,4', 'run']), /sum of weight/);
  assert.throws(() => parseTpccArguments(['tpcc', '--isolation=3', 'run']), /isolation/);
  assert.throws(() => parseTpccArguments(['tpcc', '--wait', 'run']), /not supported/);
});
