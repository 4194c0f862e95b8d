// Plan text is user text: a task like `cop[constructor]` or a column named `toString` must read as
// unknown, never as one of Object.prototype's members found through a lookup table.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePlanText } from '../../../src/core/plan';
import { fieldForColumn, looksLikePlanHeader } from '../../../src/core/plan/planColumns';
import { placeTask } from '../../../src/core/plan/planTask';

const BUILT_IN_NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', '__defineGetter__', 'isPrototypeOf'];

test('a task naming a built-in property has no engine', () => {
  for (const name of BUILT_IN_NAMES.filter((candidate) => /^\w+$/.test(candidate))) {
    assert.equal(placeTask(`cop[${name}]`), null, name);
    assert.equal(placeTask(`mpp[${name}]`), null, name);
  }
  assert.deepEqual(placeTask('cop[TiKV]'), { engine: 'TiKV', taskKind: 'cop' });
});

test('a column naming a built-in property is not a plan field', () => {
  for (const name of BUILT_IN_NAMES) assert.equal(fieldForColumn(name), null, name);
  assert.equal(looksLikePlanHeader(['id', 'constructor', 'toString', 'valueOf']), false);
  assert.equal(fieldForColumn('execution info'), 'executionInfo');
});

test('a plan with such a task and column parses with the task unplaced and the column kept aside', () => {
  const text = ['id\testRows\ttask\tconstructor', 'TableReader_5\t10.00\tcop[constructor]\tx'].join('\n');
  const plan = parsePlanText(text);
  const node = plan.roots[0];
  assert.equal(node?.id, 'TableReader_5');
  assert.equal(node?.engine, null);
  assert.equal(typeof node?.task, 'string');
});
