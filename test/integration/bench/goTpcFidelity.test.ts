// TPC-C's prepare held to go-tpc itself (v1.0.12, built by scripts/install-go-tpc.sh) on the local
// MariaDB: go-tpc prepares one warehouse in a database and `tidb-lab bench tpcc prepare` one in
// another, at the same time; the two must have the same tables, columns (types, nullability,
// defaults) and indexes, and the same row counts (order_line's within the spread of its random
// 5 to 15 lines per order), and go-tpc's own `check` must pass on the data we loaded.
// go-tpc logs in through the credential relay the go-tpc engine uses (its one-time password is on
// its command line, the real one is not) and our CLI takes the password from MYSQL_PWD.
// go-tpc's prepare runs with --no-check: its checks 3.3.2.10 and 3.3.2.12 take about 21 minutes on
// MariaDB, whose history table has no index on the customer (go-tpc's schema), so its dependent
// subquery reads all of history once per customer. go-tpc's check of our data runs once, after
// the schema is compared, with a helper index on our history (h_c_w_id, h_c_d_id, h_c_id): an
// index changes no row, only how fast the check reads them (about 9 s instead of over 15 minutes).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { db, dropDatabase, freshDatabase, query, runProcess, type ProcessOutcome } from './support/benchFixtures';
import { goTpcBinary } from '../../support/goTpcBinary';
import { startCredentialRelay, type CredentialRelay } from '../../../src/core/bench/goTpcEngine/credentialRelay';

const CLI = join(__dirname, '..', '..', '..', 'src', 'cli', 'cli.js');
const STEP_TIMEOUT_MS = 10 * 60_000;
const TABLES = ['customer', 'district', 'history', 'item', 'new_order', 'order_line', 'orders', 'stock', 'warehouse'];
/** go-tpc's `check` without --check-all (tpcc/check.go): every condition of 3.3.2 but 3.3.2.11 */
const GO_TPC_CHECK_CONDITIONS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '12'].map((n) => `3.3.2.${n}`);

/**
 * order_line of one warehouse: 30,000 orders (4.3.3.1), each with o_ol_cnt lines drawn uniformly
 * from 5 to 15 (mean 10, variance (11² - 1) / 12 = 10), so 300,000 lines expected with a standard
 * deviation of √(30,000 × 10) ≈ 548. Each tool's count must lie within 5 of those (2,739 lines): a
 * correct loader fails that about once in 1.7 million loads; a loader drawing 5 to 14 or 6 to 15
 * (one line off per order, 30,000 lines) cannot pass it.
 */
const ORDER_LINE = { orders: 30_000, expected: 300_000, tolerance: Math.floor(5 * Math.sqrt(30_000 * 10)) };

const { path: goTpc, missing } = goTpcBinary();
let theirs: string;
let ours: string;
let relay: CredentialRelay;

function runGoTpc(database: string, args: string[]): Promise<ProcessOutcome> {
  const connection = [
    `--host=${relay.host}`,
    `--port=${relay.port}`,
    `--user=${relay.user}`,
    `--password=${relay.oneTimePassword}`,
    `--db=${database}`,
  ];
  const env = { ...process.env };
  delete env.MYSQL_PWD;
  return runProcess(goTpc, ['tpcc', ...connection, '--warehouses=1', ...args], { env, timeoutMs: STEP_TIMEOUT_MS });
}

function runOurs(database: string, args: string[]): Promise<ProcessOutcome> {
  const connection = [`--mysql-host=${db.host}`, `--mysql-port=${db.port}`, `--mysql-user=${db.user}`, `--mysql-db=${database}`];
  return runProcess(process.execPath, [CLI, 'bench', 'tpcc', '--warehouses=1', ...connection, ...args], {
    env: { ...process.env, MYSQL_PWD: db.password },
    timeoutMs: STEP_TIMEOUT_MS,
  });
}

function succeeded(outcome: ProcessOutcome, what: string): string {
  assert.equal(outcome.code, 0, `${what} exited with ${outcome.code}:\n${outcome.stdout.slice(-3000)}${outcome.stderr.slice(-3000)}`);
  return outcome.stdout;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: string }> {
  const start = Date.now();
  const value = await work();
  return { value, seconds: ((Date.now() - start) / 1000).toFixed(1) };
}

before(async () => {
  if (missing !== undefined) return;
  [theirs, ours] = await Promise.all([freshDatabase('fidelity_gotpc'), freshDatabase('fidelity_ours')]);
  relay = await startCredentialRelay({ host: db.host, port: db.port, user: db.user, password: db.password });
});

after(async () => {
  await relay?.close();
  if (theirs) await dropDatabase(theirs);
  if (ours) await dropDatabase(ours);
});

