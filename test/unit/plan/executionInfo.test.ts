import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatBytes, formatDurationMs, parseByteSize, parseDurationMs, parseExecutionInfo } from '../../../src/core/plan';

test('Go durations of every unit become milliseconds', () => {
  assert.equal(parseDurationMs('9.41ms'), 9.41);
  assert.equal(parseDurationMs('757.205µs'), 0.757205);
  assert.equal(parseDurationMs('757.205μs'), 0.757205); // Greek mu U+03BC
  assert.equal(parseDurationMs('528ns'), 0.000528);
  assert.equal(parseDurationMs('6s'), 6000);
  assert.equal(parseDurationMs('1.031417203s'), 1031.417203);
  assert.equal(parseDurationMs('2m39s'), 159_000);
  assert.equal(parseDurationMs('1h2m3.5s'), 3_723_500);
  assert.equal(parseDurationMs('0s'), 0);
  assert.equal(parseDurationMs('0.000 s'), 0);
  for (const notDuration of ['', 'N/A', '12', 'ms', '5 rows', '2m39', 'OFF', '1.5.2s']) {
    assert.equal(parseDurationMs(notDuration), null, notDuration);
  }
});

test('memory and disk sizes become bytes (1024-based, as TiDB prints them)', () => {
  assert.equal(parseByteSize('632 Bytes'), 632);
  assert.equal(parseByteSize('0 Bytes'), 0);
  assert.equal(parseByteSize('28.8 KB'), Math.round(28.8 * 1024));
  assert.equal(parseByteSize('47.5 MB'), Math.round(47.5 * 1024 * 1024));
  assert.equal(parseByteSize('209.61642456054688 MB'), Math.round(209.61642456054688 * 1024 * 1024));
  assert.equal(parseByteSize('1.2 GB'), Math.round(1.2 * 1024 ** 3));
  assert.equal(parseByteSize('N/A'), null);
  assert.equal(parseByteSize(''), null);
  assert.equal(parseByteSize('12 apples'), null);
});

test('formatting for people', () => {
  assert.equal(formatDurationMs(12.4), '12.4 ms');
  assert.equal(formatDurationMs(0.757205), '757 µs');
  assert.equal(formatDurationMs(1031.4), '1.03 s');
  assert.equal(formatDurationMs(159_000), '2m 39s');
  assert.equal(formatBytes(13107200), '12.5 MiB');
  assert.equal(formatBytes(632), '632 B');
});

test('a reader row: nested cop_task and rpc_info, durations in ms, counts and ratios as numbers', () => {
  const { info, truncated } = parseExecutionInfo(
    'time:2.49ms, loops:3, cop_task:{num:69, max:997µs, min:213.8µs, p95:986.6µs, max_proc_keys:15, tot_proc:13.4ms, ' +
      'copr_cache_hit_ratio:0.00}, rpc_info:{Cop:{num_rpc:69, total_time:31.8ms}}',
  );
  assert.equal(truncated, false);
  assert.deepEqual(info, {
    time: 2.49,
    loops: 3,
    cop_task: { num: 69, max: 0.997, min: 0.2138, p95: 0.9866, max_proc_keys: 15, tot_proc: 13.4, copr_cache_hit_ratio: 0 },
    rpc_info: { Cop: { num_rpc: 69, total_time: 31.8 } },
  });
});

test('braces nest four deep, commas split only at the top level, sizes inside groups become bytes', () => {
  const { info } = parseExecutionInfo(
    'tikv_task:{proc max:31ms, min:0s, avg: 13ms, p80:19ms, iters:181, tasks:24}, scan_detail: {total_process_keys: 69744, ' +
      'total_keys: 69753, rocksdb: {delete_skipped_count: 97368, block: {cache_hit_count: 3509, read_byte: 28.4 MB, ' +
      'inner: {deep: 1}}}}',
  );
  assert.deepEqual(info, {
    tikv_task: { 'proc max': 31, min: 0, avg: 13, p80: 19, iters: 181, tasks: 24 },
    scan_detail: {
      total_process_keys: 69744,
      total_keys: 69753,
      rocksdb: {
        delete_skipped_count: 97368,
        block: { cache_hit_count: 3509, read_byte: Math.round(28.4 * 1024 * 1024), inner: { deep: 1 } },
      },
    },
  });
});

test('key{...} without a colon, missing space after a comma, strings, and values holding colons', () => {
  const { info } = parseExecutionInfo(
    'backoff{regionMiss: 2ms, tikvRPC: 1.5s}, tiflash_scan:{dtfile:{total_scanned_packs:45},total_create_snapshot_time:1ms}, ' +
      'Concurrency:OFF, copr_cache: disabled, slowest:{store: 127.0.0.1:20160, region_id: 2}, RU:1159.679690',
  );
  assert.deepEqual(info, {
    backoff: { regionMiss: 2, tikvRPC: 1500 },
    tiflash_scan: { dtfile: { total_scanned_packs: 45 }, total_create_snapshot_time: 1 },
    Concurrency: 'OFF',
    copr_cache: 'disabled',
    slowest: { store: '127.0.0.1:20160', region_id: 2 },
    RU: 1159.67969,
  });
});

test('pre-4.0 items with spaces in keys and repeated keys are kept', () => {
  const { info } = parseExecutionInfo('time:10.545072ms, loops:2, rpc num: 1, rpc time:398.359µs, proc keys:297, loops:3');
  assert.deepEqual(info, { time: 10.545072, loops: 2, 'rpc num': 1, 'rpc time': 0.398359, 'proc keys': 297, 'loops#2': 3 });
});

test('cut-off text is read as far as it goes and marked truncated', () => {
  const cut = parseExecutionInfo('time:672.4ms, loops:2, cop_task: {num:...');
  assert.equal(cut.truncated, true);
  assert.equal(cut.info.time, 672.4);
  assert.deepEqual(cut.info.cop_task, { num: '...' });
  assert.equal(parseExecutionInfo('time:672.6ms, loops:6, partial_worker:...').truncated, true);
  assert.equal(parseExecutionInfo('time:1ms, x:{a:1').truncated, true);
});

test('a key named __proto__ stays an ordinary key', () => {
  const { info } = parseExecutionInfo('__proto__:{polluted:1}, time:1ms');
  assert.deepEqual(Object.keys(info), ['__proto__', 'time']);
  assert.equal(Object.getPrototypeOf(info), Object.prototype);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});
