// An experiment estimated to run for days asks before it starts: "From File..." with a definition
// saved with a UTF-8 BOM (1,000 thread values x 3 table sizes x 60 s) shows a modal naming the
// estimate; Cancel starts nothing. Screenshot: test-results/screenshots/experiment-long-ask-light.png.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createConnection } from 'mysql2/promise';
import { testDatabase } from '../support/testDatabase';
import type { Workbench } from './support/workbench';
import { WorkbenchSession } from './support/workbenchSession';
import { timeoutScale as scale } from './support/waiting';

const db = testDatabase();
const CONNECTION = 'E2E MariaDB';
const EXPERIMENT_FILE = 'huge-sweep.experiment.json';
const hugeSweep = {
  name: 'huge sweep',
  workloads: ['oltp_point_select'],
  threads: Array.from({ length: 1000 }, (_unused, i) => i + 1),
  tableSizes: [1000, 2000, 3000],
  options: { time: 60 },
};

/**
 * sbtest tables in every database but the other end-to-end files' own (`tidblab_e2e_*`): those run
 * beside this one (two files at a time) and prepare and drop their tables meanwhile.
 */
async function sbtestTablesEverywhere(): Promise<number> {
  const connection = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    const [rows] = (await connection.query(
      "SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_NAME LIKE 'sbtest%' AND TABLE_SCHEMA NOT LIKE 'tidblab\\_e2e\\_%'",
    )) as unknown as [Array<{ n: number }>];
    return Number(rows[0].n);
  } finally {
    await connection.end();
  }
}

/** VS Code's own file dialog in the browser workbench: wait until it settles on its folder, then type the path. */
async function pickFileInDialog(workbench: Workbench, path: string): Promise<void> {
  const input = workbench.quickInputBox();
  await input.waitFor({ state: 'visible' });
  const deadline = Date.now() + 30_000 * scale;
  let last = '';
  let stableSince = Date.now();
  for (;;) {
    const value = await input.inputValue();
    if (value !== last) {
      last = value;
      stableSince = Date.now();
    }
    if (value.startsWith('/') && Date.now() - stableSince > 1000) break;
    assert.ok(Date.now() < deadline, `the file dialog did not settle (last value ${value})`);
    await workbench.page.waitForTimeout(250);
  }
  await input.fill(path);
  await workbench.page.waitForFunction((expected) => (document.activeElement as HTMLInputElement | null)?.value === expected, path);
  await input.press('Enter');
}

describe('an experiment estimated to run for days', () => {
  let session: WorkbenchSession;

  before(async () => {
    session = await WorkbenchSession.open({
      userSettings: {
        'workbench.colorTheme': 'Default Light Modern',
        'tidbLab.connections': [{ name: CONNECTION, host: db.host, port: db.port, user: db.user, tls: 'off' }],
      },
      workspaceFiles: { [EXPERIMENT_FILE]: `\uFEFF${JSON.stringify(hugeSweep, null, 2)}\n` },
    });
  });

  after(async () => {
    await session?.close();
  });

  it('asks first, naming the estimate, and Cancel starts nothing (the file has a BOM)', () =>
    session.diagnose('experiment-long-ask', async (workbench) => {
      const page = workbench.page;
      const tablesBefore = await sbtestTablesEverywhere();
      await workbench.activityBarItem('TiDB Lab').waitFor({ state: 'visible', timeout: 120_000 * scale });
      // the only connection there is: used without a question, its password asked for
      await workbench.runCommand('TiDB Lab: Run Experiment...');
      await page.locator('.quick-input-widget .quick-input-message', { hasText: /Password of/ }).waitFor({ state: 'visible' });
      await workbench.fillQuickInput(db.password);
      await workbench.pickQuickPickItem('From File...');
      await pickFileInDialog(workbench, join(session.workspaceFolder, EXPERIMENT_FILE));

      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor({ state: 'visible', timeout: 60_000 * scale });
      const text = await dialog.innerText();
      assert.match(text, /"huge sweep" would run on E2E MariaDB for at least 2 d 2 h\./);
      assert.match(text, /Estimated duration: at least 2 d 2 h for 3,000 cells, plus preparing 6,000 rows/);
      assert.match(text, /longer than 2 h ask before they start/);
      await workbench.screenshot('experiment-long-ask-light');
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // nothing started: no progress notification, no table prepared anywhere
      await workbench.waitUntilSettled();
      assert.deepEqual(
        (await workbench.notificationMessages()).filter((message) => /huge sweep|Preparing/.test(message)),
        [],
      );
      assert.equal(await sbtestTablesEverywhere(), tablesBefore);
    }));
});
