// Variants compared statement by statement: statements matched by digest, else by normalized text;
// an engine switch, another plan on the same engines, statements only one variant ran, and a
// variant without server statistics left out of the comparison.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ExperimentResult, ServerStatement } from '../../../src/core/results/benchmarkResult';
import { compareVariantStatements, normalizedStatementText, variantStatementSentences } from '../../../src/core/results/variantStatements';
import { experimentToMarkdown } from '../../../src/core/results/exportMarkdown';
import { sampleExperiment } from './support/sampleResults';

const statement = (digest: string, text: string, engines: string[], planDigests: string[]): ServerStatement => ({
  digest,
  text,
  execCount: 10,
  sumLatencyMs: 20,
  avgLatencyMs: 2,
  maxLatencyMs: 5,
  planDigests,
  engines,
});

function experiment(variants: Record<string, ServerStatement[] | undefined>): ExperimentResult {
  const names = Object.keys(variants);
  const result = sampleExperiment(
    names.map((variant) => ({ workload: 'oltp_read_only', threads: 16, variant, qps: 100, p95: 1 })),
    names,
  );
  for (const cell of result.cells) {
    const statements = variants[cell.variant];
    if (statements)
      cell.run.server = { flavor: 'tidb', version: '8.5.1', activity: { source: 'statements_summary', warnings: [], statements } };
  }
  return result;
}

const POINT = 'select c from sbtest1 where id = ?';
const RANGE = 'select c from sbtest1 where id between ? and ?';
const SUM = 'select sum(k) from sbtest1 where id between ? and ?';

describe('variants compared statement by statement', () => {
  test('an engine switch: "in \'with TiFlash\', the range SELECT ran on TiFlash (batchCop)"', () => {
    const result = experiment({
      'no replica': [statement('d1', POINT, ['TiDB', 'TiKV'], ['p1']), statement('d2', RANGE, ['TiDB', 'TiKV'], ['p2'])],
      'with TiFlash': [statement('d1', POINT, ['TiDB', 'TiKV'], ['p1']), statement('d2', RANGE, ['TiDB', 'TiFlash (batchCop)'], ['p3'])],
    });
    const comparison = compareVariantStatements(result);
    assert.equal(comparison.engineChanges.length, 1);
    assert.deepEqual(comparison.planDifferences, [], 'the engine switch already says the plan changed');
    assert.deepEqual(variantStatementSentences(comparison), [
      `oltp_read_only: in 'with TiFlash', "${RANGE}" ran on TiDB + TiFlash (batchCop), not TiDB + TiKV as in 'no replica'.`,
    ]);
  });

  test('another plan on the same engines: "plan changed"', () => {
    const result = experiment({
      before: [statement('d1', POINT, ['TiDB', 'TiKV'], ['p1']), statement('d3', SUM, ['TiDB', 'TiKV'], ['p4'])],
      after: [statement('d1', POINT, ['TiDB', 'TiKV'], ['p1']), statement('d3', SUM, ['TiDB', 'TiKV'], ['p5'])],
    });
    assert.deepEqual(variantStatementSentences(compareVariantStatements(result)), [
      `oltp_read_only: in 'after', "${SUM}" ran with another plan than in 'before' (plan changed; both on TiDB + TiKV).`,
    ]);
  });

  test('a plan digest the two variants share is the same plan, even when one variant also saw another', () => {
    const result = experiment({
      before: [statement('d3', SUM, ['TiDB', 'TiKV'], ['p4'])],
      after: [statement('d3', SUM, ['TiDB', 'TiKV'], ['p4', 'p5'])],
    });
    assert.deepEqual(compareVariantStatements(result).planDifferences, []);
  });

  test('statements only one variant ran, both ways', () => {
    const result = experiment({
      'no index': [statement('d1', POINT, ['TiDB', 'TiKV'], ['p1']), statement('d9', 'update sbtest1 set k=k+1 where id=?', [], [])],
      'with index': [statement('d1', POINT, ['TiDB', 'TiKV'], ['p1']), statement('d3', SUM, ['TiDB', 'TiKV'], ['p4'])],
    });
    const comparison = compareVariantStatements(result);
    assert.deepEqual(
      comparison.onlyInOneVariant.map((only) => [only.variant, only.other, only.label, only.statements.map((entry) => entry.digest)]),
      [
        ['with index', 'no index', 'range SELECTs', ['d3']],
        ['no index', 'with index', 'UPDATEs', ['d9']],
      ],
    );
    assert.deepEqual(variantStatementSentences(comparison), [
      `oltp_read_only: "${SUM}" ran only in 'with index', not in 'no index'.`,
      `oltp_read_only: "update sbtest1 set k=k+1 where id=?" ran only in 'no index', not in 'with index'.`,
    ]);
    // the Markdown export lists the same sentences
    assert.ok(experimentToMarkdown(result).includes(`- oltp_read_only: "${SUM}" ran only in 'with index', not in 'no index'.`));
  });

  test('digests that differ (another server version) still match by normalized text', () => {
    const result = experiment({
      'v7.5': [statement('old-digest', 'SELECT `c` FROM `sbtest1` WHERE `id` BETWEEN ? AND ?', ['TiDB', 'TiKV'], ['p1'])],
      'v8.5': [statement('new-digest', RANGE, ['TiDB', 'TiFlash (MPP)'], ['p9'])],
    });
    const comparison = compareVariantStatements(result);
    assert.deepEqual(comparison.onlyInOneVariant, []);
    assert.deepEqual(
      comparison.engineChanges.map((change) => [change.variant, change.engines, change.baselineEngines]),
      [['v8.5', ['TiDB', 'TiFlash (MPP)'], ['TiDB', 'TiKV']]],
    );
    assert.equal(normalizedStatementText('SELECT `c`  FROM sbtest1 WHERE id = ? ;'), 'select c from sbtest1 where id=?');
  });

  test('a variant without server statistics is not "no statements": it is left out', () => {
    const result = experiment({
      imported: undefined,
      measured: [statement('d1', POINT, ['TiDB', 'TiKV'], ['p1'])],
      again: [statement('d1', POINT, ['TiDB', 'TiKV'], ['p1'])],
    });
    assert.deepEqual(variantStatementSentences(compareVariantStatements(result)), []);
  });
});
