// `tidb-lab bench` talks to CLI users in CLI words: failures name the flags that fix them
// (--mysql-ssl=REQUIRED, --mysql-password), "Too many connections" names the server, its limit
// and the way out, and "Threads started!" is printed only once the threads have connected.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { adminConnection, connectionArgs, db, dropDatabase, freshDatabase, runProcess } from './support/benchFixtures';
import { join } from 'node:path';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
// the built-in engine's words (with --engine=sysbench, sysbench prints its own)
const bench = (args: string[]) => runProcess(process.execPath, [CLI, 'bench', '--engine=builtin', ...args]);
const EDITOR_WORDS = /Edit (the )?[Cc]onnection|TLS mode|Set TLS|TLS "|turn TLS on/;
let database: string;

before(async () => {
  database = await freshDatabase('cliwords');
  const prepared = await bench([...connectionArgs(database), '--tables=1', '--table-size=1000', 'oltp_point_select', 'prepare']);
  assert.equal(prepared.code, 0, prepared.stderr);
});

after(async () => {
  await dropDatabase(database);
});

describe('tidb-lab bench in CLI words', () => {
  test('a server that requires TLS, reached without it, is told with the --mysql-ssl flags', async () => {
    const outcome = await bench([...connectionArgs(database, db.tlsOnlyPort), 'oltp_point_select', 'run']);
    assert.equal(outcome.code, 1);
    assert.match(outcome.stderr, /--mysql-ssl=REQUIRED/, outcome.stderr);
    assert.doesNotMatch(outcome.stderr, EDITOR_WORDS);
  });

  test('a wrong password points at --mysql-password, not at a form', async () => {
    const outcome = await bench([
      `--mysql-host=${db.host}`,
      `--mysql-port=${db.port}`,
      `--mysql-user=${db.user}`,
      '--mysql-password=not-the-password',
      `--mysql-db=${database}`,
      'oltp_point_select',
      'run',
    ]);
    assert.equal(outcome.code, 1);
    assert.match(outcome.stderr, /wrong user name or password/);
    assert.match(outcome.stderr, /Check --mysql-password \(or MYSQL_PWD\) and --mysql-user/);
    assert.doesNotMatch(outcome.stderr, EDITOR_WORDS);
    assert.ok(!outcome.stderr.includes('not-the-password'));
  });

  test('"Too many connections" names the server, its max_connections and the way out; "Threads started!" is not printed', async () => {
    const admin = await adminConnection();
    const [[{ value }]] = (await admin.query('SELECT @@GLOBAL.max_connections AS value')) as unknown as [[{ value: number }]];
    const [[{ used }]] = (await admin.query('SELECT COUNT(*) AS used FROM information_schema.PROCESSLIST')) as unknown as [
      [{ used: number }],
    ];
    const limit = Math.max(10, Number(used) + 4); // MariaDB's smallest max_connections is 10
    const threads = limit + 8;
    try {
      await admin.query(`SET GLOBAL max_connections = ${limit}`);
      const outcome = await bench([
        ...connectionArgs(database),
        '--tables=1',
        `--threads=${threads}`,
        '--time=5',
        'oltp_point_select',
        'run',
      ]);
      assert.equal(outcome.code, 1, outcome.stdout);
      assert.match(
        outcome.stderr,
        new RegExp(`FATAL: ${db.host}:${db.port} refused a benchmark connection: Too many connections \\(max_connections = ${limit}\\)\\.`),
      );
      assert.match(
        outcome.stderr,
        new RegExp(`Use fewer --threads \\(${threads} now\\), or raise max_connections on the server above ${limit}`),
      );
      assert.doesNotMatch(outcome.stdout, /Threads started!/);
      assert.match(outcome.stdout, /Initializing worker threads\.\.\./);
    } finally {
      await admin.query(`SET GLOBAL max_connections = ${Number(value)}`);
      await admin.end();
    }
    const fine = await bench([
      ...connectionArgs(database),
      '--tables=1',
      '--threads=2',
      '--time=2',
      '--report-interval=1',
      'oltp_point_select',
      'run',
    ]);
    assert.equal(fine.code, 0, fine.stderr);
    const lines = fine.stdout.split('\n');
    const started = lines.indexOf('Threads started!');
    assert.ok(started > lines.indexOf('Initializing worker threads...'));
    assert.ok(started < lines.findIndex((line) => line.startsWith('[ 1s ]')), 'before the first interval');
  });
});
