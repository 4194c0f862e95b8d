import { test } from 'node:test';
import assert from 'node:assert/strict';
import { quoteIdentifier, quoteQualifiedName, quoteStringLiteral } from '../../../src/core/db/sqlIdentifiers';

test('plain, reserved, spaced and unicode identifiers are wrapped in backticks', () => {
  assert.equal(quoteIdentifier('sbtest1'), '`sbtest1`');
  assert.equal(quoteIdentifier('select'), '`select`');
  assert.equal(quoteIdentifier('order items'), '`order items`');
  assert.equal(quoteIdentifier('表格'), '`表格`');
});

test('embedded backticks are doubled so the name cannot end the quote', () => {
  assert.equal(quoteIdentifier('a`b'), '`a``b`');
  assert.equal(quoteIdentifier('`; DROP TABLE t; --'), '```; DROP TABLE t; --`');
});

test('empty names and NUL characters are refused', () => {
  assert.throws(() => quoteIdentifier(''), /cannot be empty/);
  assert.throws(() => quoteIdentifier('a\u0000b'), /NUL/);
});

test('qualified names quote both parts', () => {
  assert.equal(quoteQualifiedName('my db', 't`1'), '`my db`.`t``1`');
});

test('string literals escape quotes and backslashes', () => {
  assert.equal(quoteStringLiteral("zone's"), "'zone''s'");
  assert.equal(quoteStringLiteral('a\\b'), "'a\\\\b'");
});
