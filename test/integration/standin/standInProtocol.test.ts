// The TiDB stand-in speaks clean MySQL protocol and relays ordinary SQL to the real MariaDB:
// the same queries give the same results through it as directly, text and prepared.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createConnection, type Connection, type ConnectionOptions, type RowDataPacket } from 'mysql2/promise';
import { testDatabase } from '../../support/testDatabase';
import { startTestStandIn, testTlsFiles } from '../../standin/testStandIn';
import type { TiDBStandIn } from '../../standin/tidbStandIn';

const db = testDatabase();
const SCHEMA = 'tidblab_tidb_standin_relay';
let standIn: TiDBStandIn;
const clientWarnings: string[] = [];
const originalConsoleError = console.error;

function connectTo(port: number, extra: Partial<ConnectionOptions> = {}): Promise<Connection> {
  return createConnection({ host: db.host, port, user: db.user, password: db.password, database: SCHEMA, ...extra });
}

before(async () => {
  // mysql2 reports protocol trouble ("packets out of order") with console.error; collect it.
  console.error = (...args: unknown[]) => {
    clientWarnings.push(args.map(String).join(' '));
    originalConsoleError(...args);
  };
  standIn = await startTestStandIn();
  const direct = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  await direct.query(`DROP DATABASE IF EXISTS ${SCHEMA}`);
  await direct.end();
});

after(async () => {
  const direct = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  await direct.query(`DROP DATABASE IF EXISTS ${SCHEMA}`);
  await direct.end();
  await standIn.close();
  console.error = originalConsoleError;
});

test('DDL, inserts and reads go through to MariaDB and come back exactly as MariaDB sends them', async () => {
  const viaStandIn = await connectTo(standIn.port, { database: undefined });
  const direct = await connectTo(db.port, { database: undefined });
  try {
    await viaStandIn.query(`CREATE DATABASE ${SCHEMA}`);
    await viaStandIn.query(`USE ${SCHEMA}`);
    await viaStandIn.query(`CREATE TABLE typed (
      id INT PRIMARY KEY, tiny TINYINT, small SMALLINT UNSIGNED, big BIGINT, ubig BIGINT UNSIGNED, price DECIMAL(10,2),
      ratio DOUBLE, f FLOAT, name VARCHAR(50), note TEXT, data BLOB, born DATE, seen DATETIME(3), at TIME, yr YEAR, doc JSON, nothing INT NULL)`);
    const [inserted] = await viaStandIn.query(
      `INSERT INTO typed VALUES
        (1, -128, 65535, -9007199254740993, 18446744073709551615, -12.34, 1.5e300, 0.25, 'héllo 📚', 'line1\\nline2', X'00FF10', '2024-02-29', '2024-02-29 23:59:58.123', '-838:59:59', 2024, '{"a": [1, 2]}', NULL),
        (2, 0, 0, 0, 0, 0, 0, 0, '', '', X'', '1000-01-01', '1000-01-01 00:00:00', '00:00:00', 1901, 'null', NULL)`,
    );
    assert.equal((inserted as { affectedRows: number }).affectedRows, 2);
    await direct.query(`USE ${SCHEMA}`);
    for (const options of [{ dateStrings: true }, { supportBigNumbers: true, bigNumberStrings: true }]) {
      const sql = { sql: 'SELECT * FROM typed ORDER BY id', ...options };
      const [fromStandIn] = await viaStandIn.query(sql);
      const [fromMariaDB] = await direct.query(sql);
      assert.deepEqual(fromStandIn, fromMariaDB);
    }
  } finally {
    await viaStandIn.end();
    await direct.end();
  }
});

