// A TiDB user explains statements of a SQL file against the TiDB stand-in (which answers EXPLAIN
// ANALYZE with real TiDB plans from test/fixtures/tidb-plans and runs the statements on
// MariaDB): clicks the "Explain Analyze" CodeLens, picks the connection and types its password,
// reads the inline gist, the hover and the Problems panel, opens a finding in the plan view and its
// details; pastes plans from the clipboard (an MPP plan, then text with no plan); meets the DML
// prompt and rolls back; cancels a slow EXPLAIN ANALYZE from its progress notification (KILL QUERY
// must stop the statement on MariaDB); compares with the previous run after "adding a TiFlash
// replica"; and sees the plan view come back after a window reload. Screenshots in light, dark and high-contrast
// themes go to test-results/screenshots/plans-*.png.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { startTestStandIn } from '../standin/testStandIn';
import type { TiDBStandIn } from '../standin/tidbStandIn';
import type { PlanFixtureRule } from '../standin/planFixtures';
import { adminQuery } from '../support/adminQuery';
import { realPlanDir } from '../support/fixtureFolders';
import { testDatabase } from '../support/testDatabase';
import type { Workbench } from './support/workbench';
import type { WorkbenchSession } from './support/workbenchSession';
import { clickCodeLens, openSqlEditorSession } from './support/sqlEditorSession';
import { pickFileInDialog } from './support/fileDialog';
import { planFrame } from './support/planFrames';

const db = testDatabase();
const schema = 'tidblab_e2e_plans';
const CONNECTION = 'TiDB stand-in';

const SQL_FILE = 'queries/trips.sql';
const SQL = `-- Weekday trips: the plans come from the TiDB stand-in.
SELECT COUNT(*) AS trips_on_weekdays
FROM ${schema}.trips
WHERE DAYOFWEEK(start_date) BETWEEN 2 AND 6;

UPDATE ${schema}.trips SET duration = duration + 1 WHERE id <= 3;
`;

const SLOW_SQL_FILE = 'queries/slow-report.sql';
/** In every processlist entry of the slow statement (the stand-in relays it to MariaDB without comments). */
const SLOW_MARKER = 'slow_trip_report';
const SLOW_SQL = `-- A slow report: Explain Analyze runs it for 30 s unless it is cancelled.
SELECT MAX(duration) + SLEEP(30) AS ${SLOW_MARKER}
FROM ${schema}.trips;
`;
/**
 * How soon after Cancel the statement must be gone from MariaDB. Shorter than the 5 s the
 * extension waits after KILL QUERY before it gives up and closes the connection, so only the KILL
 * can meet it.
 */
const KILLED_WITHIN_MS = 4_000;

/** The stand-in answers by these rules; the last test puts a TiFlash plan first, as after adding a replica. */
const fixtureRules: PlanFixtureRule[] = [
  { match: 'trips_on_weekdays', file: 'streamagg-tablereader-fullscan-pseudo.txt' },
  { match: 'SET duration', file: 'hash-join-tikv-spill-disk-column.txt' },
];

const HOSTILE_PLAN = `| id | estRows | task | access object | operator info |
| --- | --- | --- | --- | --- |
| TableReader_7 | 10.00 | root | | data:Selection_6 |
| └─Selection_6 | 10.00 | cop[tikv] | | eq(test.t.note, "<img src=x onerror=alert(1)>") |
|   └─TableFullScan_5 | 100.00 | cop[tikv] | table:<b>t</b> | keep order:false |
`;

/** Statements MariaDB is running (for any client but this one) whose text contains `marker`. */
async function runningStatements(marker: string): Promise<Array<{ id: number; info: string }>> {
  const rows = (await adminQuery(
    `SELECT ID AS id, INFO AS info FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID() AND COMMAND = 'Query' AND INSTR(INFO, '${marker}') > 0`,
  )) as { id: number | string; info: string }[];
  return rows.map((row) => ({ id: Number(row.id), info: String(row.info) }));
}

/** Polls `probe` until it returns a value; undefined when `timeout` ms pass first. */
async function pollFor<T>(page: Page, probe: () => Promise<T | undefined>, timeout: number): Promise<T | undefined> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await probe();
    if (value !== undefined || Date.now() >= deadline) return value;
    await page.waitForTimeout(100);
  }
}

