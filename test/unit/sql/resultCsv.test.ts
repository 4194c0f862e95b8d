import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csvField } from '../../../src/core/csvWriter';
import { csvField as benchmarkCsvField } from '../../../src/core/results/exportCsv';
import { resultCsv } from '../../../src/core/sql/resultCsv';
import type { ResultColumn } from '../../../src/core/sql/resultModel';

const columns: ResultColumn[] = [
  { name: 'id', type: 'LONGLONG', numeric: true },
  { name: 'price', type: 'NEWDECIMAL', numeric: true },
  { name: 'note, "quoted"', type: 'VAR_STRING', numeric: false },
];

test('numbers are written as the server sent them, header names and fields quoted when they must be, CRLF line ends', () => {
  const csv = resultCsv(columns, [
    ['9007199254740993', '10.50', 'plain'],
    ['2', '-0.000', 'a, b'],
    ['3', '1e+20', 'say "hi"'],
    ['4', '5', 'two\nlines'],
    ['5', '6', ' padded '],
  ]);
  assert.equal(
    csv,
    [
      'id,price,"note, ""quoted"""',
      '9007199254740993,10.50,plain',
      '2,-0.000,"a, b"',
      '3,1e+20,"say ""hi"""',
      '4,5,"two\nlines"',
      '5,6," padded "',
      '',
    ].join('\r\n'),
  );
});

test('NULL is an empty field and an empty string is "", so the two stay apart; the string NULL stays a string', () => {
  const csv = resultCsv(columns, [
    ['1', null, ''],
    ['2', '3', 'NULL'],
  ]);
  assert.equal(csv, 'id,price,"note, ""quoted"""\r\n1,,""\r\n2,3,NULL\r\n');
});

test('a result without rows is its header line', () => {
  assert.equal(resultCsv(columns.slice(0, 1), []), 'id\r\n');
});

test("the grid's export guards against spreadsheet formulas as the benchmark export does (one writer); numbers stay as sent", () => {
  const csv = resultCsv(columns, [
    ['-1', '-0.000', '=HYPERLINK("http://x","y")'],
    ['2', '3', '+1'],
    ['3', '4', '-3.5'],
    ['4', '5', '@cmd'],
    ['5', '6', 'a=b'],
  ]);
  assert.equal(
    csv,
    [
      'id,price,"note, ""quoted"""',
      '-1,-0.000,"\'=HYPERLINK(""http://x"",""y"")"',
      "2,3,'+1",
      "3,4,'-3.5",
      "4,5,'@cmd",
      '5,6,a=b',
      '',
    ].join('\r\n'),
  );
  assert.equal(csvField('=SUM(A1)'), benchmarkCsvField('=SUM(A1)'), 'the grid and the benchmarks write a field alike');
});
