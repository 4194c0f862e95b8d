// A DBA's journey through the TiDB table controls in the real VS Code, against the TiDB STAND-IN
// (its CLI, relaying to the local MariaDB): cache a small table from the tree (confirming the exact
// statement) and see the badge change, prove the cache hit, hit the too-large refusal on a big table
// and read it, add TiFlash replicas and watch the progress to the end, stop watching another, and
// take the way out when a cached table cannot get replicas.
// Every step is kept as a screenshot in light and dark (two short-lived progress steps in one):
// test-results/screenshots/table-controls-*.png.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createConnection } from 'mysql2/promise';
import { testDatabase } from '../support/testDatabase';
import { foldOtherViews } from './support/benchmarkTabs';
import { screenshotsDir } from './support/paths';
import type { Workbench } from './support/workbench';
import { StandInProcess } from './support/standInProcess';
import { WorkbenchSession } from './support/workbenchSession';

const db = testDatabase();
const schema = 'tidblab_e2e_controls';
const VIEW = 'Connections';
const CONNECTION = 'TiDB stand-in';
const TOO_LARGE_BYTES = 100_000_000;
const timeoutScale = Number(process.env.TIDB_LAB_E2E_TIMEOUT_SCALE) || 1;

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
      CREATE TABLE ${schema}.exchange_rates (currency CHAR(3) PRIMARY KEY, rate DECIMAL(12,6) NOT NULL);
      CREATE TABLE ${schema}.audit_log (id BIGINT PRIMARY KEY, happened_at DATETIME NOT NULL, detail TEXT);
      CREATE TABLE ${schema}.orders (id BIGINT PRIMARY KEY, customer VARCHAR(64) NOT NULL, total DECIMAL(10,2) NOT NULL);
      CREATE TABLE ${schema}.events (id BIGINT PRIMARY KEY, kind VARCHAR(32) NOT NULL);
      CREATE TABLE ${schema}.visits (id BIGINT PRIMARY KEY, at DATETIME NOT NULL) PARTITION BY HASH (id) PARTITIONS 4;
      INSERT INTO ${schema}.exchange_rates VALUES ('EUR', 1), ('USD', 1.08), ('JPY', 162.4), ('GBP', 0.85);
      INSERT INTO ${schema}.orders VALUES ${Array.from({ length: 500 }, (_, i) => `(${i + 1}, 'customer ${i % 37}', ${(i * 7.31) % 500})`).join(', ')};
      ANALYZE TABLE ${schema}.exchange_rates, ${schema}.orders;`);
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

describe('table controls: cached tables and TiFlash replicas from the sidebar (TiDB stand-in)', () => {
  let session: WorkbenchSession;
  let standIn: StandInProcess;

  let theme: 'light' | 'dark' = 'light';

  /** `moving`: something is in progress, so shoot at once rather than wait for progress bars to stop. */
  async function keep(step: string, options: { moving?: boolean } = {}): Promise<void> {
    const name = `table-controls-${step}-${theme}`;
    // Menus fade in, and notifications slide back in after the theme picker closes: shot once they stand still.
    await session.workbench.waitUntilStill();
    if (options.moving) await session.page.screenshot({ path: join(screenshotsDir, `${name}.png`) });
    else await session.workbench.screenshot(name);
  }

  /** More room for the tree's descriptions: a wider side bar. */
  async function widenSideBar(workbench: Workbench): Promise<void> {
    const box = await session.page.locator('.part.sidebar').boundingBox();
    assert.ok(box, 'no side bar');
    const y = box.y + box.height / 2;
    await session.page.mouse.move(box.x + box.width, y);
    await session.page.mouse.down();
    await session.page.mouse.move(box.x + box.width + 160, y, { steps: 8 });
    await session.page.mouse.up();
    await workbench.treeItem(CONNECTION, VIEW).waitFor({ state: 'visible' });
  }

  async function switchTheme(): Promise<void> {
    theme = theme === 'light' ? 'dark' : 'light';
    await session.workbench.setColorTheme(theme);
  }

  /** Keeps the step in the current theme, switches to the other one and keeps it again (the theme stays switched). */
  async function shoot(step: string, options: { moving?: boolean } = {}): Promise<void> {
    await keep(step, options);
    await switchTheme();
    await keep(step, options);
  }

  /**
   * The same for what a theme switch would close (menus, quick picks, dialogs): kept, dismissed,
   * opened again in the other theme, kept, and left open.
   */
  async function shootOpen(step: string, open: () => Promise<void>, options: { alreadyOpen?: boolean } = {}): Promise<void> {
    if (!options.alreadyOpen) await open();
    await keep(step, { moving: true });
    await session.page.keyboard.press('Escape');
    await switchTheme();
    await open();
    await keep(step, { moving: true });
  }

  function description(workbench: Workbench, table: string, text: RegExp) {
    return workbench.treeItem(table, VIEW).locator('.label-description', { hasText: text });
  }

  function dialog() {
    return session.page.locator('.monaco-dialog-box');
  }

  /** Picks an item's context menu action. */
  async function chooseFromContextMenu(workbench: Workbench, table: string, action: string): Promise<void> {
    await workbench.treeItem(table, VIEW).click({ button: 'right' });
    await workbench.clickContextMenuItem(action);
  }

  /** Answers the optional location labels prompt that follows the replica count. */
  async function answerLocationLabels(workbench: Workbench, labels: string): Promise<void> {
    await session.page
      .locator('.quick-input-widget .quick-input-message', { hasText: 'Comma-separated labels' })
      .waitFor({ state: 'visible' });
    await workbench.fillQuickInput(labels);
  }

  before(async () => {
    await prepareSchema();
    standIn = await StandInProcess.start([
      '--tiflash-nodes',
      '2',
      '--replica-progress-per-second',
      '0.03',
      '--cache-load-delay-ms',
      '3000',
      '--table-size',
      `${schema}.audit_log=${TOO_LARGE_BYTES}`,
    ]);
    session = await WorkbenchSession.open({
      userSettings: {
        'tidbLab.connections': [{ name: CONNECTION, host: db.host, port: standIn.port, user: db.user, passwordMode: 'ask' }],
      },
    });
    session.page.setDefaultTimeout(45_000 * timeoutScale);
  });

  after(async () => {
    await session?.close();
    await standIn?.stop();
    await dropSchema();
  });

  it('connects and shows the TiDB tables', () =>
    session.diagnose('table-controls-connect', async (workbench) => {
      await workbench.openViewContainer('TiDB Lab');
      await widenSideBar(workbench);
      // every other view (Benchmarks, Statements, Query History) folded, so that the Connections tree
      // has the height to render every table row
      await foldOtherViews(workbench, VIEW);
      await workbench.treeItem(CONNECTION, VIEW).click();
      await workbench.fillQuickInput(db.password);
      await workbench.treeItem('TiDB v8.5.1', VIEW).waitFor({ state: 'visible', timeout: 30_000 * timeoutScale });
      await workbench.expandTreeItem(schema, VIEW);
      await workbench.treeItem('exchange_rates', VIEW).waitFor({ state: 'visible' });
      assert.match(await workbench.treeItemDescription('exchange_rates', VIEW), /^~\d+ rows · /);
      assert.match(
        await workbench.treeItemDescription('visits', VIEW),
        /^partitioned · ~\d+ rows? · /,
        'partitioned on the row, not only in its hover',
      );
      await shoot('01-tree');
    }));

  it('caches a small table from its context menu after showing the exact statement; the badge changes', () =>
    session.diagnose('table-controls-cache', async (workbench) => {
      const openMenu = async () => {
        await workbench.treeItem('exchange_rates', VIEW).click({ button: 'right' });
        await workbench.contextMenuItems();
      };
      await shootOpen('02-table-menu', openMenu);
      const menu = await workbench.contextMenuItems();
      assert.ok(menu.includes('Cache Table'), menu.join(' | '));
      assert.ok(menu.includes('Set TiFlash Replicas...'), menu.join(' | '));
      assert.ok(!menu.includes('Stop Caching Table'), 'only the action that applies');
      assert.ok(!menu.includes('Verify Cache Hit'), 'nothing to verify before caching');

      await workbench.clickContextMenuItem('Cache Table');
      await dialog().waitFor({ state: 'visible' });
      const text = await dialog().innerText();
      assert.match(text, /Cache the table tidblab_e2e_controls\.exchange_rates\?/);
      assert.ok(text.includes('ALTER TABLE `tidblab_e2e_controls`.`exchange_rates` CACHE;'), text);
      assert.match(text, /tidb_table_cache_lease/);
      // Dismissing the first prompt (to show it in the other theme) must send nothing.
      await shootOpen(
        '03-confirm-cache',
        async () => {
          await chooseFromContextMenu(workbench, 'exchange_rates', 'Cache Table');
          await dialog().waitFor({ state: 'visible' });
        },
        { alreadyOpen: true },
      );
      assert.doesNotMatch(await workbench.treeItemDescription('exchange_rates', VIEW), /cached/, 'a dismissed prompt changes nothing');
      await dialog()
        .locator('.dialog-buttons .monaco-button', { hasText: /^Cache Table$/ })
        .click();

      await description(workbench, 'exchange_rates', /^cached · /).waitFor({ state: 'visible' });
      await workbench.waitForNotification(/Cached tidblab_e2e_controls\.exchange_rates\. The first read loads it into memory\./);
      await shoot('04-cached');
      await workbench.treeItem('exchange_rates', VIEW).click({ button: 'right' });
      const cachedMenu = await workbench.contextMenuItems();
      assert.ok(
        cachedMenu.includes('Stop Caching Table') && cachedMenu.includes('Verify Cache Hit') && !cachedMenu.includes('Cache Table'),
        cachedMenu.join(' | '),
      );
      await workbench.page.keyboard.press('Escape');
    }));

  it('verifies that reads come from memory, retrying while the first read loads the table', () =>
    session.diagnose('table-controls-cache-hit', async (workbench) => {
      await workbench.clickNotificationButton(/Cached tidblab_e2e_controls\.exchange_rates/, 'Verify Cache Hit');
      await workbench.waitForNotification(
        /Verifying that reads of tidblab_e2e_controls\.exchange_rates come from memory.*try \d+ of \d+: the first read after caching loads the table/,
      );
      await keep('05-verifying', { moving: true });
      const verdict = await workbench.waitForNotification(/served from TiDB's memory on attempt/);
      assert.match(
        verdict,
        /^A read of tidblab_e2e_controls\.exchange_rates was served from TiDB's memory on attempt [2-9]: its TRACE has no regionRequest\.SendReqCtx span\.$/,
      );
      await shoot('06-cache-hit');
      await workbench.clearNotifications();
    }));

  it('says why a table over 64 MiB cannot be cached, naming its size, before sending anything', () =>
    session.diagnose('table-controls-too-large', async (workbench) => {
      await chooseFromContextMenu(workbench, 'audit_log', 'Cache Table');
      const message = await workbench.waitForNotification(/audit_log holds about/);
      assert.equal(
        message,
        'tidblab_e2e_controls.audit_log holds about 95.4 MiB of data and indexes; TiDB caches tables of at most 64.0 MiB.',
      );
      assert.equal(await dialog().count(), 0, 'no confirmation for a statement that would fail');
      assert.doesNotMatch(await workbench.treeItemDescription('audit_log', VIEW), /cached/);
      await shoot('07-too-large');
      await workbench.clearNotifications();
    }));

  it('adds TiFlash replicas and watches the progress to the end', () =>
    session.diagnose('table-controls-tiflash', async (workbench) => {
      const openCount = async () => {
        await chooseFromContextMenu(workbench, 'orders', 'Set TiFlash Replicas...');
        await workbench.quickPickLabels();
      };
      await shootOpen('08-replica-count', openCount);
      const { placeholder } = await workbench.waitForQuickInput();
      assert.equal(placeholder, 'The cluster has 2 TiFlash nodes, so at most 2 replicas');
      assert.deepEqual(await workbench.quickPickLabels(), ['1 replica', '2 replicas']);
      // A count typed outside the range gets the range, not an empty list.
      await workbench.quickInputBox().fill('3');
      const range = session.page.locator('.quick-input-list .monaco-list-row', { hasText: 'is more than the cluster can hold' });
      await range.waitFor({ state: 'visible' });
      assert.match(
        await range.innerText(),
        /3 TiFlash replicas is more than the cluster can hold: it has 2 TiFlash nodes, so choose 1 to 2 replicas\./,
      );
      await keep('08b-replica-count-out-of-range', { moving: true });
      await workbench.quickInputBox().fill('');
      // The extension replaces the items when the text changes: a pick made before it has done so for
      // the empty text lands on the items it is about to drop (CI under load picked nothing).
      await range.waitFor({ state: 'hidden' });

      const chooseTwo = async () => {
        await workbench.pickQuickPickItem('2 replicas');
        await answerLocationLabels(workbench, '');
        await dialog().waitFor({ state: 'visible' });
      };
      await chooseTwo();
      assert.ok((await dialog().innerText()).includes('ALTER TABLE `tidblab_e2e_controls`.`orders` SET TIFLASH REPLICA 2;'));
      await shootOpen(
        '09-confirm-replicas',
        async () => {
          await openCount();
          await chooseTwo();
        },
        { alreadyOpen: true },
      );
      await dialog().locator('.dialog-buttons .monaco-button', { hasText: "Set Replicas, Don't Ask Again" }).click();

      await description(workbench, 'orders', /^TiFlash 2 \(\d+%\) · /).waitFor({ state: 'visible', timeout: 30_000 * timeoutScale });
      await workbench.waitForNotification(/TiFlash replicas of tidblab_e2e_controls\.orders/);
      // Replication under way: some progress shown, not yet done.
      await description(workbench, 'orders', /^TiFlash 2 \([1-9]\d?%\) · /).waitFor({ state: 'visible', timeout: 60_000 * timeoutScale });
      await shoot('10-replicating', { moving: true });
      assert.match(
        await workbench.treeItemDescription('orders', VIEW),
        /^TiFlash 2 \(\d+%\) · /,
        'still replicating after the screenshots',
      );
      // seen under way; the rest of the replication is not waited out
      await standIn.catchUpReplica(`${schema}.orders`);

      await description(workbench, 'orders', /^TiFlash 2 · /).waitFor({ state: 'visible', timeout: 120_000 * timeoutScale });
      assert.equal(
        await workbench.waitForNotification(/can be read from TiFlash/),
        'tidblab_e2e_controls.orders can be read from TiFlash: 2 replicas, caught up.',
      );
      await shoot('11-replicas-available');
      const settings = readFileSync(join(session.server.userDataDir, 'User', 'settings.json'), 'utf8');
      assert.match(settings, /"tidbLab\.tableControls\.confirmDdl": false/, "Don't Ask Again turned the prompt off");
      await workbench.clearNotifications();
    }));

  it('cancelling stops the watching, not the replication', () =>
    session.diagnose('table-controls-cancel-watch', async (workbench) => {
      await chooseFromContextMenu(workbench, 'events', 'Set TiFlash Replicas...');
      await workbench.pickQuickPickItem('1 replica');
      await answerLocationLabels(workbench, '');
      await description(workbench, 'events', /^TiFlash 1 \(\d+%\)/).waitFor({ state: 'visible', timeout: 30_000 * timeoutScale });
      await workbench.clickNotificationButton(/TiFlash replicas of tidblab_e2e_controls\.events/, 'Cancel');
      const message = await workbench.waitForNotification(/Stopped watching/);
      assert.equal(
        message,
        'Stopped watching tidblab_e2e_controls.events here. TiFlash goes on replicating in the cluster; the Connections view goes on showing its progress.',
      );
      await shoot('12-stopped-watching');
      await workbench.clickNotificationButton(/Stopped watching tidblab_e2e_controls\.events/, 'Watch Again');
      await workbench.waitForNotification(/TiFlash replicas of tidblab_e2e_controls\.events: \d+%/);
      await workbench.clickNotificationButton(/TiFlash replicas of tidblab_e2e_controls\.events/, 'Cancel');
      await workbench.clickTreeItemInlineAction(schema, 'Refresh', VIEW);
      await description(workbench, 'events', /^TiFlash 1 \(\d+%\)/).waitFor({ state: 'visible' });
    }));

  it('a cached table cannot get TiFlash replicas: said before the count is asked; the way out stops caching, sets the replicas and offers to cache it again', () =>
    session.diagnose('table-controls-cached-way-out', async (workbench) => {
      await workbench.clearNotifications();
      await chooseFromContextMenu(workbench, 'exchange_rates', 'Set TiFlash Replicas...');
      const refusal = await workbench.waitForNotification(/on a cached table/);
      assert.equal(
        refusal,
        'TiDB refuses ALTER TABLE on a cached table: stop caching tidblab_e2e_controls.exchange_rates first, make the change, then cache it again.',
      );
      assert.equal(await workbench.quickInputBox().isVisible(), false, 'no count picker for a table that cannot get replicas');
      assert.match(await workbench.treeItemDescription('exchange_rates', VIEW), /^cached · /, 'nothing was sent');
      await shoot('13-cached-table-refusal');
      await workbench.clickNotificationButton(/on a cached table/, 'Stop Caching, Then Set Replicas');
      await workbench.waitForNotification(/Stopped caching tidblab_e2e_controls\.exchange_rates\./);
      await workbench.pickQuickPickItem('1 replica');
      await answerLocationLabels(workbench, '');
      await description(workbench, 'exchange_rates', /^TiFlash 1 \(\d+%\) · /).waitFor({ state: 'visible' });
      await workbench.waitForNotification(/TiFlash replicas of tidblab_e2e_controls\.exchange_rates: \d+%/);
      await keep('14-stopped-caching-then-replicas', { moving: true });
      await standIn.catchUpReplica(`${schema}.exchange_rates`);
      // As the refusal promised: once the replicas are there, caching it again is one click away.
      const offer = await workbench.waitForNotification(/cache it again\?/, 120_000 * timeoutScale);
      assert.equal(offer, 'tidblab_e2e_controls.exchange_rates has its TiFlash replicas. It was a cached table before: cache it again?');
      await shoot('15-cache-again-offer');
      await workbench.clickNotificationButton(/cache it again\?/, 'Cache Again');
      await description(workbench, 'exchange_rates', /^cached · TiFlash 1 · /).waitFor({ state: 'visible' });
      await shoot('16-cached-again-with-replicas');
    }));
});
