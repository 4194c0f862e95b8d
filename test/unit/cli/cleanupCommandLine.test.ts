import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanupCommandLine } from '../../../src/cli/benchCommand';

test('the cleanup command after a cancelled prepare keeps where and what to drop, never the password, and quotes for a shell', () => {
  const options = new Map([
    ['mysql-host', 'db.example'],
    ['mysql_password', 'secret'],
    ['mysql-password', 'secret2'],
    ['mysql-db', "it's my db"],
    ['tables', '4'],
    ['table-size', '100000'],
    ['threads', '8'],
  ]);
  assert.equal(
    cleanupCommandLine('oltp_read_only', options),
    "tidb-lab bench --mysql-host=db.example '--mysql-db=it'\\''s my db' --tables=4 oltp_read_only cleanup",
  );
});
