// What the server did, beside a benchmark, in the real VS Code (issue 12): a run on MariaDB from the
// palette gets a Server section from performance_schema; a run on the TiDB STAND-IN (test/standin,
// statement summary kept from the statements really sent) whose range SELECTs changed plan when a
// TiFlash replica became available mid-run shows both plans, opens one in the plan view, jumps to
// the same statement in the Statements view, where its two plans are compared, the older before the
// newer (titled so); and the TiFlash study's experiment (the preset, sized down) run on the stand-in from the
// palette shows, per variant, the range SELECTs on TiKV without a replica and on TiFlash with one.
// Screenshots: test-results/screenshots/server-*.png.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import type { Frame } from 'playwright-core';
import { runMeasuredWithEngine } from '../../src/core/bench/benchEngine';
import { resolveBenchOptions } from '../../src/core/bench/benchOptions';
import { EXPERIMENT_PRESETS } from '../../src/core/bench/experiments/experimentPresets';
import { prepareWithOptions } from '../../src/core/bench/prepareBenchmark';
import type { RunResult } from '../../src/core/results/benchmarkResult';
import { startTestStandIn } from '../standin/testStandIn';
import type { TiDBStandIn } from '../standin/tidbStandIn';
import { testDatabase } from '../support/testDatabase';
import {
  answerPasswordsUntil,
  BENCHMARKS_VIEW,
  clickDialogButton,
  focusWorkbench,
  foldOtherViews,
  resultFrame,
  runBenchmarkFromPalette,
  runExperimentFromFile,
} from './support/benchmarkTabs';
import { pickFileInDialog } from './support/fileDialog';
import { WorkbenchSession } from './support/workbenchSession';
import { timeoutScale as scale, until } from './support/waiting';

const db = testDatabase();
const mariadbDatabase = 'tidblab_e2e_server_mariadb';
const tidbDatabase = 'tidblab_e2e_server_tidb';
const MARIADB = 'Local MariaDB';
const TIDB = 'TiDB stand-in';
const STATEMENTS = 'Statements';
const PLAN_CHANGE_FILE = 'replica-mid-run.result.json';
const PLAN_CHANGE_RUN = 'Replica added mid-run';
const TIFLASH_FILE = 'tiflash-study-small.experiment.json';
const RANGE_SELECT = 'select c from sbtest1 where id between ? and ?';

async function sql(statement: string): Promise<void> {
  const connection = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    await connection.query(statement);
  } finally {
    await connection.end();
  }
}

/** The TiFlash study's preset as `tidb-lab bench preset tiflash-replicas` prints it, sized down to seconds: one table of 1,000 rows, 2 threads, oltp_read_only. */
function smallTiFlashStudy(): string {
  const preset = EXPERIMENT_PRESETS.find((candidate) => candidate.id === 'tiflash-replicas');
  assert.ok(preset && preset.definition.kind === 'sysbench', 'the TiFlash study preset');
  const study = preset.definition;
  return `${JSON.stringify(
    {
      ...study,
      workloads: [{ name: 'oltp_read_only' }],
      threads: [2],
      tableSizes: [1000],
      options: { ...study.options, time: 2, tables: 1, report_interval: 1 },
      cleanup: false,
    },
    null,
    2,
  )}\n`;
}

/**
 * A run on the stand-in whose range SELECTs change plan: a TiFlash replica of sbtest1 becomes
 * available once the threads started (the engine the extension runs, in this process).
 */
async function planChangeRun(standIn: TiDBStandIn): Promise<string> {
  const connection = [
    `--mysql-host=${db.host}`,
    `--mysql-port=${standIn.port}`,
    `--mysql-user=${db.user}`,
    `--mysql-password=${db.password}`,
  ];
  const options = (extra: [string, string][]) =>
    resolveBenchOptions(
      'oltp_read_only',
      new Map([
        ...connection.map((arg) => arg.slice(2).split('=') as [string, string]),
        ['mysql-db', tidbDatabase],
        ['tables', '1'],
        ['table-size', '1000'],
        ...extra,
      ]),
    );
  await prepareWithOptions(options([]));
  const { result } = await runMeasuredWithEngine(
    options([
      ['threads', '2'],
      ['events', '400'],
      ['time', '0'],
    ]),
    { onThreadsStarted: () => void replicaAfterRangeSelects(standIn, 40).catch(() => undefined) },
    { engine: 'builtin' },
  );
  standIn.state.setReplica(tidbDatabase, 'sbtest1', 0, []);
  const range = result.server?.activity?.statements.find((statement) => statement.text === RANGE_SELECT);
  assert.equal(range?.planChanged, true, `the range SELECT changed plan: ${JSON.stringify(range)}`);
  const named: RunResult = { ...result, name: PLAN_CHANGE_RUN, connection: TIDB };
  return `${JSON.stringify(named, null, 2)}\n`;
}

