// Numbers a user can trust, in the real VS Code (issue 10): a run's latency histogram drawn in bars
// of one width in log space; a bulk-load study's result that reads rows/s against writers, one
// chart per rows per statement. (A client-bound run's warning in the result tab and the heatmap is
// benchmarks.test.ts's.) Screenshots: test-results/screenshots/honest-*.png.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createConnection } from 'mysql2/promise';
import type { Frame } from 'playwright-core';
import { testDatabase } from '../support/testDatabase';
import { clickDialogButton, focusWorkbench, resultFrame, runBenchmarkFromPalette, runExperimentFromFile } from './support/benchmarkTabs';
import { WorkbenchSession } from './support/workbenchSession';
import { timeoutScale as scale } from './support/waiting';

const db = testDatabase();
const database = 'tidblab_e2e_honest';
const CONNECTION = 'E2E MariaDB';
const BULK_FILE = 'bulk-load-small.experiment.json';
const BULK_NAME = 'Bulk load: rows per statement and writers (small)';

/** The bulk-load study's shape at a size of seconds: 3,000 rows, 100 or 500 rows per statement, 1 or 2 writers. */
const bulkLoad = {
  kind: 'bulk-load',
  name: BULK_NAME,
  rows: 3000,
  rowsPerInsert: [100, 500],
  writerThreads: [1, 2],
  keyOrder: ['ordered'],
  table: 'tidblab_bulk_e2e',
};

async function sql(statement: string): Promise<void> {
  const connection = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    await connection.query(statement);
  } finally {
    await connection.end();
  }
}

function logWidths(bins: string): number[] {
  return bins.split(' ').map((bin) => {
    const [from, to] = bin.split('-').map(Number);
    return Math.log10(to) - Math.log10(from);
  });
}

async function chartBox(frame: Frame, chart: string) {
  const box = frame.locator(`.chart-box[data-chart="${chart}"]`);
  await box.waitFor();
  return {
    xAxis: await box.getAttribute('data-x-axis'),
    yAxis: await box.getAttribute('data-y-axis'),
    series: (await box.getAttribute('data-series')) ?? '',
    bins: (await box.getAttribute('data-bins')) ?? '',
  };
}

describe('numbers a user can trust: histogram bins, bulk-load rows/s', () => {
  let session: WorkbenchSession;

  before(async () => {
    await sql(`DROP DATABASE IF EXISTS ${database}`);
    // the connection's default database: it has to exist
    await sql(`CREATE DATABASE ${database}`);
    session = await WorkbenchSession.open({
      userSettings: {
        'workbench.colorTheme': 'Default Light Modern',
        'tidbLab.connections': [{ name: CONNECTION, host: db.host, port: db.port, user: db.user, tls: 'off', database }],
        // the built-in engine measures its client (sysbench runs have no client figures)
        'tidbLab.benchmarks.engine': 'builtin',
      },
      workspaceFiles: { [BULK_FILE]: `${JSON.stringify(bulkLoad, null, 2)}\n` },
    });
    session.page.setDefaultTimeout(45_000 * scale);
  });

  after(async () => {
    await session?.close();
    await sql(`DROP DATABASE IF EXISTS ${database}`).catch(() => undefined);
  });

  it("draws a run's latency histogram in bars of one width in log space", () =>
    session.diagnose('honest-histogram', async (workbench) => {
      await workbench.activityBarItem('TiDB Lab').waitFor({ state: 'visible', timeout: 120_000 * scale });
      await focusWorkbench(workbench);
      await runBenchmarkFromPalette(workbench, { password: db.password, connection: CONNECTION }, 'oltp_point_select', [
        ['Threads', /--threads/, '2'],
        ['Time', /--time/, '3'],
        ['Table size', /--table-size/, '2000'],
        ['Database', /--mysql-db/, database],
      ]);
      await clickDialogButton(workbench.page, 'Prepare', /1 table\(s\) of 2,000 rows for oltp_point_select/);
      const run = await workbench.webviewFrame(
        '[data-view="run"] .chart-box[data-chart="histogram"][data-rendered="true"]',
        180_000 * scale,
      );
      const histogram = await chartBox(run, 'histogram');
      assert.equal(histogram.xAxis, 'ms (log scale)');
      assert.equal(histogram.yAxis, 'events');
      const widths = logWidths(histogram.bins);
      assert.ok(widths.length >= 3, `bars: ${histogram.bins}`);
      for (const width of widths)
        assert.ok(Math.abs(width - widths[0]) < 1e-9, `every bar ${widths[0]} wide in log10(ms): ${widths.join(', ')}`);
      // bars meet: each starts where the one before ends (empty bars are left out, not folded in)
      const bins = histogram.bins.split(' ').map((bin) => bin.split('-').map(Number));
      for (let index = 1; index < bins.length; index++) {
        const gap = Math.log10(bins[index][0]) - Math.log10(bins[index - 1][1]);
        assert.ok(gap > -1e-9 && Math.abs(gap / widths[0] - Math.round(gap / widths[0])) < 1e-6, `bar ${index} starts on the grid`);
      }
      await run.locator('.chart-box[data-chart="histogram"]').scrollIntoViewIfNeeded();
      await workbench.screenshot('honest-histogram-light');
      await workbench.setColorTheme('dark');
      await workbench.screenshot('honest-histogram-dark');
    }));

  it('shows a bulk-load study as rows/s against writers, one line per rows per statement', () =>
    session.diagnose('honest-bulk-load', async (workbench) => {
      await workbench.setColorTheme('light');
      await focusWorkbench(workbench);
      await workbench.closeAllEditors();
      await runExperimentFromFile(workbench, { password: db.password, connection: CONNECTION }, join(session.workspaceFolder, BULK_FILE));
      const result = await resultFrame(workbench, BULK_NAME, 240_000 * scale);
      await result.locator('[data-view="experiment"] .chart-box[data-chart="sweep-qps"][data-rendered="true"]').waitFor({
        timeout: 240_000 * scale,
      });
      const throughput = await chartBox(result, 'sweep-qps');
      assert.equal(throughput.xAxis, 'writers');
      assert.equal(throughput.yAxis, 'rows/s');
      // one chart per rows per statement (picked above it), one line per key order
      assert.equal(throughput.series, 'ordered');
      assert.equal((await result.locator('#sweep-group-label').innerText()).trim(), 'Rows per statement');
      const groups = await result.locator('#sweep-group vscode-option').allTextContents();
      assert.deepEqual(
        groups.map((group) => group.trim()),
        ['100 rows per statement', '500 rows per statement'],
      );
      const latency = await chartBox(result, 'sweep-p95');
      assert.equal(latency.xAxis, 'writers');
      const headers = (await result.locator('table th').allInnerTexts()).map((text) => text.trim());
      for (const header of ['rows/s', 'writers', 'rows per statement'])
        assert.ok(
          headers.some((text) => text.toLowerCase() === header),
          `a '${header}' column among ${headers.join(' | ')}`,
        );
      await workbench.screenshot('honest-bulk-load-light');
      await result.locator('table').last().scrollIntoViewIfNeeded();
      await workbench.screenshot('honest-bulk-load-tables-light');
    }));
});
