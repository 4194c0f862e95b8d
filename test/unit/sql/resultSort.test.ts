import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareNumericText, sortedRowOrder } from '../../../src/core/sql/resultSort';
import type { ResultCell } from '../../../src/core/sql/resultModel';

const values = (rows: ResultCell[][], order: number[]) => order.map((index) => rows[index][0]);

test('numeric columns sort by value, not as text: 9 before 10, negatives first, NULL first ascending and last descending', () => {
  const rows: ResultCell[][] = [['10'], ['9'], [null], ['-3'], ['100'], ['2.5']];
  assert.deepEqual(values(rows, sortedRowOrder(rows, { column: 0, direction: 'asc' }, true)), [null, '-3', '2.5', '9', '10', '100']);
  assert.deepEqual(values(rows, sortedRowOrder(rows, { column: 0, direction: 'desc' }, true)), ['100', '10', '9', '2.5', '-3', null]);
});

test('BIGINT and DECIMAL text compare exactly beyond 2^53', () => {
  assert.equal(compareNumericText('9007199254740993', '9007199254740992'), 1);
  assert.equal(compareNumericText('12345678901234567890.000000001', '12345678901234567890'), 1);
  assert.equal(compareNumericText('-0.10', '-0.1'), 0);
  assert.equal(compareNumericText('-0.000', '0'), 0);
  assert.equal(compareNumericText('-2', '-10'), 1);
  assert.equal(compareNumericText('1e3', '999.5'), 1);
});

test('text columns sort in natural order, and equal cells keep the server order (stable)', () => {
  const rows: ResultCell[][] = [
    ['row 10', 'a'],
    ['row 2', 'b'],
    ['Row 2', 'c'],
    ['row 1', 'd'],
  ];
  assert.deepEqual(values(rows, sortedRowOrder(rows, { column: 0, direction: 'asc' }, false)), ['row 1', 'Row 2', 'row 2', 'row 10']);
  const same: ResultCell[][] = [['x'], ['x'], ['x']];
  assert.deepEqual(sortedRowOrder(same, { column: 0, direction: 'desc' }, false), [0, 1, 2]);
});

test('without a sort the server order stays', () => {
  assert.deepEqual(sortedRowOrder([['b'], ['a']], undefined, false), [0, 1]);
});
