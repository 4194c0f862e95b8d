// A statement's plans in the Statements view: first seen first, whatever their executions, so the
// list does not reshuffle between refreshes; Compare Plans defaults to the oldest and the newest.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inFirstSeenOrder, planPair } from '../../../src/core/server/planOrder';
import type { StatementStatisticsRow } from '../../../src/core/server/statementStatistics';
import { topStatements } from '../../../src/core/server/topStatements';
import { statementRow } from '../../support/statementRows';

function row(planDigest: string, execCount: number, firstSeen: string | null, windowBegin: string): StatementStatisticsRow {
  return statementRow({
    digest: 'd',
    digestText: 'select c from sbtest1 where id between ? and ?',
    planDigest,
    instance: '127.0.0.1:10080',
    windowBegin,
    execCount,
    sumLatencyMs: execCount,
    avgLatencyMs: 1,
    maxLatencyMs: 1,
    firstSeen,
    lastSeen: firstSeen,
  });
}

test("a statement's plans are listed first seen first (the earliest FIRST_SEEN of their rows), not by executions", () => {
  const rows = [
    // the TiKV plan ran first (10:00), the TiFlash one took over at 10:20 and ran more; a third at 10:40
    row('tiflash', 9000, '2026-12-01 10:20:00', '2026-12-01 10:00:00'),
    row('tikv', 100, '2026-12-01 10:30:05', '2026-12-01 10:30:00'),
    row('tikv', 400, '2026-12-01 10:00:00', '2026-12-01 10:00:00'),
    row('zeta', 5, '2026-12-01 10:40:00', '2026-12-01 10:30:00'),
  ];
  const [statement] = topStatements(rows, 'count', 10);
  assert.deepEqual(
    statement.plans.map((plan) => `${plan.planDigest} ${plan.firstSeen} ${plan.execCount}`),
    ['tikv 2026-12-01 10:00:00 500', 'tiflash 2026-12-01 10:20:00 9000', 'zeta 2026-12-01 10:40:00 5'],
  );
  // more executions of the old plan on the next refresh do not move it
  const later = topStatements([...rows, row('tikv', 20_000, '2026-12-01 10:45:00', '2026-12-01 10:30:00')], 'count', 10)[0];
  assert.deepEqual(
    later.plans.map((plan) => plan.planDigest),
    ['tikv', 'tiflash', 'zeta'],
  );
});

test('without first-seen times the order is still stable: by digest, after the plans whose time is known', () => {
  const plans = [
    { planDigest: 'c', firstSeen: null },
    { planDigest: 'b', firstSeen: '2026-12-01 10:00:00' },
    { planDigest: 'a', firstSeen: null },
  ];
  assert.deepEqual(
    inFirstSeenOrder(plans).map((plan) => plan.planDigest),
    ['b', 'a', 'c'],
  );
  assert.deepEqual(
    inFirstSeenOrder([...plans].reverse()).map((plan) => plan.planDigest),
    ['b', 'a', 'c'],
  );
});

test('Compare Plans defaults to the oldest and the newest plan, the older on the before side', () => {
  const plans = [
    { planDigest: 'mid', firstSeen: '2026-12-01 10:20:00' },
    { planDigest: 'new', firstSeen: '2026-12-01 10:40:00' },
    { planDigest: 'old', firstSeen: '2026-12-01 10:00:00' },
  ];
  const pair = planPair(plans);
  assert.equal(pair?.before.planDigest, 'old');
  assert.equal(pair?.after.planDigest, 'new');
  assert.equal(pair?.byFirstSeen, true);
  // two picked in any order: the older is before
  assert.deepEqual([planPair([plans[1], plans[0]])?.before.planDigest, planPair([plans[1], plans[0]])?.after.planDigest], ['mid', 'new']);
  // no times: a stable pair, but not called older and newer
  assert.equal(
    planPair([
      { planDigest: 'b', firstSeen: null },
      { planDigest: 'a', firstSeen: null },
    ])?.byFirstSeen,
    false,
  );
  assert.equal(planPair([plans[0]]), null);
});
