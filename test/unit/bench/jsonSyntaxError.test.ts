import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { findJsonSyntaxError } from '../../../src/core/bench/experiments/jsonSyntaxError';
import { seededRandom } from '../../support/seededRandom';

describe('JSON syntax errors', () => {
  test('valid JSON has none, whatever JSON.parse accepts', () => {
    for (const text of ['{}', '[]', ' {"a": [1, -2.5e3, true, false, null, "x\\"\\u00e9\\n"]} ', '"s"', '0', '\ufeff{"bom": 1}']) {
      assert.equal(findJsonSyntaxError(text), undefined, text);
    }
  });

  test('the line, column and what was expected', () => {
    assert.deepEqual(findJsonSyntaxError('{\n  "a": 1\n  "b": 2\n}'), {
      offset: 13,
      line: 3,
      column: 3,
      message: "expected ',' or '}' after a value, found '\"'",
    });
    assert.deepEqual(findJsonSyntaxError('{"a": [1, 2,]}'), {
      offset: 12,
      line: 1,
      column: 13,
      message: "expected another value after the comma (a trailing comma is not JSON), found ']'",
    });
    assert.equal(
      findJsonSyntaxError('{"a": 1,}')?.message,
      "expected another member after the comma (a trailing comma is not JSON), found '}'",
    );
    assert.equal(findJsonSyntaxError('{"a": tru}')?.message, "expected a value, found 't'");
    assert.equal(findJsonSyntaxError('{"a": "open\n"}')?.message, 'a string is not closed before the end of the line');
    assert.equal(findJsonSyntaxError('{"a": 1} x')?.message, "expected the end of the text after the value, found 'x'");
    assert.equal(findJsonSyntaxError('{"a": ')?.message, 'expected a value, found the end of the text');
    assert.equal(findJsonSyntaxError('{a: 1}')?.message, "expected a member name in double quotes, found 'a'");
    assert.equal(findJsonSyntaxError('{"a": 01}')?.message, "expected ',' or '}' after a value, found '1'");
    assert.equal(findJsonSyntaxError('\r\n{\r\n "a" 1}')?.line, 3);
  });

  test('agrees with JSON.parse on what is JSON (random edits of a definition)', () => {
    const random = seededRandom(7);
    const base = '{"name": "x", "workloads": ["oltp_point_select"], "threads": [8, 16], "options": {"time": 60, "rand_type": "uniform"}}';
    const pieces = ['{', '}', '[', ']', ',', ':', '"', ' ', '1', '-', 'e', '.', 'n', '\\', '\n'];
    for (let i = 0; i < 3000; i++) {
      let text = base;
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
        const at = Math.floor(random() * (text.length + 1));
        text =
          random() < 0.5
            ? text.slice(0, at) + pieces[Math.floor(random() * pieces.length)] + text.slice(at)
            : text.slice(0, at) + text.slice(at + 1);
      }
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      assert.equal(findJsonSyntaxError(text) === undefined, parses, JSON.stringify(text));
    }
  });
});
