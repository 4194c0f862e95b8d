// A user runs statements of a SQL file against the local MariaDB: clicks the "Run" CodeLens, types
// the password of the only connection (used without a picker), sees the first 1,000 of 3,000 rows
// in the results grid (only the rows in view are drawn), sorts a numeric column by value, exports
// CSV through the save dialog, and meets the question before an UPDATE (the exact statement, rolled
// back), a SELECT that leaves a warning shows it, and on TiDB (the stand-in) the grid's Show Plan
// opens the statement's plan. Screenshots of the grid light and dark, beside the SQL file and maximised.
import * as assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Frame } from 'playwright-core';
import { adminQuery } from '../support/adminQuery';
import { testDatabase } from '../support/testDatabase';
import { startTestStandIn } from '../standin/testStandIn';
import type { TiDBStandIn } from '../standin/tidbStandIn';
import { planFrame } from './support/planFrames';
import { pickFileInDialog } from './support/fileDialog';
import type { Workbench } from './support/workbench';
import { until } from './support/waiting';
import type { WorkbenchSession } from './support/workbenchSession';
import { clickCodeLens, openSqlEditorSession } from './support/sqlEditorSession';

const db = testDatabase();
const schema = 'tidblab_e2e_run';
const CONNECTION = 'Local MariaDB';
const SQL_FILE = 'queries/items.sql';
const UPDATE = `UPDATE ${schema}.items SET price = price + 1 WHERE id <= 2`;
const SQL = `-- Every item, with its price
SELECT id, name, price, note FROM ${schema}.items ORDER BY id;

${UPDATE};

SELECT CAST('x' AS INT) AS n;
`;
const shotsDir = process.env.TIDB_LAB_SHOTS_DIR;

async function priceSum(): Promise<string> {
  const rows = (await adminQuery(`SELECT SUM(price) AS total FROM ${schema}.items`)) as { total: string }[];
  return String(rows[0].total);
}

/** The results grid whose summary matches. */
async function gridFrame(workbench: Workbench, summary: RegExp): Promise<Frame> {
  return until(
    async () => {
      for (const frame of workbench.page.frames()) {
        if (frame.isDetached()) continue;
        const text = await frame
          .locator('#summary')
          .first()
          .textContent({ timeout: 200 })
          .catch(() => null);
        if (text !== null && summary.test(text)) return frame;
      }
      return undefined;
    },
    (frame) => frame !== undefined,
    `a results grid saying ${summary}`,
    60_000,
  ) as Promise<Frame>;
}

/** The results grid tabs TiDB Lab keeps for reloads (one JSON file per tab in its workspace storage). */
function keptGridFiles(userDataDir: string): string[] {
  const storage = join(userDataDir, 'User', 'workspaceStorage');
  if (!existsSync(storage)) return [];
  return readdirSync(storage).flatMap((workspace) => {
    const dir = join(storage, workspace, 'tidb-lab.tidb-lab', 'result-grids');
    return existsSync(dir) ? readdirSync(dir).map((file) => join(dir, file)) : [];
  });
}

/** Shows the editor tab whose title starts with `title`. */
async function showTab(workbench: Workbench, title: string): Promise<void> {
  await workbench.page.locator('.part.editor .tab', { hasText: title }).first().click();
}

async function shot(workbench: Workbench, name: string): Promise<void> {
  const path = await workbench.screenshot(name);
  if (shotsDir) {
    mkdirSync(shotsDir, { recursive: true });
    copyFileSync(path, join(shotsDir, `${name}.png`));
  }
}

