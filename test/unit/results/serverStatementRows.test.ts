// The Server section's rows (result tab, Markdown, CLI): by server time whatever order the result
// stored them in, with the plan state and whether a plan can be opened.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ServerActivity, ServerStatement } from '../../../src/core/results/benchmarkResult';
import { serverActivityToMarkdown } from '../../../src/core/results/exportMarkdown';
import { serverStatementByDigest, serverStatementRows } from '../../../src/core/results/serverStatementRows';

const statement = (digest: string, sumLatencyMs: number, extra: Partial<ServerStatement> = {}): ServerStatement => ({
  digest,
  text: `select ${digest}`,
  execCount: 10,
  sumLatencyMs,
  avgLatencyMs: sumLatencyMs / 10,
  maxLatencyMs: sumLatencyMs,
  planDigests: ['p1'],
  engines: ['TiKV'],
  ...extra,
});

// Stored out of order on purpose: imported or hand-edited results need not keep the reader's order.
const activity: ServerActivity = {
  source: 'information_schema.cluster_statements_summary',
  statements: [
    statement('small', 5, { plan: '   ' }),
    statement('tie-few', 40, { execCount: 3 }),
    statement('big', 900, { planDigests: ['p1', 'p2'], planChanged: true, plan: 'id\testRows\nPoint_Get_1\t1.00' }),
    statement('tie-many', 40, { execCount: 30, planDigests: [] }),
  ],
  warnings: ['events_statements_summary_by_digest is off'],
};

test('statements come by server time, the largest first; ties by executions', () => {
  assert.deepEqual(
    serverStatementRows(activity).map((row) => row.statement.digest),
    ['big', 'tie-many', 'tie-few', 'small'],
  );
  assert.deepEqual(
    serverStatementRows(activity).map((row) => row.totalMs),
    [900, 40, 40, 5],
  );
});

test('plan state: changed, one plan, or none named; only kept plan text can be opened', () => {
  const rows = new Map(serverStatementRows(activity).map((row) => [row.statement.digest, row]));
  assert.equal(rows.get('big')?.plan, 'changed');
  assert.equal(rows.get('tie-few')?.plan, 'one');
  assert.equal(rows.get('tie-many')?.plan, 'none');
  assert.equal(rows.get('big')?.hasPlanText, true);
  assert.equal(rows.get('small')?.hasPlanText, false);
  assert.equal(rows.get('tie-few')?.hasPlanText, false);
});

test('no activity (older results, imports): no rows', () => {
  assert.deepEqual(serverStatementRows(undefined), []);
});

test('the Markdown Server section uses the same order', () => {
  const markdown = serverActivityToMarkdown(activity);
  const order = ['big', 'tie-many', 'tie-few', 'small'].map((digest) => markdown.indexOf(`select ${digest}`));
  assert.ok(order.every((at) => at > 0));
  assert.deepEqual(
    [...order].sort((a, b) => a - b),
    order,
  );
});

test('statements are found by digest only, never by anything else a webview sends', () => {
  assert.equal(serverStatementByDigest(activity, 'big')?.digest, 'big');
  assert.equal(serverStatementByDigest(activity, 'nope'), undefined);
  assert.equal(serverStatementByDigest(activity, 0), undefined);
  assert.equal(serverStatementByDigest(undefined, 'big'), undefined);
});
