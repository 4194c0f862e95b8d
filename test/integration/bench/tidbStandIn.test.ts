// The TiDB-only parts of the engine, against the TiDB stand-in (test/standin, which relays ordinary
// SQL to MariaDB and answers the TiDB statements of tidb-facts.md): PingCAP's post-prepare steps,
// TiDB's retryable errors, and an experiment with a cached-table variant checked by TRACE.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestStandIn } from '../../standin/testStandIn';
import type { TiDBStandIn } from '../../standin/tidbStandIn';
import {
  benchOptions,
  db,
  dropDatabase,
  freshDatabase,
  lockAllRows,
  query,
  waitForNoConnections,
  waitForUpdatesWaiting,
} from './support/benchFixtures';
import { RunProgress } from './support/runProgress';
import { prepareWithOptions } from '../../../src/core/bench/prepareBenchmark';
import { runWithOptions } from '../../../src/core/bench/runBenchmark';
import { runExperiment } from '../../../src/core/bench/experiments/runExperiment';
import { cleanupWithOptions } from '../../../src/core/bench/cleanupBenchmark';

let standIn: TiDBStandIn;
let database: string;

const via = () => [
  `--mysql-host=${db.host}`,
  `--mysql-port=${standIn.port}`,
  `--mysql-user=${db.user}`,
  `--mysql-password=${db.password}`,
  `--mysql-db=${database}`,
];

before(async () => {
  database = await freshDatabase('tidb');
  standIn = await startTestStandIn();
});

after(async () => {
  await standIn.close();
  await dropDatabase(database);
});

