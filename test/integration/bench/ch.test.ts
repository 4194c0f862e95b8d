// `tidb-lab bench ch` against the local MariaDB on one warehouse: prepare loads TPC-C and the CH
// tables, all 22 of go-tpc's queries run on it, a short run's analytical queries are counted by the
// server itself (performance_schema's statement digests) as the client counted them, and cleanup
// drops every table.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { adminConnection, connectionArgs, db, dropDatabase, freshDatabase, query, runProcess } from './support/benchFixtures';
import { CH_QUERIES, CH_QUERY_NAMES } from '../../../src/core/bench/ch/chQueries';
import { parseBenchmarkResult } from '../../../src/core/results/resultValidation';
import { importBenchmarkLog } from '../../../src/core/results/importers/importBenchmarkLog';
import type { RunResult } from '../../../src/core/results/benchmarkResult';
import { assertClientMeasuredOnMainThread } from './support/mainThreadClient';

/** A local port nothing listens on (taken by the system, then given back). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
let database: string;

const bench = (args: string[]) =>
  runProcess(process.execPath, [CLI, 'bench', 'ch', '--warehouses=1', ...args, ...connectionArgs(database)]);

/** The start of each query's DIGEST_TEXT on MariaDB 10.11 (literals as ?), told apart from the other 21. */
const DIGESTS = {
  q3: 'SELECT `ol_o_id` , `ol_w_id` , `ol_d_id` , SUM ( `ol_amount` ) AS `revenue` , `o_entry_d` FROM `customer`%',
  q6: 'SELECT SUM ( `ol_amount` ) AS `revenue` FROM `order_line` WHERE `ol_delivery_d` >= ?%',
  q13: 'SELECT `c_count` , COUNT ( * ) AS `custdist`%',
} as const;

async function serverCount(digestStart: string): Promise<number> {
  const rows = await query<{ n: string | number | null }>(
    database,
    `SELECT SUM(COUNT_STAR) AS n FROM performance_schema.events_statements_summary_by_digest WHERE SCHEMA_NAME = ? AND DIGEST_TEXT LIKE ?`,
    [database, digestStart],
  );
  return Number(rows[0]?.n ?? 0);
}

before(async () => {
  database = await freshDatabase('ch');
});

after(async () => {
  await dropDatabase(database);
});