async function columns(database: string): Promise<string[]> {
  const rows = await query<Record<string, unknown>>(
    'information_schema',
    `SELECT TABLE_NAME AS t, ORDINAL_POSITION AS p, COLUMN_NAME AS c, COLUMN_TYPE AS type, IS_NULLABLE AS nullable,
            COLUMN_DEFAULT AS dflt, COLLATION_NAME AS collation
       FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, ORDINAL_POSITION`,
    [database],
  );
  return rows.map(
    (row) =>
      `${String(row.t)}.${String(row.p)} ${String(row.c)} ${String(row.type)} null=${String(row.nullable)} default=${String(row.dflt)} ${String(row.collation)}`,
  );
}

async function indexes(database: string): Promise<string[]> {
  const rows = await query<Record<string, unknown>>(
    'information_schema',
    `SELECT TABLE_NAME AS t, INDEX_NAME AS name, MAX(NON_UNIQUE) AS nonUnique, GROUP_CONCAT(COLUMN_NAME ORDER BY SEQ_IN_INDEX) AS cols
       FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? GROUP BY TABLE_NAME, INDEX_NAME ORDER BY TABLE_NAME, INDEX_NAME`,
    [database],
  );
  return rows.map((row) => `${String(row.t)}.${String(row.name)} ${Number(row.nonUnique) === 0 ? 'unique ' : ''}(${String(row.cols)})`);
}

async function tables(database: string): Promise<string[]> {
  const rows = await query<{ t: string }>(
    'information_schema',
    'SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?',
    [database],
  );
  return rows.map((row) => row.t).sort();
}

async function rowCounts(database: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [{ n }] = await query<{ n: number }>(database, `SELECT COUNT(*) AS n FROM \`${table}\``);
    counts[table] = Number(n);
  }
  const [{ total }] = await query<{ total: number }>(database, 'SELECT SUM(o_ol_cnt) AS total FROM orders');
  counts.sum_o_ol_cnt = Number(total);
  return counts;
}

describe('TPC-C prepare as go-tpc v1.0.12 does it', { timeout: 3 * STEP_TIMEOUT_MS, skip: missing ?? false }, () => {
  test("the same tables, columns, indexes and row counts as go-tpc's prepare, and go-tpc's check passes on our data", async (t) => {
    const [theirPrepare, ourPrepare] = await Promise.all([
      timed(() => runGoTpc(theirs, ['--threads=2', 'prepare', '--no-check'])),
      timed(() => runOurs(ours, ['--threads=2', 'prepare'])),
    ]);
    t.diagnostic(
      `prepare of 1 warehouse, side by side: go-tpc (--no-check) ${theirPrepare.seconds} s, ours (with its check) ${ourPrepare.seconds} s`,
    );
    succeeded(theirPrepare.value, 'go-tpc tpcc prepare --no-check');
    assert.match(succeeded(ourPrepare.value, 'tidb-lab bench tpcc prepare'), /^Finished$/m);

    assert.deepEqual(await tables(theirs), TABLES, "go-tpc's prepare made TPC-C's nine tables");
    assert.deepEqual(await tables(ours), TABLES);
    const [ourColumns, theirColumns] = await Promise.all([columns(ours), columns(theirs)]);
    assert.equal(theirColumns.length, 92, "go-tpc's TPC-C tables have 92 columns");
    assert.deepEqual(ourColumns, theirColumns);
    const [ourIndexes, theirIndexes] = await Promise.all([indexes(ours), indexes(theirs)]);
    assert.equal(theirIndexes.length, 12, "go-tpc's TPC-C tables have 12 indexes (9 primary keys)");
    assert.deepEqual(ourIndexes, theirIndexes);

    const [mine, reference] = await Promise.all([rowCounts(ours), rowCounts(theirs)]);
    t.diagnostic(`rows, ours / go-tpc: ${TABLES.map((table) => `${table} ${mine[table]} / ${reference[table]}`).join(', ')}`);
    for (const counts of [mine, reference]) {
      assert.equal(counts.orders, ORDER_LINE.orders);
      assert.equal(counts.order_line, counts.sum_o_ol_cnt, 'every order has its o_ol_cnt lines');
      assert.ok(
        Math.abs(counts.order_line - ORDER_LINE.expected) <= ORDER_LINE.tolerance,
        `order_line ${counts.order_line} is within ${ORDER_LINE.tolerance} of ${ORDER_LINE.expected}`,
      );
    }
    const exact = (counts: Record<string, number>) =>
      TABLES.filter((table) => table !== 'order_line').map((table) => [table, counts[table]]);
    assert.deepEqual(exact(mine), exact(reference));

    await query(ours, 'ALTER TABLE history ADD INDEX tidblab_check_customer (h_c_w_id, h_c_d_id, h_c_id)');
    const check = await timed(() => runGoTpc(ours, ['check']));
    t.diagnostic(`go-tpc tpcc check of our data: ${check.seconds} s`);
    const checked = succeeded(check.value, "go-tpc's check of our data");
    assert.doesNotMatch(checked, /failed/i);
    assert.match(checked, /^Finished$/m);
    const conditions = [...checked.matchAll(/^begin to check warehouse 1 at condition ([\d.]+)$/gm)].map((match) => match[1]);
    assert.deepEqual(conditions.sort(), [...GO_TPC_CHECK_CONDITIONS].sort());
  });
});
