// The one text redaction (redactSecretText) and the SQL forms it knows: every way MySQL, MariaDB and
// TiDB let a statement carry a password, in every quoting, and the statements it must leave alone.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { redactSecretText } from '../../../src/core/results/redactSecrets';
import { redactServerError } from '../../../src/core/sql/redactSqlSecrets';

const SECRET = 'sekret-xyz';

const REDACTED_FORMS: ReadonlyArray<[string, string]> = [
  [`CREATE USER 'bob'@'%' IDENTIFIED BY '${SECRET}'`, "CREATE USER 'bob'@'%' IDENTIFIED BY '***'"],
  [`CREATE USER IF NOT EXISTS bob IDENTIFIED BY "${SECRET}"`, "CREATE USER IF NOT EXISTS bob IDENTIFIED BY '***'"],
  [`create user bob identified by '${SECRET}' password expire`, "create user bob identified by '***' password expire"],
  [`ALTER USER bob IDENTIFIED WITH mysql_native_password BY '${SECRET}'`, "ALTER USER bob IDENTIFIED WITH mysql_native_password BY '***'"],
  [
    `ALTER USER bob IDENTIFIED WITH 'caching_sha2_password' BY '${SECRET}'`,
    "ALTER USER bob IDENTIFIED WITH 'caching_sha2_password' BY '***'",
  ],
  [`ALTER USER bob IDENTIFIED WITH mysql_native_password AS '*${SECRET}'`, "ALTER USER bob IDENTIFIED WITH mysql_native_password AS '***'"],
  [
    `ALTER USER bob IDENTIFIED BY '${SECRET}' REPLACE 'old-${SECRET}' RETAIN CURRENT PASSWORD`,
    "ALTER USER bob IDENTIFIED BY '***' REPLACE '***' RETAIN CURRENT PASSWORD",
  ],
  [`CREATE USER bob IDENTIFIED BY PASSWORD '*${SECRET}'`, "CREATE USER bob IDENTIFIED BY PASSWORD '***'"],
  [
    `CREATE USER bob IDENTIFIED VIA mysql_native_password USING '*${SECRET}'`,
    "CREATE USER bob IDENTIFIED VIA mysql_native_password USING '***'",
  ],
  [`CREATE USER bob IDENTIFIED VIA ed25519 USING PASSWORD('${SECRET}')`, "CREATE USER bob IDENTIFIED VIA ed25519 USING PASSWORD('***')"],
  [
    `CREATE USER bob IDENTIFIED VIA unix_socket OR mysql_native_password USING '*${SECRET}'`,
    "CREATE USER bob IDENTIFIED VIA unix_socket OR mysql_native_password USING '***'",
  ],
  [`GRANT SELECT ON db.* TO 'bob'@'localhost' IDENTIFIED BY '${SECRET}'`, "GRANT SELECT ON db.* TO 'bob'@'localhost' IDENTIFIED BY '***'"],
  [`SET PASSWORD = '${SECRET}'`, "SET PASSWORD = '***'"],
  [`SET PASSWORD FOR 'bob'@'%' = '${SECRET}'`, "SET PASSWORD FOR 'bob'@'%' = '***'"],
  [`SET PASSWORD FOR \`b=o'b\`@localhost = '${SECRET}' REPLACE 'old'`, "SET PASSWORD FOR `b=o'b`@localhost = '***' REPLACE '***'"],
  [`SET PASSWORD FOR 'b=ob'@'%' = "${SECRET}"`, "SET PASSWORD FOR 'b=ob'@'%' = '***'"],
  [`SET PASSWORD FOR bob = PASSWORD('${SECRET}')`, "SET PASSWORD FOR bob = PASSWORD('***')"],
  [`SET PASSWORD FOR bob = OLD_PASSWORD('${SECRET}')`, "SET PASSWORD FOR bob = OLD_PASSWORD('***')"],
  [`SELECT PASSWORD ( '${SECRET}' )`, "SELECT PASSWORD ( '***' )"],
  [`CHANGE MASTER TO MASTER_HOST='h', MASTER_PASSWORD = '${SECRET}'`, "CHANGE MASTER TO MASTER_HOST='h', MASTER_PASSWORD = '***'"],
  [
    `CREATE SERVER s FOREIGN DATA WRAPPER mysql OPTIONS (USER 'u', PASSWORD '${SECRET}')`,
    "CREATE SERVER s FOREIGN DATA WRAPPER mysql OPTIONS (USER 'u', PASSWORD '***')",
  ],
  // quoting: escaped quotes, doubled quotes, backslashes, introducers, newlines
  [`CREATE USER bob IDENTIFIED BY 'it''s ${SECRET}'`, "CREATE USER bob IDENTIFIED BY '***'"],
  [`CREATE USER bob IDENTIFIED BY 'it\\'s ${SECRET}'`, "CREATE USER bob IDENTIFIED BY '***'"],
  [`CREATE USER bob IDENTIFIED BY "say \\"${SECRET}\\""`, "CREATE USER bob IDENTIFIED BY '***'"],
  [`CREATE USER bob IDENTIFIED BY 'back\\\\slash${SECRET}\\\\'; SELECT 1`, "CREATE USER bob IDENTIFIED BY '***'; SELECT 1"],
  [`CREATE USER bob IDENTIFIED BY _utf8mb4'${SECRET}'`, "CREATE USER bob IDENTIFIED BY '***'"],
  [`CREATE USER bob\n  IDENTIFIED\n  BY\n  '${SECRET}'`, "CREATE USER bob\n  IDENTIFIED\n  BY\n  '***'"],
  [`CREATE USER bob IDENTIFIED BY ${SECRET}`, "CREATE USER bob IDENTIFIED BY '***'"],
  // comments are whitespace to the server: a comment between the keywords or before the value
  [`CREATE USER bob IDENTIFIED BY /*x*/ '${SECRET}'`, "CREATE USER bob IDENTIFIED BY /*x*/ '***'"],
  [`CREATE USER bob IDENTIFIED/**/BY '${SECRET}'`, "CREATE USER bob IDENTIFIED/**/BY '***'"],
  [`CREATE USER bob IDENTIFIED -- why\n BY '${SECRET}'`, "CREATE USER bob IDENTIFIED -- why\n BY '***'"],
  [`CREATE USER bob IDENTIFIED #why\nBY '${SECRET}'`, "CREATE USER bob IDENTIFIED #why\nBY '***'"],
  [
    `ALTER USER bob IDENTIFIED WITH /* plugin */ mysql_native_password /**/ AS '*${SECRET}'`,
    "ALTER USER bob IDENTIFIED WITH /* plugin */ mysql_native_password /**/ AS '***'",
  ],
  [`SET PASSWORD /**/ FOR bob /**/ = /**/ '${SECRET}'`, "SET PASSWORD /**/ FOR bob /**/ = /**/ '***'"],
  [`SELECT PASSWORD/**/(/**/'${SECRET}')`, "SELECT PASSWORD/**/(/**/'***')"],
  [`CREATE USER bob IDENTIFIED /*!80000 BY */ '${SECRET}'`, "CREATE USER bob IDENTIFIED /*!80000 BY */ '***'"],
  // adjacent literals are one string to the server
  [`CREATE USER bob IDENTIFIED BY 'sek' /* c */ 'ret-xyz'`, "CREATE USER bob IDENTIFIED BY '***'"],
  // a literal whose text is SQL: its doubled quotes and escapes are read as the server reads them
  [`PREPARE s FROM 'CREATE USER bob IDENTIFIED BY ''it''''s ${SECRET}'''`, "PREPARE s FROM 'CREATE USER bob IDENTIFIED BY ''***'''"],
  [`PREPARE s FROM 'SET PASSWORD = \\'${SECRET}\\''`, "PREPARE s FROM 'SET PASSWORD = ''***'''"],
  [`PREPARE s FROM "ALTER USER bob IDENTIFIED BY '${SECRET}'"`, `PREPARE s FROM "ALTER USER bob IDENTIFIED BY '***'"`],
  // under NO_BACKSLASH_ESCAPES 'a\' ends the literal and '...' is joined to it
  [`CREATE USER bob IDENTIFIED BY 'a\\' '${SECRET}'`, "CREATE USER bob IDENTIFIED BY '***'"],
  // cut or broken statements, and a server error quoting the statement
  [`CREATE USER bob IDENTIFIED BY '${SECRET}`, "CREATE USER bob IDENTIFIED BY '***'"],
  [
    `You have an error in your SQL syntax; check the manual near 'IDENTIFIED BY '${SECRET}'' at line 1`,
    "You have an error in your SQL syntax; check the manual near 'IDENTIFIED BY '***'",
  ],
  // two in one text
  [
    `CREATE USER a IDENTIFIED BY '${SECRET}1'; CREATE USER b IDENTIFIED BY '${SECRET}2'`,
    "CREATE USER a IDENTIFIED BY '***'; CREATE USER b IDENTIFIED BY '***'",
  ],
  // the command-line and URL forms it knew already
  [
    `sysbench --mysql-user=root --mysql-password=${SECRET} --threads=8 run`,
    'sysbench --mysql-user=root --mysql-password=*** --threads=8 run',
  ],
  [`sysbench --mysql-password='two ${SECRET}' run`, 'sysbench --mysql-password=*** run'],
  [`MYSQL_PWD=${SECRET} sysbench run`, 'MYSQL_PWD=*** sysbench run'],
  [`mysql://root:${SECRET}@tidb:4000/test`, 'mysql://root:***@tidb:4000/test'],
  // Go DSNs, the mysql client's -p<password>, go-tpc's -p <password>
  [
    `go-ycsb run mysql -p mysql.dsn=root:${SECRET}@tcp(127.0.0.1:4000)/test -p operationcount=10`,
    'go-ycsb run mysql -p mysql.dsn=root:***@tcp(127.0.0.1:4000)/test -p operationcount=10',
  ],
  [`"mysql.dsn"="root:${SECRET}@tcp(127.0.0.1:4000)/test"`, '"mysql.dsn"="root:***@tcp(127.0.0.1:4000)/test"'],
  [`dsn: app:${SECRET}@unix(/tmp/mysql.sock)/db?parseTime=true`, 'dsn: app:***@unix(/tmp/mysql.sock)/db?parseTime=true'],
  [`root:p@ss:${SECRET}@/test`, 'root:***@/test'],
  [`mysql -uroot -p${SECRET} -h 127.0.0.1`, 'mysql -uroot -p*** -h 127.0.0.1'],
  [`mysql -uroot -p'${SECRET} two' test`, 'mysql -uroot -p*** test'],
  [`go-tpc tpcc -H h -P 4000 -p ${SECRET} -D tpcc run`, 'go-tpc tpcc -H h -P 4000 -p *** -D tpcc run'],
  [`go-tpc tpcc --password ${SECRET} run`, 'go-tpc tpcc --password *** run'],
  [
    `BACKUP DATABASE * TO 's3://bucket/p?access-key=AK&secret-access-key=${SECRET}&region=x'`,
    "BACKUP DATABASE * TO 's3://bucket/p?access-key=AK&secret-access-key=***&region=x'",
  ],
];

