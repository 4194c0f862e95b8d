// The results grid's texts, now sent by the host (resultGridStrings): in English they read as the
// page used to spell them, their `{0}`… kept for the page to fill, none empty.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resultGridStrings } from '../../../src/extension/statementRun/resultGridStrings';
import { fill } from '../../../webview/shared/template';

const strings = resultGridStrings((message, ...args) => fill(message, ...args));

test('every text is there, and the templates keep their placeholders for the page', () => {
  for (const [name, text] of Object.entries(strings)) assert.notEqual(text, '', name);
  assert.equal(strings.rowsAffected, '{0} rows affected');
  assert.equal(strings.sortTitle, '{0} ({1}) — click to sort');
  assert.equal(strings.showingFirst, 'Showing the first {0} of {1}. The row limit is the setting {2} ({3}).');
});

test('filled, the texts read as the page wrote them before', () => {
  assert.equal(
    fill(strings.showingFirst, '1,000', fill(strings.moreThan, fill(strings.rows, '1,000,000')), 'tidbLab.results.rowLimit', '1,000'),
    'Showing the first 1,000 of more than 1,000,000 rows (counting stopped). The row limit is the setting tidbLab.results.rowLimit (1,000).',
  );
  assert.equal(fill(strings.copiedCells, '6'), 'Copied 6 cells.');
  assert.equal(fill(strings.warnings, '2'), '2 warnings (SHOW WARNINGS)');
  assert.equal(strings.warningsOne, '1 warning (SHOW WARNINGS)');
  assert.equal(fill(strings.errorNumber, '1146'), 'Error 1146');
  assert.equal(fill(strings.lastInsertId, '42'), 'last insert id 42');
});
