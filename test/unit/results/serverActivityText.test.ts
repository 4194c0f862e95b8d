import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ExperimentResult, ServerStatement } from '../../../src/core/results/benchmarkResult';
import { experimentToMarkdown, serverActivityToMarkdown } from '../../../src/core/results/exportMarkdown';
import { serverActivityLines } from '../../../src/core/results/serverActivityText';
import { compareVariantStatements, variantStatementSentences } from '../../../src/core/results/variantStatements';
import { sampleExperiment } from './support/sampleResults';

const statement = (text: string, engines: string[], extra: Partial<ServerStatement> = {}): ServerStatement => ({
  digest: text,
  text,
  execCount: 100,
  sumLatencyMs: 200,
  avgLatencyMs: 2,
  maxLatencyMs: 7,
  planDigests: ['p'],
  engines,
  ...extra,
});

const RANGES = [
  'select c from sbtest1 where id between ? and ?',
  'select c from sbtest1 where id between ? and ? order by c',
  'select distinct c from sbtest1 where id between ? and ? order by c',
];

function tiflashStudy(): ExperimentResult {
  const result = sampleExperiment([
    { workload: 'oltp_read_only', threads: 16, variant: 'no replica', qps: 7163, p95: 51 },
    { workload: 'oltp_read_only', threads: 16, variant: 'TiFlash replica', qps: 2504, p95: 137 },
  ]);
  result.variants = ['no replica', 'TiFlash replica'];
  const [without, withReplica] = result.cells;
  without.run.server = {
    flavor: 'tidb',
    version: '8.5.1',
    activity: {
      source: 'information_schema.cluster_statements_summary',
      warnings: [],
      statements: [
        statement('select c from sbtest1 where id = ?', ['TiDB', 'TiKV']),
        ...RANGES.map((text) => statement(text, ['TiDB', 'TiKV'])),
      ],
    },
  };
  withReplica.run.server = {
    flavor: 'tidb',
    version: '8.5.1',
    activity: {
      source: 'information_schema.cluster_statements_summary',
      warnings: [],
      statements: [
        statement('select c from sbtest1 where id = ?', ['TiDB', 'TiKV']),
        ...RANGES.map((text) => statement(text, ['TiDB', 'TiFlash (batchCop)'])),
        statement('select sum(k) from sbtest1 where id between ? and ?', ['TiDB', 'TiKV', 'TiFlash (MPP)'], {
          planChanged: true,
          planDigests: ['a', 'b'],
        }),
      ],
    },
  };
  return result;
}

test('variants compared statement by statement: the range SELECTs that moved to TiFlash, a plan change', () => {
  const sentences = variantStatementSentences(compareVariantStatements(tiflashStudy()));
  assert.deepEqual(sentences, [
    "oltp_read_only: in 'TiFlash replica', the range SELECTs (3 statements) ran on TiDB + TiFlash (batchCop), not TiDB + TiKV as in 'no replica'.",
    "oltp_read_only: \"select sum(k) from sbtest1 where id between ? and ?\" ran only in 'TiFlash replica', not in 'no replica'.",
    'oltp_read_only, \'TiFlash replica\', 16 threads: "select sum(k) from sbtest1 where id between ? and ?" changed plan during the run (2 plan digests).',
  ]);
  assert.match(
    experimentToMarkdown(tiflashStudy()),
    /\*\*Server: statements by variant\*\*\n\n- oltp_read_only: in 'TiFlash replica', the range SELECTs/,
  );
});

test('CLI lines and Markdown of one run: statements by server time with engines and plan changes, warnings', () => {
  const activity = tiflashStudy().cells[1].run.server?.activity;
  const lines = serverActivityLines(activity, 2);
  assert.match(lines[0], /^Server statements \(information_schema\.cluster_statements_summary\), by server time:/);
  assert.match(lines[2], /^\s+100\s+2\.00\s+7\.00\s+\[TiDB \+ TiKV\] select c from sbtest1 where id = \?$/);
  assert.match(lines[4], /and 3 more statements/);
  assert.deepEqual(serverActivityLines({ source: 'none', statements: [], warnings: ['performance_schema is off'] }), [
    'Server: performance_schema is off',
  ]);
  const markdown = serverActivityToMarkdown(activity);
  assert.match(
    markdown,
    /\| `select sum\(k\) from sbtest1 where id between \? and \?` \| 100 \| 2\.00 \| 7\.00 \| 200 \| TiDB \+ TiKV \+ TiFlash \(MPP\) \| changed \(2 plans\) \|/,
  );
});
