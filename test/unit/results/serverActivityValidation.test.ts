import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import type { ServerActivity } from '../../../src/core/results/benchmarkResult';
import { sampleRun } from './support/sampleResults';

const ACTIVITY: ServerActivity = {
  source: 'information_schema.cluster_statements_summary',
  statements: [
    {
      digest: 'a'.repeat(64),
      text: 'select `c` from `sbtest1` where `id` between ? and ?',
      schema: 'sbtest',
      execCount: 120,
      sumLatencyMs: 240,
      avgLatencyMs: 2,
      maxLatencyMs: 9.5,
      planDigests: ['p2', 'p1'],
      engines: ['TiDB', 'TiKV', 'TiFlash (batchCop)'],
      plan: '\tid\ttask\n\tTableReader_6\troot',
      planChanged: true,
      plans: [
        { planDigest: 'p2', execCount: 80, engines: ['TiDB', 'TiFlash (batchCop)'], plan: 'x' },
        { planDigest: 'p1', execCount: 40, engines: ['TiDB', 'TiKV'] },
      ],
      copTasks: 130,
      avgProcessedKeys: 100,
      counted: 'digest',
    },
  ],
  warnings: ['statements_summary_history could not be read'],
};

test('server.activity round-trips through validation', () => {
  const run = sampleRun();
  run.server = { flavor: 'tidb', version: '8.5.1', host: '127.0.0.1', port: 4000, activity: ACTIVITY };
  const parsed = parseBenchmarkResult(JSON.stringify(run));
  assert.ok(parsed.ok, JSON.stringify(parsed));
  assert.deepEqual(parsed.result.kind === 'run' ? parsed.result.server?.activity : undefined, ACTIVITY);
});

test('a malformed activity is refused with the field named', () => {
  const run = sampleRun();
  const broken = { ...ACTIVITY, statements: [{ ...ACTIVITY.statements[0], execCount: 'many', planChanged: 'yes', counted: 'guessed' }] };
  run.server = { flavor: 'tidb', version: '8.5.1', activity: broken as unknown as ServerActivity };
  const parsed = parseBenchmarkResult(run);
  assert.equal(parsed.ok, false);
  const errors = parsed.ok ? [] : parsed.errors.join('\n');
  assert.match(String(errors), /server\.activity\.statements\[0\]\.execCount: expected a number/);
  assert.match(String(errors), /server\.activity\.statements\[0\]\.planChanged: expected true or false/);
  assert.match(String(errors), /server\.activity\.statements\[0\]\.counted/);
});
