// A user benchmarks the local MariaDB without leaving VS Code: runs oltp_point_select from the
// palette (preparing the data it offers to prepare), watches the live chart grow (and recolour when
// the theme changes mid-run), runs a second benchmark, opens a result from the Benchmarks view,
// compares the two runs, exports CSV, imports a log Debian's sysbench wrote in this test run, and
// runs an A/B experiment (InnoDB vs MEMORY table) from a file, whose result shows the sweep charts
// and the "% change" heatmap. Screenshots in light and dark themes go to
// test-results/screenshots/benchmarks-*.png.
import * as assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { Frame, Page } from 'playwright-core';
import { pngSize, readPngText } from '../../src/core/results/pngText';
import { adminQuery } from '../support/adminQuery';
import { testDatabase } from '../support/testDatabase';
import { repoRoot, screenshotsDir } from './support/paths';
import { safeFileName, type Workbench } from './support/workbench';
import { WorkbenchSession } from './support/workbenchSession';
import {
  answer,
  BENCHMARKS_VIEW as VIEW,
  clickDialogButton,
  focusWorkbench,
  openFromView,
  resultFrame,
  runWithSettings,
} from './support/benchmarkTabs';
import { pickFileInDialog } from './support/fileDialog';
import { timeoutScale as scale, until } from './support/waiting';

const execFileAsync = promisify(execFile);
const db = testDatabase();
const benchDatabase = 'tidblab_e2e_bench';
const sysbenchDatabase = 'tidblab_e2e_sysbench';
const CONNECTION = 'E2E MariaDB';
const FIRST_RUN = 'oltp_point_select · 2 threads';
const SECOND_RUN = 'oltp_point_select · 4 threads';
const SYSBENCH_LOG = 'sysbench-oltp_read_only.log';
const EXPERIMENT_FILE = 'innodb-vs-memory.experiment.json';
const CLIENT_BOUND_FILE = 'client-bound-run.json';
const CLIENT_BOUND_RUN = 'oltp_point_select · 64 threads';
const CLIENT_BOUND_EXPERIMENT_FILE = 'client-bound-experiment.json';
const CLIENT_BOUND_EXPERIMENT = 'Pinned client';
const clientDatabase = 'tidblab_e2e_client';

/** A real A/B study on MariaDB, the shape of the cached-table one: the same table in InnoDB and in MEMORY. */
const abExperiment = {
  name: 'InnoDB vs MEMORY table',
  workloads: ['oltp_point_select', 'oltp_read_only'],
  threads: [1, 2, 4],
  tableSizes: [1000],
  options: { time: 2, report_interval: 1, rand_type: 'uniform' },
  variants: [
    { name: 'InnoDB' },
    { name: 'MEMORY', setup: ['ALTER TABLE {table} ENGINE=MEMORY'], teardown: ['ALTER TABLE {table} ENGINE=InnoDB'] },
  ],
  prepare: true,
  cleanup: false,
};

/**
 * Debian's sysbench 1.0.20: prepare, a 3-second run with a report every second, cleanup. Returns the
 * log as people keep it: the command line (password included, as typed), then sysbench's output.
 */
async function sysbenchLog(): Promise<string> {
  await adminQuery(`DROP DATABASE IF EXISTS ${sysbenchDatabase}`);
  await adminQuery(`CREATE DATABASE ${sysbenchDatabase}`);
  const common = [
    '--db-driver=mysql',
    `--mysql-host=${db.host}`,
    `--mysql-port=${db.port}`,
    `--mysql-user=${db.user}`,
    `--mysql-password=${db.password}`,
    `--mysql-db=${sysbenchDatabase}`,
    '--tables=1',
    '--table-size=1000',
  ];
  await execFileAsync('/usr/bin/sysbench', [...common, 'oltp_read_only', 'prepare'], { timeout: 60_000 });
  const runArguments = [...common, '--threads=2', '--time=3', '--report-interval=1', 'oltp_read_only', 'run'];
  const { stdout } = await execFileAsync('/usr/bin/sysbench', runArguments, { timeout: 60_000 });
  await execFileAsync('/usr/bin/sysbench', [...common, 'oltp_read_only', 'cleanup'], { timeout: 60_000 });
  await adminQuery(`DROP DATABASE IF EXISTS ${sysbenchDatabase}`);
  assert.match(stdout, /\[ 1s \] thds: 2 tps: /, 'sysbench printed no report lines');
  return `$ sysbench ${runArguments.join(' ')}\n${stdout}`;
}