const KEPT: readonly string[] = [
  "SELECT 'IDENTIFIED' AS word",
  'CREATE USER bob IDENTIFIED BY RANDOM PASSWORD',
  'ALTER USER bob IDENTIFIED WITH auth_socket',
  'ALTER USER bob PASSWORD EXPIRE INTERVAL 90 DAY',
  'SELECT password, user FROM app.users WHERE id = 1',
  "INSERT INTO sbtest1 (k, c, pad) VALUES (5, '68487932199-96439406143-93774651418', '22195207048-70116052123')",
  'Access denied for user root (using password: YES)',
  'unknown option "mysql_password" for oltp_read_only',
  'ALTER TABLE `sbtest1` CACHE',
  'go-ycsb run mysql -P workloads/workloada -p operationcount=1000 -p mysql.host=127.0.0.1',
  'mysql -p -h 127.0.0.1',
  'SELECT \'IDENTIFIED\' AS word, "BY" AS other',
  'ssh deploy@10.0.0.1 ls',
];

describe('one redaction for passwords written in SQL and text', () => {
  for (const [input, expected] of REDACTED_FORMS) {
    test(input, () => {
      const redacted = redactSecretText(input);
      assert.equal(redacted, expected);
      assert.ok(!redacted.includes(SECRET));
      assert.equal(redactSecretText(redacted), redacted, 'redacting twice changes nothing');
    });
  }

  test('statements without a password are left as they are', () => {
    for (const text of KEPT) assert.equal(redactSecretText(text), text);
  });
});

