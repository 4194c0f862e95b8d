// A benchmark survives a window reload: it runs in a process of its own, so Developer: Reload Window
// does not stop it; the reloaded window takes it over, its live tab keeps growing from where it
// was (the points before the reload included) and the complete result lands in that tab and in the
// Benchmarks view. A run that ends while no window is open (the window went and its extension host
// with it, no window following the run) is stored by the next window, whose restored tab says so. An experiment (a thread
// sweep) reloaded during its second cell comes back at that cell and is stored with every cell.
// Screenshots: test-results/screenshots/benchmark-reload-*.png (and TIDB_LAB_SHOTS_DIR when set).
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Frame } from 'playwright-core';
import { BENCHMARK_RESULTS_VIEW_TYPE } from '../../src/protocol/benchmarkResults';
import { readMeta } from '../../src/core/bench/detached/runDirectory';
import { adminQuery } from '../support/adminQuery';
import { testDatabase } from '../support/testDatabase';
import { extensionHosts, runnerProcesses, untilRunnersEnd } from './support/benchmarkProcesses';
import { isAlive, signal } from './support/processTree';
import { preparePointSelectTable } from './support/pointSelectTables';
import type { Workbench } from './support/workbench';
import { savedEditorPartState } from './support/savedEditors';
import { WorkbenchSession } from './support/workbenchSession';
import { timeoutScale as scale, until } from './support/waiting';

const db = testDatabase();
const database = 'tidblab_e2e_reload';
const CONNECTION = 'E2E MariaDB';
/**
 * long enough for the reloaded window to come back while the run goes on: under CI's load (two e2e
 * files at a time) it took 25 s, and a 30 s run had ended before the live tab could return
 */
const RUN_SEC = Math.round(60 * scale);
/** transactions per second of every run here */
const RATE = 200;
/** long enough to outlast the closed browser tab's window coming back; longer on a slower machine */
const CLOSED_TAB_RUN_SEC = Math.round(40 * scale);

/** Run Benchmark... on the only connection with these settings. */
async function startBenchmark(workbench: Workbench, threads: string, seconds: number): Promise<void> {
  await workbench.runCommand('TiDB Lab: Run Benchmark...');
  // the only connection is used without asking; its password is asked once per window
  await workbench.page
    .locator('.quick-input-widget .quick-input-message', { hasText: /Password of/ })
    .or(workbench.page.locator('.quick-input-list .monaco-list-row', { hasText: 'oltp_point_select' }))
    .first()
    .waitFor({ state: 'visible', timeout: 60_000 * scale });
  if (await workbench.page.locator('.quick-input-widget .quick-input-message', { hasText: /Password of/ }).isVisible())
    await workbench.fillQuickInput(db.password);
  await workbench.pickQuickPickItem('oltp_point_select');
  for (const [item, prompt, value] of [
    ['Threads', /--threads/, threads],
    ['Time', /--time/, String(seconds)],
    // a light, fixed load: what is tested is the reload, and a run at full speed would take both
    // cores from the e2e file that runs beside this one for minutes
    ['Rate', /--rate/, String(RATE)],
    ['Table size', /--table-size/, '1000'],
    ['Database', /--mysql-db/, database],
  ] as const) {
    await workbench.pickQuickPickItem(item);
    await answer(workbench, prompt, value);
  }
  // a list of threads is a thread sweep
  const go = threads.includes(',') ? 'Run Thread Sweep' : 'Run Benchmark';
  const launch = await workbench.page.locator('.quick-input-list .monaco-list-row', { hasText: go }).innerText();
  assert.match(launch, new RegExp(` --rate=${RATE} `), 'the command line the launch shows has the rate');
  await workbench.pickQuickPickItem(go);
}

async function answer(workbench: Workbench, prompt: RegExp, text: string): Promise<void> {
  await workbench.page.locator('.quick-input-widget .quick-input-message', { hasText: prompt }).waitFor({ state: 'visible' });
  await workbench.fillQuickInput(text);
}

