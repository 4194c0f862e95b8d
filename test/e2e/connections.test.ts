// A user adds a connection to the local MariaDB through the form (Test Connection, Save), browses
// the tree down to a table's columns, and meets a wrong password: in the form and on connect.
// Screenshots in light and dark themes go to test-results/screenshots/connections-*.png.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createConnection } from 'mysql2/promise';
import type { Frame } from 'playwright-core';
import { startTestStandIn } from '../standin/testStandIn';
import type { TiDBStandIn } from '../standin/tidbStandIn';
import { testDatabase } from '../support/testDatabase';
import { freePort } from './support/freePort';
import { screenshotsDir } from './support/paths';
import type { Workbench } from './support/workbench';
import { WorkbenchSession } from './support/workbenchSession';

const db = testDatabase();
const schema = 'tidblab_e2e_explorer';
const tidbSchema = 'tidblab_e2e_tidb';
const VIEW = 'Connections';
const WRONG_PASSWORD = 'not-the-password-42';

async function prepareSchema(): Promise<void> {
  const connection = await createConnection({
    host: db.host,
    port: db.port,
    user: db.user,
    password: db.password,
    multipleStatements: true,
  });
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

/** Tables for the TiDB tree: created on the MariaDB behind the stand-in, cached and replicated through the stand-in. */
async function prepareTiDBSchema(standIn: TiDBStandIn): Promise<void> {
  const direct = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password, multipleStatements: true });
  try {
    await direct.query(`DROP DATABASE IF EXISTS ${tidbSchema}; CREATE DATABASE ${tidbSchema};
      CREATE TABLE ${tidbSchema}.sbtest1 (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, k INT NOT NULL DEFAULT 0, c CHAR(120) NOT NULL DEFAULT '', pad CHAR(60) NOT NULL DEFAULT '', KEY k_1 (k));
      CREATE TABLE ${tidbSchema}.exchange_rates (currency CHAR(3) PRIMARY KEY, rate DECIMAL(12,6) NOT NULL);
      CREATE TABLE ${tidbSchema}.orders_history (id BIGINT PRIMARY KEY, customer VARCHAR(64), total DECIMAL(10,2), placed_at DATETIME);`);
    const rows = Array.from({ length: 10_000 }, (_, i) => `(${(i * 7919) % 10_000}, '${String(i).padStart(11, '0')}-sbtest', 'pad')`).join(
      ',',
    );
    await direct.query(`INSERT INTO ${tidbSchema}.sbtest1 (k, c, pad) VALUES ${rows};
      INSERT INTO ${tidbSchema}.exchange_rates VALUES ('EUR', 1), ('USD', 1.08), ('JPY', 162.4);
      ANALYZE TABLE ${tidbSchema}.sbtest1, ${tidbSchema}.exchange_rates;`);
  } finally {
    await direct.end();
  }
  const tidb = await createConnection({ host: db.host, port: standIn.port, user: db.user, password: db.password });
  try {
    await tidb.query(`ALTER TABLE ${tidbSchema}.exchange_rates CACHE`);
    await tidb.query(`ALTER TABLE ${tidbSchema}.orders_history SET TIFLASH REPLICA 2`);
  } finally {
    await tidb.end();
  }
}

async function dropSchemas(): Promise<void> {
  const connection = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    await connection.query(`DROP DATABASE IF EXISTS ${schema}`);
    await connection.query(`DROP DATABASE IF EXISTS ${tidbSchema}`);
  } finally {
    await connection.end();
  }
}

/** Fills the connection form's text fields (the components' inputs live in shadow roots, which playwright pierces). */
async function fillForm(form: Frame, values: Record<string, string>): Promise<void> {
  for (const [field, value] of Object.entries(values)) {
    const input = form.locator(`#${field} input`);
    await input.fill(value);
  }
}

async function openForm(workbench: Workbench, open: () => Promise<void>): Promise<Frame> {
  await open();
  const form = await workbench.webviewFrame('#host input');
  await form.locator('#host input').waitFor({ state: 'visible' });
  return form;
}