describe('tidb-lab bench ch', { timeout: 40 * 60_000 }, () => {
  test('prepare loads TPC-C and nation (25), region (5), supplier (10,000), the revenue1 view, analyzed', async () => {
    const outcome = await bench(['--threads=2', '--no-check', 'prepare']);
    assert.equal(outcome.code, 0, outcome.stderr + outcome.stdout);
    assert.match(outcome.stdout, /^creating nation$/m);
    assert.match(outcome.stdout, /^analyzing table supplier$/m);
    const counts = await query<{ nation: number; region: number; supplier: number; warehouse: number; view: number }>(
      database,
      `SELECT (SELECT COUNT(*) FROM nation) AS nation, (SELECT COUNT(*) FROM region) AS region,
              (SELECT COUNT(*) FROM supplier) AS supplier, (SELECT COUNT(*) FROM warehouse) AS warehouse,
              (SELECT COUNT(*) FROM information_schema.VIEWS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'revenue1') AS view`,
    );
    assert.deepEqual({ ...counts[0] }, { nation: 25, region: 5, supplier: 10_000, warehouse: 1, view: 1 });
  });

  test("check: TPC-C's conditions and the CH tables; a supplier gone and a nation without its region are named", async () => {
    const passed = await bench(['--threads=2', 'check']);
    assert.equal(passed.code, 0, passed.stderr + passed.stdout);
    assert.match(passed.stdout, /^check passed: \d+ conditions$/m);
    const [supplier] = await query<Record<string, unknown>>(database, 'SELECT * FROM supplier WHERE S_SUPPKEY = 7');
    const [nation] = await query<{ N_REGIONKEY: number }>(database, 'SELECT N_REGIONKEY FROM nation WHERE N_NATIONKEY = 3');
    await query(database, 'DELETE FROM supplier WHERE S_SUPPKEY = 7');
    await query(database, 'UPDATE nation SET N_REGIONKEY = 99 WHERE N_NATIONKEY = 3');
    try {
      const failed = await bench(['--threads=2', 'check']);
      assert.equal(failed.code, 1, failed.stdout);
      assert.match(failed.stdout, /^check ch-3 failed: supplier has 10,000 rows, keys 1 to 10,000 \(got 9999\)$/m);
      assert.match(failed.stdout, /^check ch-4 failed: every nation's region exists \(got 1\)$/m);
      assert.doesNotMatch(failed.stdout, /^check ch-[125] failed/m);
      assert.match(failed.stdout, /^check failed: 2 of \d+ conditions$/m);
    } finally {
      const columns = Object.keys(supplier);
      await query(
        database,
        `INSERT INTO supplier (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        columns.map((column) => supplier[column]),
      );
      await query(database, 'UPDATE nation SET N_REGIONKEY = ? WHERE N_NATIONKEY = 3', [nation.N_REGIONKEY]);
    }
  });

  test("every one of go-tpc's 22 queries runs on MariaDB without error", async () => {
    const connection = await adminConnection(database);
    try {
      for (const name of CH_QUERY_NAMES) {
        await assert.doesNotReject(connection.query(CH_QUERIES[name]), name);
      }
    } finally {
      await connection.end();
    }
  });

  test('a run with one AP thread: the server ran each analytical query as often as the client counted it; tpmC and QphH in the JSON and the text', async () => {
    const before = { q3: await serverCount(DIGESTS.q3), q6: await serverCount(DIGESTS.q6), q13: await serverCount(DIGESTS.q13) };
    const outcome = await bench(['--threads=1', '--acThreads=1', '--time=15s', '--interval=5s', '--queries=q6,q3,q13', '--json', 'run']);
    assert.equal(outcome.code, 0, outcome.stderr);
    const parsed = parseBenchmarkResult(outcome.stdout);
    assert.ok(parsed.ok, JSON.stringify(parsed));
    const result = parsed.result as RunResult;
    assert.equal(result.kind, 'run');
    assert.equal(result.workload, 'ch');
    assert.equal(result.options.acThreads, 1);
    const ch = result.ch;
    assert.ok(ch !== undefined && result.tpcc !== undefined);
    assert.ok((result.tpcc?.tpmC ?? 0) > 0);
    let queries = 0;
    for (const name of ['q3', 'q6', 'q13'] as const) {
      const numbers: { count: number; errors: number } = ch.queries[name];
      assert.ok(numbers.count > 0, `${name} ran`);
      assert.equal(numbers.errors, 0);
      assert.equal(await serverCount(DIGESTS[name]), before[name] + numbers.count, `${name} as the server counted it`);
      assert.equal(result.labels?.[`${name.toUpperCase()}.count`], numbers.count);
      queries += numbers.count;
    }
    const summed = Object.values(ch.queries).reduce((sum, q) => sum + q.sumMs, 0);
    assert.ok(ch.qphH !== null && Math.abs(ch.qphH - (3_600_000 / summed) * queries) < 1e-6 * ch.qphH);
    assert.equal(result.labels?.qphH, ch.qphH);
    // the client (TPC-C's and the AP threads' one process) measured as TPC-C's run measures it
    assert.ok(result.intervals.length > 0);
    assertClientMeasuredOnMainThread(result);
  });

  test("the text output is go-tpc's and imports back to the same QphH and counts", async () => {
    const outcome = await bench(['--threads=1', '--acThreads=1', '--time=8s', '--queries=q6', 'run']);
    assert.equal(outcome.code, 0, outcome.stderr);
    assert.match(outcome.stdout, /^Finished: 1 OLTP workers, 1 OLAP workers$/m);
    assert.match(outcome.stdout, /^tpmC: [\d.]+, tpmTotal: [\d.]+, efficiency: [\d.]+%$/m);
    const qphH = /^QphH: ([\d.]+)$/m.exec(outcome.stdout);
    assert.ok(qphH !== null, outcome.stdout);
    const count = /^\[Summary\] Q6 +- Takes\(s\): [\d.]+, Count: (\d+),/m.exec(outcome.stdout);
    assert.match(
      outcome.stdout,
      /^QphH: [\d.]+\nClient: \d+% of \d+ cores?, event loop busy \d+%.*(limit)/m,
      "the client line after go-tpc's summary",
    );
    const imported = importBenchmarkLog(outcome.stdout, 'ch.log');
    assert.deepEqual(imported.warnings, []);
    const run = imported.results[0] as RunResult;
    assert.equal(run.workload, 'ch');
    assert.equal(run.labels?.qphH, Number(qphH[1]));
    assert.equal(run.labels?.['Q6.count'], Number(count?.[1]));
  });

  test('--use-explain: each query runs as ANALYZE on MariaDB, is measured and its plan printed; --ap-host/--ap-port: where the AP threads connect', async () => {
    const outcome = await bench([
      '--threads=1',
      '--acThreads=1',
      '--time=6s',
      '--queries=q6',
      '--use-explain',
      '--ap-host=localhost',
      `--ap-port=${db.port}`,
      '--json',
      'run',
    ]);
    assert.equal(outcome.code, 0, outcome.stderr);
    assert.match(outcome.stderr, /^explain analyze result of query q6 \(takes [\d.]+(µs|ms|s)\):\n\+-+\+/m);
    assert.match(outcome.stderr, /^\| ID +\| SELECT_TYPE +\| TABLE +\|.*\| R_ROWS +\|/m, "MariaDB's ANALYZE columns");
    const result = JSON.parse(outcome.stdout) as RunResult;
    assert.ok(result.ch!.queries.q6.count > 0 && result.ch!.queries.q6.errors === 0, JSON.stringify(result.ch));
    assert.deepEqual([result.options.use_explain, result.options.ap_host, result.options.ap_port], [true, '127.0.0.1', String(db.port)]);

    // the AP threads sent to a port nothing listens on: TPC-C's connection (--mysql-port) is not what fails
    const closed = await closedPort();
    const elsewhere = await bench(['--threads=1', '--acThreads=1', '--time=3s', '--queries=q6', `--ap-port=${closed}`, 'run']);
    assert.equal(elsewhere.code, 1, elsewhere.stdout);
    assert.match(elsewhere.stderr, new RegExp(`127\\.0\\.0\\.1:${closed}`));
  });

  test('cleanup drops the CH tables, the view and the TPC-C tables', async () => {
    const outcome = await bench(['cleanup']);
    assert.equal(outcome.code, 0, outcome.stderr);
    const tables = await query<{ n: number }>(
      database,
      'SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()',
    );
    assert.equal(Number(tables[0].n), 0);
  });
});
