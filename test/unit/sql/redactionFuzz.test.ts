// Generated statements that carry a password (IDENTIFIED ... BY, IDENTIFIED WITH x BY/AS, PASSWORD(...),
// SET PASSWORD ... = '...'), with comments, quotes and escapes where MySQL/TiDB allow them, wrapped in
// PREPARE literals and log lines; and DSNs, URLs and password options in command lines. No piece of a
// password may survive where a result, a log line or a server error carries the text. A failure names
// its seed and case number: `seededRandom(SEED)` replays the same cases.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { importBenchmarkLog } from '../../../src/core/results/importers/importBenchmarkLog';
import { redactSecrets, redactSecretText } from '../../../src/core/results/redactSecrets';
import { redactServerError } from '../../../src/core/sql/redactSqlSecrets';
import { seededRandom } from '../../support/seededRandom';

const SEED = 20261207;
const MARKER = 'SeCrEt';
// any 4 characters of the marker in a row: a password cut by a server's quoted piece still shows
const LEAK = /SeCr|eCrE|CrEt/;

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

// what may stand between two keywords (at least one character: two words must not run together)
const GAPS = [' ', '  ', '\n', '\t', '/*x*/', ' /* c */ ', "/* IDENTIFIED BY 'decoy' */", ' -- c\n', ' #c\n', '--\n', '/**/', ' /*! */ '];
// before a quote, a parenthesis or '=' nothing is needed either
const OPTIONAL_GAPS = [...GAPS, '', ''];
const VALUE_PIECES = ['a', 'Zq9', ' ', "'", '"', '\\', '/*', '*/', '-- ', '#', ';', '\n', 'IDENTIFIED BY ', ')', '@', '%', '_'];
const USERS = ['bob', "'bob'@'%'", "`b'o``b`@localhost", '"bob"@"10.0.0.%"', 'bob@localhost', 'CURRENT_USER()'];
const PLUGINS = ['mysql_native_password', "'caching_sha2_password'", 'tidb_sm3_password', '`sha256_password`'];

/** A password's value: the marker among characters that need quoting, escaping or look like SQL. */
function secretValue(random: Random): string {
  const pieces = [MARKER];
  for (let n = Math.floor(random() * 5); n > 0; n--)
    pieces.splice(Math.floor(random() * (pieces.length + 1)), 0, pick(random, VALUE_PIECES));
  return pieces.join('');
}

/** `value` as a literal in `quote`: each quote doubled or backslash-escaped, each backslash escaped. */
function literal(random: Random, value: string, quote: "'" | '"'): string {
  let body = '';
  for (const ch of value) {
    if (ch === quote) body += random() < 0.5 ? quote + quote : `\\${quote}`;
    else if (ch === '\\') body += '\\\\';
    else body += ch;
  }
  return `${quote}${body}${quote}`;
}

/** A password literal, sometimes with an introducer, sometimes in pieces the server joins ('a' 'b'). */
function secretLiteral(random: Random): string {
  const one = () => literal(random, secretValue(random), random() < 0.7 ? "'" : '"');
  const roll = random();
  if (roll < 0.15) return `_utf8mb4${pick(random, ['', ' '])}${one()}`;
  if (roll < 0.25) return `N${literal(random, secretValue(random), "'")}`;
  if (roll < 0.4) return `${one()}${pick(random, OPTIONAL_GAPS)}${one()}`;
  return one();
}

