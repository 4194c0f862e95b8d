// Two statements on one line got two identical rows of Run | Explain | Explain Analyze (issue 29):
// there each CodeLens names the statement it runs; a statement alone on its line keeps "Run".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lensLabels, lensTitle, statementStart } from '../../../src/extension/plans/codeLensTitles';
import { explainTargets } from '../../../src/extension/plans/explainStatements';

function titles(source: string, verb: string): string[] {
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length - 1;
  const targets = explainTargets(source);
  return lensLabels(targets, lineOf).map((label) => lensTitle(verb, label));
}

test('two statements on one line: each Run names its statement', () => {
  assert.deepEqual(titles('SELECT 1; SELECT 2 AS b;\n', 'Run'), ['Run: SELECT 1', 'Run: SELECT 2 AS b']);
  assert.deepEqual(titles('SELECT 1; SELECT 2;', 'Explain Analyze'), ['Explain Analyze: SELECT 1', 'Explain Analyze: SELECT 2']);
});

test('a statement alone on its line keeps the plain title, also beside a shared line', () => {
  assert.deepEqual(titles('SELECT 1;\nSELECT 2; SELECT 3;\nSELECT 4;\n', 'Run'), ['Run', 'Run: SELECT 2', 'Run: SELECT 3', 'Run']);
});

test('a long or multi-line statement is cut with an ellipsis', () => {
  assert.equal(statementStart('SELECT a, b, c, d, e, f FROM some_long_table'), 'SELECT a, b, c, d, e, f…');
  assert.equal(statementStart('SELECT *\nFROM t'), 'SELECT *…');
  const [, second] = titles('SELECT 1; SELECT k,\n  c FROM t;', 'Run');
  assert.equal(second, 'Run: SELECT k,…');
});
