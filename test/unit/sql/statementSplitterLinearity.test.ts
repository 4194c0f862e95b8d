// Statement splitting reads whatever SQL a user has open (a dump, a file of notes), so it grows
// linearly on the worst cases for it, through the shared harness (test/support/growth.ts). A file of
// comment lines was quadratic: every line start checked the statement so far from its start to see
// whether a DELIMITER directive may stand there (5,000 lines: 1.3 s; 40,000 lines: 79 s).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitStatements } from '../../../src/core/sql/statementSplitter';
import { assertLinearGrowth } from '../../support/growth';

/** A quadratic reader takes 64x as long on an 8x input; a linear one about 8x. */
const MAX_GROWTH_FOR_8X = 32;

const CASES: readonly [string, (size: number) => string, (size: number) => number][] = [
  [
    'comment lines before a statement',
    (size) => `${Array.from({ length: size }, (_, i) => `-- note ${i}`).join('\n')}\nSELECT 1;`,
    () => 1,
  ],
  ['block comments, one a line', (size) => `${Array.from({ length: size }, (_, i) => `/* note ${i} */`).join('\n')}\nSELECT 1;`, () => 1],
  ['# comments, then a DELIMITER', (size) => `${'# note\n'.repeat(size)}DELIMITER $$\nSELECT 1$$`, () => 1],
  ['many statements', (size) => 'SELECT 1;\n'.repeat(size), (size) => size],
  ['one statement over many lines', (size) => `INSERT INTO t VALUES\n${"(1, 'a'),\n".repeat(size)}(2, 'b');`, () => 1],
  ['an unterminated string', (size) => `SELECT 'a;\n${'x;\n'.repeat(size)}`, () => 1],
  ['an unterminated comment', (size) => `SELECT 1; /* ${'x;\n'.repeat(size)}`, () => 1],
];

for (const [name, build, statements] of CASES) {
  test(`statement splitting grows linearly on ${name}`, () => {
    const size = 4000;
    const small = build(size);
    const large = build(size * 8);
    assert.equal(splitStatements(small).length, statements(size));
    assert.equal(splitStatements(large).length, statements(size * 8));
    assertLinearGrowth({
      name,
      factor: 8,
      maxGrowth: MAX_GROWTH_FOR_8X,
      floorMs: 2,
      small: () => splitStatements(small),
      large: () => splitStatements(large),
    });
  });
}
