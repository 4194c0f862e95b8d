import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { explainableTargets, explainRequest, targetAt } from '../../../src/extension/plans/explainStatements';

const SQL = `-- the weekday trips
SELECT ';' AS semicolon, \`a;b\` FROM t /* ; */ WHERE x = 1;
CREATE TABLE u (id INT);
DELIMITER //
UPDATE t SET x = 2 WHERE note = 'a//b'//
DELIMITER ;
# a comment
INSERT INTO t VALUES (1);
`;

describe('explainable statements of a SQL file', () => {
  it('finds SELECT and DML statements with strings, comments, backticks and DELIMITER respected', () => {
    const targets = explainableTargets(SQL);
    assert.deepEqual(
      targets.map((target) => target.kind),
      ['select', 'dml', 'dml'],
    );
    assert.equal(SQL.slice(targets[0].codeStart, targets[0].end), "SELECT ';' AS semicolon, `a;b` FROM t /* ; */ WHERE x = 1");
    assert.equal(
      targets[0].text,
      "SELECT ';' AS semicolon, `a;b` FROM t /* ; */ WHERE x = 1",
      'the comment above is not part of the statement',
    );
    assert.equal(targets[0].start, targets[0].codeStart);
    assert.equal(targets[2].text, 'INSERT INTO t VALUES (1)', 'nor a # comment');
    assert.equal(SQL.slice(targets[1].codeStart, targets[1].end), "UPDATE t SET x = 2 WHERE note = 'a//b'");
    assert.equal(SQL.slice(targets[2].codeStart, targets[2].end), 'INSERT INTO t VALUES (1)');
  });

  it('gives the last statement of a file without a final delimiter its lenses, trailing comment or not', () => {
    for (const source of [
      'SELECT 1;\nSELECT 2',
      'SELECT 1;\nSELECT 2\n',
      'SELECT 1;\r\nSELECT 2\r\n',
      'SELECT 1;\n-- the last one\nSELECT 2 -- done\n',
      'DELIMITER //\nSELECT 1//\nDELIMITER ;\nSELECT 2',
    ]) {
      const targets = explainableTargets(source);
      assert.equal(targets.length, 2, JSON.stringify(source));
      assert.match(targets[1].text, /^SELECT 2/, JSON.stringify(source));
    }
  });

  it('a cursor on the comment above a statement means that statement; the comment is not sent', () => {
    const source = 'SELECT 1;\n-- count the trips\nSELECT COUNT(*) FROM trips';
    const target = targetAt(source, source.indexOf('count the'), source.indexOf('count the'));
    assert.equal(target?.text, 'SELECT COUNT(*) FROM trips');
    assert.equal(target && explainRequest(target, 'explain', 'tidb').sql, 'EXPLAIN SELECT COUNT(*) FROM trips');
  });

  it('takes the statement under the cursor, or the first statement of a selection', () => {
    assert.equal(targetAt(SQL, SQL.indexOf('WHERE x'), SQL.indexOf('WHERE x'))?.kind, 'select');
    assert.equal(targetAt(SQL, SQL.indexOf('CREATE'), SQL.indexOf('CREATE'))?.kind, 'other');
    const start = SQL.indexOf('INSERT');
    const selected = targetAt(SQL, start, start + 'INSERT INTO t VALUES (1)'.length);
    assert.equal(selected?.start, start);
    assert.equal(selected?.text, 'INSERT INTO t VALUES (1)');
  });

  it('builds the EXPLAIN each server takes and says when it runs the statement or changes data', () => {
    const select = { text: '/* report */ SELECT 1', kind: 'select' as const };
    const update = { text: 'UPDATE t SET x = 1', kind: 'dml' as const };
    assert.deepEqual(explainRequest(select, 'explain', 'tidb'), { sql: 'EXPLAIN SELECT 1', executes: false, changesData: false });
    assert.deepEqual(explainRequest(select, 'analyze', 'tidb'), { sql: 'EXPLAIN ANALYZE SELECT 1', executes: true, changesData: false });
    assert.deepEqual(explainRequest(update, 'analyze', 'tidb'), {
      sql: 'EXPLAIN ANALYZE UPDATE t SET x = 1',
      executes: true,
      changesData: true,
    });
    assert.deepEqual(explainRequest(update, 'explain', 'tidb'), { sql: 'EXPLAIN UPDATE t SET x = 1', executes: false, changesData: false });
    assert.deepEqual(explainRequest(update, 'analyze', 'mariadb'), {
      sql: 'ANALYZE UPDATE t SET x = 1',
      executes: true,
      changesData: true,
    });
    assert.deepEqual(explainRequest(select, 'analyze', 'mysql'), { sql: 'EXPLAIN ANALYZE SELECT 1', executes: true, changesData: false });
  });

  it('runs an EXPLAIN the user wrote as written, and knows when it changes data', () => {
    assert.deepEqual(explainRequest({ text: 'EXPLAIN ANALYZE DELETE FROM t', kind: 'explain' }, 'explain', 'tidb'), {
      sql: 'EXPLAIN ANALYZE DELETE FROM t',
      executes: true,
      changesData: true,
    });
    assert.deepEqual(
      explainRequest({ text: "explain analyze format='brief' delete from t", kind: 'explain' }, 'analyze', 'tidb').changesData,
      true,
    );
    assert.deepEqual(explainRequest({ text: 'EXPLAIN FORMAT = "dot" SELECT 1', kind: 'explain' }, 'analyze', 'tidb'), {
      sql: 'EXPLAIN FORMAT = "dot" SELECT 1',
      executes: false,
      changesData: false,
    });
  });
});
