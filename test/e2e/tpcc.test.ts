// A user runs TPC-C from the palette against MariaDB: Run TPC-C..., password (the only connection,
// not asked), database, warehouses, threads, seconds; the database has no TPC-C data, so the run
// offers Prepare and Run (go-tpc's prepare of one warehouse, then its run); the live tab draws tpmC
// per interval, the result tab shows tpmC, efficiency and the five transactions with exactly the
// stored result's numbers, and the Benchmarks view lists the run with its tpmC.
// Screenshots: test-results/screenshots/tpcc-*.png.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunResult } from '../../src/core/results/benchmarkResult';
import { createConnection } from 'mysql2/promise';
import { testDatabase } from '../support/testDatabase';
import { WorkbenchSession } from './support/workbenchSession';
import { answer, clickDialogButton, focusWorkbench } from './support/benchmarkTabs';
import { timeoutScale as scale, until } from './support/waiting';
import { goTpcBinary } from '../support/goTpcBinary';

const db = testDatabase();
const DATABASE = 'tidblab_e2e_tpcc';
const CONNECTION = 'E2E MariaDB';
const TRANSACTIONS = ['NEW_ORDER', 'PAYMENT', 'ORDER_STATUS', 'DELIVERY', 'STOCK_LEVEL'];

async function dropDatabase(): Promise<void> {
  const connection = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    await connection.query(`DROP DATABASE IF EXISTS \`${DATABASE}\``);
  } finally {
    await connection.end();
  }
}

/** The TPC-C runs saved under the workspace's .tidb-lab/results/. */
function storedRuns(workspace: string): RunResult[] {
  const dir = join(workspace, '.tidb-lab', 'results');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as RunResult)
    .filter((result) => result.kind === 'run' && result.workload === 'tpcc');
}

/** As the result tab formats numbers (numberFormat.ts, locale en). */
const shown = (value: number, decimals = 0) => new Intl.NumberFormat('en', { maximumFractionDigits: decimals }).format(value);

