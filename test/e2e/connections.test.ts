// A user adds a connection to the local MariaDB through the form (Test Connection, Save), browses
// the tree down to a table's columns, and meets a wrong password: in the form and on connect.
// Screenshots in light and dark themes go to test-results/screenshots/connections-*.png.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createConnection } from 'mysql2/promise';
import type { Frame } from 'playwright-core';
import { testDatabase } from '../support/testDatabase';
import type { Workbench } from './support/workbench';
import { WorkbenchSession } from './support/workbenchSession';

const db = testDatabase();
const schema = 'tidblab_e2e_explorer';
const VIEW = 'Connections';
const WRONG_PASSWORD = 'not-the-password-42';

async function prepareSchema(): Promise<void> {
  const connection = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password, multipleStatements: true });
  try {
    await connection.query(`DROP DATABASE IF EXISTS ${schema}; CREATE DATABASE ${schema};
      CREATE TABLE ${schema}.orders (
        id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
        customer VARCHAR(64) NOT NULL,
        total DECIMAL(10,2) NOT NULL,
        created_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
        KEY idx_customer (customer, created_at)
      ) ENGINE=InnoDB;
      CREATE TABLE ${schema}.customers (id INT PRIMARY KEY, name VARCHAR(64) NOT NULL UNIQUE) ENGINE=InnoDB;
      CREATE VIEW ${schema}.big_orders AS SELECT * FROM ${schema}.orders WHERE total > 100;`);
    const rows = Array.from({ length: 2000 }, (_, i) => `('customer ${i % 97}', ${(i * 7.31) % 500})`).join(',');
    await connection.query(`INSERT INTO ${schema}.orders (customer, total) VALUES ${rows}; ANALYZE TABLE ${schema}.orders;`);
  } finally {
    await connection.end();
  }
}

async function dropSchema(): Promise<void> {
  const connection = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    await connection.query(`DROP DATABASE IF EXISTS ${schema}`);
  } finally {
    await connection.end();
  }
}

/** Fills the connection form's text fields (the toolkit's inputs live in shadow roots, which playwright pierces). */
async function fillForm(form: Frame, values: Record<string, string>): Promise<void> {
  for (const [field, value] of Object.entries(values)) {
    const input = form.locator(`#${field} input`);
    await input.fill(value);
  }
}

async function openForm(workbench: Workbench, open: () => Promise<void>): Promise<Frame> {
  await open();
  const form = await workbench.webviewFrame('vscode-text-field#host');
  await form.locator('#host input').waitFor({ state: 'visible' });
  return form;
}

/** Polls until `condition` holds: the tree updates a moment after the event that changes it. */
async function eventually(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) assert.fail(`not true after ${timeoutMs} ms: ${what}`);
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 200));
  }
}

function filesContaining(dir: string, needle: string): string[] {
  const found: string[] = [];
  const walk = (path: string): void => {
    for (const entry of readdirSync(path)) {
      const full = join(path, entry);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else if (stat.isFile() && stat.size < 50_000_000 && readFileSync(full).includes(needle)) found.push(full);
    }
  };
  walk(dir);
  return found;
}

