// A user runs CH-benCHmark from the palette. On MariaDB: Run CH-benCHmark..., the connection, the
// password, database, warehouses, TP threads, AP threads, seconds (no TiFlash question: MariaDB has
// none); the database has no TPC-C data, so the run offers Prepare and Run (TPC-C's one warehouse,
// then CH's nation, region and supplier); the live tab draws tpmC and the analytical queries per
// second, the result tab shows QphH as the stored result has it and one row per query that ran.
// On TiDB (the stand-in, relaying to the same MariaDB data): the TiFlash choice sets a replica on
// each of the twelve tables the queries read before the run, and the AP connections read through
// TiFlash (the result's ap_conn_params). Screenshots: test-results/screenshots/ch-*.png.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunResult } from '../../src/core/results/benchmarkResult';
import { createConnection } from 'mysql2/promise';
import { testDatabase } from '../support/testDatabase';
import { WorkbenchSession } from './support/workbenchSession';
import { answer, clickDialogButton, focusWorkbench } from './support/benchmarkTabs';
import { StandInProcess } from './support/standInProcess';
import { timeoutScale as scale, until } from './support/waiting';

const db = testDatabase();
const DATABASE = 'tidblab_e2e_ch';
const MARIADB = 'E2E MariaDB';
const TIDB = 'E2E TiDB stand-in';
const CH_TABLES = [
  'customer',
  'district',
  'history',
  'item',
  'nation',
  'new_order',
  'order_line',
  'orders',
  'region',
  'stock',
  'supplier',
  'warehouse',
];

async function dropDatabase(): Promise<void> {
  const connection = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    await connection.query(`DROP DATABASE IF EXISTS \`${DATABASE}\``);
  } finally {
    await connection.end();
  }
}

/** The CH-benCHmark runs saved under the workspace's .tidb-lab/results/, oldest first. */
function storedRuns(workspace: string): RunResult[] {
  const dir = join(workspace, '.tidb-lab', 'results');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as RunResult)
    .filter((result) => result.kind === 'run' && result.workload === 'ch')
    .sort((a, b) => a.startTime.localeCompare(b.startTime));
}

/** As the result tab formats numbers (numberFormat.ts, locale en). */
const shown = (value: number, decimals = 0) => new Intl.NumberFormat('en', { maximumFractionDigits: decimals }).format(value);

