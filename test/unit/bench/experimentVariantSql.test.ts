// Variant SQL names the experiment's own database and tables, whatever characters the database name has.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { expandVariantSql } from '../../../src/core/bench/experiments/experimentVariant';

const HOSTILE_NAMES = [
  'app$$prod',
  'a$&b',
  'a$`b',
  "a$'b",
  'a$1b',
  "app$$prod`x'",
  'q"u\'o`t\\e',
  'x{table}y',
  'x{qualifiedTable}y',
  'x{schema}y',
];

const quoted = (name: string): string => '`' + name.split('`').join('``') + '`';

describe('variant SQL placeholders with hostile database names', () => {
  for (const name of HOSTILE_NAMES) {
    test(`${name}: {schema}, {table} and {qualifiedTable} insert the name exactly as quoted`, () => {
      assert.deepEqual(expandVariantSql('CREATE TABLE {schema}.marker (id INT)', name, [1, 2]), [
        `CREATE TABLE ${quoted(name)}.marker (id INT)`,
      ]);
      assert.deepEqual(expandVariantSql('ALTER TABLE {qualifiedTable} COMMENT {schema}', name, [1, 2]), [
        `ALTER TABLE ${quoted(name)}.\`sbtest1\` COMMENT ${quoted(name)}`,
        `ALTER TABLE ${quoted(name)}.\`sbtest2\` COMMENT ${quoted(name)}`,
      ]);
      assert.deepEqual(expandVariantSql('USE {schema}; ANALYZE TABLE {table}', name, [3]), [
        `USE ${quoted(name)}; ANALYZE TABLE \`sbtest3\``,
      ]);
    });
  }

  test('a placeholder-looking text in the name is not expanded a second time', () => {
    assert.deepEqual(expandVariantSql('SELECT 1 FROM {schema}.t', 'x{table}y', [1, 2]), ['SELECT 1 FROM `x{table}y`.t']);
  });

  test('SQL without placeholders is run once, untouched', () => {
    assert.deepEqual(expandVariantSql("SET GLOBAL x = '$&$$'", 'a$&b', [1, 2]), ["SET GLOBAL x = '$&$$'"]);
  });
});
