// QphH as go-tpc computes it (ch/workload.go OutputStats): 3600 * 1000 / sum(ms) * count over every
// measured query, failures included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { qphHOf } from '../../../../src/core/bench/ch/qphH';

test('QphH is queries per hour of summed query time, failures included', () => {
  // 3 queries of 1 s and one failed after 1 s: 4 queries in 4 s of query time = 3600 per hour
  assert.equal(
    qphHOf([
      { count: 3, sumMs: 3000 },
      { count: 1, sumMs: 1000 },
    ]),
    3600,
  );
  // go-tpc's arithmetic, not wall-clock time: 44 queries that took 110 s in all
  assert.equal(
    qphHOf([
      { count: 22, sumMs: 50_000 },
      { count: 22, sumMs: 60_000 },
    ]),
    (3_600_000 / 110_000) * 44,
  );
});

test('no QphH when nothing was measured (go-tpc prints no line then)', () => {
  assert.equal(qphHOf([]), undefined);
  assert.equal(qphHOf([{ count: 0, sumMs: 0 }]), undefined);
});
