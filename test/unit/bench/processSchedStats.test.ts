import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseSchedStat, readProcessSchedStats, waitShare } from '../../../src/core/bench/measurement/processSchedStats';

test('a schedstat line: the time run on a core and the time waited in a run queue, ns', () => {
  assert.deepEqual(parseSchedStat('1520334 88021 14\n'), { runNs: 1520334, waitNs: 88021 });
  assert.equal(parseSchedStat(''), undefined);
  assert.equal(parseSchedStat('garbage'), undefined);
});

test("every thread's figures from a task directory; a thread gone before its read is passed over", () => {
  const tasks = mkdtempSync(join(tmpdir(), 'tidblab-tasks-'));
  try {
    mkdirSync(join(tasks, '41'));
    writeFileSync(join(tasks, '41', 'schedstat'), '300 100 2\n');
    mkdirSync(join(tasks, '42'));
    writeFileSync(join(tasks, '42', 'schedstat'), '50 950 9\n');
    mkdirSync(join(tasks, '43')); // ended between the listing and the read
    assert.deepEqual(
      readProcessSchedStats(tasks),
      new Map([
        ['41', { runNs: 300, waitNs: 100 }],
        ['42', { runNs: 50, waitNs: 950 }],
      ]),
    );
    assert.equal(readProcessSchedStats(join(tasks, 'none')), undefined, 'no such directory: not Linux');
  } finally {
    rmSync(tasks, { recursive: true, force: true });
  }
});

test('this process, on Linux: one entry per thread, the main thread among them', { skip: process.platform !== 'linux' }, () => {
  const stats = readProcessSchedStats();
  assert.ok(stats, 'Linux has /proc/self/task/*/schedstat');
  const main = stats.get(String(process.pid));
  assert.ok(main && main.runNs > 0 && main.waitNs >= 0, JSON.stringify([...stats]));
});

test('waitShare: waited over ran plus waited, summed over the threads, between two readings', () => {
  const from = new Map([
    ['1', { runNs: 1000, waitNs: 1000 }],
    ['2', { runNs: 0, waitNs: 0 }],
  ]);
  const to = new Map([
    ['1', { runNs: 1100, waitNs: 1100 }],
    ['2', { runNs: 100, waitNs: 600 }],
    ['3', { runNs: 100, waitNs: 0 }], // started in between: counts from its start
  ]);
  assert.equal(waitShare(from, to), 0.7);
  assert.equal(waitShare(to, to), 0, 'no thread wanted a core');
  assert.equal(waitShare(to, new Map([['1', { runNs: 1200, waitNs: 1100 }]])), 0, 'a thread that ended is left out');
});
