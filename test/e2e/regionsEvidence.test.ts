// Regions and hot spots beside a benchmark, in the real VS Code (issue 12): a bulk-load experiment
// run from the palette on the TiDB STAND-IN (test/standin/standInRegions.ts: one region per new
// table, writes counted on the region of their row handle, tidb_hot_regions from them; three TiKV
// stores in cluster_info) shows a "Regions by run" card with the hot-region finding of each cell;
// a cell's tab has the Regions section: the table's regions and leaders per store before and after,
// the hot region, the finding with its advice and the exact SPLIT TABLE statement, whose Copy puts
// it on the clipboard and says so. Screenshots: test-results/screenshots/regions-*.png.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { startTestStandIn } from '../standin/testStandIn';
import type { TiDBStandIn } from '../standin/tidbStandIn';
import { testDatabase } from '../support/testDatabase';
import { answerPasswordsUntil, focusWorkbench } from './support/benchmarkTabs';
import { pickFileInDialog } from './support/fileDialog';
import { WorkbenchSession } from './support/workbenchSession';
import { timeoutScale as scale, until } from './support/waiting';

const db = testDatabase();
const database = 'tidblab_e2e_regions';
const TIDB = 'TiDB stand-in';
const BULK_FILE = 'bulk-load-regions.experiment.json';
const TABLE = 'tidblab_bulk_load';
const ROWS = 2000;
const SPLIT = `SPLIT TABLE \`${TABLE}\` BETWEEN (1) AND (${ROWS}) REGIONS 16;`;

async function sql(statement: string): Promise<void> {
  const connection = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    await connection.query(statement);
  } finally {
    await connection.end();
  }
}

const component = (type: string, index: number) => ({
  type,
  instance: `127.0.0.1:${20160 + index}`,
  statusAddress: `127.0.0.1:${20180 + index}`,
  version: '8.5.1',
  gitHash: 'standin',
  startTime: '2026-12-01 10:00:00',
  uptime: '1h0m0s',
});

/** The bulk-loading study, sized down to seconds: ordered and shuffled keys, 2 writers, 200 rows a statement. */
const BULK_LOAD = `${JSON.stringify(
  { kind: 'bulk-load', name: 'Bulk load regions', rows: ROWS, rowsPerInsert: [200], writerThreads: [2], keyOrder: ['ordered', 'shuffled'] },
  null,
  2,
)}\n`;

describe('regions and hot spots beside a benchmark: a bulk load on the TiDB stand-in', () => {
  let session: WorkbenchSession;
  let standIn: TiDBStandIn;

  before(async () => {
    await sql(`DROP DATABASE IF EXISTS ${database}`);
    await sql(`CREATE DATABASE ${database}`);
    standIn = await startTestStandIn({
      versionString: '8.0.11-TiDB-v8.5.1',
      otherComponents: [component('tidb', 0), component('pd', 1), component('tikv', 2), component('tikv', 3), component('tikv', 4)],
    });
    session = await WorkbenchSession.open({
      userSettings: {
        'workbench.colorTheme': 'Default Light Modern',
        'tidbLab.connections': [
          { name: TIDB, host: db.host, port: standIn.port, user: db.user, tls: 'off', passwordMode: 'ask', database },
        ],
        'tidbLab.benchmarks.engine': 'builtin',
      },
      workspaceFiles: { [BULK_FILE]: BULK_LOAD },
    });
    session.page.setDefaultTimeout(45_000 * scale);
  });

  after(async () => {
    await session?.close();
    await standIn?.close();
    await sql(`DROP DATABASE IF EXISTS ${database}`).catch(() => undefined);
  });

  it("runs the bulk load from the palette: each run's hot-region finding, then a run's Regions section with the statement to copy", () =>
    session.diagnose('regions-bulk-load', async (workbench) => {
      await workbench.activityBarItem('TiDB Lab').waitFor({ state: 'visible', timeout: 120_000 * scale });
      await focusWorkbench(workbench);
      await workbench.runCommand('TiDB Lab: Run Experiment...');
      await answerPasswordsUntil(
        workbench,
        db.password,
        workbench.page.locator('.quick-input-list .monaco-list-row', { hasText: 'From File...' }),
        TIDB,
      );
      await workbench.pickQuickPickItem('From File...');
      await pickFileInDialog(workbench, join(session.workspaceFolder, BULK_FILE));
      // the database is new (before): nothing to drop, so the experiment starts without asking
      const experiment = await workbench.webviewFrame('[data-view="experiment"] [data-section="regions-by-cell"]', 240_000 * scale);
      const byRun = experiment.locator('[data-section="regions-by-cell"]');
      await until(
        () => byRun.locator('table.cell-regions tbody tr').count(),
        (count) => count === 2,
        'a regions row for each of the two runs',
        240_000 * scale,
      );
      const rows = await byRun
        .locator('table.cell-regions tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => (cell.textContent ?? '').trim())));
      for (const row of rows) {
        assert.equal(row[1], `${TABLE}: 1 → 1`, JSON.stringify(rows));
        assert.equal(row[3], '1', 'one hot region');
        assert.match(row[2], new RegExp(`^Writes piled on one region \\(\\d+\\): ${TABLE} is a single region`));
      }
      await byRun.scrollIntoViewIfNeeded();
      await workbench.screenshot('regions-bulk-load-by-run-light');

      await byRun.locator('button[data-cell="0"]').click();
      const run = await workbench.webviewFrame('[data-view="run"] [data-section="regions"]', 60_000 * scale);
      const section = run.locator('[data-section="regions"]');
      assert.equal(await section.locator('.card-header h2').innerText(), 'Regions: before and after the run; 3 TiKV stores');
      const tableRow = await section
        .locator('table.region-tables tbody tr')
        .first()
        .evaluate((tr) => [...tr.children].map((cell) => (cell.textContent ?? '').trim()));
      assert.deepEqual(tableRow.slice(0, 4), [TABLE, 'id', '1 → 1', 'store 1: 1 → store 1: 1']);
      assert.match(tableRow[4], /^\d+(\.\d+)? KiB$/, 'the bytes the load wrote in the last heartbeat');
      const hot = await section.locator('table.hot-regions tbody tr').allInnerTexts();
      assert.equal(hot.length, 1, hot.join(' | '));
      assert.match(hot[0], new RegExp(`^${TABLE}\\t–\\twrite\\t\\d+\\t`));
      const finding = section.locator('.region-finding[data-finding="one-region"]');
      assert.equal(await finding.getAttribute('data-table'), TABLE);
      assert.match(await finding.locator('.finding-advice').innerText(), /^Split the table into regions before a write-heavy load/);
      assert.equal(await finding.locator('.region-statement code').innerText(), SPLIT);

      await finding.locator('.region-statement vscode-button', { hasText: 'Copy' }).click();
      await until(
        async () => (await workbench.statusBarTexts()).join(' | '),
        (texts) => texts.includes('Copied the statement.'),
        'the copy to be confirmed in the status bar',
      );
      await finding.scrollIntoViewIfNeeded();
      await workbench.screenshot('regions-hot-region-finding-light');
      await workbench.setColorTheme('dark');
      await finding.scrollIntoViewIfNeeded();
      await workbench.screenshot('regions-hot-region-finding-dark');
    }));
});
