// Time share, estimate error, the editor gist and the plan comparison.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzePlan, comparePlans, estimateError, parsePlanText, summarizePlan } from '../../../src/core/plan';
import { readRealPlan } from './planFixtures';

test('root time shares come from wall-clock times; self time subtracts only root-task children', () => {
  const analysis = analyzePlan(parsePlanText(readRealPlan('hash-join-tikv-spill-disk-column.txt')));
  assert.equal(analysis.totalTimeMs, 313.6);
  const [join, buildReader, selection, , probeReader] = analysis.operators;
  assert.equal(join.timeShare, 1);
  assert.equal(join.timeKind, 'wall-clock');
  // 313.6 - (23.6 + 293.7) is below zero: build and probe run concurrently, so it is clamped.
  assert.equal(join.selfTimeMs, 0);
  assert.equal(buildReader.timeShare, 23.6 / 313.6);
  // The reader's time includes its cop tasks; they are never subtracted from it.
  assert.equal(buildReader.selfTimeMs, 23.6);
  assert.equal(probeReader.selfTimeMs, 293.7);
  assert.equal(selection.timeKind, 'task-time');
  assert.equal(selection.selfTimeMs, null);
  assert.match(analysis.timeNote, /not wall-clock/);
  assert.match(analysis.timeNote, /never subtracted/);
});

test('a cop time larger than the statement time is capped at a share of 1', () => {
  const analysis = analyzePlan(parsePlanText(readRealPlan('streamagg-count-regions.txt')));
  assert.ok(analysis.operators.every((op) => op.timeShare === null || (op.timeShare >= 0 && op.timeShare <= 1)));
});

test('estimate error is a factor with a direction', () => {
  assert.deepEqual(estimateError(71.01, 10000), { factor: 10000 / 71.01, direction: 'under' });
  assert.deepEqual(estimateError(90000, 0), { factor: 90000, direction: 'over' });
  assert.deepEqual(estimateError(13, 13), { factor: 1, direction: 'exact' });
  assert.deepEqual(estimateError(0, 0), { factor: 1, direction: 'exact' });
  assert.equal(estimateError(null, 5), null);
  assert.equal(estimateError(5, null), null);
});

test('plans without runtime stats have no times and no estimate errors', () => {
  const analysis = analyzePlan(parsePlanText(readRealPlan('explain-merge-join.txt')));
  assert.equal(analysis.totalTimeMs, null);
  assert.ok(analysis.operators.every((op) => op.timeMs === null && op.timeShare === null && op.estimateError === null));
});

test('engines in the plan, TiDB first', () => {
  assert.deepEqual(analyzePlan(parsePlanText(readRealPlan('explain-mpp-shuffle-hash-join.txt'))).engines, ['TiDB', 'TiFlash']);
  assert.deepEqual(analyzePlan(parsePlanText(readRealPlan('point-get.txt'))).engines, ['TiDB']);
});

test('the editor gist: time, rows, storage engines, RU, and the findings counted as the Findings list shows them', () => {
  const gist = (name: string) => {
    const plan = parsePlanText(readRealPlan(name));
    return summarizePlan(plan, analyzePlan(plan));
  };
  // Levels differ: each is counted, so the gist adds up to the list's four findings.
  assert.equal(gist('streamagg-tablereader-fullscan-pseudo.txt'), '1.03 s · 1 row · TiKV · 1 critical, 3 warnings');
  assert.equal(gist('cop-tiflash-hashagg-tiflash-scan.txt'), '60.8 ms · 24 rows · TiFlash · 1 warning');
  // A point get is a root task but reads TiKV.
  assert.equal(gist('point-get.txt'), '757 µs · 1 row · TiKV · no findings');
  assert.equal(gist('explain-merge-join.txt'), 'est. 142,020 rows · TiKV · no findings');
  // Notes count too: the Findings list shows them.
  assert.equal(gist('index-join-tablereader-probe.txt'), '330 ms · 0 rows · TiKV · 2 warnings, 1 note');
  // FORMAT='ru': the root's cumRU; other formats: the RU in the root's execution info.
  assert.equal(gist('explain-analyze-format-ru.txt'), '5 rows · TiKV · RU: 547 · no findings');
  assert.equal(gist('psql-truncated-tikv-hashagg-ru.txt'), '673 ms · 28 rows · TiKV · RU: 1,159.7 · 1 warning');
  const empty = parsePlanText('');
  assert.equal(summarizePlan(empty, analyzePlan(empty)), 'no plan');
});