test('prepared statements: parameters of every kind, results equal to MariaDB, re-executed and closed', async () => {
  const viaStandIn = await connectTo(standIn.port, { dateStrings: true });
  const direct = await connectTo(db.port, { dateStrings: true });
  try {
    const select = 'SELECT * FROM typed WHERE id >= ? AND (name = ? OR ? IS NULL) ORDER BY id';
    for (const values of [
      [1, 'héllo 📚', 'x'],
      [0, 'nobody', null],
      [2, '', null],
    ]) {
      const [fromStandIn] = await viaStandIn.execute(select, values);
      const [fromMariaDB] = await direct.execute(select, values);
      assert.deepEqual(fromStandIn, fromMariaDB);
    }
    const echo = 'SELECT ? AS i, ? AS s, ? AS n, ? AS b, ? AS d, ? AS big, ? AS dt';
    const values = [42, "it's", null, Buffer.from([0, 255, 7]), 2.5, 9007199254740993n, new Date(Date.UTC(2024, 1, 29, 12, 0, 0))];
    const [echoed] = await viaStandIn.execute<RowDataPacket[]>(echo, values);
    const [echoedDirect] = await direct.execute<RowDataPacket[]>(echo, values);
    assert.deepEqual(echoed, echoedDirect);
    const [insert] = await viaStandIn.execute('INSERT INTO typed (id, name) VALUES (?, ?)', [3, 'prepared']);
    assert.equal((insert as { affectedRows: number }).affectedRows, 1);
    const [rows] = await viaStandIn.execute<RowDataPacket[]>('SELECT name FROM typed WHERE id = ?', [3]);
    assert.deepEqual(rows, [{ name: 'prepared' }]);
    await viaStandIn.unprepare('SELECT name FROM typed WHERE id = ?');
    const [again] = await viaStandIn.execute<RowDataPacket[]>('SELECT name FROM typed WHERE id = ?', [3]);
    assert.deepEqual(again, [{ name: 'prepared' }]);
    await assert.rejects(viaStandIn.execute('SELECT * FROM no_such_table WHERE id = ?', [1]), { errno: 1146, sqlState: '42S02' });
  } finally {
    await viaStandIn.end();
    await direct.end();
  }
});

test('errors keep their code, SQLSTATE and text, and the connection stays usable', async () => {
  const connection = await connectTo(standIn.port);
  try {
    await assert.rejects(connection.query('SELECT * FROM no_such_table'), {
      errno: 1146,
      sqlState: '42S02',
      sqlMessage: `Table '${SCHEMA}.no_such_table' doesn't exist`,
    });
    await assert.rejects(connection.query('ALTER TABLE mysql.user CACHE'), {
      errno: 8200,
      sqlState: 'HY000',
      sqlMessage: 'ALTER table cache for tables in system database is currently unsupported',
    });
    for (let round = 0; round < 5; round++) {
      await assert.rejects(connection.query('SELEC 1'), { errno: 1064, sqlState: '42000' });
      const [rows] = await connection.query<RowDataPacket[]>('SELECT ? AS round', [round]);
      assert.deepEqual(rows, [{ round }]);
    }
  } finally {
    await connection.end();
  }
});

test('multiple statements and multiple result sets when the client asks for them', async () => {
  const connection = await connectTo(standIn.port, { multipleStatements: true });
  try {
    const [results] = await connection.query('SELECT 1 AS a; UPDATE typed SET tiny = 1 WHERE id = 99; SELECT 2 AS b');
    assert.ok(Array.isArray(results));
    assert.deepEqual(results[0], [{ a: 1 }]);
    assert.equal((results[1] as { affectedRows: number }).affectedRows, 0);
    assert.deepEqual(results[2], [{ b: 2 }]);
  } finally {
    await connection.end();
  }
  const single = await connectTo(standIn.port);
  try {
    await assert.rejects(single.query('SELECT 1; SELECT 2'), { errno: 1064 });
  } finally {
    await single.end();
  }
});

test('a wrong password or user gets the real 1045 error', async () => {
  await assert.rejects(connectTo(standIn.port, { password: 'wrong' }), {
    errno: 1045,
    sqlState: '28000',
    sqlMessage: `Access denied for user '${db.user}'@'127.0.0.1' (using password: YES)`,
  });
  await assert.rejects(connectTo(standIn.port, { user: 'nobody' }), { errno: 1045 });
  await assert.rejects(connectTo(standIn.port, { password: '' }), {
    sqlMessage: `Access denied for user '${db.user}'@'127.0.0.1' (using password: NO)`,
  });
});

// The stand-in runs in this process, so the client must run asynchronously (spawnSync would deadlock).
function runMariadbClient(
  port: number,
  sql: string,
  extraArgs: string[] = [],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const args = ['--protocol=tcp', '-h', db.host, '-P', String(port), '-u', db.user, '--batch', ...extraArgs, SCHEMA, '-e', sql];
    execFile(
      'mariadb',
      args,
      { env: { ...process.env, MYSQL_PWD: db.password }, encoding: 'utf8', timeout: 20_000 },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ status, stdout, stderr });
      },
    );
  });
}

