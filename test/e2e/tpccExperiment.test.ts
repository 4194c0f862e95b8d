// A stored TPC-C experiment (two variants at 1 and 2 warehouses x 2 and 4 threads, one cell failed,
// one client-bound) opened in a real VS Code (code-server + Chromium): the heatmap compares tpmC by
// default and offers only TPC-C's metrics, its columns are warehouse counts, the failed and the
// client-bound cells are marked, the sweep charts plot tpmC and New-Order's p95 against threads
// (one chart per warehouse count), and the Markdown and CSV exports give go-tpc's numbers.
// Screenshots: test-results/screenshots/experiment-tpcc-*.png.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Frame } from 'playwright-core';
import { TPCC_EXPERIMENT_NAME, tpccExperimentResult } from '../unit/results/support/tpccExperimentResult';
import { resultFrame } from './support/benchmarkTabs';
import { pickFileInDialog } from './support/fileDialog';
import { timeoutScale as scale, until } from './support/waiting';
import { WorkbenchSession } from './support/workbenchSession';

const RESULT_FILE = 'tpcc-item-cached.result.json';

async function texts(frame: Frame, selector: string): Promise<string[]> {
  return (await frame.locator(selector).allTextContents()).map((text) => text.trim());
}

async function chartBox(frame: Frame, chart: string) {
  const box = frame.locator(`.chart-box[data-chart="${chart}"][data-rendered="true"]`);
  await box.waitFor({ timeout: 60_000 * scale });
  return {
    xAxis: await box.getAttribute('data-x-axis'),
    yAxis: await box.getAttribute('data-y-axis'),
    series: await box.getAttribute('data-series'),
  };
}

async function exported(frame: Frame, session: WorkbenchSession, format: 'markdown' | 'csv', file: string): Promise<string> {
  await frame.locator(`#export-${format}`).click();
  const target = join(session.workspaceFolder, file);
  await pickFileInDialog(session.workbench, target);
  await until(async () => existsSync(target), Boolean, `${file} to be written`, 30_000 * scale);
  return readFileSync(target, 'utf8');
}

describe('a TPC-C experiment in the experiment tab', () => {
  let session: WorkbenchSession;

  before(async () => {
    session = await WorkbenchSession.open({
      userSettings: { 'workbench.colorTheme': 'Default Light Modern' },
      workspaceFiles: { [RESULT_FILE]: `${JSON.stringify(tpccExperimentResult(), null, 2)}\n` },
    });
  });

  after(async () => {
    await session?.close();
  });

  it('compares tpmC, sweeps tpmC against threads, marks failed and client-bound cells, exports go-tpc numbers', () =>
    session.diagnose('experiment-tpcc', async (workbench) => {
      await workbench.activityBarItem('TiDB Lab').waitFor({ state: 'visible', timeout: 120_000 * scale });
      await workbench.runCommand('TiDB Lab: Import sysbench / go-tpc / go-ycsb Log...');
      await pickFileInDialog(workbench, join(session.workspaceFolder, RESULT_FILE));
      const frame = await resultFrame(workbench, TPCC_EXPERIMENT_NAME, 90_000 * scale);
      const heatmap = frame.locator('[data-view="experiment"] table.heatmap');
      await heatmap.waitFor();

      // tpmC by default; efficiency and each transaction's p95/p99; nothing that counts statements
      assert.equal(await heatmap.getAttribute('data-metric'), 'tpmC');
      const metrics = await texts(frame, '#heatmap-metric vscode-option');
      assert.deepEqual(metrics.slice(0, 4), ['tpmC', 'efficiency', 'new_order p95', 'new_order p99']);
      assert.ok(metrics.includes('stock_level p99'), metrics.join(' | '));
      assert.ok(!metrics.some((metric) => /QPS|TPS/.test(metric)), metrics.join(' | '));
      assert.deepEqual(await texts(frame, 'table.heatmap thead th'), ['Threads', '1 warehouse', '2 warehouses']);
      // the client-bound cell is hatched, not coloured; the failed one has no change to show
      assert.equal(await frame.locator('table.heatmap td[data-client-bound="item cached"]').count(), 1);
      const rows = await frame
        .locator('table.heatmap tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.children].map((cell) => (cell.querySelector('.change') ?? cell).textContent?.trim() ?? '')),
        );
      assert.equal(rows[1][0], '4');
      assert.equal(rows[1][2], '–', 'the failed cell (2 warehouses, 4 threads) has no change');

      const throughput = await chartBox(frame, 'sweep-tpmC');
      assert.deepEqual(throughput, { xAxis: 'threads', yAxis: 'new orders/min', series: 'default | item cached' });
      const latency = await chartBox(frame, 'sweep-p95');
      assert.equal(latency.xAxis, 'threads');
      assert.equal((await frame.locator('#sweep-group-label').innerText()).trim(), 'Warehouses');
      assert.deepEqual(await texts(frame, '#sweep-group vscode-option'), ['1 warehouse', '2 warehouses']);
      const cellHeaders = await texts(frame, 'table.cells thead th');
      assert.ok(
        cellHeaders.includes('tpmC') && cellHeaders.includes('Warehouses') && !cellHeaders.includes('QPS'),
        cellHeaders.join(' | '),
      );
      await frame.locator('details.raw summary', { hasText: 'Raw numbers' }).click();
      assert.deepEqual((await texts(frame, 'table.raw-numbers thead th')).slice(0, 2), ['Warehouses', 'Threads']);
      await workbench.screenshot('experiment-tpcc-light');

      const markdown = await exported(frame, session, 'markdown', 'tpcc-item-cached.md');
      assert.match(
        markdown,
        /\*\*TPC-C\*\*\n\n\| Variant \| Warehouses \| Threads \| tpmC \| tpmTotal \| Efficiency % \| new_order \| payment \| order_status \| delivery \| stock_level \|/,
      );
      assert.match(markdown, /\*\*% change of tpmC, item cached over default/);
      assert.doesNotMatch(markdown, /QPS/);
      const csv = await exported(frame, session, 'csv', 'tpcc-item-cached.csv');
      assert.ok(
        csv.includes(
          '\r\nvariant,warehouses,threads,tpmC,tpmTotal,efficiency_pct,new_order,payment,order_status,delivery,stock_level,new_order_p95_ms,new_order_p99_ms,errors,status\r\n',
        ),
        csv,
      );

      await workbench.clearNotifications();
      await workbench.setColorTheme('dark');
      await frame
        .locator('[data-view="experiment"] .legend')
        .first()
        .evaluate((legend) => legend.scrollIntoView({ block: 'end' }));
      await workbench.screenshot('experiment-tpcc-dark');
      await frame.locator('table.cells').evaluate((table) => table.scrollIntoView({ block: 'end' }));
      await workbench.screenshot('experiment-tpcc-cells-dark');
    }));
});