describe('on TiDB', () => {
  test('prepare warms each k index up and analyzes each table, as PingCAP recommends', async () => {
    const sql: string[] = [];
    const outcome = await prepareWithOptions(benchOptions('oltp_point_select', [...via(), '--tables=2', '--table-size=2000']), {
      onSql: (entry) => sql.push(entry.sql),
    });
    const expected = [
      'SELECT COUNT(pad) FROM sbtest1 USE INDEX (k_1)',
      'ANALYZE TABLE sbtest1',
      'SELECT COUNT(pad) FROM sbtest2 USE INDEX (k_2)',
      'ANALYZE TABLE sbtest2',
    ];
    assert.deepEqual(outcome.tidbSteps, expected);
    assert.deepEqual(
      sql.filter((statement) => expected.includes(statement)),
      expected,
    );
  });

  test("a run restarts events on TiDB's retryable errors unless told otherwise, and says so", async () => {
    const notes: string[] = [];
    const result = await runWithOptions(benchOptions('oltp_point_select', [...via(), '--tables=2', '--threads=2', '--events=300']), {
      onLog: (line) => notes.push(line),
    });
    assert.equal(result.status, 'completed', result.message);
    assert.equal(result.summary.events, 300);
    assert.equal(result.server?.flavor, 'tidb');
    assert.equal(result.server?.version, '8.5.1');
    assert.ok(
      notes.some((line) => /TiDB's retryable errors .*8002,8005,8022,8028,9007/.test(line)),
      notes.join('\n'),
    );
    const strict = await runWithOptions(
      benchOptions('oltp_point_select', [...via(), '--tables=2', '--events=10', '--tidb-retryable-errors=off']),
      { onLog: (line) => notes.push(`strict: ${line}`) },
    );
    assert.equal(strict.status, 'completed');
    assert.ok(!notes.some((line) => line.startsWith('strict: TiDB')));
  });

  test('an experiment with a cached-table variant checks the cache before measuring', async () => {
    const cells: string[] = [];
    const steps: string[] = [];
    const result = await runExperiment(
      {
        name: 'cached vs normal',
        workloads: ['oltp_point_select'],
        threads: [2],
        tableSizes: [1000],
        options: { time: 1, tables: 1 },
        variants: [
          { name: 'normal' },
          {
            name: 'cached',
            setup: ['ALTER TABLE {table} CACHE'],
            teardown: ['ALTER TABLE {table} NOCACHE'],
            ready: { kind: 'cache-hit', intervalMs: 100 },
          },
        ],
      },
      { host: db.host, port: standIn.port, user: db.user, password: db.password, database },
      {
        onCell: (cell) => cells.push(`${cell.variant}:${cell.run.status}:${cell.run.labels?.readiness}`),
        onStep: (step) =>
          steps.push(
            step.kind === 'cell'
              ? `cell ${step.index + 1}/${step.total} ${step.label} after ${cells.length} done`
              : step.kind === 'variant'
                ? `variant ${step.variant}${step.waitsUntilReady ? ' (waits until ready)' : ''}`
                : step.kind,
          ),
      },
    );
    assert.equal(result.status, 'completed', result.message);
    assert.deepEqual(cells, ['normal:completed:none', 'cached:completed:verified']);
    assert.deepEqual(steps, [
      'prepare',
      'variant normal',
      'cell 1/2 oltp_point_select 2 threads after 0 done',
      'variant cached (waits until ready)',
      'cell 2/2 oltp_point_select 2 threads after 1 done',
      'cleanup',
    ]);
    assert.equal(result.server?.flavor, 'tidb');
    await cleanupWithOptions(benchOptions('oltp_point_select', [...via(), '--tables=2']));
  });

  test('a cancelled run kills the statements stuck on a lock by the id CONNECTION_ID() gives, not the handshake id', async () => {
    // The stand-in's handshake ids are its own, as a 64-bit TiDB id does not fit the handshake's
    // 4 bytes; only CONNECTION_ID() names the connection a KILL must reach.
    await prepareWithOptions(benchOptions('oltp_update_index', [...via(), '--tables=1', '--table-size=1000']));
    const { lockerId, release } = await lockAllRows(database);
    try {
      const controller = new AbortController();
      const progress = new RunProgress();
      const running = progress.watch(
        runWithOptions(benchOptions('oltp_update_index', [...via(), '--tables=1', '--table-size=1000', '--threads=4', '--time=60']), {
          signal: controller.signal,
        }),
      );
      await waitForUpdatesWaiting(database, lockerId, 4, () => progress.assertRunning());
      controller.abort();
      const result = await running;
      assert.equal(result.status, 'cancelled');
      assert.equal(await waitForNoConnections(database, [lockerId]), 0, 'the statements waiting on the lock were killed');
      assert.deepEqual(await query(database, 'SELECT 1 AS alive'), [{ alive: 1 }]);
      const locker = await query<{ n: number }>(
        'information_schema',
        'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE ID = ?',
        [lockerId],
      );
      assert.equal(Number(locker[0].n), 1, 'the locking connection was not killed by mistake');
    } finally {
      await release();
      await cleanupWithOptions(benchOptions('oltp_update_index', [...via(), '--tables=1']));
    }
  });

  test('the cached-table study on TiDB: the lease is 10 s during it and set back, a table over 64 MiB skips the cached variant with the reason, a cell read from TiKV is marked', async () => {
    const state = standIn.state;
    state.tidbVariables.set('tidb_table_cache_lease', '3');
    const leaseDuringCells: string[] = [];
    const sent: string[] = [];
    let cachedCells = 0;
    const result = await runExperiment(
      {
        name: 'cached vs normal, small',
        workloads: ['oltp_point_select'],
        threads: [1, 2],
        tableSizes: [1000, 2000],
        options: { time: 1, tables: 1 },
        globalVariables: { tidb_table_cache_lease: 10 },
        variants: [
          { name: 'normal' },
          {
            name: 'cached',
            setup: ['ALTER TABLE {table} CACHE'],
            teardown: ['ALTER TABLE {table} NOCACHE'],
            ready: { kind: 'cache-hit', attempts: 3, intervalMs: 50 },
          },
        ],
      },
      { host: db.host, port: standIn.port, user: db.user, password: db.password, database },
      {
        onSql: (entry) => sent.push(entry.sql),
        onStep: (step) => {
          // the 2,000-row tables are "over 64 MiB" for this test (the study's 300,000 rows)
          if (step.kind === 'prepare' && step.tableSize === 2000)
            state.tableSizeOverridesBytes.set(`${database}.sbtest1`, 70 * 1024 * 1024);
        },
        onCell: (cell) => {
          leaseDuringCells.push(state.tidbVariables.get('tidb_table_cache_lease') ?? '');
          if (cell.variant !== 'cached') return;
          cachedCells++;
          if (cachedCells === 1) {
            // After the first cached cell a write invalidates the cache and the reload takes long:
            // the next cell's reads go to TiKV.
            state.cacheLoadDelayMs = 600_000;
            state.noteWrite(database, 'sbtest1');
          }
        },
      },
    );
    try {
      assert.equal(result.status, 'completed', result.message);
      assert.deepEqual(leaseDuringCells, ['10', '10', '10', '10', '10', '10']);
      assert.equal(state.tidbVariables.get('tidb_table_cache_lease'), '3', 'the lease is set back');
      assert.deepEqual(
        result.cells.map((cell) => `${cell.tableSize} ${cell.variant} ${cell.threads}: ${cell.run.status} ${cell.run.labels?.readiness}`),
        [
          '1000 normal 1: completed none',
          '1000 normal 2: completed none',
          '1000 cached 1: completed verified',
          '1000 cached 2: completed not from memory',
          '2000 normal 1: completed none',
          '2000 normal 2: completed none',
        ],
      );
      assert.deepEqual(
        result.cells.map((cell) => cell.cacheHit?.servedFromCache),
        [undefined, undefined, true, false, undefined, undefined],
      );
      assert.match(result.cells[3].cacheHit?.detail ?? '', /regionRequest\.SendReqCtx/);
      assert.equal(result.skipped?.length, 1);
      assert.deepEqual({ ...result.skipped?.[0], reason: undefined }, { variant: 'cached', tableSize: 2000, cells: 2, reason: undefined });
      assert.match(
        result.skipped?.[0].reason ?? '',
        /sbtest1.* holds about 70(\.0)? MiB of data and indexes; TiDB caches tables of at most 64(\.0)? MiB\. The variant 'cached' is skipped at 2000 rows: TiDB would refuse ALTER TABLE \.\.\. CACHE \(error 8242, 'table too large'\)\./,
      );
      assert.equal(sent.filter((sql) => /ALTER TABLE .* CACHE$/.test(sql)).length, 1, 'CACHE was sent for the 1,000-row table only');
      assert.ok(sent.includes('SET GLOBAL tidb_table_cache_lease = 10'));
      assert.ok(sent.includes('SET GLOBAL tidb_table_cache_lease = 3'));
    } finally {
      state.tableSizeOverridesBytes.delete(`${database}.sbtest1`);
      state.cacheLoadDelayMs = 0;
      for (const table of state.cachedTables()) state.stopCaching(table.schema, table.table);
    }
  });

  test('the TiFlash study on TiDB: a variant whose set-up TiDB refuses is recorded as failed and the rest runs; auto-retry is set as the study did and set back', async () => {
    const state = standIn.state;
    state.tidbVariables.set('tidb_disable_txn_auto_retry', 'ON');
    const seen: string[] = [];
    const result = await runExperiment(
      {
        name: 'replicas',
        workloads: ['oltp_point_select'],
        threads: [2],
        tableSizes: [1000],
        options: { time: 1, tables: 1 },
        globalVariables: { tidb_disable_txn_auto_retry: 'off', tidb_no_such_setting: 1 },
        variants: [
          { name: 'no replica' },
          {
            name: 'five replicas',
            setup: ['ALTER TABLE {table} SET TIFLASH REPLICA 5'],
            teardown: ['ALTER TABLE {table} SET TIFLASH REPLICA 0'],
          },
          {
            name: 'one replica',
            setup: ['ALTER TABLE {table} SET TIFLASH REPLICA 1'],
            teardown: ['ALTER TABLE {table} SET TIFLASH REPLICA 0'],
            ready: { kind: 'tiflash-replica', timeoutSec: 30 },
          },
        ],
      },
      { host: db.host, port: standIn.port, user: db.user, password: db.password, database },
      { onCell: () => seen.push(state.tidbVariables.get('tidb_disable_txn_auto_retry') ?? '') },
    );
    assert.equal(result.status, 'completed', result.message);
    assert.deepEqual(
      result.cells.map((cell) => `${cell.variant}: ${cell.run.status}`),
      ['no replica: completed', 'five replicas: failed', 'one replica: completed'],
    );
    assert.match(
      result.cells[1].run.message ?? '',
      /The set-up of variant 'five replicas' failed: the tiflash replica count: 5 should be less than the total tiflash server count: 2/,
    );
    assert.deepEqual(seen, ['off', 'off', 'off']);
    assert.equal(state.tidbVariables.get('tidb_disable_txn_auto_retry'), 'ON', 'set back after the experiment');
    assert.match(result.message ?? '', /1 cell\(s\) failed/);
    assert.match(
      result.message ?? '',
      /tidb_disable_txn_auto_retry is deprecated from TiDB v8\.0\.0: set as the study did, but it no longer changes anything on this server\./,
    );
    assert.match(result.message ?? '', /tidb_no_such_setting is not a variable of this server .*left out/);
    const left = await query(
      database,
      "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE 'sbtest%'",
    );
    assert.equal(left.length, 0, 'the clean-up ran');
  });
});
