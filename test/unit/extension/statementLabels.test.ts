// The Statements view's words: the ordering measure first, plans counted, windows named.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TopStatement } from '../../../src/core/server/topStatements';
import {
  oneLine,
  pinnedStatementDescription,
  planDescription,
  statementDescription,
  viewDescription,
  windowLabel,
} from '../../../src/extension/statements/statementLabels';

const statement: TopStatement = {
  digest: 'd',
  digestText: 'select 1',
  schemaName: 'sbtest',
  execCount: 12345,
  sumLatencyMs: 6172.5,
  avgLatencyMs: 0.5,
  maxLatencyMs: 12,
  sumErrors: 0,
  avgProcessedKeys: null,
  sampleText: null,
  firstSeen: null,
  lastSeen: null,
  plans: [
    {
      planDigest: 'aaaaaaaaaaaaaaaa',
      execCount: 12000,
      sumLatencyMs: 6000,
      avgLatencyMs: 0.5,
      maxLatencyMs: 12,
      firstSeen: null,
      lastSeen: null,
    },
    {
      planDigest: 'bbbbbbbbbbbbbbbb',
      execCount: 345,
      sumLatencyMs: 172.5,
      avgLatencyMs: 0.5,
      maxLatencyMs: 2,
      firstSeen: '2026-12-01 10:20:00',
      lastSeen: null,
    },
  ],
};

test('a statement leads with what the list is ordered by and counts its plans', () => {
  assert.match(statementDescription(statement, 'total'), /^6\.17 s total · 500 µs avg · 12,345× · 2 plans$/);
  assert.match(statementDescription(statement, 'count'), /^12,345× · 6\.17 s total · 500 µs avg · 2 plans$/);
  assert.match(statementDescription({ ...statement, plans: [] }, 'avg'), /^500 µs avg · 6\.17 s total · 12,345×$/);
  assert.equal(planDescription(statement.plans[1]), '345× · 500 µs avg · 2 ms max · first seen 2026-12-01 10:20:00');
  assert.equal(planDescription(statement.plans[0]), '12,000× · 500 µs avg · 12 ms max');
});

test('the view says what it lists', () => {
  assert.equal(viewDescription('avg', 60, 'sbtest'), 'by average time · last 1 h · db sbtest');
  assert.equal(viewDescription('total', undefined, undefined), 'by total time · current window · all databases');
  assert.equal(windowLabel(10), 'last 10 min');
  assert.equal(oneLine('select\n  a\tfrom t', 10), 'select a …');
});

test("a statement pinned from TiDB's kept summary windows says its numbers are not the list's window", () => {
  assert.equal(pinnedStatementDescription(statement, 'count', true), `${statementDescription(statement, 'count')} · all kept windows`);
  assert.equal(pinnedStatementDescription(statement, 'count', false), statementDescription(statement, 'count'));
});
