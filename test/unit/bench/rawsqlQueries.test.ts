import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  queryNameOfFile,
  rawQueriesFromFiles,
  rawQueryKind,
  RawsqlError,
  splitQueryFiles,
} from '../../../src/core/bench/rawsql/rawsqlQueries';
import { parseRawsqlArguments } from '../../../src/core/bench/rawsql/rawsqlArguments';
import { queryIndex } from '../../../src/core/bench/rawsql/runRawsql';
import { threadCounts } from '../../../src/core/bench/gotpc/threadCounts';
import { parseStartAt, waitUntilStart } from '../../../src/core/bench/startAt';
import { OptionError } from '../../../src/core/bench/benchOptions';
import { parseBenchArguments } from '../../../src/core/bench/sysbench/benchArguments';

describe('rawsql query files (go-tpc: one file, one query, named after the file)', () => {
  test('the name is the file name without directories and extension, upper-cased as go-tpc prints it', () => {
    assert.equal(queryNameOfFile('queries/q1.sql'), 'Q1');
    assert.equal(queryNameOfFile('C:\\work\\top_items.sql'), 'TOP_ITEMS');
    assert.equal(queryNameOfFile('a.b.sql'), 'A.B');
    assert.equal(queryNameOfFile('plain'), 'PLAIN');
    assert.deepEqual(splitQueryFiles('a.sql, b.sql,,c.sql'), ['a.sql', 'b.sql', 'c.sql']);
  });

  test('each file is one statement; the trailing semicolon and white space are dropped', () => {
    const queries = rawQueriesFromFiles([
      { path: 'q1.sql', text: '-- top items\nSELECT 1;\n\n' },
      { path: 'dir/bump.sql', text: "UPDATE t SET s = 'a;b' WHERE id = 1 ;" },
    ]);
    assert.deepEqual(queries, [
      { name: 'Q1', sql: '-- top items\nSELECT 1', kind: 'read' },
      { name: 'BUMP', sql: "UPDATE t SET s = 'a;b' WHERE id = 1", kind: 'write' },
    ]);
  });

  test('refuses empty files, two statements, two files of one name and names that are not names', () => {
    assert.throws(() => rawQueriesFromFiles([]), RawsqlError);
    assert.throws(() => rawQueriesFromFiles([{ path: 'e.sql', text: ' ;\n' }]), /holds no query/);
    assert.throws(() => rawQueriesFromFiles([{ path: 'two.sql', text: 'SELECT 1; SELECT 2' }]), /more than one statement/);
    assert.throws(
      () =>
        rawQueriesFromFiles([
          { path: 'a/q.sql', text: 'SELECT 1' },
          { path: 'b/q.sql', text: 'SELECT 2' },
        ]),
      /'a\/q.sql' and 'b\/q.sql' would both be query Q/,
    );
    assert.throws(() => rawQueriesFromFiles([{ path: 'my query.sql', text: 'SELECT 1' }]), /is not a name/);
    // a semicolon inside quotes or comments is not a second statement
    assert.equal(rawQueriesFromFiles([{ path: 'q.sql', text: "SELECT ';' /* ; */ -- ;\n" }]).length, 1);
  });

  test('statement kinds for reads, writes and others', () => {
    assert.equal(rawQueryKind('/* c */ (SELECT 1)'), 'read');
    assert.equal(rawQueryKind('WITH x AS (SELECT 1) SELECT * FROM x'), 'read');
    assert.equal(rawQueryKind('-- c\nDELETE FROM t'), 'write');
    assert.equal(rawQueryKind('BEGIN'), 'other');
  });
});

describe('rawsql threads and counts', () => {
  test('--count is spread so the threads run exactly that many queries (go-tpc drops count % threads)', () => {
    assert.deepEqual(threadCounts(31, 3), [11, 10, 10]);
    assert.deepEqual(threadCounts(2, 4), [1, 1, 0, 0]);
    assert.deepEqual(threadCounts(0, 2), [0, 0]);
  });

  test('thread i starts at query i and goes round-robin, as go-tpc', () => {
    assert.deepEqual(
      [0, 1, 2, 3].map((step) => queryIndex(1, step, 3)),
      [1, 2, 0, 1],
    );
  });
});

describe('rawsql command line', () => {
  test("go-tpc's names: --query-files, --threads, --time and --interval as durations, --count, --ignore-error", () => {
    const parsed = parseRawsqlArguments([
      'rawsql',
      '--query-files=a.sql,b.sql',
      '--threads=8',
      '--time=1m30s',
      '--count',
      '100',
      '--interval=2s',
      '--ignore-error',
      '--mysql-host=db',
      '--json',
      '--out=r.json',
      'run',
    ]);
    assert.deepEqual(parsed.queryFiles, ['a.sql', 'b.sql']);
    assert.equal(parsed.threads, 8);
    assert.equal(parsed.timeSec, 90);
    assert.equal(parsed.count, 100);
    assert.equal(parsed.intervalSec, 2);
    assert.equal(parsed.ignoreError, true);
    assert.equal(parsed.connection.get('mysql-host'), 'db');
    assert.equal(parsed.json, true);
    assert.equal(parsed.out, 'r.json');
    assert.equal(parseRawsqlArguments(['rawsql', '--query-files=a.sql', '--time=30', 'run']).timeSec, 30);
  });

  test('mistakes', () => {
    assert.throws(() => parseRawsqlArguments(['rawsql', 'run']), /empty query files/);
    assert.throws(() => parseRawsqlArguments(['rawsql', '--query-files=a.sql', 'prepare']), /Unknown command for rawsql: prepare/);
    assert.throws(() => parseRawsqlArguments(['rawsql', '--query-files=a.sql']), /needs the command 'run'/);
    assert.throws(() => parseRawsqlArguments(['rawsql', '--query-files=a.sql', '--time=soon', 'run']), OptionError);
    assert.throws(
      () => parseRawsqlArguments(['rawsql', '--query-files=a.sql', '--tables=2', 'run']),
      /invalid option for rawsql: --tables/,
    );
    assert.throws(() => parseRawsqlArguments(['rawsql', '--query-files=a.sql', '--threads=0', 'run']), /--threads/);
  });
});

describe('--start-at', () => {
  test('an ISO time or Unix seconds', () => {
    assert.equal(parseStartAt('2026-12-01T18:00:00Z'), Date.parse('2026-12-01T18:00:00Z'));
    assert.equal(parseStartAt('1796148000'), 1796148000 * 1000);
    assert.throws(() => parseStartAt('tomorrow'), OptionError);
  });

  test('the sysbench workloads take it for run only', () => {
    const parsed = parseBenchArguments(['--start-at=2026-12-01T18:00:00Z', '--threads=8', 'oltp_point_select', 'run'], () => '');
    assert.equal(parsed.kind === 'workload' ? parsed.startAt : undefined, '2026-12-01T18:00:00Z');
    assert.throws(() => parseBenchArguments(['--start-at=1', 'oltp_point_select', 'prepare'], () => ''), /--start-at is for run/);
  });

  test('a time that has passed starts at once; a cancelled wait says so', async () => {
    assert.equal(await waitUntilStart(1000, undefined, () => 2000), true);
    const controller = new AbortController();
    const waiting = waitUntilStart(Date.now() + 3_600_000, controller.signal);
    controller.abort();
    assert.equal(await waiting, false);
  });
});
