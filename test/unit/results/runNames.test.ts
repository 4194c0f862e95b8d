import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cellName, countText, type CellDimensions } from '../../../src/core/results/runNames';

describe('run names', () => {
  test('counts read "1 thread", "8 threads", "10,000 rows"', () => {
    assert.equal(countText(1, 'thread', 'threads'), '1 thread');
    assert.equal(countText(8, 'thread', 'threads'), '8 threads');
    assert.equal(countText(0, 'thread', 'threads'), '0 threads');
    assert.equal(countText(10000, 'row', 'rows'), '10,000 rows');
  });

  test('the runs of a thread sweep are named by their threads only', () => {
    const sweep: CellDimensions[] = [1, 8, 16].map((threads) => ({
      variant: 'default',
      workload: 'oltp_point_select',
      threads,
      tableSize: 10000,
      params: {},
    }));
    assert.deepEqual(
      sweep.map((cell) => cellName(sweep, cell)),
      ['1 thread', '8 threads', '16 threads'],
    );
  });

  test('an A/B experiment names variant, workload, params, table size and threads where they vary', () => {
    const cells: CellDimensions[] = [];
    for (const variant of ['normal', 'cached']) {
      for (const workload of ['oltp_point_select', 'oltp_read_write'])
        cells.push({ variant, workload, threads: 8, tableSize: 5000, params: workload === 'oltp_read_write' ? { point_selects: 10 } : {} });
    }
    cells.push({ variant: 'cached', workload: 'oltp_read_write', threads: 8, tableSize: 50000, params: { point_selects: 40 } });
    assert.deepEqual(
      cells.map((cell) => cellName(cells, cell)),
      [
        'normal · oltp_point_select · point_selects=– · 5,000 rows',
        'normal · oltp_read_write · point_selects=10 · 5,000 rows',
        'cached · oltp_point_select · point_selects=– · 5,000 rows',
        'cached · oltp_read_write · point_selects=10 · 5,000 rows',
        'cached · oltp_read_write · point_selects=40 · 50,000 rows',
      ],
    );
  });

  test('a lone run is named by workload and threads; repetitions say which run they are', () => {
    const lone: CellDimensions = { variant: 'default', workload: 'oltp_read_only', threads: 1 };
    assert.equal(cellName([lone], lone), 'oltp_read_only · 1 thread');
    const repeated: CellDimensions[] = [1, 2, 3].map((repetition) => ({ variant: 'v', workload: 'w', threads: 4, repetition }));
    assert.deepEqual(
      repeated.map((cell) => cellName(repeated, cell)),
      ['w · 4 threads', 'w · 4 threads · run 2', 'w · 4 threads · run 3'],
    );
  });

  test('a bulk-load study names its cells by the variant, not again by the key_order param that is the variant', () => {
    const cells: CellDimensions[] = [];
    for (const writers of [5, 10])
      for (const keyOrder of ['ordered', 'shuffled'])
        cells.push({
          variant: keyOrder,
          workload: 'bulk_load',
          threads: writers,
          params: { rows_per_insert: 2000, key_order: keyOrder, secondary_index: false },
        });
    assert.deepEqual(
      cells.map((cell) => cellName(cells, cell)),
      ['ordered · 5 threads', 'shuffled · 5 threads', 'ordered · 10 threads', 'shuffled · 10 threads'],
    );
  });
});