describe('a server error about a statement with a password', () => {
  const syntax =
    'You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use';
  test('MariaDB/MySQL quote the statement from where the parser stopped, after IDENTIFIED', () => {
    assert.equal(
      redactServerError(`${syntax} near 'BY '${SECRET}'' at line 1`, `CREATE USER IDENTIFIED BY '${SECRET}'`),
      `${syntax} near 'BY '***'' at line 1`,
    );
  });
  test('a piece cut in the middle of the password is blanked too', () => {
    const sql = `CREATE USER bob IDENTIFIED BY '${SECRET}-and-more' oops`;
    assert.equal(redactServerError(`${syntax} near 'BY '${SECRET.slice(0, 4)}' at line 1`, sql), `${syntax} near 'BY '***' at line 1`);
  });
  test("TiDB's parser error names line and column", () => {
    const message = `You have an error in your SQL syntax; check the manual that corresponds to your TiDB version for the right syntax to use line 1 column 19 near "BY '${SECRET}'" `;
    assert.equal(redactServerError(message, `CREATE USER IDENTIFIED BY '${SECRET}'`), message.replace(`'${SECRET}'`, "'***'"));
  });
  test('a comment before the password does not hide it from the error: the quoted piece is blanked', () => {
    const sql = `CREATE USER bob IDENTIFIED BY /*x*/ '${SECRET}' oops`;
    assert.equal(redactServerError(`${syntax} near ''${SECRET}' oops' at line 1`, sql), `${syntax} near ''***' oops' at line 1`);
    assert.equal(
      redactServerError(`${syntax} near '/**/BY '${SECRET}'' at line 1`, `CREATE USER IDENTIFIED/**/BY '${SECRET}'`),
      `${syntax} near '/**/BY '***'' at line 1`,
    );
  });
  test('a short password is blanked from the quoted piece and where the message repeats it as a word', () => {
    assert.equal(
      redactServerError(`${syntax} near ''pw' x' at line 1`, "CREATE USER bob IDENTIFIED BY /**/ 'pw' x"),
      `${syntax} near ''***' x' at line 1`,
    );
    assert.equal(redactServerError("Password 'pw' is too short", "ALTER USER bob IDENTIFIED/**/BY 'pw'"), "Password '***' is too short");
  });
  test('a password the message repeats elsewhere is blanked; a statement without one leaves the message alone', () => {
    assert.equal(
      redactServerError(`The value ${SECRET} is too weak`, `ALTER USER bob IDENTIFIED BY '${SECRET}'`),
      'The value *** is too weak',
    );
    assert.equal(redactServerError(`${syntax} near 'BY 'x'' at line 1`, 'SELECT BY'), `${syntax} near 'BY 'x'' at line 1`);
  });
});
