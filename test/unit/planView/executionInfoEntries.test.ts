import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { executionInfoEntries, type ExecutionEntry } from '../../../webview/planView/executionInfoEntries';

function flat(entries: ExecutionEntry[], prefix = ''): string[] {
  return entries.flatMap((entry) =>
    entry.value !== null ? [`${prefix}${entry.key}=${entry.value}`] : flat(entry.children, `${prefix}${entry.key}.`),
  );
}

describe('execution info as key/values', () => {
  it('nests cop_task, tikv_task and scan_detail and keeps the units as printed', () => {
    const text =
      'time:307.2ms, loops:96, cop_task: {num: 24, max: 130.6ms, min: 170.9µs, tot_proc: 472ms}, tikv_task:{proc max:34ms, avg: 15.3ms}, scan_detail: {total_process_keys: 69744, rocksdb: {delete_skipped_count: 97368, block: {cache_hit_count: 3509}}}';
    assert.deepEqual(flat(executionInfoEntries(text)), [
      'time=307.2ms',
      'loops=96',
      'cop_task.num=24',
      'cop_task.max=130.6ms',
      'cop_task.min=170.9µs',
      'cop_task.tot_proc=472ms',
      'tikv_task.proc max=34ms',
      'tikv_task.avg=15.3ms',
      'scan_detail.total_process_keys=69744',
      'scan_detail.rocksdb.delete_skipped_count=97368',
      'scan_detail.rocksdb.block.cache_hit_count=3509',
    ]);
  });

  it('reads key{...} groups, a missing space after a comma, and text cut off inside a group', () => {
    assert.deepEqual(flat(executionInfoEntries('backoff{regionMiss: 2ms},total_create_snapshot_time:1ms')), [
      'backoff.regionMiss=2ms',
      'total_create_snapshot_time=1ms',
    ]);
    assert.deepEqual(flat(executionInfoEntries('time:1ms, cop_task: {num: 3, max: 1...')), [
      'time=1ms',
      'cop_task.num=3',
      'cop_task.max=1...',
    ]);
    assert.deepEqual(flat(executionInfoEntries('N/A')), ['=N/A']);
  });

  it('stops nesting hostile text instead of recursing without end', () => {
    const deep = `${'a:{'.repeat(5000)}x:1${'}'.repeat(5000)}`;
    assert.ok(flat(executionInfoEntries(deep)).length > 0);
  });
});