describe('connections: add, browse, fail clearly', () => {
  let session: WorkbenchSession;

  before(async () => {
    await prepareSchema();
    session = await WorkbenchSession.open({ userSettings: { 'workbench.colorTheme': 'Default Light Modern' } });
  });

  after(async () => {
    await session?.close();
    await dropSchema();
  });

  it('adds a connection through the form after testing it', () =>
    session.diagnose('connections-add', async (workbench) => {
      await workbench.openViewContainer('TiDB Lab');
      await workbench.viewWelcome(VIEW).waitFor({ state: 'visible' });
      const form = await openForm(workbench, () => workbench.clickWelcomeButton(VIEW, 'Add Connection'));
      assert.equal(await form.locator('#port input').inputValue(), '4000', 'TiDB port by default');

      await fillForm(form, { name: 'Local MariaDB', host: db.host, port: String(db.port), user: db.user, password: db.password, database: schema });
      await form.locator('#test').click();
      const outcome = form.locator('#outcome[data-kind="success"]');
      await outcome.waitFor({ state: 'visible', timeout: 20_000 });
      assert.match(await outcome.innerText(), /Connected to MariaDB 10\.11/);
      await workbench.screenshot('connections-form-test-ok-light');

      await form.locator('#save').click();
      await workbench.treeItem('Local MariaDB', VIEW).waitFor({ state: 'visible' });
      assert.equal(await workbench.page.locator('.part.editor .tab', { hasText: 'Add Connection' }).count(), 0, 'the form closes after saving');
    }));

  it('connects and browses down to a table\'s columns and indexes', () =>
    session.diagnose('connections-browse', async (workbench) => {
      await workbench.treeItem('Local MariaDB', VIEW).click();
      await workbench.treeItem(schema, VIEW).waitFor({ state: 'visible', timeout: 20_000 });
      const labels = await workbench.treeItemLabels(VIEW);
      assert.ok(labels.some((label) => /^MariaDB 10\.11\.\d+$/.test(label)), `no server item in ${labels.join(' | ')}`);
      assert.ok(!labels.includes('information_schema'), 'system schemas are hidden by default');
      assert.match(await workbench.treeItemDescription(schema, VIEW), /default/);

      await workbench.expandTreeItem(schema, VIEW);
      await workbench.treeItem('orders', VIEW).waitFor({ state: 'visible' });
      assert.match(await workbench.treeItemDescription('orders', VIEW), /^[\d,]+ rows · [\d.]+ (KiB|MiB)$/);
      assert.equal(await workbench.treeItemDescription('big_orders', VIEW), 'view');

      await workbench.expandTreeItem('orders', VIEW);
      await workbench.expandTreeItem('Columns', VIEW);
      await workbench.treeItem('customer', VIEW).waitFor({ state: 'visible' });
      assert.equal(await workbench.treeItemDescription('customer', VIEW), 'varchar(64) · not null');
      await workbench.expandTreeItem('Indexes', VIEW);
      await workbench.treeItem('idx_customer', VIEW).waitFor({ state: 'visible' });
      assert.equal(await workbench.treeItemDescription('idx_customer', VIEW), '(customer, created_at)');

      const status = await workbench.statusBarTexts();
      assert.ok(status.some((text) => /Local MariaDB · MariaDB 10\.11/.test(text)), `status bar: ${status.join(' | ')}`);
      await workbench.screenshot('connections-tree-light');
      await workbench.setColorTheme('dark');
      await workbench.screenshot('connections-tree-dark');
    }));

  it('says plainly when the password is wrong: in the form and on connect', () =>
    session.diagnose('connections-wrong-password', async (workbench) => {
      const form = await openForm(workbench, () => workbench.clickViewTitleAction(VIEW, 'Add Connection'));
      await fillForm(form, { name: 'Wrong password', host: db.host, port: String(db.port), user: db.user, password: WRONG_PASSWORD });
      await form.locator('#test').click();
      const outcome = form.locator('#outcome[data-kind="failure"]');
      await outcome.waitFor({ state: 'visible', timeout: 20_000 });
      const text = await outcome.innerText();
      assert.match(text, /wrong user name or password/);
      assert.match(text, /Next step/);
      await workbench.screenshot('connections-form-wrong-password-dark');

      await form.locator('#save').click();
      await workbench.treeItem('Wrong password', VIEW).click();
      const message = await workbench.waitForNotification(/wrong user name or password/, 20_000);
      assert.match(message, /Wrong password/);
      await workbench.page.locator('.notifications-toasts .monaco-button', { hasText: 'Edit Connection' }).first().waitFor({ state: 'visible' });
      await workbench.screenshot('connections-wrong-password-notification-dark');
      await workbench.setColorTheme('light');
      await workbench.screenshot('connections-wrong-password-notification-light');
    }));

  it('fixes the password through Edit Connection, which never shows the stored one', () =>
    session.diagnose('connections-edit-password', async (workbench) => {
      const form = await openForm(workbench, () => workbench.clickNotificationButton(/wrong user name or password/, 'Edit Connection'));
      assert.equal(await form.locator('#name input').inputValue(), 'Wrong password');
      assert.equal(await form.locator('#password input').inputValue(), '', 'the stored password is not sent to the form');
      assert.match((await form.locator('#password input').getAttribute('placeholder')) ?? '', /leave empty to keep it/);
      await fillForm(form, { password: db.password });
      await form.locator('#save').click();
      await workbench.page.waitForFunction(() => !document.querySelector('.part.editor .tab[aria-label^="Edit Connection"]'));
      await eventually(async () => !/failed/.test(await workbench.treeItemDescription('Wrong password', VIEW)), 'saving clears the old failure');
      await workbench.treeItem('Wrong password', VIEW).click();
      await workbench.page.locator('.part.statusbar .statusbar-item', { hasText: 'Wrong password · MariaDB' }).waitFor({ state: 'visible', timeout: 20_000 });
      await eventually(async () => /^active · /.test(await workbench.treeItemDescription('Wrong password', VIEW)), 'with two open connections the active one is marked');
      await workbench.screenshot('connections-two-connected-light');
    }));

  it('keeps passwords out of settings and state on disk', () =>
    session.diagnose('connections-no-password-on-disk', async () => {
      const settings = readFileSync(join(session.server.userDataDir, 'User', 'settings.json'), 'utf8');
      assert.doesNotMatch(settings, /tidblab-pw|not-the-password/);
      for (const secret of [db.password, WRONG_PASSWORD]) {
        const leaks = filesContaining(session.server.userDataDir, secret);
        assert.deepEqual(leaks, [], `the password is written in plain text to ${leaks.join(', ')}`);
      }
    }));
});
