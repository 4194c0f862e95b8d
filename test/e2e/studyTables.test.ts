// The cached-table study's tables in the results view of a real VS Code (code-server + Chromium):
// the study's own numbers, saved as a TiDB Lab experiment result, are imported and shown with the
// heatmap and one "% change of cached over normal" table per workload group and table size, the
// cells as the study printed them ("612.73%"). Screenshots: test-results/screenshots/study-tables-*.png.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Frame } from 'playwright-core';
import { cachedTableStudyExperiment } from '../unit/results/support/cachedTableStudy';
import type { Workbench } from './support/workbench';
import { WorkbenchSession } from './support/workbenchSession';
import { pickFileInDialog } from './support/fileDialog';
import { timeoutScale as scale } from './support/waiting';

const STUDY_FILE = 'cached-vs-normal.result.json';
const TITLE = 'Cached table vs normal table';

async function resultFrame(workbench: Workbench, title: string, timeoutMs = 90_000 * scale): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of workbench.page.frames()) {
      if (frame.isDetached()) continue;
      const text = await frame
        .locator('#result-title')
        .innerText({ timeout: 500 })
        .catch(() => undefined);
      if (text?.trim() === title) return frame;
    }
    if (Date.now() > deadline) assert.fail(`no result tab titled '${title}' after ${timeoutMs} ms`);
    await workbench.page.waitForTimeout(250);
  }
}

async function tableRows(frame: Frame, key: string): Promise<string[][]> {
  return frame
    .locator(`[data-study-table="${key}"] table tr`)
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim())));
}

describe('the cached-table study in the results view', () => {
  let session: WorkbenchSession;

  before(async () => {
    session = await WorkbenchSession.open({
      userSettings: { 'workbench.colorTheme': 'Default Light Modern' },
      workspaceFiles: { [STUDY_FILE]: `${JSON.stringify(cachedTableStudyExperiment(), null, 2)}\n` },
    });
  });

  after(async () => {
    await session?.close();
  });

  it('shows the heatmap and the study\'s four "% change" tables with its numbers', () =>
    session.diagnose('study-tables', async (workbench) => {
      // On a loaded machine the workbench can take a while to learn the extension's contributions.
      await workbench.activityBarItem('TiDB Lab').waitFor({ state: 'visible', timeout: 120_000 * scale });
      await workbench.runCommand('TiDB Lab: Import sysbench / go-tpc / go-ycsb Log...');
      await pickFileInDialog(workbench, join(session.workspaceFolder, STUDY_FILE));
      const frame = await resultFrame(workbench, TITLE);
      await frame.locator('[data-view="experiment"] table.heatmap').waitFor();
      await frame.locator('table.study-table').first().waitFor();
      assert.equal(await frame.locator('table.study-table').count(), 4);
      assert.deepEqual(await tableRows(frame, 'workloads|5000'), [
        ['threads/request type', 'oltp_point_select', 'oltp_read_only', 'select_random_points', 'select_random_ranges'],
        ['8', '612.73%', '444.63%', '77.61%', '20.01%'],
        ['16', '628.22%', '372.20%', '88.07%', '18.34%'],
        ['32', '529.50%', '294.59%', '77.19%', '11.19%'],
        ['64', '468.43%', '206.49%', '67.02%', '7.34%'],
        ['128', '344.58%', '129.91%', '60.90%', '9.00%'],
      ]);
      const mix = await tableRows(frame, 'oltp_read_write, --point_selects|50000');
      assert.deepEqual(mix[0], ['threads/--point_selects', '10', '40', '160', '640']);
      assert.deepEqual(mix[4], ['64', '-46.13%', '-0.93%', '-41.86%', '-5.53%']);
      const headings = await frame.locator('.card-header h2').allInnerTexts();
      assert.ok(
        headings.some((heading) => /% change of QPS, cached over normal, as the study printed it/.test(heading)),
        headings.join(' | '),
      );
      await workbench.screenshot('study-tables-heatmap-light');
      await frame.locator('table.study-table').first().scrollIntoViewIfNeeded();
      await workbench.screenshot('study-tables-light');
      await frame.locator('table.study-table').nth(3).scrollIntoViewIfNeeded();
      await workbench.screenshot('study-tables-read-write-light');
      await workbench.setColorTheme('dark');
      await workbench.screenshot('study-tables-read-write-dark');
    }));
});