/** A statement with one or two passwords. */
function statement(random: Random): string {
  const gap = () => pick(random, GAPS);
  const value = secretLiteral(random);
  // a literal starting with an introducer needs a gap after a keyword
  const before = (literalText: string) => (/^[\w$]/.test(literalText) ? gap() : pick(random, OPTIONAL_GAPS));
  const user = pick(random, USERS);
  const forms = [
    () => `CREATE USER ${user} IDENTIFIED${gap()}BY${before(value)}${value}`,
    () => `CREATE USER IF NOT EXISTS ${user}${gap()}IDENTIFIED${gap()}BY${before(value)}${value}${gap()}PASSWORD EXPIRE`,
    () =>
      `ALTER USER ${user} IDENTIFIED${gap()}WITH${gap()}${pick(random, PLUGINS)}${gap()}${pick(random, ['BY', 'AS'])}${before(value)}${value}`,
    () => `CREATE USER ${user} IDENTIFIED${gap()}VIA${gap()}ed25519${gap()}USING${before(value)}${value}`,
    () =>
      `CREATE USER ${user} IDENTIFIED${gap()}VIA${gap()}ed25519${gap()}USING${gap()}PASSWORD${pick(random, OPTIONAL_GAPS)}(${pick(random, OPTIONAL_GAPS)}${value}${pick(random, OPTIONAL_GAPS)})`,
    () => `CREATE USER ${user} IDENTIFIED${gap()}BY${gap()}PASSWORD${before(value)}${value}`,
    () => {
      const current = secretLiteral(random);
      return `ALTER USER ${user} IDENTIFIED${gap()}BY${before(value)}${value}${gap()}REPLACE${before(current)}${current}${gap()}RETAIN CURRENT PASSWORD`;
    },
    () => `GRANT SELECT ON db.* TO ${user}${gap()}IDENTIFIED${gap()}BY${before(value)}${value}`,
    () => `SELECT${gap()}PASSWORD${pick(random, OPTIONAL_GAPS)}(${pick(random, OPTIONAL_GAPS)}${value}${pick(random, OPTIONAL_GAPS)})`,
    () => `SET${gap()}PASSWORD${pick(random, OPTIONAL_GAPS)}=${pick(random, OPTIONAL_GAPS)}${value}`,
    () => `SET${gap()}PASSWORD${gap()}FOR${gap()}${user}${pick(random, OPTIONAL_GAPS)}=${pick(random, OPTIONAL_GAPS)}${value}`,
    () => `SET PASSWORD FOR ${user} = ${pick(random, ['PASSWORD', 'OLD_PASSWORD'])}${pick(random, OPTIONAL_GAPS)}(${value})`,
  ];
  return pick(random, forms)();
}

/** The statement as the editor, a script or a log line has it. */
function wrapped(random: Random, sql: string): string {
  const roll = random();
  if (roll < 0.25) return `PREPARE s FROM ${literal(random, sql, random() < 0.7 ? "'" : '"')}`;
  if (roll < 0.32) return `PREPARE s FROM ${literal(random, `PREPARE t FROM ${literal(random, sql, "'")}`, "'")}`;
  if (roll < 0.45) return `SELECT 'it''s', "a\\"b" FROM t; ${sql}; SELECT 1`;
  if (roll < 0.55) return `-- set up\n/* a user */ ${sql};`;
  return sql;
}

/** Where a server error quotes the statement: MySQL/MariaDB from the parser's stop, at most 80 characters; TiDB to the end. */
function serverErrors(random: Random, sql: string): string[] {
  const at = Math.floor(random() * sql.length);
  const syntax =
    'You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use';
  return [
    `${syntax} near '${sql.slice(at, at + 80)}' at line 1`,
    `${syntax} line 1 column ${at} near "${sql.slice(at)}" `,
    `Error 1064 (42000): ${syntax} near '${sql.slice(at)}' at line 1`,
  ];
}

function assertNoLeak(text: string, what: string, source: string): void {
  assert.ok(!LEAK.test(text), `${what} leaks a password:\n  ${JSON.stringify(text)}\n  from ${JSON.stringify(source)}`);
}

