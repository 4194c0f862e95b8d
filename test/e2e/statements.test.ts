// The Statements view in the real VS Code: MariaDB's top statements from performance_schema (the
// statements this test sent, ordered by executions), then the TiDB STAND-IN's slow queries, a plan
// opened in the plan view, and a plan bound from history after the modal that shows the exact
// statement. Screenshots: test-results/screenshots/statements-*.png.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createConnection } from 'mysql2/promise';
import { testDatabase } from '../support/testDatabase';
import { foldOtherViews } from './support/benchmarkTabs';
import { StandInProcess } from './support/standInProcess';
import { WorkbenchSession } from './support/workbenchSession';

const db = testDatabase();
const schema = 'tidblab_e2e_statements';
const VIEW = 'Statements';
const MARIADB = 'Local MariaDB';
const TIDB = 'TiDB stand-in';
// performance_schema keeps digests after their database is dropped: a table of this run's own keeps the counts exact.
const table = `orders_${process.pid}`;
const timeoutScale = Number(process.env.TIDB_LAB_E2E_TIMEOUT_SCALE) || 1;

async function sendStatements(): Promise<void> {
  const connection = await createConnection({
    host: db.host,
    port: db.port,
    user: db.user,
    password: db.password,
    multipleStatements: true,
  });
  try {
    await connection.query(
      `DROP DATABASE IF EXISTS ${schema}; CREATE DATABASE ${schema}; CREATE TABLE ${schema}.${table} (id INT PRIMARY KEY, total INT, KEY (total))`,
    );
    await connection.query(`USE ${schema}`);
    await connection.query(`INSERT INTO ${table} VALUES ${Array.from({ length: 200 }, (_, i) => `(${i}, ${i % 17})`).join(', ')}`);
    // Sent as text, so performance_schema counts each (it does not count server-side prepared executions).
    for (let i = 0; i < 120; i++) await connection.query(`SELECT total FROM ${table} WHERE id = ?`, [i]);
    for (let i = 0; i < 12; i++) await connection.query(`SELECT COUNT(*) FROM ${table} WHERE total > ?`, [i]);
  } finally {
    await connection.end();
  }
}