/** Gives sbtest1 an available TiFlash replica once the stand-in's summary counted `count` range SELECTs (on TiKV). */
async function replicaAfterRangeSelects(standIn: TiDBStandIn, count: number): Promise<void> {
  const rangeSelects = () =>
    standIn.state.statementSummary
      .tableRows(false)
      .filter((row) => row[6] === RANGE_SELECT)
      .reduce((sum, row) => sum + Number(row[10]), 0);
  await until(
    async () => rangeSelects(),
    (seen) => seen >= count,
    `${count} range SELECTs before the replica`,
    60_000 * scale,
    5,
  );
  // FIRST_SEEN has whole seconds: the TiFlash plan is first seen at least a second after the TiKV one
  standIn.state.statementSummary.advanceClockForTests(1000);
  standIn.state.setReplica(tidbDatabase, 'sbtest1', 1, []);
}

/** The Server section's rows: statement text (its title), exec count, engines, plan. */
async function serverRows(frame: Frame): Promise<{ text: string; exec: string; engines: string; plan: string }[]> {
  return frame.locator('[data-section="server"] table.server-statements tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cells = [...row.children].map((cell) => (cell.textContent ?? '').trim());
      return { text: row.querySelector('code')?.getAttribute('title') ?? '', exec: cells[1], engines: cells[5], plan: cells[6] };
    }),
  );
}

function serverRow(frame: Frame, text: string) {
  return frame
    .locator('[data-section="server"] table.server-statements tbody tr')
    .filter({ has: frame.locator(`code[title="${text}"]`) })
    .first();
}