describe(`no password survives redaction (generated, seed ${SEED})`, () => {
  test('statements with comments, quotes and escapes: step lines, SQL log, results, server errors', () => {
    const random = seededRandom(SEED);
    for (let n = 0; n < 600; n++) {
      const sql = wrapped(random, statement(random));
      const where = `case ${n}`;
      assertNoLeak(redactSecretText(sql), `${where}: redactSecretText`, sql);
      assertNoLeak(JSON.stringify(redactSecrets({ message: sql, options: { init: sql }, steps: [sql] })), `${where}: redactSecrets`, sql);
      for (const message of serverErrors(random, sql)) {
        assertNoLeak(redactServerError(message, sql), `${where}: redactServerError`, message);
        assertNoLeak(redactSecretText(redactServerError(message, sql)), `${where}: the SQL log's error`, message);
      }
      // the SQL log redacts the statement, then puts it on one line
      assertNoLeak(redactSecretText(sql).replace(/\s+/g, ' '), `${where}: the SQL log`, sql);
      assertNoLeak(redactSecretText(`[12:00:01] running: ${sql}`), `${where}: a log line`, sql);
    }
  });

  test('DSNs, URLs and password options in command lines and log lines', () => {
    const random = seededRandom(SEED + 1);
    const plain = 'abcXYZ0189!$%^&*()_+=.,:~@';
    for (let n = 0; n < 400; n++) {
      let secret = MARKER;
      for (let k = Math.floor(random() * 6); k > 0; k--) secret += plain[Math.floor(random() * plain.length)];
      const user = pick(random, ['root', 'app_user', 'u.x']);
      const address = pick(random, ['tcp(127.0.0.1:4000)', 'tcp(tidb:4000)', 'unix(/tmp/mysql.sock)', '']);
      const line = pick(random, [
        `go-ycsb run mysql -P workloads/workloada -p mysql.dsn=${user}:${secret}@${address}/test -p operationcount=10`,
        `"mysql.dsn"="${user}:${secret}@${address}/test?parseTime=true"`,
        `go-tpc tpcc --dsn '${user}:${secret}@${address}/tpcc' run`,
        `dsn: ${user}:${secret}@${address}/db`,
        `mysql://${user}:${secret}@tidb:4000/test`,
        `mysql -u${user} -p${secret} -h 127.0.0.1 test`,
        `go-tpc tpcc -H 127.0.0.1 -P 4000 -U ${user} -p ${secret} -D tpcc run`,
        `tiup bench tpcc --password=${secret} run`,
        `sysbench --mysql-password ${secret} oltp_read_only run`,
        `MYSQL_PWD=${secret} sysbench run`,
      ]);
      assertNoLeak(redactSecretText(line), `case ${n}: redactSecretText`, line);
      assertNoLeak(JSON.stringify(redactSecrets({ options: { 'mysql.dsn': line }, message: line })), `case ${n}: redactSecrets`, line);
    }
  });

  test('imported go-ycsb and go-tpc logs with DSNs and -p passwords', () => {
    const random = seededRandom(SEED + 2);
    const stats =
      'TOTAL  - Takes(s): 10.0, Count: 100, OPS: 10.0, Avg(us): 480, Min(us): 144, Max(us): 12000, 50th(us): 432, 90th(us): 720, 95th(us): 864, 99th(us): 1488, 99.9th(us): 2976, 99.99th(us): 6000';
    for (let n = 0; n < 40; n++) {
      const secret = `${MARKER}${Math.floor(random() * 1e6).toString(36)}`;
      const dsn = `root:${secret}@tcp(127.0.0.1:4000)/test`;
      const ycsb = [
        `$ go-ycsb run mysql -P workloads/workloada ${pick(random, [`-p mysql.dsn=${dsn}`, `-pmysql.dsn=${dsn}`, `--prop mysql.dsn=${dsn}`])} -p operationcount=100`,
        '***************** properties *****************',
        `"mysql.dsn"="${dsn}"`,
        '"operationcount"="100"',
        '**********************************************',
        `READ   - ${stats.slice(9)}`,
        'Run finished, takes 10s',
        `READ   - ${stats.slice(9)}`,
      ].join('\n');
      const imported = importBenchmarkLog(ycsb, 'ycsb.log');
      assert.equal(imported.results.length, 1, imported.warnings.join('; '));
      assertNoLeak(JSON.stringify(imported), `case ${n}: the imported go-ycsb result`, ycsb);
    }
  });
});