async function chartPoints(frame: Frame, chart: string): Promise<number> {
  return Number(await frame.locator(`.chart-box[data-chart="${chart}"]`).getAttribute('data-points'));
}

/** The live tab's frame; after a reload the old frames are gone and the restored tab's is looked up again. */
async function liveFrame(workbench: Workbench): Promise<Frame> {
  return workbench.webviewFrame('[data-view="live"] .chart-box[data-chart="throughput"]', 120_000 * scale);
}

/** The live chart's points, read from the live tab's frame as it is now (a restored tab's page may be loaded again). */
async function livePoints(workbench: Workbench): Promise<number> {
  try {
    return await chartPoints(await liveFrame(workbench), 'throughput');
  } catch (error) {
    if (/detached/i.test(String(error))) return 0;
    throw error;
  }
}

/** Waits until the live chart has at least `atLeast` points; returns how many it has. */
async function livePointsReach(workbench: Workbench, atLeast: number, what: string): Promise<number> {
  return until(
    () => livePoints(workbench),
    (points) => points >= atLeast,
    what,
  );
}

async function shot(workbench: Workbench, name: string): Promise<void> {
  const path = await workbench.screenshot(name, { whileRunning: true });
  const extra = process.env.TIDB_LAB_SHOTS_DIR;
  if (extra) {
    mkdirSync(extra, { recursive: true });
    copyFileSync(path, join(extra, `${name}.png`));
  }
}

