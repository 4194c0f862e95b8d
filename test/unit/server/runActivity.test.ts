import { test } from 'node:test';
import assert from 'node:assert/strict';
import { preparedDifferences, statementDifferences } from '../../../src/core/server/runActivity';
import type { StatementStatisticsRow } from '../../../src/core/server/statementStatistics';
import { statementRow } from '../../support/statementRows';

function row(fields: Partial<StatementStatisticsRow>): StatementStatisticsRow {
  return statementRow({ instance: '10.0.0.1:10080', windowBegin: '2026-12-01 14:00:00', windowEnd: '2026-12-01 14:30:00', ...fields });
}

test('the difference of the run: executions before the run are not counted', () => {
  const [statement] = statementDifferences(
    [row({ execCount: 100, sumLatencyMs: 100, copTasks: 100 })],
    [row({ execCount: 400, sumLatencyMs: 700, maxLatencyMs: 9, copTasks: 400 })],
  );
  assert.equal(statement.execCount, 300);
  assert.equal(statement.sumLatencyMs, 600);
  assert.equal(statement.avgLatencyMs, 2);
  assert.equal(statement.copTasks, 300);
  assert.deepEqual(statement.planDigests, ['p1']);
  assert.equal(statement.planChanged, undefined);
});

test('a window that rolled over during the run: the closed window and the new one add up', () => {
  const before = [row({ execCount: 100, sumLatencyMs: 100 })];
  const after = [
    row({ execCount: 250, sumLatencyMs: 250, fromHistory: true }),
    row({ windowBegin: '2026-12-01 14:30:00', windowEnd: '2026-12-01 15:00:00', execCount: 50, sumLatencyMs: 50 }),
  ];
  const [statement] = statementDifferences(before, after);
  assert.equal(statement.execCount, 200);
});

test('a statement with a second plan digest during the run is flagged, its plans first seen first as the Statements view lists them', () => {
  // p2 (a TiFlash plan after the replica came) ran more often but was seen later: it comes second
  const [statement] = statementDifferences(
    [row({ execCount: 10, sumLatencyMs: 10, firstSeen: '2026-12-01 14:00:05' })],
    [
      row({ execCount: 60, sumLatencyMs: 60, firstSeen: '2026-12-01 14:00:05' }),
      row({ planDigest: 'p2', execCount: 80, sumLatencyMs: 800, firstSeen: '2026-12-01 14:10:00' }),
    ],
  );
  assert.equal(statement.execCount, 130);
  assert.equal(statement.planChanged, true);
  assert.deepEqual(statement.planDigests, ['p1', 'p2']);
  assert.deepEqual(
    statement.plans?.map((plan) => [plan.planDigest, plan.execCount, plan.firstSeen]),
    [
      ['p1', 50, '2026-12-01 14:00:05'],
      ['p2', 80, '2026-12-01 14:10:00'],
    ],
  );
});

test("a plan's first seen is the earliest of its rows (a window that rolled over), and a plan without one comes last", () => {
  const [statement] = statementDifferences(
    [],
    [
      row({ planDigest: 'a-unknown', execCount: 5, sumLatencyMs: 5 }),
      row({ planDigest: 'p2', execCount: 5, sumLatencyMs: 5, windowBegin: '2026-12-01 14:30:00', firstSeen: '2026-12-01 14:30:00' }),
      row({ planDigest: 'p2', execCount: 5, sumLatencyMs: 5, fromHistory: true, firstSeen: '2026-12-01 14:20:00' }),
      row({ planDigest: 'p1', execCount: 50, sumLatencyMs: 50, firstSeen: '2026-12-01 14:25:00' }),
    ],
  );
  assert.deepEqual(statement.planDigests, ['p2', 'p1', 'a-unknown']);
  assert.equal(statement.plans?.[0].firstSeen, '2026-12-01 14:20:00');
  assert.equal(statement.plans?.[2].firstSeen, undefined);
});

test('statements that did not run during the run, and the evidence reads themselves, are left out', () => {
  const statements = statementDifferences(
    [row({ execCount: 5 })],
    [
      row({ execCount: 5 }),
      row({
        digest: 'd2',
        digestText: 'select * from `information_schema` . `cluster_statements_summary` where `schema_name` in ( ? )',
        execCount: 3,
      }),
      // the wait for the run's connections to close, as MariaDB's digest text writes it
      row({
        digest: 'd3',
        digestText: 'SELECT `ID` AS `id` FROM `information_schema` . `PROCESSLIST` WHERE `DB` = ? AND `ID` <> `CONNECTION_ID` ( )',
        execCount: 4,
      }),
    ],
  );
  assert.deepEqual(statements, []);
});

test('a reset during the run keeps what came after it and says so', () => {
  const warnings: string[] = [];
  const [statement] = statementDifferences(
    [row({ execCount: 500, sumLatencyMs: 500 })],
    [row({ execCount: 20, sumLatencyMs: 40 })],
    warnings,
  );
  assert.equal(statement.execCount, 20);
  assert.match(warnings[0], /reset during the run/);
});

test('prepared statements: executions per text since the baseline', () => {
  const statements = preparedDifferences(
    [{ instance: '1', ownerThreadId: 7, sqlText: 'SELECT c FROM sbtest1 WHERE id=?', executions: 5, sumExecuteMs: 5, maxExecuteMs: 1 }],
    [
      { instance: '1', ownerThreadId: 7, sqlText: 'SELECT c FROM sbtest1 WHERE id=?', executions: 15, sumExecuteMs: 25, maxExecuteMs: 3 },
      { instance: '2', ownerThreadId: 8, sqlText: 'SELECT c FROM sbtest1 WHERE id=?', executions: 10, sumExecuteMs: 10, maxExecuteMs: 2 },
    ],
  );
  assert.equal(statements.length, 1);
  assert.equal(statements[0].execCount, 20);
  assert.equal(statements[0].sumLatencyMs, 30);
  assert.equal(statements[0].counted, 'prepared');
  assert.match(statements[0].digest, /^prepared:[0-9a-f]{32}$/);
});
