// Results panel benchmark: a one-hour run at 1 s report intervals (3,600 intervals), drawn by the
// built webview (dist/webview/benchmarkResults.js) in headless Chromium, in a test page that fakes
// acquireVsCodeApi and posts the panel's `show` message as the host does. Time to the first chart
// runs from posting the message to the first chart.js render (the webview's performance mark);
// "whole view" runs to the frame after every chart of the run view was drawn.
// Needs `npm run build`. Run alone: `node scripts/benchResultsRender.mjs`.
// The page functions below run in Chromium, where these exist.
/* global window, document, requestAnimationFrame */
import { build } from 'esbuild';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot, requireWebviewAndChromium, visitWebviewPages, webviewDir } from './headlessChromium.mjs';

export const RESULTS_RENDER_INTERVALS = 3600;
export const RESULTS_RENDER_GOAL_MS = 1000;

/** The panel's strings as the host makes them, with a stand-in for vscode.l10n. */
export async function panelStrings() {
  const result = await build({
    stdin: {
      contents: "export { resultsPanelStrings } from './src/extension/benchmarks/resultsPanelStrings';",
      resolveDir: repoRoot,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'vscode-l10n-stand-in',
        setup(builder) {
          builder.onResolve({ filter: /^vscode$/ }, () => ({ path: 'vscode', namespace: 'stand-in' }));
          builder.onLoad({ filter: /.*/, namespace: 'stand-in' }, () => ({
            contents:
              'export const l10n = { t: (message, ...args) => message.replace(/\\{(\\d+)\\}/g, (all, i) => args[Number(i)] ?? all) };',
            loader: 'js',
          }));
        },
      },
    ],
  });
  const module = await import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`);
  return module.resultsPanelStrings();
}

/** A run of `intervals` seconds: throughput with slow drift, noise and a few dips, as long runs look. */
export function oneHourRun(intervals = RESULTS_RENDER_INTERVALS) {
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const rows = [];
  for (let t = 1; t <= intervals; t++) {
    const dip = t % 900 > 880 ? 0.55 : 1;
    const tps = (2400 + 300 * Math.sin(t / 400) + 120 * (random() - 0.5)) * dip;
    const p95 = (6.5 + 1.5 * Math.cos(t / 300) + random()) / dip;
    rows.push({
      t,
      threads: 32,
      tps,
      qps: tps * 20,
      reads: tps * 14,
      writes: tps * 4,
      others: tps * 2,
      errors: random() < 0.002 ? 1 : 0,
      reconnects: 0,
      latencyMs: { min: 1.1, avg: p95 * 0.55, max: p95 * 3, p50: p95 * 0.5, p90: p95 * 0.85, p95, p99: p95 * 1.6, p999: p95 * 2.4 },
    });
  }
  const bucketsMs = [];
  const counts = [];
  for (let index = 0; index < 96; index++) {
    const upper = ((Math.round(2 ** ((index + 8) / 8)) / 1000) * 1000) / 100;
    bucketsMs.push(upper);
    counts.push(Math.round(1e6 * Math.exp(-((index - 50) ** 2) / 120)));
  }
  const events = rows.reduce((sum, row) => sum + row.tps, 0);
  return {
    kind: 'run',
    schemaVersion: 1,
    id: '00000000-0000-4000-8000-000000000001',
    source: { tool: 'tidb-lab', toolVersion: '0.1.0' },
    workload: 'oltp_read_write',
    options: {
      threads: 32,
      time: intervals,
      report_interval: 1,
      tables: 16,
      table_size: 1000000,
      rand_type: 'uniform',
      mysql_host: '127.0.0.1',
      mysql_port: '4000',
      mysql_user: 'root',
      mysql_db: 'sbtest',
    },
    server: { flavor: 'tidb', version: '8.5.1', versionString: '8.0.11-TiDB-v8.5.1', host: '127.0.0.1', port: 4000 },
    startTime: '2025-05-01T10:00:00.000Z',
    durationSec: intervals,
    intervals: rows,
    summary: {
      events,
      queries: events * 20,
      reads: events * 14,
      writes: events * 4,
      others: events * 2,
      tps: events / intervals,
      qps: (events * 20) / intervals,
      errors: 7,
      reconnects: 0,
      latencyMs: { min: 1.1, avg: 3.9, max: 61.2, p50: 3.4, p90: 6.1, p95: 7.2, p99: 11.4, p999: 19.8 },
    },
    histogram: { bucketsMs, counts },
    status: 'completed',
  };
}

const DARK_THEME = `  :root { --vscode-font-family: sans-serif; --vscode-font-size: 13px; --vscode-editor-font-family: monospace;
    --vscode-foreground: #cccccc; --vscode-editor-background: #1f1f1f; --vscode-descriptionForeground: #9d9d9d;
    --vscode-charts-foreground: #cccccc; --vscode-charts-lines: rgba(204, 204, 204, 0.5); --vscode-charts-blue: #3794ff;
    --vscode-charts-orange: #d18616; --vscode-charts-green: #89d185; --vscode-charts-purple: #b180d7;
    --vscode-charts-yellow: #cca700; --vscode-charts-red: #f14c4c; }`;

/** In the page: posts the message; resolves with the time to the first chart and to the frame after the whole view. */
function postAndMeasure(message) {
  return new Promise((resolve) => {
    performance.clearMarks();
    const started = performance.now();
    window.addEventListener(
      'message',
      () => {
        // The view is built in this same task; the frame after it shows every chart.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const mark = performance.getEntriesByName('benchmarkResults:firstChart')[0];
            const boxes = [...document.querySelectorAll('.chart-box')];
            resolve({
              firstChartMs: mark ? mark.startTime - started : null,
              wholeViewMs: performance.now() - started,
              charts: boxes.filter((box) => box.dataset.rendered === 'true').length,
              points: Number(document.querySelector('.chart-box[data-chart="throughput"]')?.dataset.points ?? 0),
              drawn: Number(document.querySelector('.chart-box[data-chart="throughput"]')?.dataset.drawnPoints ?? 0),
            });
          }),
        );
      },
      { once: true },
    );
    window.postMessage(message, '*');
  });
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function benchResultsRender({ runs = 5 } = {}) {
  requireWebviewAndChromium('benchResultsRender', 'benchmarkResults');
  const run = oneHourRun();
  const message = {
    type: 'show',
    payload: {
      document: { kind: 'run', target: { kind: 'result', resultId: run.id }, run, warnings: [] },
      strings: await panelStrings(),
      locale: 'en',
    },
  };
  const messageBytes = Buffer.byteLength(JSON.stringify(message));
  const bundleBytes = statSync(join(webviewDir, 'benchmarkResults.js')).size;

  const samples = [];
  await visitWebviewPages(
    { panel: 'benchmarkResults', themeCss: DARK_THEME, bodyClass: 'vscode-dark', pages: runs + 1 },
    async (page, i) => {
      const sample = await page.evaluate(postAndMeasure, message);
      const errors = await page.evaluate(() => window.hostMessages.filter((m) => m.type === 'webviewError'));
      if (errors.length > 0) throw new Error(`benchResultsRender: the webview reported ${JSON.stringify(errors[0].payload)}`);
      if (sample.firstChartMs === null) throw new Error('benchResultsRender: no chart was drawn');
      if (sample.points !== RESULTS_RENDER_INTERVALS)
        throw new Error(`benchResultsRender: the throughput chart holds ${sample.points} points, expected ${RESULTS_RENDER_INTERVALS}`);
      if (!(sample.drawn > 0 && sample.drawn < sample.points))
        throw new Error(
          `benchResultsRender: decimation did not thin the throughput line (${sample.drawn} of ${sample.points} points drawn)`,
        );
      // The first page load warms the browser's caches; it is not counted.
      if (i > 0) samples.push(sample);
    },
  );
  const firstChartMs = median(samples.map((sample) => sample.firstChartMs));
  const wholeViewMs = median(samples.map((sample) => sample.wholeViewMs));
  const n = RESULTS_RENDER_INTERVALS.toLocaleString('en-US');
  const met = (value) => `< ${RESULTS_RENDER_GOAL_MS} ms ${value < RESULTS_RENDER_GOAL_MS ? '(met)' : '(missed)'}`;
  return {
    firstChartMs,
    wholeViewMs,
    rows: [
      `| results view: first chart of a one-hour run (${n} intervals at 1 s, message ${(messageBytes / 1024 / 1024).toFixed(1)} MB), headless Chromium, median of ${runs} | ${firstChartMs.toFixed(1)} ms | ${met(firstChartMs)} |`,
      `| results view: whole run view (${samples[0].charts} charts; LTTB draws ${samples[0].drawn} of ${samples[0].points} points per line), to the next frame, median of ${runs} | ${wholeViewMs.toFixed(1)} ms | ${met(wholeViewMs)} |`,
      `| results view: webview bundle (chart.js tree-shaken, unminified build) | ${(bundleBytes / 1024).toFixed(0)} KiB | - |`,
    ],
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = await benchResultsRender();
  console.log('| measurement | value | goal |\n| --- | ---: | --- |');
  for (const row of report.rows) console.log(row);
}