describe('a benchmark and a window reload', () => {
  let session: WorkbenchSession;

  before(async () => {
    await preparePointSelectTable(database, 1000, 120_000);
    session = await WorkbenchSession.open({
      userSettings: {
        'workbench.colorTheme': 'Default Dark Modern',
        'tidbLab.connections': [{ name: CONNECTION, host: db.host, port: db.port, user: db.user, tls: 'off' }],
        'tidbLab.benchmarks.engine': 'builtin',
      },
    });
  });

  after(async () => {
    await session?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${database}`).catch(() => undefined);
  });

  // VS Code in a browser may not finish saving its editors on the way out, and a user may have
  // closed the live tab: the window that comes back then has nothing of TiDB Lab open. TiDB Lab
  // starts with the window all the same and takes the run over, opening its live tab again.
  it('takes a run over after Reload Window in a window with nothing of TiDB Lab open: its live tab opens again', () =>
    session.diagnose('benchmark-reload-no-tab', async (workbench) => {
      await workbench.activityBarItem('TiDB Lab').waitFor({ state: 'visible', timeout: 120_000 * scale });
      // long enough to outlast the wait for the saved editors and the reload; cancelled once its tab is back
      await startBenchmark(workbench, '1', Math.round(150 * scale));
      const before = await livePointsReach(workbench, 2, 'two live points before the live tab is closed');
      const runners = runnerProcesses(session.server.userDataDir);
      assert.equal(runners.length, 1, 'the benchmark runs in a process of its own');
      await workbench.closeAllEditors();
      // the editors the reloaded window restores are those saved last: none of them a TiDB Lab tab
      await until(
        () => savedEditorPartState(workbench.page),
        (saved) => !saved.includes(BENCHMARK_RESULTS_VIEW_TYPE),
        'the workbench to save its editors without the live tab',
        120_000 * scale,
        1000,
      );
      assert.equal(
        await workbench.page.locator('.part.sidebar .composite.title', { hasText: /TiDB Lab/i }).count(),
        0,
        'no TiDB Lab view is shown',
      );

      await workbench.runCommand('Developer: Reload Window');
      await workbench.waitUntilReady();
      assert.deepEqual(runnerProcesses(session.server.userDataDir), runners, 'the reload did not stop or restart the run');
      const after = await livePointsReach(
        workbench,
        before + 1,
        'the live tab to open again with the points from before the reload and new ones',
      );
      assert.ok(after > before);
      await shot(workbench, 'benchmark-reload-no-tab');
      const live = await liveFrame(workbench);
      await live.locator('#cancel-run').click();
      await untilRunnersEnd(session.server.userDataDir, 'the cancelled run to end', 120_000 * scale);
      const result = await workbench.webviewFrame('[data-view="run"] .chart-box[data-chart="histogram"]', 120_000 * scale);
      assert.equal(await result.locator('[data-status]').first().getAttribute('data-status'), 'cancelled');
      await workbench.closeAllEditors();
    }));

  it('keeps running through Reload Window: the live tab comes back and grows, and the complete result lands', () =>
    session.diagnose('benchmark-reload', async (workbench) => {
      await workbench.activityBarItem('TiDB Lab').waitFor({ state: 'visible', timeout: 120_000 * scale });
      await startBenchmark(workbench, '2', RUN_SEC);

      const before = await livePointsReach(workbench, 2, 'two live points before the reload');
      const runners = runnerProcesses(session.server.userDataDir);
      assert.equal(runners.length, 1, 'the benchmark runs in a process of its own');
      assert.ok(!readFileSync(`/proc/${runners[0]}/cmdline`, 'utf8').includes(db.password), 'no password in its command line');
      await shot(workbench, 'benchmark-reload-before');

      await workbench.runCommand('Developer: Reload Window');
      await workbench.waitUntilReady();

      // the same process goes on; the reloaded window's live tab shows the points from before the reload and new ones
      assert.deepEqual(runnerProcesses(session.server.userDataDir), runners, 'the reload did not stop or restart the run');
      const after = await livePointsReach(workbench, before + 3, 'the live chart to grow after the reload');
      assert.match(await (await liveFrame(workbench)).locator('.page-header .meta').innerText(), /fixed load: --rate=/);
      assert.ok(after > before);
      await workbench.waitForNotification(new RegExp(`oltp_point_select 2 threads · \\d+ s / ${RUN_SEC} s`), 60_000 * scale);
      await shot(workbench, 'benchmark-reload-reattached');

      const result = await workbench.webviewFrame('[data-view="run"] .chart-box[data-chart="histogram"]', (RUN_SEC + 90) * 1000 * scale);
      assert.equal(await result.locator('[data-status]').first().getAttribute('data-status'), 'completed');
      assert.ok((await chartPoints(result, 'throughput')) >= RUN_SEC - 1, 'the stored run has every interval, those before the reload too');
      assert.match(
        await result.locator('.page-header .meta').innerText(),
        new RegExp(`fixed load: --rate=${RATE} transactions/s`),
        'a rate-limited run says so beside its numbers',
      );
      await workbench.openViewContainer('TiDB Lab');
      await workbench.expandView('Benchmarks');
      await workbench.treeItem('oltp_point_select · 2 threads', 'Benchmarks').waitFor({ state: 'visible' });
      await untilRunnersEnd(session.server.userDataDir, 'the run process to end');
      await shot(workbench, 'benchmark-reload-result');
    }));

  it('stores a run that finished while no window was open, and its restored tab says so', () =>
    session.diagnose('benchmark-unfollowed', async (workbench) => {
      const serverPid = session.server.pid;
      assert.ok(serverPid !== undefined);
      await workbench.closeAllEditors();
      await startBenchmark(workbench, '1', 8);
      await livePointsReach(workbench, 2, 'two live points before the window goes');
      const runners = runnerProcesses(session.server.userDataDir);
      assert.equal(runners.length, 1, 'the benchmark runs in a process of its own');

      // The window goes and no window comes back until the run is over: Reload Window, whose new
      // page is held back, so the editor saves the tabs as on any reload and no extension host follows the run.
      const hosts = extensionHosts(serverPid);
      assert.equal(hosts.length, 1, 'one extension host follows the run');
      const isWorkbenchPage = (url: URL) => url.href.startsWith(session.server.baseUrl) && url.pathname === '/';
      await workbench.page.route(isWorkbenchPage, (route) => route.abort());
      await workbench.runCommand('Developer: Reload Window');
      try {
        await until(
          async () => isAlive(hosts[0]),
          (alive) => !alive,
          "the closed window's extension host to go",
          30_000 * scale,
        );
      } catch {
        signal(hosts[0], 'SIGKILL');
      }
      await untilRunnersEnd(session.server.userDataDir, 'the run to finish with no window open', 90_000 * scale);
      assert.equal(extensionHosts(serverPid).length, 0, 'no window followed the run to its end');
      await workbench.page.unroute(isWorkbenchPage);

      // The window opens again: the result is stored, and the run's tab, restored, shows it with a note.
      await workbench.page.goto(session.server.workbenchUrl());
      await workbench.waitUntilReady();
      await workbench.waitForNotification(
        /finished while the window was reloading or closed; its result is saved in the Benchmarks view/,
        120_000 * scale,
      );
      const result = await workbench.webviewFrame('[data-view="run"] .chart-box[data-chart="histogram"]', 120_000 * scale);
      assert.equal(await result.locator('[data-status]').first().getAttribute('data-status'), 'completed');
      assert.match(
        await result.locator('.callout.warning').first().innerText(),
        /This run finished while no window followed it \(the window was reloaded or closed\); its result is saved complete\./,
      );
      assert.ok((await chartPoints(result, 'throughput')) >= 7, 'the stored run has every interval');
      await workbench.openViewContainer('TiDB Lab');
      await workbench.expandView('Benchmarks');
      await workbench.treeItem('oltp_point_select · 1 thread', 'Benchmarks').waitFor({ state: 'visible' });
      await shot(workbench, 'benchmark-reload-unfollowed');
    }));

  it('keeps an experiment going through Reload Window: its live tab comes back at its cell, and every cell is stored', () =>
    session.diagnose('experiment-reload', async (workbench) => {
      // as RUN_SEC: the second cell must outlast the window coming back
      const CELL_SEC = Math.round(45 * scale);
      await workbench.closeAllEditors();
      // a thread sweep is an experiment of one variant: one cell per thread count
      await startBenchmark(workbench, '1,2', CELL_SEC);
      const metaOf = async () => {
        try {
          return await (await liveFrame(workbench)).locator('.run-view').first().innerText({ timeout: 2_000 });
        } catch {
          return '';
        }
      };
      await until(metaOf, (text) => /run 2 of 2/.test(text), 'the second cell to start', (CELL_SEC + 90) * 1000 * scale);
      const before = await livePointsReach(workbench, 2, 'two live points of the second cell before the reload');
      const runners = runnerProcesses(session.server.userDataDir);
      assert.equal(runners.length, 1, 'the experiment runs in a process of its own');
      await shot(workbench, 'experiment-reload-before');

      await workbench.runCommand('Developer: Reload Window');
      await workbench.waitUntilReady();

      assert.deepEqual(runnerProcesses(session.server.userDataDir), runners, 'the reload did not stop or restart the experiment');
      // the restored live tab is at the second cell, with its points from before the reload, and grows
      await until(metaOf, (text) => /run 2 of 2: 2 threads/.test(text), 'the live tab to come back at the second cell');
      await livePointsReach(workbench, before + 3, 'the live chart of the second cell to grow after the reload');
      await shot(workbench, 'experiment-reload-reattached');

      const experiment = await workbench.webviewFrame('[data-view="experiment"] [data-cell="1"]', (CELL_SEC + 90) * 1000 * scale);
      assert.equal(await experiment.locator('[data-status]').first().getAttribute('data-status'), 'completed');
      assert.equal(await experiment.locator('[data-view="experiment"] button[data-cell]').count(), 2, 'both cells are stored');
      assert.equal(
        await experiment.locator('[data-view="experiment"] [data-status="completed"]').count(),
        await experiment.locator('[data-view="experiment"] [data-status]').count(),
        'the experiment and each of its cells completed',
      );
      await untilRunnersEnd(session.server.userDataDir, 'the experiment process to end');
      await shot(workbench, 'experiment-reload-result');
    }));

  // Closing a browser tab need not say goodbye: the page can go before the workbench tells
  // code-server (VS Code: "Long running operations during shutdown are unsupported in the web"), and
  // code-server then keeps that window's extension host, which follows the run, for its reconnection
  // grace time. The workbench opened again in the same browser restores the live tab while that host
  // lives on, so the run is not free for the new window to adopt. Here the page leaves gracefully
  // (its host goes) and a process of the test stands in for the host that lives on: the run's owner
  // file names it, as it named the closed tab's host.
  it('brings a closed browser tab back with the run: live while it runs, then the stored result', () =>
    session.diagnose('benchmark-tab-closed', async (workbench) => {
      await workbench.activityBarItem('TiDB Lab').waitFor({ state: 'visible', timeout: 120_000 * scale });
      await workbench.closeAllEditors();
      await startBenchmark(workbench, '1', CLOSED_TAB_RUN_SEC);
      await livePointsReach(workbench, 2, 'two live points before the browser tab is closed');
      const [runner] = runnerProcesses(session.server.userDataDir);
      const runDirectory = readFileSync(`/proc/${runner}/cmdline`, 'utf8').split('\0').filter(Boolean).pop() ?? '';
      assert.equal(readFileSync(join(runDirectory, 'owner'), 'utf8').trim().length > 0, true, 'the run names the window that follows it');
      const runKey = readMeta(runDirectory)?.runKey;
      assert.ok(runKey, 'the run directory names its run');
      // VS Code in a browser saves its editors (a webview's with its page's state) when its storage
      // is flushed, and may not finish on the way out: the tab is closed once the workbench saved
      // the live tab of this run, as a tab open for a while is
      await until(
        () => savedEditorPartState(workbench.page),
        (saved) => saved.includes(BENCHMARK_RESULTS_VIEW_TYPE) && saved.includes(runKey),
        'the workbench to save the live tab with its state',
        120_000 * scale,
        1000,
      );
      const serverPid = session.server.pid;
      assert.ok(serverPid !== undefined);
      const [closedHost] = extensionHosts(serverPid);
      const lingeringHost = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], { stdio: 'ignore' });
      try {
        await workbench.page.goto('about:blank');
        await until(
          async () => isAlive(closedHost),
          (alive) => !alive,
          "the closed tab's extension host to go",
          60_000 * scale,
        );
        writeFileSync(join(runDirectory, 'owner'), String(lingeringHost.pid));
        await workbench.page.goto(session.server.workbenchUrl());
        await workbench.waitUntilReady();

        const shown = await workbench.webviewFrame('[data-view="live"], [data-view="run"], [data-message]', 120_000 * scale);
        const message = shown.locator('[data-message]');
        assert.equal(await message.count(), 0, `the restored tab says: ${await message.innerText().catch(() => '')}`);
        // live while the run goes on (on a loaded machine the run may be over by the time the window is back)
        await shot(workbench, 'benchmark-tab-closed-restored');
        const result = await workbench.webviewFrame('[data-view="run"] .chart-box[data-chart="histogram"]', 150_000 * scale);
        assert.equal(await result.locator('[data-status]').first().getAttribute('data-status'), 'completed');
        assert.ok((await chartPoints(result, 'throughput')) >= CLOSED_TAB_RUN_SEC - 1, 'the stored run has every interval');
        await shot(workbench, 'benchmark-tab-closed-result');
      } finally {
        lingeringHost.kill('SIGKILL');
      }
    }));
});