describe('Statements view: top statements, slow queries, plans and bindings', () => {
  let session: WorkbenchSession;
  let standIn: StandInProcess;

  before(async () => {
    await sendStatements();
    standIn = await StandInProcess.start();
    session = await WorkbenchSession.open({
      userSettings: {
        'tidbLab.connections': [
          { name: MARIADB, host: db.host, port: db.port, user: db.user, database: schema, passwordMode: 'ask' },
          { name: TIDB, host: db.host, port: standIn.port, user: db.user, passwordMode: 'ask' },
        ],
      },
    });
    session.page.setDefaultTimeout(45_000 * timeoutScale);
  });

  after(async () => {
    await session?.close();
    await standIn?.stop();
    const connection = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
    await connection.query(`DROP DATABASE IF EXISTS ${schema}`);
    await connection.end();
  });

  it("lists MariaDB's statements from performance_schema, the most executed first when asked", () =>
    session.diagnose('statements-mariadb', async (workbench) => {
      await workbench.openViewContainer('TiDB Lab');
      await workbench.treeItem(MARIADB, 'Connections').click();
      await workbench.fillQuickInput(db.password);
      await workbench
        .treeItem('MariaDB', 'Connections')
        .or(session.page.locator('.monaco-list-row', { hasText: /MariaDB \d/ }))
        .first()
        .waitFor({ state: 'visible', timeout: 30_000 * timeoutScale });
      await workbench.expandView(VIEW);
      // the other views folded, the Statements view has the height to show its statements
      await foldOtherViews(workbench, VIEW);
      await workbench.runCommand('TiDB Lab: Order Statements By...');
      await workbench.pickQuickPickItem('by executions');
      await workbench.runCommand('TiDB Lab: Statements of Database...');
      // typed, as a user with more databases than the list shows at once would (a long-lived server has dozens)
      await workbench.quickInputBox().fill(schema);
      await workbench.pickQuickPickItem(schema);
      const point = workbench
        .view(VIEW)
        .locator('.monaco-list-row', { hasText: `SELECT \`total\` FROM \`${table}\` WHERE ID = ?` })
        .first();
      await point.waitFor({ state: 'visible', timeout: 30_000 * timeoutScale });
      assert.match(await point.locator('.label-description').innerText(), /^120× · /);
      await workbench.screenshot('statements-view-mariadb');
      // The TiDB-only groups say so (below the statements: fold them to see).
      await workbench.treeItem('Top statements', VIEW).locator('.monaco-tl-twistie').click();
      assert.match(await workbench.treeItemDescription('Slow queries', VIEW), /TiDB only/);
      await workbench.treeItem('Top statements', VIEW).locator('.monaco-tl-twistie').click();
    }));

  it('on TiDB: slow queries over 300 ms, a plan opened, a plan bound from history after the exact statement is shown', () =>
    session.diagnose('statements-tidb', async (workbench) => {
      // Connected from the palette: a click on the tree row can land on the hover the previous test left there.
      await workbench.runCommand('TiDB Lab: Select Active Connection...');
      await workbench.pickQuickPickItem(TIDB);
      await workbench.fillQuickInput(db.password);
      await foldOtherViews(workbench, VIEW);
      await workbench.runCommand('TiDB Lab: Statements of Database...');
      await workbench.pickQuickPickItem('All databases');
      const slow = workbench.view(VIEW).locator('.monaco-list-row', { hasText: 'SELECT * FROM t WHERE a < 10000;' }).first();
      await slow.waitFor({ state: 'visible', timeout: 30_000 * timeoutScale });
      assert.equal(
        await workbench.view(VIEW).locator('.monaco-list-row', { hasText: 'SELECT c FROM sbtest1' }).count(),
        0,
        'a 120 ms query is under the 300 ms threshold',
      );
      await workbench.screenshot('statements-view-tidb');
      await slow.click();
      await workbench.webviewFrame('.plan-table, table', 60_000 * timeoutScale);
      await workbench.screenshot('statements-slow-query-plan');
      // asked first: cancelled, nothing is bound
      const noBindings = workbench.view(VIEW).locator('.monaco-list-row', { hasText: 'No global bindings.' });
      await noBindings.waitFor({ state: 'visible' });
      const dialog = session.page.locator('.monaco-dialog-box');
      const bindStatement =
        /CREATE GLOBAL BINDING FROM HISTORY USING PLAN DIGEST '8b1d2c3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c'/;
      await workbench.clickRowActionUntil(slow, 'Bind This Plan', dialog);
      assert.match(await dialog.innerText(), bindStatement);
      await dialog.locator('.monaco-button', { hasText: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await workbench.clickViewTitleAction(VIEW, 'Refresh Statements');
      await noBindings.waitFor({ state: 'visible' });
      assert.equal(await workbench.view(VIEW).locator('.monaco-list-row', { hasText: 'select * from `t` where `a` < ?' }).count(), 0);
      // asked again and confirmed: bound
      await workbench.clickRowActionUntil(slow, 'Bind This Plan', dialog);
      assert.match(await dialog.innerText(), bindStatement);
      await workbench.screenshot('statements-bind-confirmation');
      await dialog.locator('.monaco-button', { hasText: 'Bind Plan' }).click();
      const binding = workbench.view(VIEW).locator('.monaco-list-row', { hasText: 'select * from `t` where `a` < ?' }).first();
      await binding.waitFor({ state: 'visible', timeout: 30_000 * timeoutScale });
      assert.match(await binding.locator('.label-description').innerText(), /history · enabled/);
      await workbench.screenshot('statements-binding-listed');
    }));
});
