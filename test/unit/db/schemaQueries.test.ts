import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatBytes, groupIndexColumns } from '../../../src/core/db/schemaQueries';

test('index rows group into indexes with ordered columns, primary first', () => {
  const indexes = groupIndexColumns([
    { name: 'k_1', nonUnique: 1, columnName: 'k', type: 'BTREE' },
    { name: 'PRIMARY', nonUnique: 0, columnName: 'id', type: 'BTREE' },
    { name: 'uk', nonUnique: 0, columnName: 'a', type: 'BTREE' },
    { name: 'uk', nonUnique: 0, columnName: 'b', type: 'BTREE' },
  ]);
  assert.deepEqual(
    indexes.map((i) => i.name),
    ['PRIMARY', 'k_1', 'uk'],
  );
  assert.deepEqual(indexes[2].columns, ['a', 'b']);
  assert.equal(indexes[2].unique, true);
  assert.equal(indexes[1].unique, false);
});

test('sizes are shown in binary units', () => {
  assert.equal(formatBytes(null), '');
  assert.equal(formatBytes(512), '512 B');
  assert.equal(formatBytes(1536), '1.5 KiB');
  assert.equal(formatBytes(64 * 1024 * 1024), '64.0 MiB');
  assert.equal(formatBytes(300 * 1024 * 1024), '300 MiB');
});