test('the mariadb command-line client talks to it cleanly', async () => {
  const run = (sql: string) => runMariadbClient(standIn.port, sql);
  const ok = await run(
    "SELECT VERSION(); SELECT id, name FROM typed ORDER BY id; INSERT INTO typed (id, name) VALUES (10, 'a'), (11, 'b'); " +
      'ALTER TABLE typed CACHE; SHOW CREATE TABLE typed; ALTER TABLE typed NOCACHE; DELETE FROM typed WHERE id >= 10',
  );
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal(ok.stderr, '');
  assert.match(ok.stdout, /^VERSION\(\)\n8\.0\.11-TiDB-v8\.5\.1\n/);
  assert.match(ok.stdout, /\n1\théllo 📚\n2\t\n3\tprepared\n/);
  assert.match(ok.stdout, /\/\* CACHED ON \*\//);
  const refused = await run('ALTER TABLE typed CACHE; TRUNCATE TABLE typed');
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /\nERROR 8242 \(HY000\) at line 1: 'Truncate Table' is unsupported on cache tables\.\n$/);
  assert.equal(refused.stderr.match(/ERROR/g)?.length, 1);
  const cleanup = await run('ALTER TABLE typed NOCACHE');
  assert.equal(cleanup.status, 0, cleanup.stderr);
});

test('TLS: offered with the test certificate, and required when asked', async () => {
  const tls = testTlsFiles();
  const tlsOnly = await startTestStandIn({ tls, requireTls: true });
  try {
    await assert.rejects(connectTo(tlsOnly.port), {
      errno: 3159,
      sqlState: 'HY000',
      sqlMessage: 'Connections using insecure transport are prohibited',
    });
    const secure = await connectTo(tlsOnly.port, { ssl: { ca: tls.ca, rejectUnauthorized: true, minVersion: 'TLSv1.2' } });
    try {
      const [rows] = await secure.query<RowDataPacket[]>('SELECT VERSION() AS v, COUNT(*) AS n FROM typed');
      assert.equal(rows[0].v, '8.0.11-TiDB-v8.5.1');
      const [prepared] = await secure.execute<RowDataPacket[]>('SELECT name FROM typed WHERE id = ?', [1]);
      assert.deepEqual(prepared, [{ name: 'héllo 📚' }]);
    } finally {
      await secure.end();
    }
    await assert.rejects(connectTo(tlsOnly.port, { password: 'wrong', ssl: { ca: tls.ca } }), { errno: 1045 });
    const plainClient = await runMariadbClient(tlsOnly.port, 'SELECT 1', ['--skip-ssl']);
    assert.match(plainClient.stderr, /ERROR 3159 \(HY000\): Connections using insecure transport are prohibited/);
    const tlsClient = await runMariadbClient(tlsOnly.port, 'SELECT VERSION()', [
      '--ssl',
      `--ssl-ca=${db.caFile}`,
      '--ssl-verify-server-cert',
    ]);
    assert.equal(tlsClient.status, 0, tlsClient.stderr);
    assert.match(tlsClient.stdout, /8\.0\.11-TiDB-v8\.5\.1/);
  } finally {
    await tlsOnly.close();
  }
});

test('the command-line entry starts it in another process and stops on SIGTERM', async () => {
  const child = spawn(
    process.execPath,
    [join(__dirname, '..', '..', 'standin', 'runTiDBStandIn.js'), '--port', '0', '--tiflash-nodes', '1', '--serverless'],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  try {
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    const ready = JSON.parse(line) as { event: string; port: number };
    assert.equal(ready.event, 'listening');
    assert.equal(line.includes(db.password), false);
    const connection = await connectTo(ready.port);
    try {
      const [rows] = await connection.query<RowDataPacket[]>('SELECT VERSION() AS v');
      assert.equal(rows[0].v, '8.0.11-TiDB-v8.5.1');
      await assert.rejects(connection.query('SELECT * FROM information_schema.cluster_info'), { errno: 1105 });
    } finally {
      await connection.end();
    }
  } finally {
    child.kill('SIGTERM');
  }
  const [code] = (await once(child, 'exit')) as [number | null];
  assert.equal(code, 0);
});

test('a connection outlives the 10 s timer mysql2 arms on every server-side connection', async () => {
  const connection = await connectTo(standIn.port);
  try {
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    const [rows] = await connection.query<RowDataPacket[]>('SELECT 1 AS still');
    assert.deepEqual(rows, [{ still: 1 }]);
  } finally {
    await connection.end();
  }
});

test('no client saw packets out of order', () => {
  assert.deepEqual(
    clientWarnings.filter((warning) => /out of order|malformed/i.test(warning)),
    [],
  );
});