async function totalDuration(): Promise<number> {
  const rows = (await adminQuery(`SELECT SUM(duration) AS total FROM ${schema}.trips`)) as { total: string | number }[];
  return Number(rows[0].total);
}

/**
 * The table shows exactly these columns, each whole: its header cell ends inside the table's
 * visible width (a column cut at the edge would end past it). Waits for the layout to settle.
 */
async function assertWholeColumns(plan: Frame, keys: string[]): Promise<void> {
  const deadline = Date.now() + 20_000;
  let seen = '';
  for (;;) {
    const layout = await plan.evaluate(() => {
      const viewport = document.querySelector('#plan-grid') as HTMLElement;
      const right = viewport.getBoundingClientRect().left + viewport.clientWidth;
      return [...document.querySelectorAll('#plan-grid .plan-header .plan-cell')].map((cell) => {
        const key = [...cell.classList].find((name) => name.startsWith('col-'))?.slice(4) ?? '?';
        return { key, whole: cell.getBoundingClientRect().right <= right + 1 };
      });
    });
    seen = JSON.stringify(layout);
    if (layout.map((column) => column.key).join() === keys.join() && layout.every((column) => column.whole)) return;
    if (Date.now() > deadline) assert.fail(`columns ${keys.join(', ')} all whole; seen ${seen}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Where the details pane is drawn, from the boxes of the plan's table and of the pane. */
async function detailsPlacement(plan: Frame): Promise<string> {
  return plan.evaluate(() => {
    const table = (document.querySelector('.plan-main') as HTMLElement).getBoundingClientRect();
    const details = (document.querySelector('.details-pane') as HTMLElement).getBoundingClientRect();
    const width = `in a ${window.innerWidth} px wide view`;
    if (details.width === 0 || details.height === 0) return `hidden ${width}`;
    if (details.left >= table.right - 1 && details.top < table.bottom && details.bottom > table.top) return `beside ${width}`;
    if (details.top >= table.bottom - 1 && details.left < table.right && details.right > table.left) return `below ${width}`;
    return `overlapping ${width}: table ${JSON.stringify(table)}, details ${JSON.stringify(details)}`;
  });
}

/**
 * A cell of the plan whose text (or a part of it, e.g. the operator's name beside its tree lines) is
 * cut off with an ellipsis tells the whole text on hover: its title holds what the cut part hides.
 * Returns that text.
 */
async function assertTooltipOnCutCell(plan: Frame): Promise<string> {
  const cells = plan.locator('.plan-window .plan-row .plan-cell');
  const measured = await cells.evaluateAll((elements) =>
    elements.map((cell) => {
      const cut = [cell, ...cell.querySelectorAll('*')].find((part) => part.clientWidth > 0 && part.scrollWidth > part.clientWidth);
      return cut === undefined ? undefined : (cut.textContent ?? '').trim();
    }),
  );
  const index = measured.findIndex((text) => text !== undefined && text !== '');
  assert.ok(index >= 0, 'a cell cut off in the narrow table');
  const hidden = measured[index] as string;
  await cells.nth(index).hover();
  await plan.waitForFunction(
    ([at, text]) =>
      (document.querySelectorAll('.plan-window .plan-row .plan-cell')[at as number]?.getAttribute('title') ?? '').includes(text as string),
    [index, hidden] as const,
    { timeout: 20_000 },
  );
  return hidden;
}

/** Texts drawn after lines by decorations (`after.contentText` is a CSS ::after, not DOM text). */
async function inlineDecorations(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.part.editor .monaco-editor .view-line span')]
      .map((span) => getComputedStyle(span, '::after').content)
      .filter((content) => content !== 'none' && content !== 'normal' && content !== '""')
      .map((content) => content.replace(/^"|"$/g, '')),
  );
}

/** Brings the SQL file's editor forward (it stays open in the first editor group). */
async function showSqlEditor(workbench: Workbench): Promise<void> {
  await workbench.page
    .locator('.part.editor .tab', { hasText: /^trips\.sql/ })
    .first()
    .click();
  await workbench.page.locator('.part.editor .monaco-editor .codelens-decoration').first().waitFor({ state: 'visible', timeout: 30_000 });
}

async function writeClipboard(page: Page, text: string): Promise<void> {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
}

describe('plans: EXPLAIN in the SQL editor and the plan view', () => {
  let session: WorkbenchSession;
  let standIn: TiDBStandIn;

  before(async () => {
    await adminQuery(`DROP DATABASE IF EXISTS ${schema}; CREATE DATABASE ${schema};
      CREATE TABLE ${schema}.trips (id INT PRIMARY KEY, start_date DATETIME NOT NULL, duration INT NOT NULL);
      INSERT INTO ${schema}.trips VALUES (1, '2026-11-23 08:00:00', 600), (2, '2026-11-24 09:30:00', 420), (3, '2026-11-28 18:10:00', 900), (4, '2026-11-29 07:45:00', 300);`);
    standIn = await startTestStandIn({ planFixtures: { directory: realPlanDir, rules: fixtureRules } });
    session = await openSqlEditorSession(
      { name: CONNECTION, host: '127.0.0.1', port: standIn.port, database: schema },
      { [SQL_FILE]: SQL, [SLOW_SQL_FILE]: SLOW_SQL },
    );
    await session.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.server.baseUrl });
  });

  after(async () => {
    await session?.close();
    await standIn?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${schema}`).catch(() => undefined);
  });

  it('explains a statement from its CodeLens: gist, hover, problems, findings and details', () =>
    session.diagnose('plans-explain-analyze', async (workbench) => {
      await workbench.openFile(SQL_FILE);
      await clickCodeLens(workbench, 'Explain Analyze', 0);
      // No active connection yet, and only one there is: it is used without a question; type its password (passwordMode "ask").
      await workbench.waitForQuickInput(60_000);
      await workbench.fillQuickInput(db.password);

      const plan = await planFrame(workbench, /1\.03 s · 1 row · TiKV · 1 critical, 3 warnings · 5 operators/);
      assert.equal(await plan.locator('.plan-window .plan-row[data-index]').count(), 5, 'all five operators are drawn');
      assert.match(await plan.locator('.origin-meta').innerText(), new RegExp(`${CONNECTION} · TiDB v8\\.5\\.1`));
      assert.equal(await plan.locator('.findings-list .finding').count(), 4, 'one critical finding and three warnings');
      assert.match(await plan.locator('.cop-time-note').innerText(), /sums over parallel tasks, not wall-clock/);
      assert.equal(
        await plan.locator('.plan-row[data-index="4"] .engine-badge.tikv .engine-task').innerText(),
        'cop',
        'the scan runs in TiKV as a cop task',
      );

      const decorations = await inlineDecorations(workbench.page);
      assert.ok(
        decorations.some((text) => /1\.03 s · 1 row · TiKV · 1 critical, 3 warnings/.test(text)),
        `inline gist missing: ${decorations.join(' | ')}`,
      );

      // A finding links to its operator: the row is selected and its details open.
      const firstFinding = plan.locator('.findings-list .finding-link').first();
      const target = Number(await firstFinding.getAttribute('data-node'));
      await firstFinding.click();
      await plan.locator(`.plan-row.selected[data-index="${target}"]`).waitFor({ state: 'visible' });
      await plan.locator('.details-pane .exec-info dt', { hasText: /^proc max$/ }).waitFor({ state: 'visible' });
      assert.match(await plan.locator('#details-heading').innerText(), /^TableFullScan_18$/);
      // The reader's cop_task group is read into nested key/values.
      await plan.locator('.plan-row[data-index="1"]').click();
      await plan.locator('.details-pane .exec-info dd.group').first().waitFor({ state: 'visible' });
      assert.ok(
        (await plan.locator('.details-pane .exec-info dt', { hasText: /^cop_task$/ }).count()) > 0,
        'cop_task is a group of key/values',
      );
      await plan.locator('.findings-list .finding-link').first().click();
      // Beside the SQL file the view is narrow: the details go below the table, not beside it.
      assert.match(await detailsPlacement(plan), /^below /);

      await workbench.page.keyboard.press('Control+Shift+M');
      await workbench.page
        .locator('.markers-panel .monaco-list-row', { hasText: /stats:pseudo|reads the whole table trips/ })
        .first()
        .waitFor({ state: 'visible', timeout: 30_000 });
      await workbench.screenshot('plans-explain-analyze-light');

      // The hover over the statement names where the time went.
      await workbench.page.keyboard.press('Control+Shift+M');
      // back to column 0 first: the inline gist after the statement can leave the narrow editor scrolled sideways
      await workbench.page.locator('.part.editor .margin-view-overlays .line-numbers').first().click();
      await workbench.page.keyboard.press('Control+Home');
      await workbench.page
        .locator('.part.editor .view-line span span', { hasText: /^FROM$/ })
        .first()
        .hover();
      const hover = workbench.page.locator('.monaco-hover', { hasText: 'Where the time went' });
      await hover.waitFor({ state: 'visible', timeout: 30_000 });
      assert.match(await hover.innerText(), /TableFullScan_18[\s\S]*Open plan view/);
      await workbench.screenshot('plans-hover-light');
      await workbench.page.keyboard.press('Escape');

      // Search filters to the matching operators and the ones above them.
      await plan.locator('#plan-search input').fill('trips');
      await plan.locator('.search-status', { hasText: /of 5 operators match/ }).waitFor({ state: 'visible' });
      await plan.locator('#plan-search input').fill('');
      await plan
        .locator('.search-status', { hasText: /match/ })
        .waitFor({ state: 'detached' })
        .catch(() => undefined);

      // Beside the SQL file (the default) the table is narrow: whole columns by priority, none cut at the edge.
      await plan.locator('.details-close').click();
      await assertWholeColumns(plan, ['operator', 'engine', 'time', 'estimate']);
      // TableFullScan_18, four levels deep, is cut: its cell tells its name on hover.
      assert.equal(await assertTooltipOnCutCell(plan), 'TableFullScan_18');
      await workbench.screenshot('plans-side-by-side-light');
      // "Top operators": the Time header orders the operators by own / task time; the root does not come first.
      await plan.locator('.plan-header .sort-button[data-sort="time"]').click();
      await plan.locator('.sort-note', { hasText: /Top operators by Time/ }).waitFor({ state: 'visible' });
      assert.equal(
        await plan.locator('.plan-window .plan-row').first().getAttribute('data-index'),
        '1',
        'TableReader_21 spent the most time of its own',
      );
      assert.equal(await plan.locator('.plan-header [aria-sort="descending"]').count(), 1);
      await workbench.screenshot('plans-top-operators-light');
      await plan.locator('.back-to-tree').click();
      await plan.locator('.sort-note').waitFor({ state: 'hidden' });
      assert.equal(await plan.locator('.plan-window .plan-row').first().getAttribute('data-index'), '0');
      // Maximised, every column is there.
      await workbench.runCommand('View: Toggle Maximize Editor Group');
      await assertWholeColumns(plan, ['operator', 'engine', 'time', 'rows', 'estimate', 'memory', 'access', 'info']);
      await workbench.screenshot('plans-maximised-light');
      // Wide, the details open beside the table.
      await plan.locator('.plan-row[data-index="4"]').click();
      await plan.locator('#details-heading', { hasText: /^TableFullScan_18$/ }).waitFor({ state: 'visible' });
      assert.match(await detailsPlacement(plan), /^beside /);
      await workbench.screenshot('plans-maximised-details-light');
      await plan.locator('.details-close').click();
      await workbench.runCommand('View: Toggle Maximize Editor Group');
      await assertWholeColumns(plan, ['operator', 'engine', 'time', 'estimate']);

      // Export…: a copy confirms briefly in the status bar, a save says where the file went.
      await plan.locator('#export-plan').click();
      await workbench.pickQuickPickItem('Copy JSON');
      await workbench.page.locator('.part.statusbar .statusbar-item', { hasText: 'Copied the plan as JSON' }).waitFor({ state: 'visible' });
      assert.match(await workbench.page.evaluate(() => navigator.clipboard.readText()), /^\{[\s\S]*"TableFullScan_18"/);
      await workbench.screenshot('plans-copied-light');
      await plan.locator('#export-plan').click();
      await workbench.pickQuickPickItem('Save Raw plan…');
      const saved = join(session.workspaceFolder, 'exported-plan.txt');
      await pickFileInDialog(workbench, saved);
      assert.equal(await workbench.waitForNotification(/^Saved /), 'Saved exported-plan.txt.');
      assert.match(readFileSync(saved, 'utf8'), /TableFullScan_18/);

      // The page ran under its strict CSP without a single refusal (the old toolkit's injected <style> was one).
      assert.deepEqual(await session.cspViolations(plan), [], 'no CSP violation in the plan view');
    }));

  it('visualizes a plan pasted from the clipboard and says so when there is none', () =>
    session.diagnose('plans-clipboard', async (workbench) => {
      await writeClipboard(workbench.page, readFileSync(join(realPlanDir, 'explain-mpp-shuffle-hash-join.txt'), 'utf8'));
      await workbench.runCommand('TiDB Lab: Visualize Plan from Clipboard');
      const plan = await planFrame(workbench, /est\. 1 row · TiFlash · no findings · 12 operators · 3 MPP fragments/);
      assert.equal(await plan.locator('.fragment-chip:not(.receiver)').count(), 3, 'one chip per ExchangeSender');
      assert.equal(await plan.locator('.fragment-chip.receiver').count(), 2, 'each ExchangeReceiver says where it receives from');
      assert.match(await plan.locator('.note').first().innerText(), /did not run/);
      await plan.locator('.plan-row[data-index="2"]').click();
      await plan.locator('#details-heading', { hasText: 'ExchangeSender_47' }).waitFor({ state: 'visible' });
      // The keyboard works the tree: Left collapses the sender's fragment, Right opens it, Down moves on.
      await plan.locator('.plan-viewport').press('ArrowLeft');
      await plan.locator('.plan-row[data-index="2"][aria-expanded="false"]').waitFor({ state: 'visible' });
      assert.equal(await plan.locator('.plan-window .plan-row[data-index]').count(), 3);
      await plan.locator('.plan-viewport').press('ArrowRight');
      await plan.locator('.plan-viewport').press('ArrowDown');
      await plan.locator('.plan-row.selected[data-index="3"]').waitFor({ state: 'visible' });
      assert.equal(await plan.locator('.plan-window .plan-row[data-index]').count(), 12);
      await workbench.screenshot('plans-clipboard-mpp-light');

      // Operator info is user text: markup in it stays text.
      await writeClipboard(workbench.page, HOSTILE_PLAN);
      await workbench.runCommand('TiDB Lab: Visualize Plan from Clipboard');
      const hostile = await planFrame(workbench, /est\. 10 rows · TiKV · no findings · 3 operators/);
      // Beside the SQL file the operator info column gives way: the details pane shows it.
      await hostile.locator('.plan-row[data-index="1"]').click();
      assert.match(await hostile.locator('.details-pane .details-text').first().innerText(), /<img src=x onerror=alert\(1\)>/);
      assert.equal(await hostile.locator('.plan-page img, .plan-page b').count(), 0, 'no element came out of the plan text');

      // FORMAT='ru': the request units per operator, and the statement's in the gist.
      await writeClipboard(workbench.page, readFileSync(join(realPlanDir, 'explain-analyze-format-ru.txt'), 'utf8'));
      await workbench.runCommand('TiDB Lab: Visualize Plan from Clipboard');
      const ru = await planFrame(workbench, /5 rows · TiKV · RU: 547 · no findings · 3 operators/);
      assert.match(await ru.locator('.plan-row[data-index="0"] .col-ru').innerText(), /^537$/);
      assert.match(await ru.locator('.plan-row[data-index="0"] .col-ruTotal').innerText(), /547/);
      assert.equal(await ru.locator('.plan-header .col-time').count(), 0, 'FORMAT=ru has no time column to show');
      // Beside the SQL file the RU columns come before the engine and the rows.
      await assertWholeColumns(ru, ['operator', 'engine', 'ru', 'ruTotal']);
      await workbench.screenshot('plans-format-ru-light');
      // loops:0: the table side of this IndexLookUp did not run; it is not "over-estimated 262,400x".
      await writeClipboard(workbench.page, readFileSync(join(realPlanDir, 'index-lookup-copr-cache.txt'), 'utf8'));
      await workbench.runCommand('TiDB Lab: Visualize Plan from Clipboard');
      const lookup = await planFrame(workbench, /621 ms · 262,400 rows · TiKV · 2 warnings/);
      await workbench.runCommand('View: Toggle Maximize Editor Group');
      assert.equal(await lookup.locator('.plan-row[data-index="2"] .col-estimate').innerText(), 'did not run');
      assert.equal(await lookup.locator('.plan-row[data-index="2"] .col-rows').innerText(), '– / 262,400');
      await workbench.screenshot('plans-did-not-run-light');
      await workbench.runCommand('View: Toggle Maximize Editor Group');

      await writeClipboard(workbench.page, 'Thanks for the plan! I will look at it tomorrow.');
      await workbench.runCommand('TiDB Lab: Visualize Plan from Clipboard');
      await workbench.waitForNotification(/No query plan found in the clipboard/);
      await workbench.clearNotifications();
    }));

  it('asks before EXPLAIN ANALYZE of an UPDATE and rolls it back', () =>
    session.diagnose('plans-dml', async (workbench) => {
      const before = await totalDuration();
      await showSqlEditor(workbench);
      await clickCodeLens(workbench, 'Explain Analyze', 1);
      const dialog = workbench.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ state: 'visible', timeout: 30_000 });
      assert.match(await dialog.innerText(), /EXPLAIN ANALYZE runs the statement: this UPDATE really changes data on TiDB stand-in/);
      await workbench.screenshot('plans-dml-prompt-light');
      await dialog.locator('.monaco-button', { hasText: 'Run in a Transaction That Is Rolled Back' }).click();

      const plan = await planFrame(workbench, /314 ms · 0 rows · TiKV · 2 warnings/);
      await plan.locator('.note-rolled-back').waitFor({ state: 'visible' });
      assert.equal(await plan.locator('.plan-banner').count(), 1, 'one banner per plan');
      assert.equal(await plan.locator('.findings-list .finding').count(), 2);
      assert.equal(await totalDuration(), before, 'the UPDATE ran in a transaction that was rolled back');
    }));

  it('cancels a slow EXPLAIN ANALYZE from its progress notification: KILL QUERY stops it on the server', () =>
    session.diagnose('plans-explain-cancel', async (workbench) => {
      try {
        await workbench.openFile(SLOW_SQL_FILE);
        await clickCodeLens(workbench, 'Explain Analyze', 0, true);
        const progressTitle = /EXPLAIN ANALYZE on TiDB stand-in…/;
        const progress = workbench.page.locator('.notifications-toasts .notification-toast').filter({
          has: workbench.page.locator('.notification-list-item-message', { hasText: progressTitle }),
        });
        // The toast slides in; the class comes when it has arrived (so the picture shows its Cancel button).
        await progress.and(workbench.page.locator('.notification-fade-in-done')).waitFor({ state: 'visible', timeout: 30_000 });
        // The stand-in runs the statement of EXPLAIN ANALYZE on MariaDB, where it now sleeps.
        const running = await pollFor(
          workbench.page,
          async () => {
            const found = await runningStatements(SLOW_MARKER);
            return found.length > 0 ? found : undefined;
          },
          30_000,
        );
        assert.ok(running?.length === 1, `the slow statement runs on MariaDB once: ${JSON.stringify(running)}`);
        assert.match(running[0].info, /^SELECT MAX\(duration\) \+ SLEEP\(30\)/);
        await workbench.screenshot('plans-explain-cancel-running-light', { whileRunning: true });

        await workbench.clickNotificationButton(progressTitle, 'Cancel');
        const cancelledAt = Date.now();
        const left = await pollFor(
          workbench.page,
          async () => ((await runningStatements(SLOW_MARKER)).length === 0 ? true : undefined),
          KILLED_WITHIN_MS,
        );
        assert.ok(
          left,
          `the statement still runs on MariaDB ${KILLED_WITHIN_MS} ms after Cancel: ${JSON.stringify(await runningStatements(SLOW_MARKER))}`,
        );
        const killedAfterMs = Date.now() - cancelledAt;
        assert.ok(killedAfterMs <= KILLED_WITHIN_MS, `gone only ${killedAfterMs} ms after Cancel`);
        await progress.waitFor({ state: 'hidden', timeout: 30_000 });
        // A clean cancel is said in the status bar for a few seconds, not in a notification.
        const said = await pollFor(
          workbench.page,
          async () => ((await workbench.statusBarTexts()).includes('EXPLAIN ANALYZE cancelled.') ? true : undefined),
          4000,
        );
        assert.ok(said, `the status bar says the run was cancelled: ${JSON.stringify(await workbench.statusBarTexts())}`);

        // What the extension says about it is in its log (the newest lines are on screen): KILL QUERY
        // for the connection the processlist showed, then the run's own line.
        await workbench.runCommand('TiDB Lab: Show Log');
        const output = workbench.page.locator('.part.panel .view-lines').first();
        const expectedLine = `EXPLAIN ANALYZE on ${CONNECTION}: cancelled; KILL QUERY ${running[0].id} sent; the statement stopped.`;
        const logged = await pollFor(
          workbench.page,
          async () => {
            // The editor draws spaces as no-break spaces, and may wrap the line.
            const text = (await output.innerText().catch(() => '')).replace(/[\s\u00a0]+/g, ' ');
            return text.includes(expectedLine) ? text : undefined;
          },
          20_000,
        );
        assert.ok(logged, `the log says "${expectedLine}"`);
        assert.match(logged, new RegExp(`\\[${CONNECTION}\\] SQL [\\d.]+ ms · \\d+ rows? · KILL QUERY ${running[0].id}(?!\\d)`));
        // A cancel is not a failure: no error notification and no plan view for the statement.
        assert.deepEqual(
          (await workbench.notificationMessages()).filter((message) => /failed|error|interrupted/i.test(message)),
          [],
        );
        assert.equal(
          await workbench.page.locator('.part.editor .tab', { hasText: /SLEEP\(30\)/ }).count(),
          0,
          'no plan view opened for the cancelled statement',
        );
        assert.equal(await workbench.activeEditorTitle(), 'slow-report.sql');
        await workbench.screenshot('plans-explain-cancelled-light');

        await workbench.runCommand('View: Hide Panel');
        await workbench.runCommand('View: Close Editor');
      } finally {
        // A failed step must not leave a 30 s statement holding the table.
        for (const statement of await runningStatements(SLOW_MARKER)) await adminQuery(`KILL QUERY ${statement.id}`).catch(() => undefined);
      }
    }));

  it('compares with the previous run, reads in dark and high-contrast themes, and survives a reload', () =>
    session.diagnose('plans-compare-themes-reload', async (workbench) => {
      // As after ALTER TABLE trips SET TIFLASH REPLICA 1: the stand-in now answers with a TiFlash plan.
      fixtureRules.unshift({ match: 'trips_on_weekdays', file: 'cop-tiflash-hashagg-tiflash-scan.txt' });
      await showSqlEditor(workbench);
      await clickCodeLens(workbench, 'Explain Analyze', 0);
      const plan = await planFrame(workbench, /60\.8 ms · 24 rows · TiFlash/);
      await plan.locator('#compare-plan').click();
      await workbench.pickQuickPickItem('Previous run of this statement');
      const compare = await workbench.webviewFrame('.compare-page .changes', 60_000);
      assert.match(await compare.locator('.compare-time').innerText(), /1\.03 s → 60\.8 ms/);
      assert.ok((await compare.locator('.changes-list .status-added').count()) > 0, 'operators only the TiFlash plan has');
      await workbench.screenshot('plans-compare-light');

      await workbench.setColorTheme('dark');
      await compare.locator('.changes-list .link-button').first().click();
      await workbench.screenshot('plans-compare-dark');
      await workbench.page
        .locator('.part.editor .tab', { hasText: /^Explain Analyze: SELECT COUNT/ })
        .first()
        .click();
      const tiflash = await planFrame(workbench, /60\.8 ms · 24 rows · TiFlash/);
      await tiflash.locator('.plan-row[data-index="4"]').click();
      await tiflash.locator('.details-pane .exec-info dt', { hasText: /^tiflash_scan$/ }).waitFor({ state: 'visible' });
      await workbench.screenshot('plans-explain-analyze-dark');
      await tiflash.locator('.details-close').click();
      await workbench.runCommand('View: Toggle Maximize Editor Group');
      await assertWholeColumns(tiflash, ['operator', 'engine', 'time', 'rows', 'estimate', 'memory', 'access', 'info']);
      await workbench.screenshot('plans-maximised-dark');
      await workbench.runCommand('View: Toggle Maximize Editor Group');
      await workbench.setColorTheme('high-contrast');
      await workbench.screenshot('plans-explain-analyze-high-contrast');
      await workbench.setColorTheme('light');

      await workbench.runCommand('Developer: Reload Window');
      await workbench.waitUntilReady();
      const restored = await planFrame(workbench, /60\.8 ms · 24 rows · TiFlash|314 ms · 0 rows|est\. 1 row · TiFlash/, 90_000);
      assert.ok((await restored.locator('.plan-window .plan-row[data-index]').count()) > 0, 'the restored plan view draws its rows');
    }));
});