/**
 * A client-bound run, made the way docs/benchmark-engines.md (linked from the README) says one happens: the CLI (the packaged dist/cli.js)
 * pinned to one core with `taskset`, beside a busy loop pinned to the same core, 64 threads of
 * point selects. Returns its result JSON (--out), which the test imports.
 */
async function clientBoundRunJson(): Promise<{ run: string; experiment: string }> {
  await adminQuery(`DROP DATABASE IF EXISTS ${clientDatabase}`);
  await adminQuery(`CREATE DATABASE ${clientDatabase}`);
  const cli = join(repoRoot, 'dist', 'cli.js');
  const common = [
    `--mysql-host=${db.host}`,
    `--mysql-port=${db.port}`,
    `--mysql-user=${db.user}`,
    `--mysql-db=${clientDatabase}`,
    '--tables=1',
    '--table-size=2000',
  ];
  const env = { ...process.env, MYSQL_PWD: db.password };
  await execFileAsync(process.execPath, [cli, 'bench', ...common, 'oltp_point_select', 'prepare'], { timeout: 60_000, env });
  const out = join(screenshotsDir, '..', 'client-bound-run.json');
  mkdirSync(screenshotsDir, { recursive: true });
  const experimentFile = join(screenshotsDir, '..', 'client-bound-experiment-definition.json');
  const experimentOut = join(screenshotsDir, '..', 'client-bound-experiment.json');
  writeFileSync(
    experimentFile,
    JSON.stringify({
      name: CLIENT_BOUND_EXPERIMENT,
      workloads: ['oltp_point_select'],
      threads: [64],
      tableSizes: [2000],
      options: { time: 3, report_interval: 1 },
      variants: [{ name: 'A' }, { name: 'B' }],
      prepare: true,
      cleanup: false,
    }),
  );
  const hog = spawn('taskset', ['-c', '1', process.execPath, '-e', 'for (;;) {}'], { stdio: 'ignore' });
  try {
    await execFileAsync(
      'taskset',
      [
        '-c',
        '1',
        process.execPath,
        cli,
        'bench',
        '--engine=builtin',
        ...common,
        '--threads=64',
        '--time=3',
        '--report-interval=1',
        'oltp_point_select',
        'run',
        `--out=${out}`,
      ],
      { timeout: 120_000, env },
    );
    await execFileAsync(
      'taskset',
      [
        '-c',
        '1',
        process.execPath,
        cli,
        'bench',
        'experiment',
        experimentFile,
        '--engine=builtin',
        ...common.slice(0, 4),
        `--out=${experimentOut}`,
      ],
      { timeout: 180_000, env },
    );
  } finally {
    hog.kill('SIGKILL');
    await adminQuery(`DROP DATABASE IF EXISTS ${clientDatabase}`);
  }
  const json = readFileSync(out, 'utf8');
  assert.equal(
    (JSON.parse(json) as { client?: { bound?: boolean } }).client?.bound,
    true,
    `the pinned run was not client-bound: ${json.slice(0, 2000)}`,
  );
  const experiment = readFileSync(experimentOut, 'utf8');
  const cells = (JSON.parse(experiment) as { cells: { run: { client?: { bound?: boolean } } }[] }).cells;
  assert.ok(
    cells.length === 2 && cells.every((cell) => cell.run.client?.bound),
    `the pinned experiment's runs were not client-bound: ${experiment.slice(0, 2000)}`,
  );
  return { run: json, experiment };
}