test('comparing a TiKV plan with its TiFlash twin: operators matched by shape, engine changes reported', () => {
  const before = parsePlanText(readRealPlan('streamagg-count-regions.txt'));
  const afterText = readRealPlan('streamagg-count-regions.txt')
    .replace(/TableFullScan_15(\s+\| 242020\.00 \| 121010\s+\|) cop\[tikv\]/, 'TableFullScan_25$1 cop[tiflash]')
    .replace(/StreamAgg_8(\s+\| 1\.00\s+\| 4\s+\|) cop\[tikv\]/, 'StreamAgg_8$1 cop[tiflash]')
    .replace('time:12.605155ms', 'time:3.1ms');
  assert.notEqual(afterText, readRealPlan('streamagg-count-regions.txt'));
  const after = parsePlanText(afterText);
  const comparison = comparePlans(before, after);
  assert.deepEqual(comparison.added, []);
  assert.deepEqual(comparison.removed, []);
  const scan = comparison.matched.find((match) => match.before.id === 'TableFullScan_15');
  assert.equal(scan?.after.id, 'TableFullScan_25');
  assert.equal(scan?.matchedBy, 'shape');
  assert.deepEqual(scan?.engine, { before: 'TiKV', after: 'TiFlash' });
  const agg = comparison.matched.find((match) => match.before.id === 'StreamAgg_8');
  assert.equal(agg?.matchedBy, 'id');
  assert.deepEqual(agg?.task, { before: 'cop[tikv]', after: 'cop[tiflash]' });
  const reader = comparison.matched.find((match) => match.before.id === 'TableReader_17');
  assert.deepEqual(reader?.timeMs, { before: 12.605155, after: 3.1 });
  const root = comparison.matched.find((match) => match.before.id === 'StreamAgg_16');
  assert.equal(root?.changed, false);
});

test('a UnionScan on top is added; readers and scans of other tables do not match', () => {
  const plain = parsePlanText(readRealPlan('tablereader-fullscan-pseudo-stats.txt'));
  const cached = parsePlanText(readRealPlan('explain-unionscan-cached-table.txt'));
  const comparison = comparePlans(plain, cached);
  // The plans read different tables (t1, users): no reader of one is the reader of the other.
  assert.deepEqual(
    comparison.added.map((ref) => ref.id),
    ['UnionScan_5', 'TableReader_7', 'TableFullScan_6'],
  );
  assert.deepEqual(
    comparison.removed.map((ref) => ref.id),
    ['TableReader_5', 'TableFullScan_4'],
  );
  assert.deepEqual(comparison.matched, []);
  const same = comparePlans(plain, plain);
  assert.equal(same.matched.length, 2);
  assert.ok(same.matched.every((match) => match.matchedBy === 'id' && !match.changed));
});

test('rows compare actual rows when both plans ran, estimates otherwise', () => {
  const analyzed = parsePlanText(readRealPlan('hash-join-tikv-spill-disk-column.txt'));
  const estimated = parsePlanText(readRealPlan('hash-join-v5-tikv-task-time0.txt'));
  const comparison = comparePlans(analyzed, estimated);
  const join = comparison.matched.find((match) => match.before.id === 'HashJoin_20');
  assert.equal(join?.after.id, 'HashJoin_19');
  assert.deepEqual(join?.rows, { before: 0, after: 20000 });
});
