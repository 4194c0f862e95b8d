// The benchmark's own MySQL client against MariaDB: what it reports for each kind of answer, and
// the errors it gives when things go wrong.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { LeanMysqlConnection, RESULT_SET } from '../../../src/core/bench/mysqlWire/leanMysqlConnection';
import { MysqlError } from '../../../src/core/bench/mysqlWire/mysqlClientError';
import { db, dropDatabase, freshDatabase, query } from './support/benchFixtures';
import { waitFor } from '../../support/serverStatements';

let database: string;
const connect = () => LeanMysqlConnection.connect({ host: db.host, port: db.port, user: db.user, password: db.password, database });

before(async () => {
  database = await freshDatabase('lean');
  await query(database, 'CREATE TABLE t (id INT PRIMARY KEY, big BIGINT, c CHAR(20), v VARCHAR(20))');
});

after(async () => {
  await dropDatabase(database);
});

describe('lean MySQL client', () => {
  test('reads the first value of a one-off query, such as CONNECTION_ID(), and goes back to counting rows', async () => {
    const connection = await connect();
    try {
      assert.equal(await connection.queryValue('SELECT CONNECTION_ID()'), String(connection.connectionId));
      assert.equal(await connection.queryValue("SELECT 'first', 2 UNION ALL SELECT 'second', 3"), 'first');
      assert.equal(await connection.queryValue('SELECT NULL'), null);
      assert.equal(await connection.queryValue('SELECT 1 FROM DUAL WHERE 1 = 0'), null);
      assert.equal(
        await connection.queryValue("SELECT REPEAT('é', 300)"),
        'é'.repeat(300),
        'a value longer than 250 bytes has a 3-byte length',
      );
      assert.equal(await connection.queryValue('DO 1'), null, 'a statement without a result set has no value');
      assert.equal(await connection.query('SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3'), RESULT_SET);
      assert.equal(connection.lastRowCount, 3);
    } finally {
      await connection.close();
    }
  });

  test('tells result sets from affected rows, and changed rows from matched rows', async () => {
    const connection = await connect();
    try {
      assert.equal(await connection.query('SELECT 1'), RESULT_SET);
      assert.equal(connection.lastRowCount, 1);
      assert.equal(await connection.query('INSERT INTO t (id) VALUES (1), (2), (3)'), 3);
      assert.equal(await connection.query("UPDATE t SET c = 'same' WHERE id <= 2"), 2);
      assert.equal(
        await connection.query("UPDATE t SET c = 'same' WHERE id <= 2"),
        0,
        'no CLIENT_FOUND_ROWS: unchanged rows are not counted',
      );
      assert.equal(await connection.query('BEGIN'), 0);
      assert.equal(await connection.query('COMMIT'), 0);
      assert.equal(await connection.query('SELECT * FROM t WHERE id > 100'), RESULT_SET);
      assert.equal(connection.lastRowCount, 0);
      assert.equal(await connection.query('SELECT 1; SELECT 2, 3'), RESULT_SET, 'several results in one answer are read to the end');
      assert.equal(await connection.ping(), 0);
    } finally {
      await connection.close();
    }
  });

  test('prepared statements bind ints, big ints, text, bytes and NULL', async () => {
    const connection = await connect();
    try {
      const insert = await connection.prepare('INSERT INTO t (id, big, c, v) VALUES (?, ?, ?, ?)');
      assert.equal(insert.paramCount, 4);
      assert.equal(await connection.execute(insert, [10, 2 ** 40, 'héllo', Buffer.from('bytes')]), 1);
      assert.equal(await connection.execute(insert, [11, null, null, null]), 1);
      // the same kinds of values again: the types are not resent and the server still reads them right
      assert.equal(await connection.execute(insert, [12, null, null, null]), 1);
      assert.equal(await connection.execute(insert, [13, 2 ** 41, 'x', 'y']), 1);
      assert.equal(await connection.execute(insert, [14, 2 ** 42, 'z', 'w']), 1);
      const [later] = await query<{ big: number; c: string }>(database, 'SELECT big, c FROM t WHERE id = 14');
      assert.deepEqual([Number(later.big), later.c], [2 ** 42, 'z']);
      const select = await connection.prepare('SELECT id, big, c, v FROM t WHERE id BETWEEN ? AND ? ORDER BY id');
      assert.equal(await connection.execute(select, [10, 11]), RESULT_SET);
      assert.equal(connection.lastRowCount, 2);
      const [row] = await query<{ big: number; c: string; v: string }>(database, 'SELECT big, c, v FROM t WHERE id = 10');
      assert.deepEqual([Number(row.big), row.c, row.v], [2 ** 40, 'héllo', 'bytes']);
      await assert.rejects(connection.execute(select, [1]), /needs 2 parameters, got 1/);
      connection.closeStatement(select);
      await assert.rejects(
        connection.execute(select, [1, 2]),
        (error: unknown) => error instanceof MysqlError && error.errno === 1243,
        'a closed statement is unknown to the server',
      );
    } finally {
      await connection.close();
    }
  });

  test('a parameter that changes type between executions (int, string, null, big int, int) is read as sent each time', async () => {
    const connection = await connect();
    try {
      const insert = await connection.prepare("INSERT INTO t (id, v) VALUES (?, CONCAT(?, ''))");
      const values = [7, 'seven', null, 2 ** 40, 8, 'eight'];
      for (const [i, value] of values.entries()) assert.equal(await connection.execute(insert, [300 + i, value]), 1);
      const rows = await query<{ v: string | null }>(database, 'SELECT v FROM t WHERE id BETWEEN 300 AND 305 ORDER BY id');
      assert.deepEqual(
        rows.map((row) => row.v),
        ['7', 'seven', null, String(2 ** 40).slice(0, 20), '8', 'eight'],
      );
    } finally {
      await connection.close();
    }
  });

  test('a statement of 600 KB after a short one goes out whole', async () => {
    const connection = await connect();
    try {
      assert.equal(await connection.query('SELECT 1'), RESULT_SET);
      const rows = Array.from({ length: 30_000 }, (_unused, i) => `(${1000 + i}, '${'x'.repeat(15)}')`).join(',');
      assert.ok(rows.length > 600_000);
      assert.equal(await connection.query(`INSERT INTO t (id, c) VALUES ${rows}`), 30_000);
      assert.equal(await connection.query('SELECT 2'), RESULT_SET);
    } finally {
      await connection.close();
    }
  });

  test('statements and rows of 16 MiB and more cross the protocol in packets of 0xffffff bytes', async () => {
    const admin = await connect();
    const previous = await admin.queryValue('SELECT @@GLOBAL.max_allowed_packet');
    // the session value is read-only: a raised global one applies to connections made after it
    await admin.query('SET GLOBAL max_allowed_packet = 64 * 1024 * 1024');
    const connection = await connect();
    try {
      const literal = 'x'.repeat(17 * 1024 * 1024);
      assert.equal(await connection.queryValue(`SELECT LENGTH('${literal}')`), String(literal.length), 'a 17 MiB statement');
      // COM_QUERY byte + SQL of exactly 0xffffff bytes: a full packet, then an empty one
      const prefix = "SELECT LENGTH('";
      const exact = `${prefix}${'y'.repeat(0xffffff - 1 - prefix.length - 2)}')`;
      assert.equal(Buffer.byteLength(exact) + 1, 0xffffff);
      assert.equal(await connection.queryValue(exact), String(0xffffff - 1 - prefix.length - 2), 'a payload of exactly 0xffffff bytes');
      const rows = Array.from({ length: 17 }, (_unused, i) => `(${5000 + i}, REPEAT('z', 1), '${'v'.repeat(1024 * 1024)}')`);
      await connection.query('CREATE TABLE big_rows (id INT PRIMARY KEY, c CHAR(1), b LONGTEXT)');
      assert.equal(await connection.query(`INSERT INTO big_rows VALUES ${rows.join(',')}`), 17, 'a 17 MiB INSERT');
      assert.equal(await connection.queryValue(`SELECT REPEAT('w', ${17 * 1024 * 1024})`), 'w'.repeat(17 * 1024 * 1024), 'a row of 17 MiB');
      assert.equal(await connection.query(`SELECT REPEAT('w', ${17 * 1024 * 1024}) UNION ALL SELECT 'after'`), RESULT_SET);
      assert.equal(connection.lastRowCount, 2, 'a 17 MiB row is one row, and the row after it is read');
      assert.equal(await connection.query('SELECT 1'), RESULT_SET, 'the connection is still in step');
    } finally {
      await connection.close();
      await admin.query(`SET GLOBAL max_allowed_packet = ${Number(previous)}`);
      await admin.close();
    }
  });

  test('a statement over max_allowed_packet: error 1153 in words, with its size and the setting to change', async () => {
    const connection = await connect();
    try {
      const limit = Number(await connection.queryValue('SELECT @@max_allowed_packet'));
      const statement = `SELECT LENGTH('${'x'.repeat(limit + 1024)}')`;
      await assert.rejects(
        connection.query(statement),
        (error: unknown) =>
          error instanceof MysqlError &&
          error.errno === 1153 &&
          error.fatal &&
          error.message.startsWith("Got a packet bigger than 'max_allowed_packet' bytes: The statement is ") &&
          /larger than the server's max_allowed_packet\. Send fewer rows per statement, or raise the limit: SET GLOBAL max_allowed_packet = \d+/.test(
            error.message,
          ),
      );
    } finally {
      connection.destroy();
    }
  });

  test('server errors keep their number and text, and the connection stays usable', async () => {
    const connection = await connect();
    try {
      await assert.rejects(
        connection.query('SELECT * FROM no_such_table'),
        (error: unknown) =>
          error instanceof MysqlError && error.errno === 1146 && error.sqlState === '42S02' && /doesn't exist/.test(error.message),
      );
      await assert.rejects(connection.prepare('SELEC nonsense'), (error: unknown) => error instanceof MysqlError && error.errno === 1064);
      assert.equal(await connection.query('SELECT 1'), RESULT_SET);
    } finally {
      await connection.close();
    }
  });

  test('a lost connection fails the running statement with 2013 and later ones with 2006', async () => {
    const connection = await connect();
    const killer = await connect();
    try {
      const sleeping = connection.query('SELECT SLEEP(30)').then(
        () => undefined,
        (error: unknown) => error,
      );
      await waitFor('the SLEEP in the processlist', async () => {
        const rows = await query<{ n: number }>(
          'information_schema',
          "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE ID = ? AND INFO = 'SELECT SLEEP(30)'",
          [connection.connectionId],
        );
        return Number(rows[0].n) > 0 ? true : undefined;
      });
      await killer.query(`KILL ${connection.connectionId}`);
      const error = await sleeping;
      assert.ok(error instanceof MysqlError && error.errno === 2013, String(error));
      await assert.rejects(connection.query('SELECT 1'), (error: unknown) => error instanceof MysqlError && error.errno === 2006);
    } finally {
      connection.destroy();
      await killer.close();
    }
  });

  test('connection problems are client errors with the place named, and never show the password', async () => {
    await assert.rejects(
      LeanMysqlConnection.connect({ host: db.host, port: 1, user: db.user, password: db.password }),
      (error: unknown) => error instanceof MysqlError && error.errno === 2003 && /127\.0\.0\.1:1/.test(error.message),
    );
    await assert.rejects(
      LeanMysqlConnection.connect({ host: db.host, port: db.port, user: db.user, password: 'not-the-password' }),
      (error: unknown) => error instanceof MysqlError && error.errno === 1045 && !error.message.includes('not-the-password'),
    );
    await assert.rejects(
      LeanMysqlConnection.connect({ host: db.host, port: db.tlsOnlyPort, user: db.user, password: db.password }),
      (error: unknown) => error instanceof MysqlError && error.errno !== 0,
    );
  });

  test('TLS: required, verified against the CA, and with the host name checked', async () => {
    const ca = readFileSync(db.caFile);
    for (const mode of ['required', 'verify_ca', 'verify_identity'] as const) {
      const connection = await LeanMysqlConnection.connect({
        host: db.host,
        port: db.tlsOnlyPort,
        user: db.user,
        password: db.password,
        tls: { mode, ca },
      });
      assert.ok(connection.isSecure);
      assert.equal(await connection.query("SHOW SESSION STATUS LIKE 'Ssl_cipher'"), RESULT_SET);
      await connection.close();
    }
    await assert.rejects(
      LeanMysqlConnection.connect({
        host: db.host,
        port: db.tlsOnlyPort,
        user: db.user,
        password: db.password,
        tls: { mode: 'verify_ca' },
      }),
      /TLS connection to .* failed/,
      'an unknown CA is refused',
    );
  });
});
