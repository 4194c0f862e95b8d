import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sqlLogLine } from '../../../src/extension/log/sqlLogLine';

test('a statement logs on one line with its duration and row count', () => {
  assert.equal(
    sqlLogLine({ sql: 'SELECT TABLE_NAME\n  FROM information_schema.TABLES\n WHERE TABLE_SCHEMA = ?', durationMs: 3.456, rowCount: 12 }),
    'SQL 3.46 ms · 12 rows · SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?',
  );
  assert.equal(sqlLogLine({ sql: 'SELECT 1', durationMs: 120.4, rowCount: 1 }), 'SQL 120 ms · 1 row · SELECT 1');
});

test('a failed statement logs the error code and message', () => {
  assert.equal(
    sqlLogLine({
      sql: 'SELECT * FROM nope',
      durationMs: 1,
      error: { code: 'ER_NO_SUCH_TABLE', errno: 1146, message: "Table 'x.nope' doesn't exist" },
    }),
    "SQL failed after 1.00 ms: SELECT * FROM nope → ER_NO_SUCH_TABLE: Table 'x.nope' doesn't exist",
  );
});

test('passwords inside SQL never reach the log', () => {
  for (const sql of [
    "CREATE USER 'bob'@'%' IDENTIFIED BY 's3cret'",
    "ALTER USER bob IDENTIFIED WITH mysql_native_password BY 's3cret'",
    "SET PASSWORD FOR bob = PASSWORD('s3cret')",
    'CREATE USER bob IDENTIFIED BY "s3cret"',
  ]) {
    const line = sqlLogLine({ sql, durationMs: 1 });
    assert.doesNotMatch(line, /s3cret/, sql);
  }
  const failed = sqlLogLine({
    sql: "CREATE USER bob IDENTIFIED BY 's3cret' oops",
    durationMs: 1,
    error: {
      code: 'ER_PARSE_ERROR',
      errno: 1064,
      message: "You have an error in your SQL syntax; check the manual near 'IDENTIFIED BY 's3cret' oops' at line 1",
    },
  });
  assert.doesNotMatch(failed, /s3cret/, 'nor does the server error that quotes the statement');
  const cut = sqlLogLine({
    sql: "CREATE USER IDENTIFIED BY 's3cret'",
    durationMs: 1,
    error: {
      code: 'ER_PARSE_ERROR',
      errno: 1064,
      message: "You have an error in your SQL syntax; check the manual near 'BY 's3cret'' at line 1",
    },
  });
  assert.doesNotMatch(cut, /s3cret/, 'nor a quote of the statement that starts after IDENTIFIED');
  assert.equal(sqlLogLine({ sql: "SELECT 'IDENTIFIED' AS word", durationMs: 1 }), "SQL 1.00 ms · SELECT 'IDENTIFIED' AS word");
});

test('very long statements are cut, saying how long they were', () => {
  const line = sqlLogLine({ sql: `INSERT INTO t VALUES ${'(1),'.repeat(2000)}(1)`, durationMs: 5 });
  assert.ok(line.length < 2100);
  assert.match(line, /… \(\d+ chars\)$/);
});
