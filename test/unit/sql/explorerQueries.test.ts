import { test } from 'node:test';
import assert from 'node:assert/strict';
import { selectTopRowsSql, useDatabaseSql } from '../../../src/core/sql/explorerQueries';

test('Select Top 1000 Rows quotes the database and the table', () => {
  assert.equal(selectTopRowsSql('shop', 'orders'), 'SELECT * FROM `shop`.`orders` LIMIT 1000;');
  assert.equal(selectTopRowsSql('my db', 'we`ird'), 'SELECT * FROM `my db`.`we``ird` LIMIT 1000;');
});

test("New Query's USE quotes the database", () => {
  assert.equal(useDatabaseSql('a`b'), 'USE `a``b`');
});
