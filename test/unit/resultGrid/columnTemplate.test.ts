import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { columnTemplate } from '../../../webview/resultGrid/columnTemplate';

const columns = [
  { name: 'id', type: 'LONGLONG', numeric: true },
  { name: 'name', type: 'VAR_STRING', numeric: false },
];

test('a long value far down the rows widens its column, so sorting never brings a cut value into view', () => {
  const rows = Array.from({ length: 1_000 }, (_, index) => [String(index + 1), index === 900 ? 'item 900 with a longer name' : 'item']);
  const [, , name] = columnTemplate(columns, rows).split(' ');
  assert.equal(name, '29ch');
});

test('widths stay within bounds, NULL counts as its four letters, the row numbers fit the row count', () => {
  const rows = [
    ['1', null],
    ['2', 'x'.repeat(500)],
  ];
  assert.equal(columnTemplate(columns, rows), '5ch 6ch 50ch');
  assert.equal(columnTemplate(columns, [['1', null]]).split(' ')[2], '8ch');
});