/** A screenshot now, without waiting for progress bars to stop (a live run keeps one going). */
async function screenshotNow(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotsDir, { recursive: true });
  const path = join(screenshotsDir, `${safeFileName(name)}.png`);
  await page.mouse.move(0, 0).catch(() => undefined);
  await page.screenshot({ path });
  return path;
}

/**
 * The results tab at the width it gets beside a file (half of the editor area of a 1280 px window)
 * and maximised (a 1920 px window without the side bar), a screenshot of each; the numbers in
 * `numbersIn` cells stay whole and on the page at both widths. The window goes back to its size.
 */
async function besideAndMaximised(workbench: Workbench, ready: string, name: string, numbersIn = ''): Promise<void> {
  const page = workbench.page;
  for (const [layout, width, height] of [
    ['side-by-side', 800, 800],
    ['maximised', 1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    const frame = await workbench.webviewFrame(ready, 60_000 * scale);
    if (numbersIn)
      await until(
        () => cutNumbers(frame, numbersIn),
        (cut) => cut.length === 0,
        `${name} ${layout}: numbers cut at the edge`,
      );
    await workbench.screenshot(`${name}-${layout}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The table cells holding a number whose text is cut (wider than its cell, or past the page's right edge). */
async function cutNumbers(frame: Frame, cells: string): Promise<string[]> {
  return frame.locator(cells).evaluateAll((cells) => {
    const right = document.documentElement.clientWidth;
    return cells
      .filter((cell) => /\d/.test(cell.textContent ?? ''))
      .filter((cell) => {
        const box = cell.getBoundingClientRect();
        return cell.scrollWidth > cell.clientWidth + 1 || box.right > right + 1;
      })
      .map((cell) => (cell.textContent ?? '').trim());
  });
}

async function chartPoints(frame: Frame, chart: string): Promise<number> {
  return Number(await frame.locator(`.chart-box[data-chart="${chart}"]`).getAttribute('data-points'));
}

function filesContaining(dir: string, needle: string): string[] {
  const found: string[] = [];
  const walk = (path: string): void => {
    for (const entry of readdirSync(path)) {
      const full = join(path, entry);
      const stat = statSync(full, { throwIfNoEntry: false });
      if (!stat) continue;
      if (stat.isDirectory()) walk(full);
      else if (stat.isFile() && stat.size < 50_000_000 && readFileSync(full).includes(needle)) found.push(full);
    }
  };
  walk(dir);
  return found;
}

describe('benchmarks: run, watch, keep, compare, export, import, experiment', () => {
  let session: WorkbenchSession;
  let sysbenchReportLines = 0;

  before(async () => {
    await adminQuery(`DROP DATABASE IF EXISTS ${benchDatabase}`);
    const log = await sysbenchLog();
    sysbenchReportLines = log.split('\n').filter((line) => /^\[ \d+s \] thds:/.test(line)).length;
    const clientBound = await clientBoundRunJson();
    session = await WorkbenchSession.open({
      userSettings: {
        'workbench.colorTheme': 'Default Light Modern',
        'tidbLab.connections': [{ name: CONNECTION, host: db.host, port: db.port, user: db.user, tls: 'off' }],
        // this suite follows the built-in engine's live run (histogram, client figures); with sysbench
        // installed 'auto' would run sysbench, whose runs have no histogram unless asked for
        'tidbLab.benchmarks.engine': 'builtin',
      },
      workspaceFiles: {
        [SYSBENCH_LOG]: log,
        [EXPERIMENT_FILE]: `${JSON.stringify(abExperiment, null, 2)}\n`,
        [CLIENT_BOUND_FILE]: clientBound.run,
        [CLIENT_BOUND_EXPERIMENT_FILE]: clientBound.experiment,
      },
    });
  });

  after(async () => {
    await session?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${benchDatabase}`).catch(() => undefined);
  });

  it('runs a benchmark from the palette, prepares the data it offers to, and shows the run growing live', () =>
    session.diagnose('benchmarks-run-live', async (workbench) => {
      const page = workbench.page;
      // On a loaded machine the workbench can take a while to learn the extension's contributions.
      await workbench.activityBarItem('TiDB Lab').waitFor({ state: 'visible', timeout: 120_000 * scale });
      // the only connection there is: used without a question, its password asked for
      await workbench.runCommand('TiDB Lab: Run Benchmark...');
      await answer(workbench, /Password of/, db.password);
      await workbench.pickQuickPickItem('oltp_point_select');
      await runWithSettings(workbench, [
        ['Threads', /--threads/, '2'],
        ['Time', /--time/, '15'],
        ['Table size', /--table-size/, '2000'],
        ['Database', /--mysql-db/, benchDatabase],
      ]);
      const dialog = await clickDialogButton(page, 'Prepare', /The database tidblab_e2e_bench does not exist on E2E MariaDB/);
      assert.match(dialog, /1 table\(s\) of 2,000 rows for oltp_point_select/);

      const live = await workbench.webviewFrame('[data-view="live"] .chart-box[data-chart="throughput"]', 90_000 * scale);
      const first = await until(
        () => chartPoints(live, 'throughput'),
        (points) => points >= 2,
        'two live points',
      );
      assert.match(await live.locator('[data-progress]').innerText(), /0:0\d of 0:15/);
      await workbench.waitForNotification(/oltp_point_select 2 threads · \d+ s \/ 15 s/);
      await screenshotNow(page, 'benchmarks-live-light');

      await workbench.setColorTheme('dark');
      const later = await until(
        () => chartPoints(live, 'throughput'),
        (points) => points >= first + 4,
        'the live chart to grow by four points',
      );
      assert.ok(later > first, `points ${first} -> ${later}`);
      assert.ok((await chartPoints(live, 'latency')) >= later - 1, 'the latency chart grows with it');
      await screenshotNow(page, 'benchmarks-live-dark');

      const result = await workbench.webviewFrame('[data-view="run"] .chart-box[data-chart="histogram"]', 60_000 * scale);
      assert.equal(await result.locator('[data-status]').first().getAttribute('data-status'), 'completed');
      assert.ok((await chartPoints(result, 'throughput')) >= 13, 'the stored run keeps every interval');
      assert.match(await result.locator('[data-tile="qps"]').innerText(), /^\d[\d,]*$/);
    }));

  it('runs a second benchmark with the remembered settings, and opens a result from the Benchmarks view', () =>
    session.diagnose('benchmarks-second-run-and-view', async (workbench) => {
      await focusWorkbench(workbench);
      await workbench.runCommand('TiDB Lab: Run Benchmark...');
      // One connection only: no question which (connections.test checks the question with several).
      await workbench.page.locator('.quick-input-widget .quick-input-title', { hasText: /\(1\/2\)/ }).waitFor({ state: 'visible' });
      const labels = await workbench.quickPickLabels();
      assert.equal(labels[0], 'oltp_point_select', 'the last workload comes first');
      await workbench.pickQuickPickItem('oltp_point_select');
      await runWithSettings(workbench, [
        ['Threads', /--threads/, '4'],
        ['Time', /--time/, '4'],
      ]);
      await workbench.webviewFrame('[data-view="run"] .chart-box[data-chart="histogram"]', 90_000 * scale);
      await workbench.openViewContainer('TiDB Lab');
      await focusWorkbench(workbench);
      await workbench.closeAllEditors();
      await workbench.expandView(VIEW);
      await workbench.treeItem(FIRST_RUN, VIEW).waitFor({ state: 'visible' });
      await workbench.treeItem(SECOND_RUN, VIEW).waitFor({ state: 'visible' });
      assert.match(await workbench.treeItemDescription(FIRST_RUN, VIEW), /QPS · p95 [\d.]+ ms · (just now|\d+ min ago)/);
      const run = await openFromView(workbench, FIRST_RUN);
      await run.locator('[data-view="run"] .chart-box[data-chart="histogram"][data-rendered="true"]').waitFor();
      assert.ok((await chartPoints(run, 'throughput')) >= 13);
      await workbench.screenshot('benchmarks-result-dark');
    }));

  it('compares the two runs in one chart and exports a run as CSV', () =>
    session.diagnose('benchmarks-compare-export', async (workbench) => {
      const page = workbench.page;
      const run = await openFromView(workbench, FIRST_RUN);
      await run.locator('#export-csv').click();
      const target = join(session.workspaceFolder, 'first-run.csv');
      await pickFileInDialog(workbench, target);
      await until(async () => existsSync(target), Boolean, 'the CSV file to be written', 20_000 * scale);
      const lines = readFileSync(target, 'utf8').trim().split('\r\n');
      assert.match(
        lines.filter((line) => line.startsWith('# ')).join('\n'),
        /^# workload,oltp_point_select$[\s\S]*^# option\.threads,2$/m,
        'a metadata block says what the numbers are about',
      );
      const csv = lines.filter((line) => !line.startsWith('# '));
      assert.match(csv[0], /^t_s,threads,tps,qps,reads_per_s,writes_per_s,others_per_s,errors_per_s,reconnects_per_s,latency_min_ms/);
      assert.ok(csv.length >= 14, `${csv.length - 1} interval rows for a 15 s run`);
      assert.match(csv[1], /^1(\.\d+)?,2,\d/);
      await page.locator('.notifications-toasts', { hasText: 'Saved first-run.csv' }).waitFor({ state: 'visible' });

      const chartCss = await run
        .locator('.chart-box[data-chart="throughput"] canvas')
        .evaluate((canvas) => ({ width: canvas.getBoundingClientRect().width, height: canvas.getBoundingClientRect().height }));
      await run.locator('#save-throughput').click();
      const png = join(session.workspaceFolder, 'first-run-throughput.png');
      await pickFileInDialog(workbench, png);
      await until(async () => existsSync(png) && statSync(png).size > 0, Boolean, 'the PNG to be written', 20_000 * scale);
      const bytes = readFileSync(png);
      copyFileSync(png, join(screenshotsDir, 'benchmarks-saved-chart.png'));
      assert.equal(await workbench.waitForNotification(/^Saved first-run-throughput/), 'Saved first-run-throughput.png.', 'where it went');
      assert.equal(bytes.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', 'a PNG file');
      assert.ok(bytes.length > 5_000, `a chart, not an empty image (${bytes.length} bytes)`);
      // the chart at twice its CSS size, with a margin around it and the caption above it
      const size = pngSize(bytes);
      assert.ok(size, 'a PNG header');
      assert.ok(
        size.width >= 2 * Math.floor(chartCss.width) && size.width <= 2 * Math.ceil(chartCss.width) + 60,
        `PNG ${size.width}×${size.height} for a chart of ${chartCss.width}×${chartCss.height} CSS px`,
      );
      assert.ok(size.height >= 2 * Math.floor(chartCss.height) + 40, `PNG ${size.width}×${size.height} has room for its caption`);
      const text = new Map(readPngText(bytes));
      assert.equal(text.get('Title'), 'QPS over time');
      const identity = text.get('Description') ?? '';
      for (const part of ['oltp_point_select', '2 threads', CONNECTION, 'MariaDB'])
        assert.ok(identity.includes(part), `"${part}" in "${identity}"`);
      assert.ok(!identity.includes(db.password), 'no password in the PNG');

      await workbench.treeItem(SECOND_RUN, VIEW).click({ modifiers: ['Control'] });
      await until(
        async () => page.locator('.part.sidebar .monaco-list-row.selected[role="treeitem"]').count(),
        (count) => count === 2,
        'both runs selected',
      );
      await workbench.clickViewTitleAction(VIEW, 'Compare Benchmark Runs');
      const comparison = await workbench.webviewFrame(
        '[data-view="comparison"] .chart-box[data-chart="compare-qps"][data-rendered="true"]',
      );
      assert.equal(await comparison.locator('table.comparison thead th').count(), 3, 'a metric column and one column per run');
      assert.match((await comparison.locator('table.comparison thead th').nth(2).getAttribute('title')) ?? '', /vs first/);
      const runs = await comparison.locator('.run-list').innerText();
      assert.match(runs, /oltp_point_select · 2 threads/);
      assert.match(runs, /oltp_point_select · 4 threads/);
      await workbench.screenshot('benchmarks-compare-dark');
      await besideAndMaximised(
        workbench,
        '[data-view="comparison"] .chart-box[data-chart="compare-qps"][data-rendered="true"]',
        'benchmarks-compare-dark',
        'table.comparison td',
      );
      await workbench.setColorTheme('light');
      await workbench.screenshot('benchmarks-compare-light');
      await besideAndMaximised(
        workbench,
        '[data-view="comparison"] .chart-box[data-chart="compare-qps"][data-rendered="true"]',
        'benchmarks-compare-light',
        'table.comparison td',
      );
    }));

  it("imports the log Debian's sysbench wrote and shows it like a native run", () =>
    session.diagnose('benchmarks-import', async (workbench) => {
      await focusWorkbench(workbench);
      await workbench.runCommand('TiDB Lab: Import sysbench / go-tpc / go-ycsb Log...');
      await pickFileInDialog(workbench, join(session.workspaceFolder, SYSBENCH_LOG));
      const imported = await resultFrame(workbench, 'oltp_read_only, 2 threads');
      await imported.locator('[data-view="run"] .chart-box[data-chart="throughput"][data-rendered="true"]').waitFor();
      assert.ok(sysbenchReportLines >= 2, `sysbench printed ${sysbenchReportLines} report lines`);
      assert.equal(await chartPoints(imported, 'throughput'), sysbenchReportLines, 'one point per report line sysbench printed');
      assert.match(await imported.locator('.meta').innerText(), /Tool: sysbench 1\.0\.20/);
      await workbench.treeItem('oltp_read_only, 2 threads', VIEW).waitFor({ state: 'visible' });
      const options = await imported.locator('table.options').innerText();
      assert.match(options, /mysql_db\s+tidblab_e2e_sysbench/);
      assert.doesNotMatch(options, /password|tidblab-pw/);
      // a log has no client figures: no warning and no "not bound" either
      assert.equal(await imported.locator('[data-client-bound], [data-client-saturated]').count(), 0);
      assert.doesNotMatch(await imported.locator('table.kv').innerText(), /^Client/m);
      await workbench.screenshot('benchmarks-import-light');
    }));

  it('warns in the result tab and the Benchmarks view when the client limited a run', () =>
    session.diagnose('benchmarks-client-bound', async (workbench) => {
      await focusWorkbench(workbench);
      await workbench.runCommand('TiDB Lab: Import sysbench / go-tpc / go-ycsb Log...');
      await pickFileInDialog(workbench, join(session.workspaceFolder, CLIENT_BOUND_FILE));
      const run = await resultFrame(workbench, CLIENT_BOUND_RUN);
      await run.locator('[data-view="run"] .chart-box[data-chart="throughput"][data-rendered="true"]').waitFor();
      const banner = run.locator('[data-client-bound="true"]');
      await banner.waitFor({ state: 'visible' });
      const text = await banner.innerText();
      assert.match(text, /The benchmark client limited this run/);
      assert.match(
        text,
        /\d+% CPU of 1 core, event loop busy \d+%, event-loop delay p99 [\d.]+ ms, worker running or waiting for a core \d+% · saturated in \d+ of \d+ report intervals/,
      );
      assert.match(
        text,
        /more cores, use fewer threads, run it on a separate load machine, or use the sysbench engine \(--engine=sysbench\)/,
      );
      assert.match(await run.locator('table.kv').innerText(), /Client\s+\d+% CPU of 1 core[^\n]*The benchmark client limited this run/);
      await workbench.screenshot('benchmarks-client-bound-light');
      await workbench.treeItem(CLIENT_BOUND_RUN, VIEW).waitFor({ state: 'visible' });
      assert.match(await workbench.treeItemDescription(CLIENT_BOUND_RUN, VIEW), /QPS · p95 [\d.]+ ms · client-bound · /);
      // a run the client did not limit says nothing of the kind
      assert.doesNotMatch(await workbench.treeItemDescription(FIRST_RUN, VIEW), /client-bound/);
      const first = await openFromView(workbench, FIRST_RUN);
      await first.locator('[data-view="run"] .chart-box[data-chart="throughput"][data-rendered="true"]').waitFor();
      assert.equal(await first.locator('[data-client-bound]').count(), 0);

      // an experiment whose runs were client-bound: its heatmap cell is hatched, not coloured as an effect
      await focusWorkbench(workbench);
      await workbench.runCommand('TiDB Lab: Import sysbench / go-tpc / go-ycsb Log...');
      await pickFileInDialog(workbench, join(session.workspaceFolder, CLIENT_BOUND_EXPERIMENT_FILE));
      const experiment = await resultFrame(workbench, CLIENT_BOUND_EXPERIMENT);
      const cell = experiment.locator('table.heatmap td[data-client-bound]');
      await cell.waitFor({ state: 'visible' });
      assert.equal(await cell.getAttribute('data-client-bound'), 'A,B');
      assert.match((await cell.getAttribute('class')) ?? '', /heat-client-bound/);
      assert.equal(
        await cell.evaluate((node) => (node as HTMLElement).style.backgroundColor),
        '',
        'no green or red for a client-bound change',
      );
      assert.match(
        (await cell.getAttribute('title')) ?? '',
        /Client-bound: the client limited the A, B run of this cell, so this change is not the server's\./,
      );
      assert.match(await experiment.locator('.legend').first().innerText(), /client-bound \(not an effect\)/);
      await cell.scrollIntoViewIfNeeded();
      await workbench.screenshot('benchmarks-client-bound-heatmap-light');
      await workbench.treeItem(CLIENT_BOUND_EXPERIMENT, VIEW).waitFor({ state: 'visible' });
      assert.match(await workbench.treeItemDescription(CLIENT_BOUND_EXPERIMENT, VIEW), /2 runs · 2 client-bound/);
    }));

  it('runs an A/B experiment from a file and shows the sweep and the % change heatmap; TiDB-only presets say why they cannot run', () =>
    session.diagnose('benchmarks-experiment', async (workbench) => {
      const page = workbench.page;
      await focusWorkbench(workbench);
      await workbench.runCommand('TiDB Lab: Run Experiment...');
      const cached = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Cached table vs normal table' });
      await cached.waitFor({ state: 'visible' });
      assert.match(await cached.innerText(), /unavailable[\s\S]*Cached tables are a TiDB feature; this server is MariaDB 10\.11/);
      await workbench.screenshot('benchmarks-experiment-presets-light');
      await workbench.pickQuickPickItem('Thread sweep');
      const lens = page.locator('.monaco-editor .codelens-decoration', { hasText: 'Run Experiment' });
      await lens.waitFor({ state: 'visible' });
      const lensTexts = async (): Promise<string> =>
        (await page.locator('.monaco-editor .codelens-decoration').allInnerTexts()).join(' | ');
      // The experiment runs on the active connection (Run Benchmark's pick made none active) and keeps a
      // database of its own: Run Benchmark's tidblab_e2e_bench is not it.
      assert.match(await lensTexts(), /on the active connection, database sbtest/);
      await workbench.runCommand('TiDB Lab: Select Active Connection...');
      await workbench.pickQuickPickItem(CONNECTION);
      await until(lensTexts, (texts) => /on E2E MariaDB, database sbtest/.test(texts), 'the lens to name the active connection');
      await page.locator('.monaco-editor .codelens-decoration a', { hasText: 'database sbtest' }).click();
      await page
        .locator('.quick-input-widget .quick-input-title', { hasText: "Database for the experiment's sbtest tables" })
        .waitFor({ state: 'visible' });
      await workbench.fillQuickInput(benchDatabase);
      await until(lensTexts, (texts) => /on E2E MariaDB, database tidblab_e2e_bench/.test(texts), 'the lens to name the chosen database');
      // The editor draws spaces as no-break spaces: \s matches both.
      assert.match(
        await page.locator('.monaco-editor .view-lines').innerText(),
        /"name":\s"Thread\ssweep"[\s\S]*oltp_point_select[\s\S]*"threads"/,
      );
      await workbench.screenshot('benchmarks-experiment-preset-document-light');

      await focusWorkbench(workbench);
      await workbench.runCommand('TiDB Lab: Run Experiment...');
      await workbench.pickQuickPickItem('From File...');
      await pickFileInDialog(workbench, join(session.workspaceFolder, EXPERIMENT_FILE));
      await clickDialogButton(page, 'Drop and Run', /"InnoDB vs MEMORY table" re-creates tables in tidblab_e2e_bench on E2E MariaDB/);

      const live = await workbench.webviewFrame('[data-view="live"] .chart-box[data-chart="throughput"]', 90_000 * scale);
      await until(
        async () => await live.locator('.meta').innerText(),
        (meta) => /run \d+ of 12/.test(meta),
        'the live tab to name the cell',
      );
      const result = await workbench.webviewFrame('[data-view="experiment"] table.heatmap', 180_000 * scale);
      const headers = await result.locator('table.heatmap thead th').allInnerTexts();
      assert.deepEqual(
        headers.map((header) => header.trim()),
        ['Threads', 'oltp_point_select', 'oltp_read_only'],
      );
      assert.deepEqual(
        (await result.locator('table.heatmap tbody th').allInnerTexts()).map((text) => text.trim()),
        ['1', '2', '4'],
      );
      const tones = await result.locator('table.heatmap td').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-tone')));
      assert.equal(tones.length, 6);
      assert.ok(
        tones.every((tone) => tone === 'better' || tone === 'worse' || tone === 'neutral'),
        `tones ${tones.join(',')}`,
      );
      assert.match(await result.locator('.change .card-header h2').first().innerText(), /% change of QPS, MEMORY over InnoDB/);
      assert.equal(await chartPoints(result, 'sweep-qps'), 3);
      await workbench.screenshot('benchmarks-experiment-light');
      await result.locator('table.heatmap').scrollIntoViewIfNeeded();
      await workbench.screenshot('benchmarks-experiment-heatmap-light');
      await besideAndMaximised(workbench, '[data-view="experiment"] table.heatmap', 'benchmarks-experiment-light');
      await workbench.setColorTheme('dark');
      await workbench.screenshot('benchmarks-experiment-heatmap-dark');
      await besideAndMaximised(workbench, '[data-view="experiment"] table.heatmap', 'benchmarks-experiment-dark');
      await workbench.setColorTheme('high-contrast');
      await workbench.screenshot('benchmarks-experiment-heatmap-high-contrast');
      await workbench.treeItem('InnoDB vs MEMORY table', VIEW).waitFor({ state: 'visible' });
    }));

  it('brings the result tabs back after a window reload', () =>
    session.diagnose('benchmarks-reload', async (workbench) => {
      await focusWorkbench(workbench);
      await workbench.runCommand('Developer: Reload Window');
      await workbench.page.waitForLoadState('load');
      await workbench.waitUntilReady();
      const restored = await workbench.webviewFrame('[data-view="experiment"] table.heatmap', 120_000 * scale);
      assert.equal(await restored.locator('table.heatmap td').count(), 6);
      const tabs = await workbench.page.locator('.part.editor .tab .label-name').allInnerTexts();
      for (const title of [FIRST_RUN, 'Compare 2 runs', 'oltp_read_only, 2 threads', 'InnoDB vs MEMORY table']) {
        assert.ok(
          tabs.some((tab) => tab.trim() === title),
          `no '${title}' tab among ${tabs.join(' | ')}`,
        );
      }
      await workbench.screenshot('benchmarks-after-reload-high-contrast');
    }));

  it('keeps the password out of every file it wrote', () =>
    session.diagnose('benchmarks-no-password-on-disk', async () => {
      for (const dir of [session.server.userDataDir, session.workspaceFolder]) {
        const leaks = filesContaining(dir, db.password).filter((file) => !file.endsWith(SYSBENCH_LOG));
        assert.deepEqual(leaks, [], `the password is written in plain text to ${leaks.join(', ')}`);
      }
    }));
});
