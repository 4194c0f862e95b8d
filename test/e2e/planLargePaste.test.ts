// A TiDB user pastes large text into Visualize Plan from Clipboard: a plan followed by a notes file
// (read in the worker thread: the plan view opens with a note saying which lines after the plan were
// ignored), then a huge headerless plan whose reading they cancel from the progress notification
// (no plan view opens, the status bar says it was cancelled, the editor keeps answering).
// Screenshots go to test-results/screenshots/plans-large-paste-*.png.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { realPlanDir } from '../support/fixtureFolders';
import { WorkbenchSession } from './support/workbenchSession';
import { planFrame } from './support/planFrames';

async function writeClipboard(page: Page, text: string): Promise<void> {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
}

function notes(count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++)
    lines.push(`Note ${i + 1}: the reader was slow on region ${(i * 7) % 1000}, check the TiKV store again after ANALYZE.`);
  return lines.join('\n');
}

describe('plans: large pastes are read off the editor thread', () => {
  let session: WorkbenchSession;

  before(async () => {
    session = await WorkbenchSession.open({
      userSettings: { 'workbench.colorTheme': 'Default Light Modern' },
      viewport: { width: 1440, height: 900 },
    });
    await session.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.server.baseUrl });
    // The command palette lists the commands known when it opens: wait until TiDB Lab's contributions are in.
    await session.diagnose('plans-large-paste-open', (workbench) =>
      workbench.activityBarItem('TiDB Lab').waitFor({ state: 'visible', timeout: 120_000 }),
    );
  });

  after(async () => {
    await session?.close();
  });

  it('opens a plan followed by a notes file with a note on what was ignored', () =>
    session.diagnose('plans-large-paste-notes', async (workbench) => {
      const plan = readFileSync(join(realPlanDir, 'streamagg-tablereader-fullscan-pseudo.txt'), 'utf8').replace(/\n+$/, '');
      const firstNote = plan.split('\n').length + 2;
      await writeClipboard(workbench.page, `${plan}\n\n${notes(4012)}\n`);
      await workbench.runCommand('TiDB Lab: Visualize Plan from Clipboard');
      const view = await planFrame(workbench, /1\.03 s · 1 row · TiKV/, 120_000);
      const warnings = view.locator('.parse-warnings li');
      await warnings.first().waitFor({ state: 'visible' });
      const texts = await warnings.allInnerTexts();
      assert.ok(texts.includes(`Ignored 4,012 lines after the plan (from line ${firstNote}): they are not plan rows.`), texts.join(' | '));
      assert.equal(await view.locator('.plan-window .plan-row[data-index]').count(), 5, 'the five operators, none made of notes');
      await workbench.screenshot('plans-large-paste-notes-light');
      await workbench.runCommand('View: Close All Editors');
    }));

  it('cancels reading a huge paste from its progress notification', () =>
    session.diagnose('plans-large-paste-cancel', async (workbench) => {
      const rows: string[] = [];
      for (let i = 0; i < 1_000_000; i++) rows.push(`Selection_${i + 1}`);
      const text = rows.join('\n');
      // The clipboard is written by the page, which needs the focus back from the closed plan view.
      await workbench.page.locator('.part.editor').click();
      await writeClipboard(workbench.page, text);
      await workbench.runCommand('TiDB Lab: Visualize Plan from Clipboard');
      const progressTitle = /Reading the plan from the clipboard \([\d.]+ MiB\)/;
      const progress = workbench.page.locator('.notifications-toasts .notification-toast').filter({
        has: workbench.page.locator('.notification-list-item-message', { hasText: progressTitle }),
      });
      await progress.and(workbench.page.locator('.notification-fade-in-done')).waitFor({ state: 'visible', timeout: 60_000 });
      await workbench.screenshot('plans-large-paste-reading-light', { whileRunning: true });
      // The extension host is not busy with the parse: another TiDB Lab command answers while the plan is read.
      await workbench.runCommand('TiDB Lab: Show Log');
      await workbench.page.locator('.part.panel .view-lines').first().waitFor({ state: 'visible', timeout: 30_000 });
      assert.equal(await progress.count(), 1, 'still reading after the log opened');
      await workbench.clickNotificationButton(progressTitle, 'Cancel');
      await progress.waitFor({ state: 'hidden', timeout: 30_000 });
      await workbench.page
        .locator('.part.statusbar .statusbar-item', { hasText: 'Reading the plan was cancelled.' })
        .waitFor({ state: 'visible', timeout: 10_000 });
      assert.equal(
        await workbench.page.locator('.part.editor .tab', { hasText: /Plan from the clipboard/ }).count(),
        0,
        'no plan view opened',
      );
      assert.deepEqual(
        (await workbench.notificationMessages()).filter((message) => /could not be read|error/i.test(message)),
        [],
      );
      await workbench.screenshot('plans-large-paste-cancelled-light');
      await workbench.runCommand('View: Hide Panel');
    }));
});
