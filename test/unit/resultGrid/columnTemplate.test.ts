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
  assert.equal(name, '30ch');
});

test('widths stay within bounds, NULL counts as its four letters, the row numbers fit the row count', () => {
  const rows = [
    ['1', null],
    ['2', 'x'.repeat(500)],
  ];
  assert.equal(columnTemplate(columns, rows), '6ch 7ch 51ch');
  assert.equal(columnTemplate(columns, [['1', null]]).split(' ')[2], '9ch');
});

test('a number is never cut: its column is as wide as its longest value, while a long text column is capped', () => {
  const wide = [
    { name: 'k', type: 'LONGLONG', numeric: true },
    { name: 'pad', type: 'VAR_STRING', numeric: false },
    { name: 'total', type: 'NEWDECIMAL', numeric: true },
  ];
  const total = '1234567890123456789012345678901234567890123456789012345.123456789';
  const rows = [['503711', 'x'.repeat(300), total]];
  const [, k, pad, sum] = columnTemplate(wide, rows).split(' ');
  // each track: the value, 1ch padding each side (main.css), 1ch for the border
  assert.equal(k, `${'503711'.length + 3}ch`);
  assert.equal(pad, '51ch');
  assert.equal(sum, `${total.length + 3}ch`);
});

test("the grid's cell padding is 1ch each side, as the widths count it", async () => {
  const { readFileSync } = await import('node:fs');
  const { resolve } = await import('node:path');
  const css = readFileSync(resolve(__dirname, '..', '..', '..', '..', 'webview', 'resultGrid', 'main.css'), 'utf8');
  const cell = /\n\.grid-cell \{([^}]*)\}/.exec(css)?.[1] ?? '';
  assert.match(cell, /padding: 0 1ch;/);
  assert.doesNotMatch(/\n\.grid-header \{([^}]*)\}/.exec(css)?.[1] ?? '', /font-family/, "the header row's ch must be the body rows'");
});