describe('TPC-C from the palette', () => {
  let session: WorkbenchSession;

  before(async () => {
    await dropDatabase();
    session = await WorkbenchSession.open({
      userSettings: {
        'workbench.colorTheme': 'Default Light Modern',
        'tidbLab.benchmarks.storeInWorkspace': true,
        'tidbLab.connections': [{ name: CONNECTION, host: db.host, port: db.port, user: db.user, tls: 'off' }],
      },
    });
  });

  after(async () => {
    await session?.close();
    await dropDatabase().catch(() => undefined);
  });

  it('prepares one warehouse, runs, and shows tpmC and the transactions as the stored result has them', () =>
    session.diagnose('tpcc', async (workbench) => {
      const page = workbench.page;
      await workbench.activityBarItem('TiDB Lab').waitFor({ state: 'visible', timeout: 120_000 * scale });
      await workbench.runCommand('TiDB Lab: Run TPC-C...');
      await answer(workbench, /Password of/, db.password);
      await answer(workbench, /go-tpc's --db/, DATABASE);
      await answer(workbench, /Warehouses/, '1');
      await answer(workbench, /Threads/, '2');
      await answer(workbench, /Seconds to run/, '20');
      await clickDialogButton(page, 'Prepare and Run', /has no complete TPC-C data/);

      // prepare loads the warehouse (tens of seconds, more on a loaded machine), then the run's live tab
      const live = await workbench.webviewFrame('[data-view="live"] .chart-box[data-chart="tpmC"]', 15 * 60_000 * scale);
      await until(
        async () => Number(await live.locator('.chart-box[data-chart="tpmC"]').getAttribute('data-points')),
        (points) => points >= 3,
        'three live tpmC points',
        120_000 * scale,
      );
      await until(
        async () => (await live.locator('[data-tile="tpmC"]').innerText()).trim(),
        (text) => text !== '–',
        'the live tpmC tile',
      );
      await workbench.screenshot('tpcc-live-light', { whileRunning: true });

      const result = await workbench.webviewFrame('[data-view="run"] [data-operations="transactions"]', 120_000 * scale);
      assert.equal(await result.locator('[data-status]').first().getAttribute('data-status'), 'completed');
      assert.equal((await result.locator('#result-title').innerText()).trim(), 'tpcc · 2 threads');
      const [run] = await until(
        async () => storedRuns(session.workspaceFolder),
        (runs) => runs.length === 1,
        'the stored TPC-C result',
      );
      assert.equal(run.status, 'completed');
      const labels = run.labels ?? {};
      const tpmC = Number(labels.tpmC);
      assert.ok(tpmC > 0, JSON.stringify(labels));
      assert.equal((await result.locator('[data-tile="tpmC"]').innerText()).trim(), shown(tpmC, 1));
      // the latency tiles are New-Order's (go-tpc's summary), and say so
      assert.equal(
        (
          await result
            .locator('.tile', { has: result.locator('[data-tile="p95"]') })
            .locator('.tile-label')
            .innerText()
        ).trim(),
        'New-Order p95',
      );
      assert.equal((await result.locator('[data-tile="tpmTotal"]').innerText()).trim(), shown(Number(labels.tpmTotal), 1));
      assert.equal(
        (await result.locator('[data-tile="efficiency"]').innerText()).trim(),
        `${shown(Number(labels.efficiency_pct), Number(labels.efficiency_pct) >= 100 ? 0 : 1)} %`,
      );
      for (const name of TRANSACTIONS) {
        const row = result.locator(`[data-operations="transactions"] tr[data-operation="${name}"]`);
        assert.equal((await row.locator('[data-column="count"]').innerText()).trim(), shown(Number(labels[`${name}.count`])), name);
        assert.equal((await row.locator('[data-column="tpm"]').innerText()).trim(), shown(Number(labels[`${name}.tpm`]), 1), name);
      }
      assert.ok(Number(labels['NEW_ORDER.count']) > 0 && Number(labels['PAYMENT.count']) > 0);
      // the stored intervals carry each transaction's rate: the result draws tpmC over time too
      assert.ok(run.intervals.length >= 3 && run.intervals.every((interval) => interval.operations !== undefined));
      assert.ok(Number(await result.locator('.chart-box[data-chart="tpmC"]').getAttribute('data-points')) >= 3);
      // the client measured as a sysbench workload's run measures it, among the run's details
      assert.ok(run.client !== undefined && run.intervals.every((interval) => interval.client !== undefined));
      const details = result.locator('table.kv');
      assert.match(
        await details.innerText(),
        new RegExp(
          `Client\\s+\\d+% CPU of \\d+ cores?, event loop busy \\d+%[^\\n]*· ${run.client.bound ? 'The benchmark client limited this run' : 'the client did not limit this run'}`,
        ),
      );
      assert.equal(await result.locator('[data-client-bound="true"]').count(), run.client.bound ? 1 : 0);

      await workbench.openViewContainer('TiDB Lab');
      await workbench.treeItem('tpcc · 2 threads', 'Benchmarks').waitFor({ state: 'visible' });
      assert.match(
        await workbench.treeItemDescription('tpcc · 2 threads', 'Benchmarks'),
        new RegExp(`^tpmC ${shown(tpmC, 1).replace(/[.,]/g, '\\$&')}`),
      );
      await workbench.screenshot('tpcc-result-light');
      await result.locator('[data-operations="transactions"]').scrollIntoViewIfNeeded();
      await workbench.screenshot('tpcc-transactions-light');
      await details.scrollIntoViewIfNeeded();
      await workbench.screenshot('tpcc-client-light');
      await focusWorkbench(workbench);
      await workbench.setColorTheme('dark');
      await workbench.screenshot('tpcc-transactions-dark');
    }));
});

// tidbLab.benchmarks.engine = go-tpc: the same command runs the installed go-tpc (the tool cache's
// build, tidbLab.benchmarks.goTpcPath); the live tab draws its intervals, the stored result is
// go-tpc's (source.engine) and the result tab names it (the Benchmarks view's tooltip does, as for sysbench).
describe('TPC-C from the palette with the go-tpc engine', () => {
  const GO_TPC_DATABASE = 'tidblab_e2e_tpcc_gotpc';
  const goTpc = goTpcBinary();
  let session: WorkbenchSession;

  const dropGoTpcDatabase = async () => {
    const connection = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
    try {
      await connection.query(`DROP DATABASE IF EXISTS \`${GO_TPC_DATABASE}\``);
    } finally {
      await connection.end();
    }
  };

  before(async () => {
    if (goTpc.missing !== undefined) return;
    await dropGoTpcDatabase();
    session = await WorkbenchSession.open({
      userSettings: {
        'workbench.colorTheme': 'Default Light Modern',
        'tidbLab.benchmarks.storeInWorkspace': true,
        'tidbLab.benchmarks.engine': 'go-tpc',
        'tidbLab.benchmarks.goTpcPath': goTpc.path,
        'tidbLab.connections': [{ name: CONNECTION, host: db.host, port: db.port, user: db.user, tls: 'off' }],
      },
    });
  });

  after(async () => {
    await session?.close();
    if (goTpc.missing === undefined) await dropGoTpcDatabase().catch(() => undefined);
  });

  it('runs go-tpc: its intervals live, its numbers stored, the engine named in the result tab', { skip: goTpc.missing ?? false }, () =>
    session.diagnose('tpcc-gotpc', async (workbench) => {
      const page = workbench.page;
      await workbench.activityBarItem('TiDB Lab').waitFor({ state: 'visible', timeout: 120_000 * scale });
      await workbench.runCommand('TiDB Lab: Run TPC-C...');
      await answer(workbench, /Password of/, db.password);
      await answer(workbench, /go-tpc's --db/, GO_TPC_DATABASE);
      await answer(workbench, /Warehouses/, '1');
      await answer(workbench, /Threads/, '2');
      await answer(workbench, /Seconds to run/, '8');
      await clickDialogButton(page, 'Prepare and Run', /has no complete TPC-C data/);

      const live = await workbench.webviewFrame('[data-view="live"] .chart-box[data-chart="tpmC"]', 15 * 60_000 * scale);
      await until(
        async () => Number(await live.locator('.chart-box[data-chart="tpmC"]').getAttribute('data-points')),
        (points) => points >= 2,
        "two live tpmC points from go-tpc's [Current] lines",
        120_000 * scale,
      );
      const result = await workbench.webviewFrame('[data-view="run"] [data-operations="transactions"]', 120_000 * scale);
      const [run] = await until(
        async () => storedRuns(session.workspaceFolder),
        (runs) => runs.length === 1,
        'the stored TPC-C result',
      );
      assert.equal(run.status, 'completed', run.message);
      assert.equal(run.source.engine, 'go-tpc');
      assert.equal(run.source.engineVersion, '1.0.12');
      assert.ok(run.intervals.length >= 2);
      assert.equal((await result.locator('[data-tile="tpmC"]').innerText()).trim(), shown(Number(run.labels?.tpmC), 1));
      assert.match(await result.locator('table.kv').innerText(), /engine\s+go-tpc 1\.0\.12/);
      await workbench.screenshot('tpcc-gotpc-result-light');
    }),
  );
});
