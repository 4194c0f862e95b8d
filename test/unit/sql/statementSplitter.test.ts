import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitStatements, statementAt } from '../../../src/core/sql/statementSplitter';
import { isExplainable, statementKind } from '../../../src/core/sql/statementKind';

const texts = (sql: string) => splitStatements(sql).map((s) => s.text);

test('splits on semicolons and keeps offsets that point at the statement', () => {
  const sql = 'SELECT 1;\n  SELECT 2 ;\nSELECT 3';
  const statements = splitStatements(sql);
  assert.deepEqual(
    statements.map((s) => s.text),
    ['SELECT 1', 'SELECT 2', 'SELECT 3'],
  );
  for (const statement of statements) assert.equal(sql.slice(statement.start, statement.end), statement.text);
});

test('semicolons inside strings, backticks and comments do not split', () => {
  const sql = [
    'SELECT \';\' AS a, "x;y" AS b, `we;ird` FROM t; -- trailing; comment',
    "SELECT 'it''s; fine', 'back\\';slash';",
    '/* block; comment */ SELECT 2;',
    '# hash; comment',
    'SELECT 3',
  ].join('\n');
  assert.deepEqual(texts(sql), [
    'SELECT \';\' AS a, "x;y" AS b, `we;ird` FROM t',
    "-- trailing; comment\nSELECT 'it''s; fine', 'back\\';slash'",
    '/* block; comment */ SELECT 2',
    '# hash; comment\nSELECT 3',
  ]);
});

test('a double dash without a following space is an operator, not a comment', () => {
  assert.deepEqual(texts('SELECT 5--1; SELECT 2'), ['SELECT 5--1', 'SELECT 2']);
});

test('DELIMITER changes the delimiter until changed back', () => {
  const sql = ['DELIMITER $$', 'CREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END$$', 'DELIMITER ;', 'CALL p();'].join('\n');
  assert.deepEqual(texts(sql), ['CREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END', 'CALL p()']);
});

test('comment-only and empty pieces are not statements', () => {
  assert.deepEqual(texts('-- just a note\n;;  ;'), []);
  assert.deepEqual(texts(''), []);
});

test('the statement under the cursor, or the one just before it', () => {
  const sql = 'SELECT 1;\n\nSELECT 2;';
  const statements = splitStatements(sql);
  assert.equal(statementAt(statements, 3)?.text, 'SELECT 1');
  assert.equal(statementAt(statements, 9)?.text, 'SELECT 1');
  assert.equal(statementAt(statements, sql.length)?.text, 'SELECT 2');
});

test('statement kinds: reads, DML (also behind WITH and comments), explain, others', () => {
  assert.equal(statementKind('select * from t'), 'select');
  assert.equal(statementKind('/* hint */ -- x\n UPDATE t SET a=1'), 'dml');
  assert.equal(statementKind('WITH c AS (SELECT 1) DELETE FROM t WHERE id IN (SELECT * FROM c)'), 'dml');
  assert.equal(statementKind('WITH c AS (SELECT 1) SELECT * FROM c'), 'select');
  assert.equal(statementKind('explain analyze select 1'), 'explain');
  assert.equal(statementKind('REPLACE INTO t VALUES (1)'), 'dml');
  assert.equal(statementKind('CREATE TABLE t (a int)'), 'other');
  assert.equal(isExplainable('(SELECT 1) UNION (SELECT 2)'), true);
  assert.equal(isExplainable('DROP TABLE t'), false);
});