describe('run statement: the results grid', () => {
  let session: WorkbenchSession;

  before(async () => {
    await adminQuery(`DROP DATABASE IF EXISTS ${schema}; CREATE DATABASE ${schema};
      CREATE TABLE ${schema}.items (id INT PRIMARY KEY, name VARCHAR(40), price DECIMAL(10,2), note VARCHAR(20));
      INSERT INTO ${schema}.items SELECT seq, CONCAT('item ', seq), (seq * 7919) % 1000 + 0.5, IF(seq % 3 = 0, NULL, IF(seq % 3 = 1, 'NULL', 'ok')) FROM ${schema}.seq_1_to_3000;`);
    session = await openSqlEditorSession({ name: CONNECTION, host: db.host, port: db.port, database: schema }, { [SQL_FILE]: SQL });
  });

  after(async () => {
    await session?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${schema}`).catch(() => undefined);
  });

  it('runs a SELECT from its CodeLens: the first 1,000 of 3,000 rows, drawn as they scroll, sorted by value, exported as CSV', () =>
    session.diagnose('run-statement-select', async (workbench) => {
      await workbench.openFile(SQL_FILE);
      await clickCodeLens(workbench, 'Run', 0);
      // the only connection is used without a picker: its password is asked (passwordMode "ask")
      await workbench.waitForQuickInput(60_000);
      await workbench.fillQuickInput(db.password);

      const grid = await gridFrame(workbench, /Showing the first 1,000 of 3,000 rows/);
      assert.match(await grid.locator('#meta').innerText(), new RegExp(`${CONNECTION} · MariaDB .* · [\\d.]+ (ms|s)$`));
      await grid.locator('.grid-rows .grid-row[data-row="0"]').waitFor({ state: 'visible' });
      const drawn = await grid.locator('.grid-rows .grid-row').count();
      assert.ok(drawn > 5 && drawn < 120, `only the rows in view are drawn, not 1,000: ${drawn}`);
      // NULL is drawn apart from the string 'NULL'
      assert.equal(await grid.locator('.grid-row[data-row="0"] .grid-cell[data-column="3"]').innerText(), 'NULL');
      assert.equal(
        await grid.locator('.grid-row[data-row="0"] .grid-cell[data-column="3"].null').count(),
        0,
        "item 1's note is the string 'NULL'",
      );
      assert.equal(await grid.locator('.grid-row[data-row="2"] .grid-cell[data-column="3"].null').count(), 1, "item 3's note is NULL");
      await shot(workbench, 'run-grid-side-by-side-light');

      // Sort by price: by value, highest first on the second click (999.50 before 99.50 and 100.50).
      const priceHeader = grid.locator('.grid-header .grid-cell[data-column="2"]');
      await priceHeader.click();
      await grid.locator('.grid-header .grid-cell[data-column="2"][aria-sort="ascending"]').waitFor();
      await priceHeader.click();
      await grid.locator('.grid-header .grid-cell[data-column="2"][aria-sort="descending"]').waitFor();
      const topPrices = await grid.locator('.grid-rows .grid-row .grid-cell[data-column="2"]').allInnerTexts();
      const numbers = topPrices.slice(0, 10).map(Number);
      assert.deepEqual(
        numbers,
        [...numbers].sort((a, b) => b - a),
        `sorted by value: ${topPrices.slice(0, 10).join(', ')}`,
      );
      assert.ok(numbers[0] >= 990, `the highest price first: ${numbers[0]}`);

      // Scroll far down: rows there are drawn, the first ones are not in the DOM any more.
      await grid.locator('.grid-scroll').evaluate((element) => (element.scrollTop = 20_000));
      await grid.locator('.grid-row[data-row="850"]').waitFor({ state: 'attached', timeout: 20_000 });
      assert.equal(await grid.locator('.grid-row[data-row="0"]').count(), 0);
      await grid.locator('.grid-scroll').evaluate((element) => (element.scrollTop = 0));
      await grid.locator('.grid-row[data-row="0"]').waitFor({ state: 'attached' });

      // Copy a cell: the status says so.
      await grid.locator('.grid-row[data-row="0"] .grid-cell[data-column="1"]').click();
      await grid.locator('#copy-cell').click();
      await grid.locator('#copy-status', { hasText: 'Copied the cell.' }).waitFor();

      // Export CSV in the grid's order through the save dialog.
      const csvPath = join(session.server.workspaceFolder, 'items.csv');
      await grid.locator('#export-csv').click();
      await pickFileInDialog(workbench, csvPath);
      await until(async () => existsSync(csvPath), Boolean, 'the CSV file', 30_000);
      const lines = readFileSync(csvPath, 'utf8').split('\r\n');
      assert.equal(lines[0], 'id,name,price,note');
      assert.equal(lines.length, 1_002, 'a header, the 1,000 rows kept and the final line end');
      assert.match(lines[1], /^\d+,item \d+,99\d\.50,(NULL|ok|)$/);

      await workbench.runCommand('View: Toggle Maximize Editor Group');
      await shot(workbench, 'run-grid-maximised-light');
      await workbench.setColorTheme('dark');
      await shot(workbench, 'run-grid-maximised-dark');
      await workbench.runCommand('View: Toggle Maximize Editor Group');
      await shot(workbench, 'run-grid-side-by-side-dark');
      await workbench.setColorTheme('light');
      assert.deepEqual(await session.cspViolations(grid), [], 'no CSP violation in the results grid');
    }));

  it('asks before an UPDATE, showing the exact statement, and rolls it back when asked to', () =>
    session.diagnose('run-statement-dml', async (workbench) => {
      const before = await priceSum();
      await workbench.page
        .locator('.part.editor .tab', { hasText: /^items\.sql/ })
        .first()
        .click();
      await clickCodeLens(workbench, 'Run', 1);
      const dialog = workbench.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ state: 'visible', timeout: 30_000 });
      const text = await dialog.innerText();
      assert.match(text, new RegExp(`Run this UPDATE on ${CONNECTION}\\? It changes data\\.`));
      assert.ok(text.includes(UPDATE), `the exact statement is shown: ${text}`);
      await shot(workbench, 'run-dml-question-light');
      await dialog.locator('.monaco-button', { hasText: 'Run in a Transaction That Is Rolled Back' }).click();
      const grid = await gridFrame(workbench, /^2 rows affected/);
      await grid.locator('.rolled-back').waitFor();
      assert.equal(await priceSum(), before, 'the UPDATE was rolled back');
    }));

  it('shows the warnings a statement left (SHOW WARNINGS) and, on MariaDB, no Show Plan', () =>
    session.diagnose('run-statement-warnings', async (workbench) => {
      await workbench.page
        .locator('.part.editor .tab', { hasText: /^items\.sql/ })
        .first()
        .click();
      await clickCodeLens(workbench, 'Run', 2);
      const grid = await gridFrame(workbench, /^1 row$/);
      const warnings = grid.locator('#warnings');
      await warnings.waitFor({ state: 'visible' });
      assert.equal((await warnings.locator('h2').innerText()).trim(), '1 warning (SHOW WARNINGS)');
      assert.match(await warnings.locator('li.warning').innerText(), /^Warning 1292 Truncated incorrect INTEGER value: 'x'$/);
      assert.equal(await grid.locator('#show-plan').count(), 0, 'Show Plan is for TiDB only');
      await shot(workbench, 'run-grid-warnings-light');
    }));

  it('brings its grids back after Reload Window with their rows; a grid whose rows were not kept says so and runs again', () =>
    session.diagnose('run-statement-reload', async (workbench) => {
      await until(
        async () => keptGridFiles(session.server.userDataDir).length,
        (count) => count === 3,
        'the three grids kept',
      );
      await showTab(workbench, 'Results: SELECT id, name');
      await workbench.runCommand('Developer: Reload Window');
      await workbench.waitUntilReady();

      // the grid shown before the reload comes back with its rows, and says they are those of the time it ran
      const grid = await gridFrame(workbench, /Showing the first 1,000 of 3,000 rows/);
      await grid.locator('#restored').waitFor();
      await grid.locator('.grid-rows .grid-row[data-row="0"]').waitFor({ state: 'visible' });
      assert.equal(await grid.locator('.grid-row[data-row="0"] .grid-cell[data-column="1"]').innerText(), 'item 1');
      await grid.locator('#export-csv').waitFor();
      await shot(workbench, 'run-grid-restored-light');
      // the other grids come back when shown: the warnings too
      await showTab(workbench, "Results: SELECT CAST('x'");
      const warned = await gridFrame(workbench, /^1 row$/);
      assert.equal((await warned.locator('#warnings h2').innerText()).trim(), '1 warning (SHOW WARNINGS)');

      // Rows that were not kept (here: their files removed): the tab says so and offers Run Again.
      for (const file of keptGridFiles(session.server.userDataDir)) rmSync(file);
      await showTab(workbench, 'Results: SELECT id, name');
      await workbench.runCommand('Developer: Reload Window');
      await workbench.waitUntilReady();
      const notKept = await until(
        async () => {
          for (const frame of workbench.page.frames()) {
            if (frame.isDetached()) continue;
            const text = await frame
              .locator('#not-kept')
              .textContent({ timeout: 200 })
              .catch(() => null);
            if (text !== null) return { frame, text };
          }
          return undefined;
        },
        (found) => found !== undefined,
        'a grid saying its rows were not kept',
      );
      assert.ok(notKept);
      assert.match(notKept.text, /Its rows were not kept after the window reload/);
      assert.match(await notKept.frame.locator('.statement').innerText(), /^SELECT id, name, price, note FROM/);
      await shot(workbench, 'run-grid-not-kept-light');
      await notKept.frame.locator('#run-again').click();
      // the connection is connected again with its password (passwordMode "ask")
      const password = workbench.page.locator('.quick-input-widget .quick-input-message', { hasText: /Password of/ });
      const again = await until(
        async () => {
          if (await password.isVisible()) await workbench.fillQuickInput(db.password);
          for (const frame of workbench.page.frames()) {
            if (frame.isDetached()) continue;
            const text = await frame
              .locator('#summary')
              .textContent({ timeout: 200 })
              .catch(() => null);
            if (text !== null && /Showing the first 1,000 of 3,000 rows/.test(text)) return frame;
          }
          return undefined;
        },
        (frame) => frame !== undefined,
        'the statement run again in its tab',
      );
      assert.ok(again);
      await again.locator('.grid-rows .grid-row[data-row="0"]').waitFor({ state: 'visible' });
      assert.equal(await again.locator('#restored').count(), 0, 'fresh rows, not restored ones');
      assert.equal(
        await workbench.page.locator('.part.editor .tab', { hasText: 'Results: SELECT id, name' }).count(),
        1,
        'run again in the same tab',
      );
    }));
});

describe('run statement on TiDB: the plan behind the rows', () => {
  let session: WorkbenchSession;
  let standIn: TiDBStandIn;
  const TIDB = 'TiDB stand-in';
  const TIDB_FILE = 'queries/tidb.sql';

  before(async () => {
    await adminQuery(`DROP DATABASE IF EXISTS ${schema}; CREATE DATABASE ${schema};
      CREATE TABLE ${schema}.items (id INT PRIMARY KEY, name VARCHAR(40));
      INSERT INTO ${schema}.items VALUES (1, 'one'), (2, 'two'), (3, 'three');`);
    standIn = await startTestStandIn();
    session = await openSqlEditorSession(
      { name: TIDB, host: '127.0.0.1', port: standIn.port, database: schema },
      { [TIDB_FILE]: `SELECT id, name FROM ${schema}.items WHERE id < 3;\n` },
    );
  });

  after(async () => {
    await session?.close();
    await standIn?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${schema}`).catch(() => undefined);
  });

  it("offers Show Plan in the grid, which opens the statement's plan in the plan view", () =>
    session.diagnose('run-statement-tidb-plan', async (workbench) => {
      await workbench.openFile(TIDB_FILE);
      await clickCodeLens(workbench, 'Run', 0);
      await workbench.waitForQuickInput(60_000);
      await workbench.fillQuickInput(db.password);
      const grid = await gridFrame(workbench, /^2 rows$/);
      assert.match(await grid.locator('#meta').innerText(), new RegExp(`^${TIDB} · TiDB v8\\.5\\.1`));
      await shot(workbench, 'run-grid-tidb-light');
      await grid.locator('#show-plan').click();
      // the stand-in answers EXPLAIN with a real TiDB plan (its default fixture, explain-merge-join.txt)
      const plan = await planFrame(workbench, /operators/);
      assert.match(await plan.locator('.origin-meta').innerText(), new RegExp(`${TIDB} · TiDB v8\\.5\\.1`));
      assert.ok((await plan.locator('.plan-window .plan-row[data-index]').count()) > 1, 'the plan has its operators');
      await shot(workbench, 'run-grid-tidb-plan-light');
    }));
});