describe("the server's side of a benchmark: Server section, plans, engines, the Statements view", () => {
  let session: WorkbenchSession;
  let standIn: TiDBStandIn;

  before(async () => {
    for (const name of [mariadbDatabase, tidbDatabase]) await sql(`DROP DATABASE IF EXISTS ${name}`);
    await sql(`CREATE DATABASE ${tidbDatabase}`);
    standIn = await startTestStandIn({ replicaProgressPerSecond: 100 });
    const planChange = await planChangeRun(standIn);
    session = await WorkbenchSession.open({
      userSettings: {
        'workbench.colorTheme': 'Default Light Modern',
        'tidbLab.connections': [
          { name: MARIADB, host: db.host, port: db.port, user: db.user, tls: 'off', passwordMode: 'ask' },
          { name: TIDB, host: db.host, port: standIn.port, user: db.user, tls: 'off', passwordMode: 'ask', database: tidbDatabase },
        ],
        'tidbLab.benchmarks.engine': 'builtin',
      },
      workspaceFiles: { [PLAN_CHANGE_FILE]: planChange, [TIFLASH_FILE]: smallTiFlashStudy() },
    });
    session.page.setDefaultTimeout(45_000 * scale);
  });

  after(async () => {
    await session?.close();
    await standIn?.close();
    for (const name of [mariadbDatabase, tidbDatabase]) await sql(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
  });

  it('a run on MariaDB from the palette: its statements in the Server section, from performance_schema', () =>
    session.diagnose('server-mariadb-run', async (workbench) => {
      await workbench.activityBarItem('TiDB Lab').waitFor({ state: 'visible', timeout: 120_000 * scale });
      await runBenchmarkFromPalette(workbench, { password: db.password, connection: MARIADB }, 'oltp_point_select', [
        ['Threads', /--threads/, '2'],
        ['Time', /--time/, '3'],
        ['Table size', /--table-size/, '1000'],
        ['Database', /--mysql-db/, mariadbDatabase],
      ]);
      await clickDialogButton(workbench.page, 'Prepare', new RegExp(`The database ${mariadbDatabase} does not exist on ${MARIADB}`));
      const run = await workbench.webviewFrame('[data-view="run"] [data-section="server"]', 180_000 * scale);
      const section = run.locator('[data-section="server"]');
      assert.match(await section.locator('.card-header h2').innerText(), /^Server: statements by server time \(performance_schema\./);
      await section.locator('table.server-statements tbody tr').first().waitFor();
      const rows = await serverRows(run);
      const point = rows.find((row) => /^select `?c`? from `?sbtest1`? where `?id`? ?= ?\?$/i.test(row.text));
      assert.ok(point && Number(point.exec.replace(/,/g, '')) > 0, `the point select counted: ${JSON.stringify(rows)}`);
      assert.equal(await serverRow(run, point.text).locator('vscode-button, button', { hasText: 'Show in Statements view' }).count(), 1);
      await section.scrollIntoViewIfNeeded();
      await workbench.screenshot('server-section-mariadb-light');
    }));

  it('a run on the TiDB stand-in whose plan changed: engines, both plans, a plan opened in the plan view', () =>
    session.diagnose('server-tidb-plan-change', async (workbench) => {
      await focusWorkbench(workbench);
      await workbench.closeAllEditors();
      await workbench.runCommand('TiDB Lab: Import sysbench / go-tpc / go-ycsb Log...');
      await pickFileInDialog(workbench, join(session.workspaceFolder, PLAN_CHANGE_FILE));
      const run = await resultFrame(workbench, PLAN_CHANGE_RUN);
      const section = run.locator('[data-section="server"]');
      await section.waitFor();
      assert.match(await section.locator('.card-header h2').innerText(), /information_schema\.cluster_statements_summary/);
      const rows = await serverRows(run);
      const range = rows.find((row) => row.text === RANGE_SELECT);
      assert.ok(range, JSON.stringify(rows));
      assert.equal(range.exec, '400');
      assert.equal(range.engines, 'TiDB + TiKV + TiFlash (batchCop)');
      assert.equal(range.plan, 'changed (2 plans)');
      assert.equal(rows.find((row) => row.text === 'select c from sbtest1 where id = ?')?.engines, 'TiDB + TiKV');
      await serverRow(run, RANGE_SELECT).scrollIntoViewIfNeeded();
      await workbench.screenshot('server-section-tidb-light');
      await workbench.setColorTheme('dark');
      await workbench.screenshot('server-section-tidb-dark');

      await serverRow(run, RANGE_SELECT).locator('vscode-button, button', { hasText: 'Open plan' }).click();
      const plan = await workbench.webviewFrame('.plan-table .plan-row[data-index]', 60_000 * scale);
      const operators = await plan.locator('.plan-table').innerText();
      assert.match(operators, /TableRangeScan/);
      assert.equal(await workbench.activeEditorTitle(), RANGE_SELECT);
      await workbench.screenshot('server-plan-view-dark');
    }));

  it('jumps from the Server section to the same statement in the Statements view after its summary window closed, and compares its two plans, the older before the newer', () =>
    session.diagnose('server-reveal-and-compare', async (workbench) => {
      // back to the result's tab (a webview in a tab behind another is not loaded)
      await workbench.page.locator('.part.editor .tab', { hasText: PLAN_CHANGE_RUN }).first().click();
      const run = await resultFrame(workbench, PLAN_CHANGE_RUN);
      // the summary window the run fell in closes first: the statement and both its plans are then only in _history
      // (CI once met this at a real half-hour boundary)
      standIn.state.statementSummary.rollWindowForTests();
      await serverRow(run, RANGE_SELECT).locator('vscode-button, button', { hasText: 'Show in Statements view' }).click();
      // the stand-in becomes the active connection (its password asked for once) and the statement is selected
      const view = workbench.view(STATEMENTS);
      const selected = view.locator('.monaco-list-row.selected[role="treeitem"]', { hasText: RANGE_SELECT });
      await answerPasswordsUntil(workbench, db.password, selected);
      await selected.waitFor({ state: 'visible', timeout: 60_000 * scale });
      assert.equal(await selected.getAttribute('aria-expanded'), 'true', 'the statement opens on its plans');
      assert.match(await selected.innerText(), /all kept windows/, "its numbers are not the current window's, and it says so");
      await until(
        async () => (await workbench.statusBarTexts()).join(' | '),
        (texts) => texts.includes(TIDB),
        'the stand-in to be the active connection',
      );
      await foldOtherViews(workbench, STATEMENTS);
      const planRows = view.locator('.monaco-list-row[role="treeitem"][aria-level="3"]');
      await until(
        () => planRows.count(),
        (count) => count >= 2,
        'the two plan digests under the statement',
      );
      await workbench.screenshot('server-statement-revealed-dark');

      await selected.hover();
      await selected.locator('.actions a.action-label[aria-label^="Compare Plans of Statement"]').click();
      const compare = await workbench.webviewFrame('.changes-list', 60_000 * scale);
      const digests = (await planRows.locator('.label-name').allTextContents()).map((label) => label.trim());
      const title = await workbench.activeEditorTitle();
      // the plans are listed first seen first; Compare opens the older (TiKV) before the newer (TiFlash)
      const sides =
        /^Compare: Older plan ([0-9a-f]{12}) \(first seen [\d-]+ [\d:]+\) ↔ Newer plan ([0-9a-f]{12}) \(first seen [\d-]+ [\d:]+\)$/.exec(
          title,
        );
      assert.ok(sides, title);
      assert.deepEqual(
        [`plan ${sides[1]}`, `plan ${sides[2]}`],
        digests.slice(0, 2),
        `the older and the newer plan of the statement, in the order listed (${digests.join(', ')})`,
      );
      // each side is headed by which plan it is, and says where it came from
      const headings = (await compare.locator('h2').allInnerTexts()).map((text) => text.trim());
      assert.ok(
        headings.some((heading) => heading.startsWith(`Older plan ${sides[1]} (first seen `)),
        headings.join(' | '),
      );
      assert.ok(
        headings.some((heading) => heading.startsWith(`Newer plan ${sides[2]} (first seen `)),
        headings.join(' | '),
      );
      assert.match(
        await compare.locator('body').innerText(),
        new RegExp(`${TIDB} · 8\\.0\\.11-TiDB-v8\\.5\\.1 · from the server's statement statistics`),
      );
      // the TiFlash batchCop badge, the widest, stands clear of its column's right edge
      const gaps = await compare
        .locator('.compare-side .engine-badge')
        .evaluateAll((badges) =>
          badges.map((badge) => (badge.parentElement?.getBoundingClientRect().right ?? 0) - badge.getBoundingClientRect().right),
        );
      assert.ok(gaps.length > 0 && gaps.every((gap) => gap >= 8), `space right of each engine badge: ${gaps.join(', ')} px`);
      await workbench.screenshot('server-compare-plans-dark');
    }));

  it("runs the TiFlash study's experiment on the stand-in: the range SELECTs on TiKV without a replica, on TiFlash with one", () =>
    session.diagnose('server-tiflash-study', async (workbench) => {
      await workbench.page.keyboard.press('Escape');
      await workbench.setColorTheme('light');
      await focusWorkbench(workbench);
      await workbench.closeAllEditors();
      // the experiment runs on the active connection: the stand-in (already, after the jump above)
      await workbench.runCommand('TiDB Lab: Select Active Connection...');
      await workbench.pickQuickPickItem(TIDB);
      await answerPasswordsUntil(workbench, db.password, workbench.page.locator('.part.statusbar .statusbar-item', { hasText: TIDB }));
      await runExperimentFromFile(workbench, { password: db.password, connection: TIDB }, join(session.workspaceFolder, TIFLASH_FILE));
      await clickDialogButton(workbench.page, 'Drop and Run', /"With vs without TiFlash replicas" re-creates tables/);
      const experiment = await workbench.webviewFrame('[data-view="experiment"] table.heatmap', 240_000 * scale);
      assert.match(await experiment.locator('.change .card-header h2').first().innerText(), /TiFlash replica over no replica/);
      await workbench.screenshot('server-tiflash-experiment-light');

      await workbench.openViewContainer('TiDB Lab');
      await foldOtherViews(workbench, BENCHMARKS_VIEW);
      await workbench.expandTreeItem('With vs without TiFlash replicas', BENCHMARKS_VIEW);
      const engines = new Map<string, string | undefined>();
      for (const variant of ['no replica', 'TiFlash replica']) {
        await workbench.treeItem(variant, BENCHMARKS_VIEW).click();
        const run = await resultFrame(workbench, new RegExp(`${variant}$`), 60_000 * scale);
        await run.locator('[data-section="server"] table.server-statements').waitFor();
        const rows = await serverRows(run);
        engines.set(variant, rows.find((row) => row.text === RANGE_SELECT)?.engines);
        await serverRow(run, RANGE_SELECT).scrollIntoViewIfNeeded();
        await workbench.screenshot(`server-tiflash-${variant.replace(/ /g, '-').toLowerCase()}-light`);
      }
      assert.equal(engines.get('no replica'), 'TiDB + TiKV');
      assert.equal(engines.get('TiFlash replica'), 'TiDB + TiFlash (batchCop)');
    }));
});
