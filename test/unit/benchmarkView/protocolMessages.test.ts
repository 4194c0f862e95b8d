// The results panel's protocol helpers: what comes back from webview state is checked, and the
// host's localized templates are filled in by the webview.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatString, isExportFormat, isPanelTarget } from '../../../src/protocol/benchmarkResults';

describe('benchmark results protocol', () => {
  test('panel targets from webview state are accepted only in their known shapes', () => {
    assert.equal(isPanelTarget({ kind: 'result', resultId: 'a' }), true);
    assert.equal(isPanelTarget({ kind: 'cell', resultId: 'a', cellIndex: 3 }), true);
    assert.equal(isPanelTarget({ kind: 'comparison', resultIds: ['a', 'b#2'] }), true);
    assert.equal(isPanelTarget({ kind: 'live', runKey: 'k' }), true);
    assert.equal(isPanelTarget({ kind: 'cell', resultId: 'a', cellIndex: -1 }), false);
    assert.equal(isPanelTarget({ kind: 'cell', resultId: 'a', cellIndex: 1.5 }), false);
    assert.equal(isPanelTarget({ kind: 'comparison', resultIds: [] }), false);
    assert.equal(isPanelTarget({ kind: 'comparison', resultIds: ['a', 3] }), false);
    assert.equal(isPanelTarget({ kind: 'file', path: '/etc/passwd' }), false);
    assert.equal(isPanelTarget(null), false);
    assert.equal(isPanelTarget('result'), false);
  });

  test('export formats', () => {
    assert.equal(isExportFormat('csv'), true);
    assert.equal(isExportFormat('markdown'), true);
    assert.equal(isExportFormat('json'), true);
    assert.equal(isExportFormat('xlsx'), false);
  });

  test('templates fill {n} placeholders and keep unknown ones', () => {
    assert.equal(formatString('{0} of {1}', '0:41', '2:00'), '0:41 of 2:00');
    assert.equal(formatString('run {0} of {1}: {2}', 2, 5, 'default'), 'run 2 of 5: default');
    assert.equal(formatString('{0} and {3}', 'a'), 'a and {3}');
  });
});
