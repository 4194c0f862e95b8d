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
    assert.deepEqual(targets.map((target) => target.kind), ['select', 'dml', 'dml']);
    assert.equal(SQL.slice(targets[0].codeStart, targets[0].end), "SELECT ';' AS semicolon, `a;b` FROM t /* ; */ WHERE x = 1");
    assert.ok(targets[0].text.startsWith('-- the weekday trips'), 'the statement keeps its leading comment');
    assert.equal(SQL.slice(targets[1].codeStart, targets[1].end), "UPDATE t SET x = 2 WHERE note = 'a//b'");
    assert.equal(SQL.slice(targets[2].codeStart, targets[2].end), 'INSERT INTO t VALUES (1)');
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
    assert.deepEqual(explainRequest(update, 'analyze', 'tidb'), { sql: 'EXPLAIN ANALYZE UPDATE t SET x = 1', executes: true, changesData: true });
    assert.deepEqual(explainRequest(update, 'explain', 'tidb'), { sql: 'EXPLAIN UPDATE t SET x = 1', executes: false, changesData: false });
    assert.deepEqual(explainRequest(update, 'analyze', 'mariadb'), { sql: 'ANALYZE UPDATE t SET x = 1', executes: true, changesData: true });
    assert.deepEqual(explainRequest(select, 'analyze', 'mysql'), { sql: 'EXPLAIN ANALYZE SELECT 1', executes: true, changesData: false });
  });

  it('runs an EXPLAIN the user wrote as written, and knows when it changes data', () => {
    assert.deepEqual(explainRequest({ text: 'EXPLAIN ANALYZE DELETE FROM t', kind: 'explain' }, 'explain', 'tidb'), { sql: 'EXPLAIN ANALYZE DELETE FROM t', executes: true, changesData: true });
    assert.deepEqual(explainRequest({ text: "explain analyze format='brief' delete from t", kind: 'explain' }, 'analyze', 'tidb').changesData, true);
    assert.deepEqual(explainRequest({ text: 'EXPLAIN FORMAT = "dot" SELECT 1', kind: 'explain' }, 'analyze', 'tidb'), { sql: 'EXPLAIN FORMAT = "dot" SELECT 1', executes: false, changesData: false });
  });
});
