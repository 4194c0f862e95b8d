// SQL editors' helpers in the real VS Code (issue 29): completion offers the columns of the table
// a statement names (after `FROM t`, and after `t.`), Query History lists what ran, and "Select
// Top 1000 Rows" on a table in the Connections view opens a SQL editor and shows its rows; "New
// Query" on a database opens an editor whose session is on that database.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Frame } from 'playwright-core';
import { adminQuery } from '../support/adminQuery';
import { testDatabase } from '../support/testDatabase';
import type { Workbench } from './support/workbench';
import { until } from './support/waiting';
import type { WorkbenchSession } from './support/workbenchSession';
import { clickCodeLens, openSqlEditorSession } from './support/sqlEditorSession';

const db = testDatabase();
const HOME = 'tidblab_e2e_assist';
const OTHER = 'tidblab_e2e_assist_other';
const CONNECTION = 'Local MariaDB';
const SQL_FILE = 'queries/assist.sql';
const SQL = 'SELECT 41 + 1 AS answer;\n';

/** The cells of the last row of a results grid that has `rows` rows. */
async function gridWithRows(workbench: Workbench, rows: number): Promise<string[]> {
  const frame = (await until(
    async () => {
      for (const candidate of workbench.page.frames()) {
        if (candidate.isDetached()) continue;
        const count = await candidate
          .locator(`.grid-rows .grid-row[data-row="${rows - 1}"]`)
          .count()
          .catch(() => 0);
        if (count > 0) return candidate;
      }
      return undefined;
    },
    (found) => found !== undefined,
    `a results grid with ${rows} rows`,
    60_000,
  )) as Frame;
  return frame.locator(`.grid-row[data-row="${rows - 1}"] .grid-cell`).allInnerTexts();
}

async function suggestions(workbench: Workbench): Promise<string[]> {
  const rows = workbench.page.locator('.editor-widget.suggest-widget .monaco-list-row');
  await rows.first().waitFor({ state: 'visible', timeout: 30_000 });
  return rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? element.textContent ?? ''));
}

describe('SQL assist: completion, Query History, Select Top 1000 Rows', () => {
  let session: WorkbenchSession;

  before(async () => {
    await adminQuery(`DROP DATABASE IF EXISTS ${HOME}; CREATE DATABASE ${HOME};
      CREATE TABLE ${HOME}.orders (order_id INT PRIMARY KEY, amount_cents INT);
      INSERT INTO ${HOME}.orders VALUES (1, 100), (2, 250), (3, 990);
      DROP DATABASE IF EXISTS ${OTHER}; CREATE DATABASE ${OTHER};`);
    session = await openSqlEditorSession({ name: CONNECTION, host: db.host, port: db.port, database: HOME }, { [SQL_FILE]: SQL });
  });

  after(async () => {
    await session?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${HOME}; DROP DATABASE IF EXISTS ${OTHER}`).catch(() => undefined);
  });

  it('completion offers the columns of the table after FROM and after `t.`; the history lists what ran', () =>
    session.diagnose('sql-assist-completion-history', async (workbench) => {
      await workbench.openFile(SQL_FILE);
      await clickCodeLens(workbench, 'Run', 0);
      await workbench.waitForQuickInput(60_000);
      await workbench.fillQuickInput(db.password);
      assert.deepEqual((await gridWithRows(workbench, 1)).slice(-1), ['42']);

      await workbench.openFile(SQL_FILE);
      const editor = workbench.page.locator('.part.editor .monaco-editor').first();
      await editor.locator('.view-lines').click();
      await workbench.page.keyboard.press('Control+End');
      await workbench.page.keyboard.type('\nSELECT  FROM orders;');
      for (let i = 0; i < ' FROM orders;'.length; i++) await workbench.page.keyboard.press('ArrowLeft');
      await workbench.page.keyboard.type('amo');
      await workbench.page.keyboard.press('Control+Space');
      const fromColumns = await until(
        () => suggestions(workbench),
        (labels) => labels.some((label) => label.includes('amount_cents')),
        'amount_cents offered before FROM orders',
        30_000,
      );
      assert.ok(
        fromColumns.some((label) => label.includes('amount_cents')),
        fromColumns.join(' | '),
      );
      await workbench.screenshot('sql-assist-completion-from');
      await workbench.page.keyboard.press('Escape');

      await workbench.page.keyboard.press('Control+End');
      await workbench.page.keyboard.type('\nSELECT orders.');
      const dotted = await until(
        () => suggestions(workbench),
        (labels) => labels.some((label) => label.includes('order_id')),
        'order_id offered after orders.',
        30_000,
      );
      assert.ok(
        dotted.some((label) => label.includes('amount_cents')),
        dotted.join(' | '),
      );
      await workbench.screenshot('sql-assist-completion-dot');
      await workbench.page.keyboard.press('Escape');

      await workbench.openViewContainer('TiDB Lab');
      await workbench.expandView('Query History');
      const history = await until(
        () => workbench.treeItemLabels('Query History'),
        (labels) => labels.some((label) => label.startsWith('SELECT 41 + 1 AS answer')),
        'the run in Query History',
        30_000,
      );
      assert.ok(history.length >= 1);
      assert.match(await workbench.treeItemDescription(history[0], 'Query History'), new RegExp(`${CONNECTION}.*${HOME}.*1 rows`));
      await workbench.screenshot('sql-assist-history');
    }));

  it('Select Top 1000 Rows on a table opens a SQL editor with its SELECT and shows the rows', () =>
    session.diagnose('sql-assist-select-top', async (workbench) => {
      await workbench.openViewContainer('TiDB Lab');
      await workbench.expandView('Connections');
      await workbench.expandTreeItem(HOME, 'Connections', 60_000);
      await workbench.clickTreeItemContextAction('orders', 'Select Top 1000 Rows', 'Connections');
      assert.deepEqual((await gridWithRows(workbench, 3)).slice(-2), ['3', '990']);
      const text = await workbench.page.locator('.part.editor .editor-group-container .monaco-editor .view-lines').allInnerTexts();
      assert.ok(
        text.some((lines) => lines.replace(/\u00a0/g, ' ').includes(`SELECT * FROM \`${HOME}\`.\`orders\` LIMIT 1000;`)),
        text.join('\n'),
      );
      await until(
        () => workbench.treeItemLabels('Query History'),
        (labels) => labels[0]?.startsWith('SELECT * FROM'),
        'Select Top 1000 Rows in Query History',
        30_000,
      );
      await workbench.screenshot('sql-assist-select-top');
    }));
  it('New Query on a database opens an empty SQL editor whose session is on that database', () =>
    session.diagnose('sql-assist-new-query', async (workbench) => {
      await workbench.openViewContainer('TiDB Lab');
      await workbench.clickTreeItemContextAction(OTHER, 'New Query', 'Connections');
      await workbench.page.locator('.statusbar-item', { hasText: OTHER }).first().waitFor({ state: 'visible', timeout: 30_000 });
      assert.match(await workbench.activeEditorTitle(), /Untitled/);
      await workbench.screenshot('sql-assist-new-query');
    }));
});
