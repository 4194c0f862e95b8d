import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runKind, runNeedsConfirmation } from '../../../src/core/sql/runKind';

test('reads run without asking: SELECT, WITH ... SELECT, SHOW, DESCRIBE, EXPLAIN, EXPLAIN ANALYZE SELECT, TABLE, VALUES', () => {
  for (const sql of [
    'SELECT * FROM t',
    '  -- a note\nselect 1',
    '(SELECT 1) UNION (SELECT 2)',
    'WITH x AS (SELECT 1) SELECT * FROM x',
    'SHOW TABLES',
    'DESC t',
    'DESCRIBE t',
    'EXPLAIN SELECT * FROM t',
    'EXPLAIN ANALYZE SELECT * FROM t',
    'EXPLAIN FORMAT = "brief" DELETE FROM t',
    'ANALYZE SELECT * FROM t',
    'TABLE t',
    'VALUES ROW(1)',
    "SELECT 'INTO OUTFILE' AS x",
  ]) {
    assert.equal(runKind(sql), 'read', sql);
    assert.equal(runNeedsConfirmation(runKind(sql)), false, sql);
  }
});

test('DML asks first, also inside WITH, EXPLAIN ANALYZE and MariaDB ANALYZE', () => {
  for (const sql of [
    'INSERT INTO t VALUES (1)',
    'update t set a = 1',
    '/* why */ DELETE FROM t',
    'REPLACE INTO t VALUES (1)',
    "LOAD DATA INFILE 'x' INTO TABLE t",
    'WITH x AS (SELECT 1) UPDATE t, x SET t.a = 1',
    'EXPLAIN ANALYZE DELETE FROM t',
    'EXPLAIN ANALYZE FORMAT = "brief" UPDATE t SET a = 1',
    'ANALYZE UPDATE t SET a = 1',
  ]) {
    assert.equal(runKind(sql), 'dml', sql);
    assert.equal(runNeedsConfirmation(runKind(sql)), true, sql);
  }
});

test('DDL and everything else ask first', () => {
  for (const sql of ['CREATE TABLE t (a INT)', 'ALTER TABLE t ADD COLUMN b INT', 'DROP TABLE t', 'TRUNCATE TABLE t', 'RENAME TABLE a TO b'])
    assert.equal(runKind(sql), 'ddl', sql);
  for (const sql of [
    'SET GLOBAL max_connections = 10',
    'GRANT ALL ON *.* TO u',
    'CALL p()',
    'KILL 12',
    'ANALYZE TABLE t',
    'BEGIN',
    "SELECT * FROM t INTO OUTFILE '/tmp/x'",
    'FLUSH TABLES',
  ]) {
    assert.equal(runKind(sql), 'other', sql);
    assert.equal(runNeedsConfirmation(runKind(sql)), true, sql);
  }
});
