// `tidb-lab statements`: its options are checked before anything connects, and the table names
// the order and lists each statement on one line.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runStatementsCommand, statementsTable } from '../../../src/cli/statementsCommand';
import type { TopStatements } from '../../../src/core/server/topStatements';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (text: string) => out.push(text), stderr: (text: string) => err.push(text), env: {} } };
}

test('bad options are refused with the usage, before connecting', async () => {
  for (const [args, message] of [
    [['--order=slowest'], /--order must be one of total, avg, count/],
    [['--limit=0'], /--limit must be a whole number/],
    [['--window=ten'], /--window must be a whole number/],
    [['--threads=4'], /unknown option '--threads'/],
    [['statements'], /unexpected argument 'statements'/],
    [['--mysql-port=notaport'], /mysql-port/],
  ] as const) {
    const run = io();
    assert.equal(await runStatementsCommand(args, run.io), 1, args.join(' '));
    assert.match(run.err.join(''), message);
  }
});

test('the table: order named, one line per statement, plans counted, text flattened', () => {
  const result: TopStatements = {
    source: 'information_schema.cluster_statements_summary',
    since: '2026-12-01 10:00:00',
    warnings: ['one window could not be read'],
    statements: [
      {
        digest: 'e5796985ccafe2f71126ed6c0ac939ff',
        digestText: 'select `c`\n  from `sbtest1` where `id` = ?',
        schemaName: 'sbtest',
        execCount: 12345,
        sumLatencyMs: 6172.5,
        avgLatencyMs: 0.5,
        maxLatencyMs: 12,
        sumErrors: 0,
        avgProcessedKeys: 1,
        sampleText: null,
        firstSeen: null,
        lastSeen: null,
        plans: [
          { planDigest: 'a', execCount: 1, sumLatencyMs: 1, avgLatencyMs: 1, maxLatencyMs: 1, firstSeen: null, lastSeen: null },
          { planDigest: 'b', execCount: 1, sumLatencyMs: 1, avgLatencyMs: 1, maxLatencyMs: 1, firstSeen: null, lastSeen: null },
        ],
      },
    ],
  };
  const text = statementsTable(result, 'count');
  assert.match(text, /^Top statements by executions from information_schema\.cluster_statements_summary since 2026-12-01 10:00:00\n/);
  assert.match(text, /warning: one window could not be read/);
  const line = text.split('\n').find((row) => row.includes('sbtest1')) ?? '';
  assert.match(line, /12,345 +2 +sbtest +e5796985ccaf +select `c` from `sbtest1` where `id` = \?$/);
  assert.match(statementsTable({ ...result, statements: [] }, 'total'), /No statements\./);
});