/** The tree draws only the rows on screen: the Connections view gets the whole side bar. */
async function collapseOtherViews(workbench: Workbench): Promise<void> {
  await workbench.waitUntilSettled();
  for (const header of await workbench.page.locator('.part.sidebar .pane .pane-header').all()) {
    const title = header.locator('h3.title');
    if (((await title.textContent()) ?? '').trim().toLowerCase() === VIEW.toLowerCase()) continue;
    if ((await header.getAttribute('aria-expanded')) !== 'true') continue;
    await title.click();
    await eventually(async () => (await header.getAttribute('aria-expanded')) === 'false', 'the other view collapsed');
  }
}

async function sqlDirect(statements: string): Promise<void> {
  const connection = await createConnection({
    host: db.host,
    port: db.port,
    user: db.user,
    password: db.password,
    multipleStatements: true,
  });
  try {
    await connection.query(statements);
  } finally {
    await connection.end();
  }
}

/** The window at its default size (1280x800) and maximised on a 1920x1080 screen. */
async function shootBothSizes(workbench: Workbench, name: string): Promise<void> {
  await workbench.screenshot(name);
  const size = workbench.page.viewportSize();
  await workbench.page.setViewportSize({ width: 1920, height: 1080 });
  try {
    await workbench.screenshot(`${name}-maximised`);
  } finally {
    if (size) await workbench.page.setViewportSize(size);
  }
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
  let standIn: TiDBStandIn;

  before(async () => {
    await prepareSchema();
    // Slow replication, so the tree shows a replica still catching up ("TiFlash 2 (n%)").
    standIn = await startTestStandIn({ tiflashNodes: 2, replicaProgressPerSecond: 0.004 });
    await prepareTiDBSchema(standIn);
    session = await WorkbenchSession.open({ userSettings: { 'workbench.colorTheme': 'Default Light Modern' } });
  });

  after(async () => {
    await session?.close();
    await standIn?.close();
    await dropSchemas();
  });

  it('adds a connection through the form after testing it', () =>
    session.diagnose('connections-add', async (workbench) => {
      await workbench.openViewContainer('TiDB Lab');
      await collapseOtherViews(workbench);
      await workbench.viewWelcome(VIEW).waitFor({ state: 'visible' });
      const form = await openForm(workbench, () => workbench.clickWelcomeButton(VIEW, 'Add Connection'));
      assert.equal(await form.locator('#port input').inputValue(), '4000', 'TiDB port by default');

      await fillForm(form, {
        name: 'Local MariaDB',
        host: db.host,
        port: String(db.port),
        user: db.user,
        password: db.password,
        database: schema,
      });
      await form.locator('#test').click();
      const outcome = form.locator('#outcome[data-kind="success"]');
      await outcome.waitFor({ state: 'visible', timeout: 20_000 });
      assert.match(await outcome.innerText(), /Connected to MariaDB 10\.11/);
      await workbench.screenshot('connections-form-test-ok-light');

      await form.locator('#save').click();
      await workbench.treeItem('Local MariaDB', VIEW).waitFor({ state: 'visible' });
      assert.equal(
        await workbench.page.locator('.part.editor .tab', { hasText: 'Add Connection' }).count(),
        0,
        'the form closes after saving',
      );
      // The test connected with these settings: saving connects, no click needed.
      await workbench.page
        .locator('.part.statusbar .statusbar-item', { hasText: /Local MariaDB · MariaDB 10\.11/ })
        .waitFor({ state: 'visible', timeout: 20_000 });
    }));

  it("connects and browses down to a table's columns and indexes", () =>
    session.diagnose('connections-browse', async (workbench) => {
      await workbench.treeItem(schema, VIEW).waitFor({ state: 'visible', timeout: 20_000 });
      const labels = await workbench.treeItemLabels(VIEW);
      assert.ok(
        labels.some((label) => /^MariaDB 10\.11\.\d+$/.test(label)),
        `no server item in ${labels.join(' | ')}`,
      );
      assert.ok(!labels.includes('information_schema'), 'system schemas are hidden by default');
      assert.match(await workbench.treeItemDescription(schema, VIEW), /default/);

      await workbench.expandTreeItem(schema, VIEW);
      await workbench.treeItem('orders', VIEW).waitFor({ state: 'visible' });
      assert.match(await workbench.treeItemDescription('orders', VIEW), /^~[\d,]+ rows · [\d.]+ (KiB|MiB)$/);
      assert.equal(await workbench.treeItemDescription('big_orders', VIEW), 'view');

      await workbench.expandTreeItem('orders', VIEW);
      await workbench.expandTreeItem('Columns', VIEW);
      await workbench.treeItem('customer', VIEW).waitFor({ state: 'visible' });
      assert.equal(await workbench.treeItemDescription('customer', VIEW), 'varchar(64) · not null');
      await workbench.expandTreeItem('Indexes', VIEW);
      await workbench.treeItem('idx_customer', VIEW).waitFor({ state: 'visible' });
      assert.equal(await workbench.treeItemDescription('idx_customer', VIEW), '(customer, created_at)');

      const status = await workbench.statusBarTexts();
      assert.ok(
        status.some((text) => /Local MariaDB · MariaDB 10\.11/.test(text)),
        `status bar: ${status.join(' | ')}`,
      );
      await workbench.screenshot('connections-tree-light');
      await workbench.setColorTheme('dark');
      await workbench.screenshot('connections-tree-dark');
    }));

  it("reads again what the tree shows: the title bar's Refresh for everything, a table's Refresh for its row", () =>
    session.diagnose('connections-refresh', async (workbench) => {
      // Changed outside TiDB Lab: a new partitioned table, and rows in a table the tree shows empty.
      await workbench.treeItem('customers', VIEW).waitFor({ state: 'visible' });
      assert.match(await workbench.treeItemDescription('customers', VIEW), /^~0 rows · /);
      await sqlDirect(`CREATE TABLE ${schema}.shipments (id INT PRIMARY KEY, shipped DATE NOT NULL DEFAULT '2026-01-01') PARTITION BY HASH (id) PARTITIONS 4;
        INSERT INTO ${schema}.customers SELECT seq, CONCAT('customer ', seq) FROM ${schema}.seq_1_to_300; ANALYZE TABLE ${schema}.customers;`);
      // VS Code hands a title-bar action the focused item: with a table focused, the whole view is still read again.
      await workbench.treeItem('orders', VIEW).click();
      await workbench.clickViewTitleAction(VIEW, 'Refresh Connections');
      await workbench.treeItem('shipments', VIEW).waitFor({ state: 'visible', timeout: 20_000 });
      assert.match(await workbench.treeItemDescription('shipments', VIEW), /^partitioned · ~\d+ rows? · /);
      assert.doesNotMatch(await workbench.treeItemDescription('customers', VIEW), /^~0 rows/, 'the whole view was read again');
      await shootBothSizes(workbench, 'connections-refreshed-partitioned');

      const estimate = async (): Promise<number> =>
        Number(/^~([\d,]+) rows? · /.exec(await workbench.treeItemDescription('customers', VIEW))?.[1]?.replace(/,/g, '') ?? NaN);
      const before = await estimate();
      await sqlDirect(`DELETE FROM ${schema}.customers WHERE id > 10; ANALYZE TABLE ${schema}.customers;`);
      await workbench.clickTreeItemInlineAction('customers', 'Refresh', VIEW);
      await eventually(
        async () => (await estimate()) < before / 2,
        `the table row read again (it said ~${before} rows before 290 of 300 were deleted)`,
      );
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
      await workbench.page
        .locator('.notifications-toasts .monaco-button', { hasText: 'Edit Connection' })
        .first()
        .waitFor({ state: 'visible' });
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
      await eventually(
        async () => !/failed/.test(await workbench.treeItemDescription('Wrong password', VIEW)),
        'saving clears the old failure',
      );
      await workbench.treeItem('Wrong password', VIEW).click();
      await workbench.page
        .locator('.part.statusbar .statusbar-item', { hasText: 'Wrong password · MariaDB' })
        .waitFor({ state: 'visible', timeout: 20_000 });
      await eventually(
        async () => /^active · /.test(await workbench.treeItemDescription('Wrong password', VIEW)),
        'with two open connections the active one is marked',
      );
      await workbench.screenshot('connections-two-connected-light');
    }));

  it("a server that requires TLS, reached without it, is said to require encryption, with the way out; a closed port in the system's words", () =>
    session.diagnose('connections-tls-required', async (workbench) => {
      const form = await openForm(workbench, () => workbench.clickViewTitleAction(VIEW, 'Add Connection'));
      await fillForm(form, { name: 'TLS-only MariaDB', host: db.host, port: String(db.tlsOnlyPort), user: db.user, password: db.password });
      await form.locator('#test').click();
      const outcome = form.locator('#outcome[data-kind="failure"]');
      await outcome.waitFor({ state: 'visible', timeout: 20_000 });
      const text = await outcome.innerText();
      assert.match(text, new RegExp(`^${db.host.replace(/\./g, '\\.')}:${db.tlsOnlyPort} requires encrypted connections`));
      assert.match(text, /Next step:\s*Edit the connection and set its TLS mode/);
      assert.match(text, /The server said:\s*Access denied/);
      assert.doesNotMatch(text, /wrong user name or password/);
      await shootBothSizes(workbench, 'connections-form-tls-required-light');

      const closed = await freePort();
      await fillForm(form, { port: String(closed) });
      await form.locator('#test').click();
      await form.locator('#outcome[data-kind="failure"]', { hasText: /operating system/ }).waitFor({ state: 'visible', timeout: 20_000 });
      const refused = await form.locator('#outcome').innerText();
      assert.match(
        refused,
        new RegExp(`The operating system said:\\s*Nothing listens on 127\\.0\\.0\\.1:${closed} \\(connection refused\\)`),
      );
      assert.doesNotMatch(refused, /server said|ECONNREFUSED/);
      await workbench.screenshot('connections-form-refused-light');

      await fillForm(form, { port: String(db.tlsOnlyPort) });
      await form.locator('#save').click();
      await workbench.treeItem('TLS-only MariaDB', VIEW).click();
      const message = await workbench.waitForNotification(/requires encrypted connections/, 20_000);
      assert.match(message, /^TLS-only MariaDB: .* requires encrypted connections: .* Edit the connection and set its TLS mode/);
      await workbench.page
        .locator('.notifications-toasts .monaco-button', { hasText: 'Edit Connection' })
        .first()
        .waitFor({ state: 'visible' });
      await shootBothSizes(workbench, 'connections-tls-required-notification-light');
      await workbench.setColorTheme('dark');
      await shootBothSizes(workbench, 'connections-tls-required-notification-dark');
      await workbench.setColorTheme('light');
      await workbench.clearNotifications();
    }));

  it('shows a TiDB cluster: components, cached tables and TiFlash replicas (TiDB stand-in)', () =>
    session.diagnose('connections-tidb', async (workbench) => {
      const form = await openForm(workbench, () => workbench.clickViewTitleAction(VIEW, 'Add Connection'));
      await fillForm(form, { name: 'TiDB stand-in', host: db.host, port: String(standIn.port), user: db.user, password: db.password });
      await form.locator('#save').click();
      await workbench.clickViewTitleAction(VIEW, 'Collapse All');
      await workbench.treeItem('TiDB stand-in', VIEW).click();
      await workbench.treeItem('TiDB v8.5.1', VIEW).waitFor({ state: 'visible', timeout: 20_000 });
      await workbench.expandTreeItem('Cluster', VIEW);
      await workbench
        .treeItem('PD 127.0.0.1:2379', VIEW)
        .waitFor({ state: 'visible' })
        .catch(() => undefined);
      const labels = await workbench.treeItemLabels(VIEW);
      assert.ok(labels.filter((name) => name.startsWith('TiFlash ')).length === 2, labels.join(' | '));
      await workbench.expandTreeItem(tidbSchema, VIEW);
      await workbench.treeItem('exchange_rates', VIEW).waitFor({ state: 'visible' });
      assert.match(await workbench.treeItemDescription('exchange_rates', VIEW), /^cached · /);
      assert.match(await workbench.treeItemDescription('orders_history', VIEW), /^TiFlash 2 \(\d+%\) · /);
      assert.match(await workbench.treeItemDescription('sbtest1', VIEW), /^~[\d,]+ rows · [\d.]+ (KiB|MiB)$/);
      await workbench.screenshot('connections-tidb-tree-light');

      await workbench.treeItem('exchange_rates', VIEW).locator('.label-name').hover();
      const hover = workbench.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'Cached table' }).first();
      await hover.waitFor({ state: 'visible', timeout: 10_000 });
      assert.match(await hover.innerText(), /Rows \(estimate\)/);
      await workbench.page.screenshot({ path: join(screenshotsDir, 'connections-tidb-table-tooltip-light.png') });
      await workbench.page.mouse.move(700, 500);

      await workbench.setColorTheme('dark');
      await workbench.screenshot('connections-tidb-tree-dark');
      await workbench.setColorTheme('high-contrast');
      await workbench.screenshot('connections-tidb-tree-high-contrast');
      await workbench.setColorTheme('light');
    }));

  it('the status bar shows the active connection and picks another one', () =>
    session.diagnose('connections-status-bar', async (workbench) => {
      const item = workbench.page.locator('.part.statusbar .statusbar-item', { hasText: 'TiDB stand-in · TiDB v8.5.1' });
      await item.waitFor({ state: 'visible' });
      await item.click();
      const labels = (await workbench.quickPickLabels()).map((text) => text.trim());
      for (const name of ['Local MariaDB', 'TiDB stand-in', 'Wrong password']) assert.ok(labels.includes(name), labels.join(' | '));
      assert.ok(labels.includes('active · connected · TiDB v8.5.1'), 'each connection says whether it is connected and to what');
      await workbench.screenshot('connections-pick-active-light');
      await workbench.pickQuickPickItem('Local MariaDB');
      await workbench.page
        .locator('.part.statusbar .statusbar-item', { hasText: /Local MariaDB · MariaDB 10\.11/ })
        .waitFor({ state: 'visible' });
      await eventually(
        async () => /^active · /.test(await workbench.treeItemDescription('Local MariaDB', VIEW)),
        'the tree marks the new active connection',
      );
    }));

  it('Run Benchmark asks which connection first, the active one preselected', () =>
    session.diagnose('connections-run-benchmark-picker', async (workbench) => {
      await workbench.runCommand('TiDB Lab: Run Benchmark...');
      await workbench.page.locator('.quick-input-widget .quick-input-title', { hasText: /^Run Benchmark$/ }).waitFor({ state: 'visible' });
      const labels = (await workbench.quickPickLabels()).map((text) => text.trim());
      assert.equal(labels[0], 'Local MariaDB', `the active connection first: ${labels.join(' | ')}`);
      assert.ok(labels.includes('TiDB stand-in') && labels.includes('TLS-only MariaDB'), labels.join(' | '));
      const focused = workbench.page.locator('.quick-input-list .monaco-list-row.focused .label-name').first();
      assert.equal((await focused.textContent())?.trim(), 'Local MariaDB', 'and preselected: Enter keeps it');
      await workbench.screenshot('connections-run-benchmark-picker-light');
      await workbench.page.setViewportSize({ width: 1920, height: 1080 });
      await workbench.page.screenshot({ path: join(screenshotsDir, 'connections-run-benchmark-picker-light-maximised.png') });
      await workbench.page.setViewportSize({ width: 1280, height: 800 });
      await workbench.dismissQuickInput();
      await workbench.setColorTheme('dark');
      await workbench.runCommand('TiDB Lab: Run Benchmark...');
      await workbench.page.locator('.quick-input-widget .quick-input-title', { hasText: /^Run Benchmark$/ }).waitFor({ state: 'visible' });
      await workbench.quickPickLabels();
      await workbench.page.screenshot({ path: join(screenshotsDir, 'connections-run-benchmark-picker-dark.png') });
      await workbench.dismissQuickInput();
      await workbench.setColorTheme('light');
    }));

  it('Run Experiment and Clean Up Benchmark Data ask which connection first too, the active one preselected', () =>
    session.diagnose('connections-experiment-cleanup-picker', async (workbench) => {
      for (const [command, title] of [
        ['TiDB Lab: Run Experiment...', /^Run Experiment$/],
        ['TiDB Lab: Clean Up Benchmark Data...', /^Clean Up Benchmark Data$/],
      ] as const) {
        await workbench.runCommand(command);
        await workbench.page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor({ state: 'visible' });
        const labels = (await workbench.quickPickLabels()).map((text) => text.trim());
        assert.equal(labels[0], 'Local MariaDB', `${command}: the active connection first: ${labels.join(' | ')}`);
        assert.ok(labels.includes('TiDB stand-in') && labels.includes('TLS-only MariaDB'), labels.join(' | '));
        const focused = workbench.page.locator('.quick-input-list .monaco-list-row.focused .label-name').first();
        assert.equal((await focused.textContent())?.trim(), 'Local MariaDB', `${command}: preselected`);
        await workbench.dismissQuickInput();
      }
    }));

  it('logs every SQL statement with its duration, never a password', () =>
    session.diagnose('connections-log', async (workbench) => {
      await workbench.runCommand('TiDB Lab: Show Log');
      const output = workbench.page.locator('.part.panel .view-lines').first();
      // The editor draws spaces as no-break spaces.
      const outputText = async (): Promise<string> => (await output.innerText().catch(() => '')).replace(/\u00a0/g, ' ');
      await eventually(async () => /SQL [\d.]+ ms · \d+ rows? · SELECT/.test(await outputText()), 'SQL lines in the TiDB Lab log', 20_000);
      await workbench.screenshot('connections-log-light');
      // The Output view draws only the lines on screen: its filter brings each line of interest into view.
      const filter = workbench.page.locator('.part.panel .viewpane-filter input').first();
      // The filter applies a moment after typing: wait for what it should show (lines that were
      // there, or nothing once the other filter's lines went away).
      const showsWith = async (text: string, shown: (lines: string) => boolean, what: string): Promise<void> => {
        await filter.fill(text);
        await eventually(async () => shown(await outputText()), what, 20_000);
      };
      await showsWith(
        'VERSION()',
        (lines) => /SQL [\d.]+ ms · 1 row · SELECT VERSION\(\) AS version/.test(lines),
        'the SELECT VERSION() line',
      );
      await showsWith(
        'wrongPassword',
        (lines) => /Connecting to Wrong password failed \(wrongPassword\)/.test(lines) && !lines.includes('SELECT VERSION()'),
        'only the failed connection line',
      );
      for (const secret of [db.password, WRONG_PASSWORD])
        await showsWith(secret, (lines) => lines.trim() === '', `no line showing ${secret}`);
      await filter.fill('');
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

  it('after Reload Window the active connection comes back, connected with its stored password', () =>
    session.diagnose('connections-reload', async (workbench) => {
      await workbench.runCommand('Developer: Reload Window');
      await workbench.waitUntilReady();
      // Nothing clicked: the status bar names the active connection connected to its server again.
      await workbench.page
        .locator('.part.statusbar .statusbar-item', { hasText: /Local MariaDB · MariaDB 10\.11/ })
        .waitFor({ state: 'visible', timeout: 60_000 });
      await workbench.screenshot('connections-after-reload-light');
    }));
});