describe('CH-benCHmark from the palette', () => {
  let session: WorkbenchSession;
  let standIn: StandInProcess;

  before(async () => {
    await dropDatabase();
    standIn = await StandInProcess.start(['--replica-progress-per-second', '0.5']);
    session = await WorkbenchSession.open({
      userSettings: {
        'workbench.colorTheme': 'Default Light Modern',
        'tidbLab.benchmarks.storeInWorkspace': true,
        'tidbLab.connections': [
          { name: MARIADB, host: db.host, port: db.port, user: db.user, tls: 'off' },
          { name: TIDB, host: db.host, port: standIn.port, user: db.user, tls: 'off' },
        ],
      },
    });
  });

  after(async () => {
    await session?.close();
    await standIn?.stop();
    await dropDatabase().catch(() => undefined);
  });

  it('on MariaDB prepares one warehouse, runs TP and AP threads, and shows QphH and the queries as the stored result has them', () =>
    session.diagnose('ch', async (workbench) => {
      const page = workbench.page;
      await workbench.activityBarItem('TiDB Lab').waitFor({ state: 'visible', timeout: 120_000 * scale });
      await workbench.runCommand('TiDB Lab: Run CH-benCHmark...');
      await workbench.pickQuickPickItem(MARIADB);
      await answer(workbench, /Password of/, db.password);
      await answer(workbench, /go-tpc's --db/, DATABASE);
      await answer(workbench, /Warehouses/, '1');
      await answer(workbench, /TP threads/, '2');
      await answer(workbench, /AP threads/, '1');
      await answer(workbench, /Seconds to run/, '20');
      await clickDialogButton(page, 'Prepare and Run', /has no complete TPC-C data/);

      // prepare loads the warehouse and CH's tables (tens of seconds, more on a loaded machine), then the live tab
      const live = await workbench.webviewFrame('[data-view="live"] .chart-box[data-chart="analytical"]', 15 * 60_000 * scale);
      await until(
        async () => Number(await live.locator('.chart-box[data-chart="analytical"]').getAttribute('data-points')),
        (points) => points >= 3,
        'three live points of the analytical queries',
        120_000 * scale,
      );
      assert.ok(Number(await live.locator('.chart-box[data-chart="tpmC"]').getAttribute('data-points')) >= 3);
      await workbench.screenshot('ch-live-light', { whileRunning: true });

      const result = await workbench.webviewFrame('[data-view="run"] [data-operations="queries"]', 180_000 * scale);
      assert.equal(await result.locator('[data-status]').first().getAttribute('data-status'), 'completed');
      assert.equal((await result.locator('#result-title').innerText()).trim(), 'ch · 2 threads');
      const [run] = await until(
        async () => storedRuns(session.workspaceFolder),
        (runs) => runs.length === 1,
        'the stored CH-benCHmark result',
      );
      assert.equal(run.status, 'completed', run.message);
      const labels = run.labels ?? {};
      const qphH = Number(labels.qphH);
      assert.ok(qphH > 0 && run.ch?.qphH === qphH, JSON.stringify(run.ch));
      assert.equal((await result.locator('[data-tile="qphH"]').innerText()).trim(), shown(qphH, 1));
      assert.equal((await result.locator('[data-tile="tpmC"]').innerText()).trim(), shown(Number(labels.tpmC), 1));

      // one row per query that ran (go-tpc's Q1 ... Q22 names), with its count; none for the others
      const ran = Object.entries(run.ch?.queries ?? {}).filter(([, query]) => query.count + query.errors > 0);
      assert.ok(ran.length > 0, JSON.stringify(run.ch?.queries));
      const rows = result.locator('[data-operations="queries"] tr[data-operation]');
      assert.deepEqual(
        await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-operation'))),
        ran.map(([name]) => name.toUpperCase()),
      );
      for (const [name, query] of ran) {
        const row = result.locator(`[data-operations="queries"] tr[data-operation="${name.toUpperCase()}"]`);
        assert.equal((await row.locator('[data-column="count"]').innerText()).trim(), shown(query.count), name);
        const avg = query.latencyMs.avg;
        if (avg !== null)
          assert.equal(
            (await row.locator('[data-column="avg"]').innerText()).trim(),
            `${shown(avg, avg >= 100 ? 0 : avg >= 10 ? 1 : avg >= 1 ? 2 : 3)} ms`,
            name,
          );
      }
      assert.ok(Number(labels['NEW_ORDER.count']) > 0);
      // the stored intervals keep the analytical rate: the result draws it too
      assert.ok(Number(await result.locator('.chart-box[data-chart="analytical"]').getAttribute('data-points')) >= 3);

      await workbench.openViewContainer('TiDB Lab');
      await workbench.treeItem('ch · 2 threads', 'Benchmarks').waitFor({ state: 'visible' });
      await workbench.screenshot('ch-result-light');
      await result.locator('[data-operations="queries"]').scrollIntoViewIfNeeded();
      await workbench.screenshot('ch-queries-light');
      await focusWorkbench(workbench);
      await workbench.setColorTheme('dark');
      await result.locator('[data-tile="qphH"]').scrollIntoViewIfNeeded();
      await workbench.screenshot('ch-result-dark');
      await focusWorkbench(workbench);
      await workbench.setColorTheme('light');
    }));

  it('on TiDB the TiFlash choice sets a replica on the twelve tables first and the AP connections read through TiFlash', () =>
    session.diagnose('ch-tiflash', async (workbench) => {
      // the first test leaves its result tab (a webview) active and focused
      await focusWorkbench(workbench);
      await workbench.runCommand('TiDB Lab: Run CH-benCHmark...');
      await workbench.pickQuickPickItem(TIDB);
      await answer(workbench, /Password of/, db.password);
      await answer(workbench, /go-tpc's --db/, DATABASE);
      await answer(workbench, /Warehouses .*holds 1/, '1');
      await answer(workbench, /TP threads/, '1');
      await answer(workbench, /AP threads/, '1');
      await answer(workbench, /Seconds to run/, '8');
      await workbench.pickQuickPickItem('Create TiFlash Replicas and Read through TiFlash');

      const [, run] = await until(
        async () => storedRuns(session.workspaceFolder),
        (runs) => runs.length === 2,
        'the stored CH-benCHmark result on TiDB',
        10 * 60_000 * scale,
      );
      assert.equal(run.status, 'completed', run.message);
      assert.equal(run.server?.flavor, 'tidb');
      assert.equal(run.options.ap_conn_params, "tidb_isolation_read_engines='tiflash'");
      assert.ok(Number(run.labels?.['NEW_ORDER.count']) > 0);

      const connection = await createConnection({ host: db.host, port: standIn.port, user: db.user, password: db.password });
      try {
        const [replicas] = await connection.query(
          'SELECT TABLE_NAME AS name, REPLICA_COUNT AS count, AVAILABLE AS available FROM information_schema.tiflash_replica WHERE TABLE_SCHEMA = ?',
          [DATABASE],
        );
        assert.deepEqual(
          (replicas as { name: string; count: number; available: number }[])
            .map((row) => [row.name, Number(row.count), Number(row.available)])
            .sort(([a], [b]) => String(a).localeCompare(String(b))),
          CH_TABLES.map((table) => [table, 1, 1]),
        );
      } finally {
        await connection.end();
      }
    }));
});
